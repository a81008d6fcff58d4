package client

import (
	"context"
	"fmt"
	"github.com/parlor-games/parlor/protocol"
	"strings"
	"time"
)

// Correspondence play: a table's kind, a player's games waiting on them
// (GET /api/my-games) and their vacation (GET, POST and DELETE
// /api/vacation), with the words both the terminal client and `parlor
// play -my-games` print. docs/protocol.md describes them.

// CorrespondenceDays are the move clocks, in days, the create forms offer
// for correspondence tables.
var CorrespondenceDays = []int{1, 2, 3, 5, 7, 14}

// MyGame is one of a player's games in play.
type MyGame struct {
	Table    string     `json:"table"`
	Game     string     `json:"game"`
	Kind     TableKind  `json:"kind"`
	Players  []string   `json:"players"`
	Mine     []int      `json:"mine"`
	MyTurn   bool       `json:"myTurn"`
	Turn     []int      `json:"turn"`
	Since    *time.Time `json:"since,omitempty"`
	Deadline *time.Time `json:"deadline,omitempty"`
}

// Vacation is a player's vacation state: Until is the end of the one
// under way, nil when none is.
type Vacation struct {
	Until   *time.Time `json:"until,omitempty"`
	Left    int        `json:"left"`
	PerYear int        `json:"perYear"`
	MaxDays int        `json:"maxDays"`
}

// MyGames is a player's list of games in play, those waiting on them
// first; Now is the server's time, which countdowns are counted from.
type MyGames struct {
	Now      time.Time `json:"now"`
	Waiting  int       `json:"waiting"`
	Games    []MyGame  `json:"games"`
	Vacation Vacation  `json:"vacation"`
}

// MyGames reads the player's games in play.
func (c *Client) MyGames(ctx context.Context) (MyGames, error) {
	var out MyGames
	err := c.do(ctx, "GET", "/api/my-games", nil, &out)
	return out, err
}

// StartVacation stops the player's correspondence clocks for days days.
func (c *Client) StartVacation(ctx context.Context, days int) (Vacation, error) {
	var out Vacation
	err := c.do(ctx, "POST", "/api/vacation", map[string]int{"days": days}, &out)
	return out, err
}

// EndVacation ends the vacation under way: the clocks run again.
func (c *Client) EndVacation(ctx context.Context) (Vacation, error) {
	var out Vacation
	err := c.do(ctx, "DELETE", "/api/vacation", nil, &out)
	return out, err
}

// Others names the game's other players.
func (g MyGame) Others() []string {
	var out []string
	for i, p := range g.Players {
		mine := false
		for _, s := range g.Mine {
			mine = mine || s == i
		}
		if !mine {
			out = append(out, p)
		}
	}
	return out
}

// Whose says whose move it is: "your move", or "waiting for Bob".
func (g MyGame) Whose() string {
	if g.MyTurn {
		return "your move"
	}
	var names []string
	for _, s := range g.Turn {
		if s >= 0 && s < len(g.Players) {
			names = append(names, g.Players[s])
		}
	}
	if len(names) == 0 {
		return "starting"
	}
	return "waiting for " + strings.Join(names, ", ")
}

// Waited says how long the game has waited for its move at now: "for 1 d
// 4 h"; "" when it is not known.
func (g MyGame) Waited(now time.Time) string {
	if g.Since == nil {
		return ""
	}
	return "for " + Left(now.Sub(*g.Since))
}

// Due says when the move is due and what is left at now, in the local
// time zone: "due Wed 9 Dec 14:00, 1 d 23 h left"; "" without a clock.
func (g MyGame) Due(now time.Time) string {
	if g.Deadline == nil {
		return ""
	}
	return DueWords(*g.Deadline, now)
}

// DueWords says a deadline as a date and a countdown from now.
func DueWords(deadline, now time.Time) string {
	return "due " + deadline.Local().Format("Mon 2 Jan 15:04") + ", " + Left(deadline.Sub(now)) + " left"
}

// Left says a span as a countdown of days: "2 d 5 h", "5 h 12 min",
// "4:09".
func Left(d time.Duration) string {
	d = max(d, 0)
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	switch {
	case days > 0:
		return fmt.Sprintf("%d d %d h", days, hours)
	case hours > 0:
		return fmt.Sprintf("%d h %d min", hours, mins)
	}
	return fmt.Sprintf("%d:%02d", mins, int(d%time.Minute/time.Second))
}

// Line is the game in one line, title being its game's name: "<title>
// with Bob: your move for 1 d 4 h, due Wed 9 Dec 14:00, 23 h 12 min
// left".
func (g MyGame) Line(title string, now time.Time) string {
	var b strings.Builder
	b.WriteString(title)
	if others := g.Others(); len(others) > 0 {
		b.WriteString(" with " + strings.Join(others, ", "))
	}
	b.WriteString(": " + g.Whose())
	if w := g.Waited(now); w != "" {
		b.WriteString(" " + w)
	}
	if d := g.Due(now); d != "" {
		b.WriteString(", " + d)
	}
	return b.String()
}

// WaitingWords heads a list of games: "2 games wait on you", "no game
// waits on you".
func (l MyGames) WaitingWords() string {
	switch l.Waiting {
	case 0:
		return "no game waits on you"
	case 1:
		return "1 game waits on you"
	}
	return fmt.Sprintf("%d games wait on you", l.Waiting)
}

// DaysWords is "1 day" or "n days".
func DaysWords(n int) string { return protocol.DaysWords(n) }
