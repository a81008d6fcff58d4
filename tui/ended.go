package tui

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// Games that ended while you were away (protocol v7). A match can end
// while its player is not at the table: a partner resigns, a seat is
// forfeited after its grace, a paused table is closed. The lobby forgets
// a finished table minutes later, so without a word such an end would
// pass unseen. The server keeps the list of these ends for the player
// and pushes it whole (`ended`) whenever it changes; the lobby shows it
// as a note over the tables, one numbered line per game, until the
// player dismisses it: a digit opens that game's replay, x dismisses the
// games shown, and the server's next push is the shorter list.

// endedKeys are the most games the note numbers: one digit each.
const endedKeys = 9

// setEnded takes the list of an ended push: the server sends it whole,
// so it replaces the one held.
//
// A game new to the list while the player is elsewhere (at another
// table, in a replay) is said on the status line, once: the note waits in
// the lobby, where they may not look for a while.
func (m *Model) setEnded(p client.Push) {
	games, err := p.Ended()
	if err != nil {
		return
	}
	m.lobby.ended = games
	if m.lobby.endedSaid == nil {
		m.lobby.endedSaid = make(map[string]bool)
	}
	var news []client.RecentGame
	for _, g := range games {
		if !m.lobby.endedSaid[g.Match] {
			m.lobby.endedSaid[g.Match] = true
			news = append(news, g)
		}
	}
	if len(news) > 0 && m.screen != screenLobby {
		m.status = "Ended while you were away: " + m.endedWords(news[0]) + ". See the lobby."
	}
}

// endedNames name the seats of a finished match as its table did: a
// person by name, a bot by the name its game gave it ("Admiral").
func endedNames(g client.RecentGame) []string {
	out := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = seatName(s)
		if out[i] == "" {
			out[i] = fmt.Sprintf("Player %d", i+1)
		}
	}
	return out
}

// atOneScreen reports whether the player held every seat: a game played
// at one screen, which they neither won nor lost.
func atOneScreen(g client.RecentGame) bool {
	if len(g.Seats) == 0 {
		return false
	}
	for i := range g.Seats {
		if !slices.Contains(g.Held, i) {
			return false
		}
	}
	return true
}

// endedResult says how the match ended for the player: a win shared
// with a seat they did not hold is a tie. At one screen, where the
// player was every side, it names the winner instead.
func endedResult(g client.RecentGame, names []string) string {
	held := func(s int) bool { return slices.Contains(g.Held, s) }
	switch {
	case len(g.Winners) == 0:
		return "no winner"
	case atOneScreen(g):
		var w []string
		for _, s := range g.Winners {
			if s >= 0 && s < len(names) {
				w = append(w, names[s])
			}
		}
		if len(w) == 1 {
			return w[0] + " won"
		}
		return client.AndList(w) + " tied"
	case !slices.ContainsFunc(g.Winners, held):
		return "you lost"
	case slices.ContainsFunc(g.Winners, func(s int) bool { return !held(s) }):
		return "you tied"
	}
	return "you won"
}

// endedWords is one game of the note: "<the game's title> with Bob: you won
// (Bob resigned)". The others are the seats the player did not hold,
// or at one screen every seat, whose names are the people who played.
func (m *Model) endedWords(g client.RecentGame) string {
	names := endedNames(g)
	var others []string
	together := atOneScreen(g)
	for i, n := range names {
		if together || !slices.Contains(g.Held, i) {
			others = append(others, n)
		}
	}
	out := m.gameTitle(g.Game)
	if len(others) > 0 {
		out += " with " + client.AndList(others)
	}
	out += ": " + endedResult(g, names)
	if g.Reason != "" {
		out += " (" + reasonNamed(g.Reason, names) + ")"
	}
	return out
}

