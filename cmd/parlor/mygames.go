package main

import (
	"context"
	"fmt"
	"io"

	"github.com/parlor-games/parlor/client"
)

// printMyGames is `parlor play -my-games`: the player's games in play,
// those waiting on them first, one a line with the table's id to open it
// (-table), for a shell prompt or a cron job to show.
func printMyGames(ctx context.Context, c *client.Client, w io.Writer) error {
	list, err := c.MyGames(ctx)
	if err != nil {
		return err
	}
	games, err := c.Games(ctx)
	if err != nil {
		return err
	}
	titles := map[string]string{}
	for _, g := range games {
		titles[g.Name] = g.Title
	}
	fmt.Fprintln(w, list.WaitingWords())
	for _, g := range list.Games {
		title := titles[g.Game]
		if title == "" {
			title = g.Game
		}
		mark := " "
		if g.MyTurn {
			mark = "*"
		}
		fmt.Fprintf(w, "%s %s  (-table %s)\n", mark, g.Line(title, list.Now), g.Table)
	}
	if v := list.Vacation; v.Until != nil {
		fmt.Fprintf(w, "on vacation until %s: your correspondence clocks stand still\n", v.Until.Local().Format("Mon 2 Jan 15:04"))
	}
	return nil
}
