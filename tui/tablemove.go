package tui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/parlor-games/parlor/client"
)

func (ts *tableState) play(m *Model, move any) tea.Cmd {
	seat := ts.seat
	if seat < 0 {
		m.status = "you are watching: only players move"
		return nil
	}
	return ts.send(m, &sentMove{seat: seat, move: move, after: ts.f.Seq})
}

// sentMove is a move waiting for its answer: if the connection is lost
// first, it is sent again, with the same tag, once the table is watched
// again (resendMove), and the server answers as it did the first time if
// it had played it.
type sentMove struct {
	seat  int
	move  any
	after int64
}

func (ts *tableState) send(m *Model, sm *sentMove) tea.Cmd {
	ts.unanswered = sm
	conn := m.conn
	if conn == nil {
		m.status = "not connected: the move goes when the connection is back"
		return nil
	}
	id := ts.t.ID
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), reqTimeout)
		defer cancel()
		_, err := conn.PlayAfter(ctx, id, sm.seat, sm.move, sm.after)
		return moveDoneMsg{ts: ts, sm: sm, err: err}
	}
}

// moveDoneMsg is the answer to a sent move, or the error that kept it.
type moveDoneMsg struct {
	ts  *tableState
	sm  *sentMove
	err error
}

// moveDone applies a move's answer: played or refused, it waits no
// more; lost with the connection, it is sent again on the next one.
func (m *Model) moveDone(msg moveDoneMsg) {
	var refused *client.Refusal
	if msg.err == nil || errors.As(msg.err, &refused) {
		if msg.ts.unanswered == msg.sm {
			msg.ts.unanswered = nil
		}
	}
	if msg.err != nil {
		// The server's sentences number seats from 0 ("it is not seat 1's
		// turn"), for clients to name them; the screen numbers them from 1.
		m.status = "move: " + reasonNamed(sentence(msg.err), msg.ts.names())
		return
	}
	m.status = ""
}

// resendMove sends the move the lost connection left unanswered.
func (ts *tableState) resendMove(m *Model) tea.Cmd {
	if ts.unanswered == nil {
		return nil
	}
	return ts.send(m, ts.unanswered)
}

func (ts *tableState) resign(m *Model) tea.Cmd {
	id, seat := ts.t.ID, ts.seat
	return m.request("resign", func(ctx context.Context, c *client.Conn) (func(*Model) tea.Cmd, error) {
		_, err := c.Resign(ctx, id, seat)
		return nil, err
	})
}