// endedEntry is game i of the note in lines of at most width columns:
// its number, then its words, wrapped under themselves.
func (m *Model) endedEntry(i, width int) []string {
	lines := wrap(fmt.Sprintf("%d %s", i+1, m.endedWords(m.lobby.ended[i])), width-4)
	for j, l := range lines {
		if j == 0 {
			lines[j] = "  " + l
		} else {
			lines[j] = "    " + l
		}
	}
	return lines
}

// endedHeading heads the note: when it shows only the first n games,
// it counts them all and says when the rest come.
func (m *Model) endedHeading(n int) []string {
	h := "Ended while you were away"
	if n < len(m.lobby.ended) {
		h += fmt.Sprintf(": %d of %d shown, the rest once these are dismissed", n, len(m.lobby.ended))
	}
	return wrap(h, max(m.w, 20))
}

// endedRows is how many lines the note takes with its first n games: a
// heading, the games and a blank line under them; none when there is
// nothing to tell.
func (m *Model) endedRows(n int) int {
	if len(m.lobby.ended) == 0 {
		return 0
	}
	rows := len(m.endedHeading(n)) + 1
	for i := range n {
		rows += len(m.endedEntry(i, max(m.w, 20)))
	}
	return rows
}

// endedNote is the note with its first n games, as endedRows counts it.
func (m *Model) endedNote(n int) []string {
	if len(m.lobby.ended) == 0 {
		return nil
	}
	var out []string
	for _, l := range m.endedHeading(n) {
		out = append(out, m.st.warn.Render(l))
	}
	for i := range n {
		out = append(out, m.endedEntry(i, max(m.w, 20))...)
	}
	return append(out, "")
}

// endedBarKeys are the note's keys for the key bar: empty without a note.
func (m *Model) endedBarKeys() []string {
	switch n := m.lobbyLayout().ended; {
	case n == 0:
		return nil
	case n == 1:
		return []string{"1 replay ended", "x dismiss"}
	default:
		return []string{fmt.Sprintf("1-%d replay ended", n), "x dismiss"}
	}
}

// endedKey handles a lobby key of the note: a digit opens the replay
// of that game, x dismisses: the one game shown at once, or among
// several the one whose digit comes next (a for all of them, anything
// else for none), as the web note has a Dismiss for each game and one
// for all. It reports whether the key was the note's.
func (m *Model) endedKey(s string) (tea.Cmd, bool) {
	shown := m.lobbyLayout().ended
	if m.lobby.dismissing {
		m.lobby.dismissing = false
		m.status = ""
		switch {
		case s == "a" && shown > 0:
			return m.dismissEnded(m.lobby.ended[:shown]...), true
		case len(s) == 1 && s[0] >= '1' && int(s[0]-'1') < shown:
			return m.dismissEnded(m.lobby.ended[s[0]-'1']), true
		}
		m.status = "nothing dismissed"
		return nil, true
	}
	if s == "x" {
		switch shown {
		case 0:
			m.status = "no ended game to dismiss"
			return nil, true
		case 1:
			return m.dismissEnded(m.lobby.ended[0]), true
		}
		m.lobby.dismissing = true
		m.status = fmt.Sprintf("Dismiss which? 1-%d for one game, a for all %d shown, any other key for none", shown, shown)
		return nil, true
	}
	if len(s) != 1 || s[0] < '1' || s[0] > '9' {
		return nil, false
	}
	i := int(s[0] - '1')
	if i >= shown {
		if shown == 0 {
			m.status = "no game ended while you were away"
		} else {
			m.status = fmt.Sprintf("the note shows %d ended game(s): press 1-%d", shown, shown)
		}
		return nil, true
	}
	return m.openReplay(m.lobby.ended[i].Match), true
}

// dismissEnded tells the server the player has read of games; the
// server's next ended push is the shorter list, which takes them off the
// screen.
func (m *Model) dismissEnded(games ...client.RecentGame) tea.Cmd {
	ids := make([]string, len(games))
	for i, g := range games {
		ids[i] = g.Match
	}
	return m.request("dismiss", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		return nil, c.DismissEnded(ctx, ids...)
	})
}
