package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// "My games": the player's games in play, those waiting on them first,
// with how long each has waited and when its move is due, as the web
// lobby lists them. The lobby says how many wait (a line over the
// tables); g goes at once to the next one waiting, l lists them all, and
// that list takes and ends the player's vacations.

// myGamesState is the list as the server last gave it, read over HTTP
// (GET /api/my-games) whenever a move or a table may have changed it.
type myGamesState struct {
	list *client.MyGames
	// skew is the server's clock less this computer's, when the list
	// came: deadlines count down from the server's time.
	skew time.Duration
	sel  int
	// days is the length of the vacation v takes.
	days int
	// fetching is set while a request is out; again asks for another
	// when it is back, since something changed meanwhile.
	fetching, again bool
}

// myGamesMsg is the server's answer to a request for the list.
type myGamesMsg struct {
	list client.MyGames
	err  error
}

// vacationDays are the vacation lengths + and - step through.
var vacationDays = []int{1, 2, 3, 5, 7, 10, 14}

// now is the server's time as well as the client knows it.
func (m *Model) now() time.Time { return time.Now().Add(m.mine.skew) }

// fetchMyGames asks for the list, or for one more after the request out.
func (m *Model) fetchMyGames() tea.Cmd {
	if m.cfg.Client == nil {
		return nil
	}
	if m.mine.fetching {
		m.mine.again = true
		return nil
	}
	m.mine.fetching = true
	c := m.cfg.Client
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), reqTimeout)
		defer cancel()
		list, err := c.MyGames(ctx)
		return myGamesMsg{list: list, err: err}
	}
}

// tookMyGames keeps the list that came back.
func (m *Model) tookMyGames(msg myGamesMsg) tea.Cmd {
	m.mine.fetching = false
	if msg.err == nil {
		list := msg.list
		m.mine.list = &list
		m.mine.skew = time.Until(list.Now)
		m.mine.sel = min(m.mine.sel, max(len(list.Games)-1, 0))
	}
	if m.mine.again {
		m.mine.again = false
		return m.fetchMyGames()
	}
	return nil
}

// nextWaiting is the table of the first game waiting on the player other
// than the one at hand; "" when none waits.
func (m *Model) nextWaiting() string {
	if m.mine.list == nil {
		return ""
	}
	here := ""
	if m.table != nil && m.screen == screenTable {
		here = m.table.t.ID
	}
	for _, g := range m.mine.list.Games {
		if g.MyTurn && g.Table != here {
			return g.Table
		}
	}
	return ""
}

// goNextWaiting opens the next game waiting on the player.
func (m *Model) goNextWaiting() tea.Cmd {
	id := m.nextWaiting()
	if id == "" {
		m.status = "no game waits on you"
		return nil
	}
	return m.open(id, -1)
}

// myGamesLine is the lobby's line over the tables: how many games wait,
// and the keys to them; "" while the player has no game in play.
func (m *Model) myGamesLine() string {
	l := m.mine.list
	if l == nil || len(l.Games) == 0 {
		return ""
	}
	line := fmt.Sprintf("My games: %s (%d in play)  g next  l list", l.WaitingWords(), len(l.Games))
	if l.Waiting == 0 {
		return m.st.dim.Render(fmt.Sprintf("My games: %s (%d in play)  l list", l.WaitingWords(), len(l.Games)))
	}
	return m.st.warn.Render(line)
}

// myGamesKey handles a key on the list's screen.
func (m *Model) myGamesKey(s string) tea.Cmd {
	var games []client.MyGame
	if m.mine.list != nil {
		games = m.mine.list.Games
	}
	switch s {
	case "esc", "q":
		m.show(screenLobby)
	case "up", "k":
		m.mine.sel = max(m.mine.sel-1, 0)
	case "down", "j":
		m.mine.sel = min(m.mine.sel+1, max(len(games)-1, 0))
	case "enter":
		if m.mine.sel < len(games) {
			return m.open(games[m.mine.sel].Table, -1)
		}
	case "g":
		return m.goNextWaiting()
	case "+", "=", "right", "l":
		m.stepDays(1)
	case "-", "left", "h":
		m.stepDays(-1)
	case "v":
		return m.toggleVacation()
	}
	return nil
}

