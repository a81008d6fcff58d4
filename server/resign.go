package server

import (
	"errors"

	"github.com/parlor-games/parlor/match"
)

type resignReq struct {
	envelope
	tableRef
	Seat *int `json:"seat"`
}

// handleMatchResign is match.resign: the holder of a seat gives up the
// match. The seat loses, the others win, and the end reaches every watcher
// as a match push (seq, a "resign" event, the outcome); ratings, stats and
// achievements follow as for any end (table.finish).
func handleMatchResign(c *conn, data []byte) (any, error) {
	var req resignReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	// seatFor refuses a seat the user does not hold. A hot-seat hand-over
	// need not be confirmed: resigning shows no secret.
	mt, _, seat, err := c.seatFor(t, req.Seat, "match.resign")
	if err != nil {
		return nil, err
	}
	u, err := mt.Resign(c.h.s.ctx, seat)
	if errors.Is(err, match.ErrOver) {
		return nil, reword(err, "the match is already over")
	}
	if err != nil {
		return nil, err
	}
	return seqReply(u.Seq), nil
}
