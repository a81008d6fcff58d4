package tui

import (
	"context"

	"github.com/parlor-games/parlor/client"
)

// The help screen shows the rulebook of the game at hand (at its table,
// in its replay, or chosen on the new-table screen) under the keys, as
// the game's package writes it: the server sends it, the same text the
// web's Help panel shows, so the terminal keeps no rules of its own.

// readRulebooks reads the rulebook of each game. A game whose book does
// not come (an older server) is left out: its help shows the keys only,
// which is no reason to refuse the connection.
func readRulebooks(ctx context.Context, c *client.Client, games []client.Game) map[string]client.Rulebook {
	out := make(map[string]client.Rulebook, len(games))
	for _, g := range games {
		if b, err := c.Rulebook(ctx, g.Name); err == nil && len(b.Sections) > 0 {
			out[g.Name] = b
		}
	}
	return out
}

// helpGame is the game the screen is about, "" in the lobby.
func (m *Model) helpGame() string {
	switch {
	case m.screen == screenTable && m.table != nil:
		return m.table.t.Game
	case m.screen == screenReplay && m.replay != nil && m.replay.r != nil:
		return m.replay.r.Game
	case m.screen == screenCreate && m.create != nil && m.create.game < len(m.create.games):
		return m.create.games[m.create.game].Name
	}
	return ""
}

// rulebookLines is the rulebook of the screen's game in lines of at most
// width columns, each paragraph wrapped under its heading.
func (m *Model) rulebookLines(width int) []string {
	b, ok := m.rules[m.helpGame()]
	if !ok {
		return nil
	}
	lines := []string{m.st.bold.Render("Rules of " + b.Title), ""}
	for _, s := range b.Sections {
		lines = append(lines, m.st.bold.Render(s.Title))
		for _, p := range s.Paras {
			for _, l := range wrap(p, width-2) {
				lines = append(lines, "  "+l)
			}
			lines = append(lines, "")
		}
	}
	return lines
}