// vacationLength is the vacation v would take now.
func (m *Model) vacationLength() int {
	if m.mine.days == 0 {
		m.mine.days = 7
	}
	return m.mine.days
}

func (m *Model) stepDays(d int) {
	i := max(slices.Index(vacationDays, m.vacationLength()), 0)
	m.mine.days = vacationDays[min(max(i+d, 0), len(vacationDays)-1)]
}

// toggleVacation starts a vacation of the chosen length, or ends the one
// under way.
func (m *Model) toggleVacation() tea.Cmd {
	if m.mine.list == nil || m.cfg.Client == nil {
		return nil
	}
	c, on, days := m.cfg.Client, m.mine.list.Vacation.Until != nil, m.vacationLength()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), reqTimeout)
		defer cancel()
		var err error
		what := fmt.Sprintf("take a vacation of %s", client.DaysWords(days))
		if on {
			what = "end the vacation"
			_, err = c.EndVacation(ctx)
		} else {
			_, err = c.StartVacation(ctx, days)
		}
		return doneMsg{what: what, err: err, apply: func(m *Model) tea.Cmd {
			if on {
				m.status = "vacation ended: your correspondence clocks run again"
			} else {
				m.status = "on vacation: your correspondence clocks stand still for " + client.DaysWords(days)
			}
			return m.fetchMyGames()
		}}
	}
}

// myGamesView is the list's screen.
func (m *Model) myGamesView() string {
	width := max(m.w, 20)
	l := m.mine.list
	lines := []string{m.st.bold.Render("My games"), ""}
	if l == nil {
		lines = append(lines, m.st.dim.Render("  reading the list..."))
	} else {
		lines[0] = m.st.bold.Render("My games: " + l.WaitingWords())
		if len(l.Games) == 0 {
			lines = append(lines, m.st.dim.Render("  no game in play"))
		}
		now := m.now()
		for i, g := range l.Games {
			mark := "  "
			if g.MyTurn {
				mark = "* "
			}
			for j, w := range wrap(g.Line(m.gameTitle(g.Game), now), width-4) {
				prefix := "    "
				if j == 0 {
					prefix = marker(i == m.mine.sel) + " " + mark
				}
				line := prefix + w
				if i == m.mine.sel {
					line = m.st.cursor.Render(line)
				}
				lines = append(lines, line)
			}
		}
		lines = append(lines, "")
		v := l.Vacation
		var words string
		switch {
		case v.Until != nil:
			words = "On vacation until " + v.Until.Local().Format("Mon 2 Jan 15:04") + ": your correspondence clocks stand still. v ends it."
		case v.Left > 0:
			words = fmt.Sprintf("Vacation: v stops your correspondence clocks for < %s > (+/- change); %d of %d left this year.", client.DaysWords(m.vacationLength()), v.Left, v.PerYear)
		default:
			words = fmt.Sprintf("No vacation left this year (%d a year).", v.PerYear)
		}
		for _, w := range wrap(words, width) {
			lines = append(lines, w)
		}
	}
	lines = append(lines, "", m.st.dim.Render(keyBar(width, []string{"Enter open", "g next waiting", "v vacation", "? help", "q back"}, "+/- days", "up/down choose")))
	return strings.Join(lines, "\n")
}

// nextGame goes from this table to the next game waiting on the player:
// at once from a correspondence game (its seat is not at stake while
// away), one that is over or one only watched; a live game in play is
// left with q, which says what will happen to the seat.
func (ts *tableState) nextGame(m *Model) tea.Cmd {
	id := m.nextWaiting()
	switch {
	case id == "":
		m.status = "no other game waits on you"
		return nil
	case ts.inPlay() && ts.t.Kind != client.KindCorrespondence:
		m.status = "this game is live: leave it with q first"
		return nil
	}
	return tea.Sequence(ts.leave(m), m.open(id, -1))
}
