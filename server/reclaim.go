package server

import (
	"errors"

	"github.com/parlor-games/parlor/match"
)

type reclaimReq struct {
	envelope
	tableRef
	Seat *int `json:"seat"`
}

// pendingReply is match.reclaim's reply when the bot is thinking about the
// seat's move: the seat goes back right after that move.
type pendingReply struct {
	Pending bool `json:"pending"`
}

// handleMatchReclaim is match.reclaim: the holder of a seat that a bot
// took over (a timeout with "bot takes over", say, while they kept
// watching) asks for it back. The seat goes back at once, or after the
// move the bot is thinking about, and the return reaches every watcher as
// a match push with a "return" event, as when a holder comes back.
//
// Only a connection that watches the table may ask: the seat is marked
// connected when it goes back, and a connection that watches nothing
// would never mark it gone again.
func handleMatchReclaim(c *conn, data []byte) (any, error) {
	var req reclaimReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	// seatFor refuses a seat the user does not hold. A hot-seat hand-over
	// need not be confirmed: taking a seat back shows no secret.
	mt, w, seat, err := c.seatFor(t, req.Seat, "match.reclaim")
	if err != nil {
		return nil, err
	}
	if w == nil {
		return nil, conflict("watch the table first")
	}
	u, later, err := mt.Reclaim(c.h.s.ctx, seat)
	switch {
	case errors.Is(err, match.ErrOver):
		return nil, reword(err, "the match is already over")
	case errors.Is(err, match.ErrNotTakenOver):
		return nil, reword(err, "no bot plays seat %d: it is yours to play", seat)
	case errors.Is(err, match.ErrClockSpent):
		return nil, reword(err, "seat %d has no time left on its game clock, so the bot keeps playing it", seat)
	case err != nil:
		return nil, err
	case later:
		return pendingReply{Pending: true}, nil
	}
	return seqReply(u.Seq), nil
}
