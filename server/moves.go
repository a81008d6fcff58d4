package server

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

type playReq struct {
	envelope
	tableRef
	Seat *int            `json:"seat"`
	Move json.RawMessage `json:"move"`
	// After (since v6) is the seq of the last update the sender knew of
	// when it chose the move: a move sent again after a lost answer gets
	// the first answer (match.PlayOnce).
	After *int64 `json:"after"`
}

// moveBytes accepts a move as canonical JSON or as a notation string.
func moveBytes(raw json.RawMessage) ([]byte, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, badRequest("match.play needs move")
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, badRequest("move is not valid JSON")
		}
		return []byte(s), nil
	}
	return raw, nil
}

// seatFor checks that c's user holds seat at t and returns the table's
// match. Nobody may act for a seat they do not hold.
func (c *conn) seatFor(t *table, seatp *int, what string) (*match.Match, *watch, game.Seat, error) {
	if seatp == nil {
		return nil, nil, 0, badRequest("%s needs seat", what)
	}
	seat := game.Seat(*seatp)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.mt == nil {
		return nil, nil, 0, conflict("the match has not started")
	}
	if *seatp < 0 || *seatp >= len(t.seats) {
		return nil, nil, 0, badRequest("no seat %d at this table", *seatp)
	}
	st := t.seats[*seatp]
	if st.Kind != match.Human || st.UserID != c.user.ID {
		return nil, nil, 0, forbidden("you do not hold seat %d", *seatp)
	}
	return t.mt, t.watchers[c], seat, nil
}

func handleMatchPlay(c *conn, data []byte) (any, error) {
	start := time.Now()
	var req playReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	after := int64(-1)
	if req.After != nil {
		if *req.After < 0 {
			return nil, badRequest("after must be the seq of an update, 0 or more")
		}
		after = *req.After
	}
	return c.play(start, req.Table, req.Seat, req.Move, after)
}

// play is match.play once decoded, by handleMatchPlay or by parsePlay.
// after is -1 for an untagged move.
func (c *conn) play(start time.Time, table *string, seatp *int, move json.RawMessage, after int64) (any, error) {
	t, err := c.tableArg(table)
	if err != nil {
		return nil, err
	}
	mt, w, seat, err := c.seatFor(t, seatp, "match.play")
	if err != nil {
		c.h.s.metrics.refused.Inc()
		return nil, err
	}
	if w != nil {
		w.mu.Lock()
		blocked := w.hidden && w.shown != seat
		w.mu.Unlock()
		if blocked {
			return nil, conflict("confirm the hand-over to seat %d first", seat)
		}
	}
	mv, err := moveBytes(move)
	if err != nil {
		return nil, err
	}
	u, err := mt.PlayOnce(c.h.s.ctx, seat, mv, after)
	if err != nil {
		c.h.s.metrics.refused.Inc()
		return nil, err
	}
	c.h.s.metrics.moves.Inc()
	c.h.s.metrics.latency.Observe(time.Since(start).Seconds())
	return seqReply(u.Seq), nil
}

// seqReply is the acknowledgement of a move, built without reflection
// because it is the hottest reply of all.
type seqReply int64

type handoverReq struct {
	envelope
	tableRef
	Seat *int `json:"seat"`
}

func handleMatchHandover(c *conn, data []byte) (any, error) {
	var req handoverReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	_, w, seat, err := c.seatFor(t, req.Seat, "match.handover")
	if err != nil {
		return nil, err
	}
	if w == nil {
		return nil, conflict("watch the table first")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.hidden {
		w.shown = seat
	}
	return map[string]any{"snapshot": w.snapshotLocked()}, nil
}

func containsSeat(seats []game.Seat, s game.Seat) bool {
	for _, x := range seats {
		if x == s {
			return true
		}
	}
	return false
}
