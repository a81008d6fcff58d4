package tui

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// Leaving a table: what the table does with a gone player, the countdown
// everyone sees while a seat is away, and the question asked before a
// player leaves a game in play.

// confirmLeave is the confirmation asked before leaving a game in play.
const confirmLeave = "leave the table"

// inPlay reports whether this player holds a seat of a match being played,
// which leaving would put at the mercy of the table's policy.
func (ts *tableState) inPlay() bool {
	return len(ts.mine) > 0 && ts.t.Status == client.StatusPlaying && ts.outcome == nil
}

// askLeave asks before leaving a game in play, saying what will happen to
// the seat; elsewhere, and from a correspondence game, which nothing
// happens to while its player is away, it leaves at once.
func (ts *tableState) askLeave(m *Model) tea.Cmd {
	if !ts.inPlay() || ts.t.Kind == client.KindCorrespondence {
		return ts.leave(m)
	}
	m.status = ts.t.LeaveWarning(func(i int) bool { return slices.Contains(ts.mine, i) })
	if ts.outOfTheRunning() {
		m.status = client.OutNote + m.status
	}
	m.confirm = confirmLeave
	return nil
}

// leave goes back to the lobby and stops watching the table.
// Quitting the table while a rematch offer about it is open ends the
// offer (table.leave): a person who walks away is not waited for.
func (ts *tableState) leave(m *Model) tea.Cmd {
	id := ts.t.ID
	quit := m.rematch != nil && m.rematch.Table == id && m.rematch.Until.After(time.Now())
	m.table = nil
	m.show(screenLobby)
	return m.request("leave the table", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		if quit {
			if err := c.LeaveTable(ctx, id); err != nil {
				return nil, err
			}
		}
		return nil, c.Unwatch(ctx, id)
	})
}

// awayLines are the countdowns of the seats whose players are gone, or,
// when nobody is, the table's policy in words.
func (ts *tableState) awayLines(m *Model) []string {
	var out []string
	if ts.t.Status == client.StatusPlaying && ts.outcome == nil {
		now := time.Now()
		for _, s := range ts.t.Seats {
			if line := s.Countdown(now); line != "" {
				out = append(out, m.st.warn.Render(line))
			}
		}
	}
	if len(out) == 0 && ts.outcome == nil && ts.t.Status != client.StatusOver {
		out = append(out, m.st.dim.Render(ts.t.LeavingWords()))
	}
	return out
}

// counting reports whether a seat's countdown is on screen, so that the
// screen is redrawn every second.
func (ts *tableState) counting() bool {
	if ts.outcome != nil {
		return false
	}
	for _, s := range ts.t.Seats {
		if s.GoneUntil != nil && !s.Connected {
			return true
		}
	}
	return false
}

// keptNote is said to a player who opens a game in play where they hold a
// seat: the seat waited for them.
func (ts *tableState) keptNote(m *Model, w client.Watching) {
	// Given back from a computer player, the seat was not kept waiting:
	// the note of what the computer played stays (botplayed.go).
	if strings.Contains(m.status, "is yours again") {
		return
	}
	if !ts.created && len(w.Seats) > 0 && w.Table.Status == client.StatusPlaying && ts.outcome == nil && ts.f.Seq > 0 {
		if strings.HasPrefix(m.status, "resumed after move") {
			m.status += ": your seat was kept for you"
		} else {
			m.status = "Your seat was kept for you"
		}
	}
}

// graceChoices are the waits the create form offers, in seconds.
var graceChoices = []float64{30, 60, 120, 300, 600, 1800, 3600}

// leaveActions are the actions a table of game g may choose: a bot only
// where the game has bots.
func leaveActions(g client.Game) []client.Action {
	var out []client.Action
	for _, a := range client.LeaveActions {
		if a != client.BotTakes || len(g.Bots) > 0 {
			out = append(out, a)
		}
	}
	return out
}

// changeLeave moves the create form's wait or action by d.
func (f *createForm) changeLeave(field string, d int) {
	switch field {
	case "leave:wait":
		i := slices.Index(graceChoices, f.policy.Grace)
		if i < 0 {
			i = 1
		}
		f.policy.Grace = graceChoices[(i+d+len(graceChoices))%len(graceChoices)]
	case "leave:then":
		as := f.thenChoices()
		i := max(slices.Index(as, f.onGone()), 0)
		f.policy.OnGone = as[(i+d+len(as))%len(as)]
	}
}

// alone reports whether the form's table seats one person only, with
// bots or at one screen: no seat is open for another.
func (f *createForm) alone() bool { return !slices.Contains(f.seats, "open") }

// onGone is what the table will do once a gone player's wait is over. At
// a table of one person a forfeit or an end has nobody to win it, and
// the game pauses instead (match/pause.go, client.Table.LeavingWords):
// the form says so rather than show a choice the table will not keep.
func (f *createForm) onGone() client.Action {
	if f.alone() && (f.policy.OnGone == client.Forfeit || f.policy.OnGone == client.End) {
		return client.Pause
	}
	return f.policy.OnGone
}

// thenChoices are the actions the form offers: those of the game, less
// forfeit and end at a table of one person.
func (f *createForm) thenChoices() []client.Action {
	as := leaveActions(f.games[f.game])
	if f.alone() {
		as = slices.DeleteFunc(as, func(a client.Action) bool { return a == client.Forfeit || a == client.End })
	}
	return as
}

// leaveRow is the label and value of the create form's wait or action.
func (f *createForm) leaveRow(field string) (string, string) {
	if field == "leave:wait" {
		return "If a player leaves", "wait " + client.Span(f.policy.Grace)
	}
	return "then", f.onGone().Words()
}

// tableStatus is a table's status in the lobby: "paused" for a match that
// waits for its gone players.
func tableStatus(t client.Table) string {
	if t.Paused && t.Status == client.StatusPlaying {
		return "paused"
	}
	return string(t.Status)
}

// outOfTheRunning reports whether this player's seat is out of the
// running (a detective who accused wrongly: it plays no more but its
// cards still answer suggestions), which its view says by marking the
// player inactive.
func (ts *tableState) outOfTheRunning() bool {
	if ts.seat < 0 {
		return false
	}
	var v struct {
		Players []struct {
			Seat     int  `json:"seat"`
			Inactive bool `json:"inactive"`
		} `json:"players"`
	}
	if json.Unmarshal(ts.views[strconv.Itoa(ts.seat)], &v) != nil {
		return false
	}
	for _, p := range v.Players {
		if p.Seat == ts.seat && p.Inactive {
			return true
		}
	}
	return false
}
