package server

import (
	"context"
	"time"

	"github.com/parlor-games/parlor/match"
)

// aidTimeout bounds one aid: the games count their work, so this only
// stops a search on a machine far slower than any the budgets were set
// on.
const aidTimeout = 10 * time.Second

type aidReq struct {
	envelope
	tableRef
	Seat *int `json:"seat"`
}

// handleMatchAid is match.aid: the game's advice for a seat the asker
// holds (in a game of hidden targets, "where would the expert aim?"),
// made from that seat's own view, so it tells nothing the seat could not know. It is a
// help for learning, so it is given only at unrated tables where every
// other seat is a bot: in a rated game, or against people, it would be a
// bot playing for the person.
func handleMatchAid(c *conn, data []byte) (any, error) {
	var req aidReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	mt, _, seat, err := c.seatFor(t, req.Seat, "match.aid")
	if err != nil {
		return nil, err
	}
	def := mt.Definition()
	if def.Aid == nil {
		return nil, badRequest("%s has no aid", def.Title)
	}
	t.mu.Lock()
	unrated := t.unrated
	people := 0
	for i, st := range t.seats {
		if i != int(seat) && st.Kind != match.Bot {
			people++
		}
	}
	t.mu.Unlock()
	if !unrated || people > 0 {
		return nil, forbidden("the expert's help is only for unrated games against the computer")
	}
	if mt.Outcome() != nil {
		return nil, conflict("the match is already over")
	}
	ctx, cancel := context.WithTimeout(c.h.s.ctx, aidTimeout)
	defer cancel()
	aid, err := def.Aid(ctx, mt.Snapshot(seat).View)
	if err != nil {
		return nil, conflict("%s", err.Error())
	}
	return map[string]any{"aid": aid}, nil
}
