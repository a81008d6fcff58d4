package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// Rematch offers (protocol v8). After a match with other people, m asks
// for a rematch; nobody is seated until every person has said yes. The
// others are told wherever they are: in the lobby and at the finished
// table a line says who offers it and how long it waits, m accepts and d
// declines; at another table or a replay the status line says it once and
// sends them to the lobby to answer. When everyone has accepted, a player
// in the lobby or still at the old table goes to the new table; elsewhere
// the status line says where it is.

// setRematch follows a rematch push or the offer in a reply.
func (m *Model) setRematch(o client.RematchOffer) tea.Cmd {
	mine := m.rematch != nil && m.rematch.Table == o.Table
	switch o.State {
	case client.RematchOpen:
		m.rematch = &o
		if !o.AcceptedBy(m.user.Name) && !mine {
			m.status = o.By + " offers a rematch of " + o.Title + ": " + m.rematchWhere(o)
		}
		return m.startTicking()
	case client.RematchStarted:
		if mine {
			m.rematch = nil
		}
		if !o.AcceptedBy(m.user.Name) || o.Next == "" {
			return nil
		}
		if m.screen == screenLobby || m.atTable(o.Table) {
			m.status = "everyone accepted: the rematch starts"
			return m.goRematch(o.Table, o.Next)
		}
		m.status = "everyone accepted the rematch of " + o.Title + ": it is in the lobby"
	case client.RematchDeclined:
		if mine {
			m.rematch = nil
		}
		who := o.DeclinedBy
		if who == m.user.Name {
			who = "you"
		}
		m.status = "no rematch of " + o.Title + ": " + who + " declined"
	case client.RematchLapsed:
		if mine {
			m.rematch = nil
		}
		m.status = o.LapseNote(m.user.Name)
	}
	return nil
}

// rematchWhere says where the offer can be answered from the screen shown.
func (m *Model) rematchWhere(o client.RematchOffer) string {
	if m.screen == screenLobby || m.atTable(o.Table) {
		return "m accepts, d declines"
	}
	return "answer it in the lobby (m accepts, d declines)"
}

// atTable reports whether the player is at table's screen.
func (m *Model) atTable(table string) bool {
	return m.screen == screenTable && m.table != nil && m.table.t.ID == table
}

// goRematch leaves the old table, if the player watches it, for the new.
func (m *Model) goRematch(old, next string) tea.Cmd {
	leave := m.atTable(old)
	return m.request("open the rematch", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		if leave {
			_ = c.Unwatch(ctx, old)
		}
		return openRematch(next), nil
	})
}

// openRematch shows the new table and watches it.
func openRematch(next string) func(*Model) tea.Cmd {
	return func(m *Model) tea.Cmd {
		if m.screen == screenTable && m.table != nil && m.table.f.Table == next {
			return nil // the reply and the push both lead here
		}
		m.table = newTableState(next)
		m.table.created = true
		m.show(screenTable)
		return m.watch(m.table.f)
	}
}

// askRematch asks for a rematch of table, or accepts its offer.
func (m *Model) askRematch(table string) tea.Cmd {
	leave := m.atTable(table)
	return m.request("rematch", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		t, o, err := c.Rematch(ctx, table)
		if err != nil {
			return nil, err
		}
		if o != nil {
			return func(m *Model) tea.Cmd {
				m.rematch = o
				m.status = "rematch: waiting for " + client.AndList(o.Waiting())
				return m.startTicking()
			}, nil
		}
		if leave {
			_ = c.Unwatch(ctx, table)
		}
		return func(m *Model) tea.Cmd {
			if m.rematch != nil && m.rematch.Table == table {
				m.rematch = nil
			}
			return openRematch(t.ID)(m)
		}, nil
	})
}

// rematchKey answers the open offer: m accepts, d declines. At a table,
// only an offer about that table is answered there; table is "" in the
// lobby. It reports whether the key was the offer's.
func (m *Model) rematchKey(s, table string) (tea.Cmd, bool) {
	o := m.rematch
	if o == nil || (table != "" && o.Table != table) || !o.Until.After(time.Now()) {
		return nil, false
	}
	switch s {
	case "m":
		if o.AcceptedBy(m.user.Name) {
			m.status = "you accepted: waiting for " + client.AndList(o.Waiting())
			return nil, true
		}
		return m.askRematch(o.Table), true
	case "d":
		id := o.Table
		return m.request("decline the rematch", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
			return nil, c.DeclineRematch(ctx, id)
		}), true
	}
	return nil, false
}

// rematchLines are the lines of the open offer, for the lobby and the
// table it is about: who offers it, who has yet to answer and how long
// it waits, and the keys when it waits for this player.
func (m *Model) rematchLines(table string) []string {
	o := m.rematch
	if o == nil || (table != "" && o.Table != table) {
		return nil
	}
	left := time.Until(o.Until)
	if left <= 0 {
		return nil
	}
	wait := client.Span(left.Seconds())
	text := o.By + " offers a rematch of " + o.Title + " (lapses in " + wait + "): m accepts, d declines"
	if o.AcceptedBy(m.user.Name) {
		text = "Rematch of " + o.Title + ": waiting for " + client.AndList(o.Waiting()) + " (lapses in " + wait + "; d withdraws)"
	}
	var out []string
	for _, l := range wrap(text, max(m.w, 20)) {
		out = append(out, m.st.warn.Render(l))
	}
	return out
}

// rematchCounting reports whether an open offer's wait is on screen.
func (m *Model) rematchCounting() bool {
	return len(m.rematchLines("")) > 0 && (m.screen == screenLobby || m.screen == screenTable)
}
