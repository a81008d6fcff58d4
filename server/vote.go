package server

import (
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

// The players' vote (since v6; match/vote.go has the rules): a player
// calls a vote to pass the turn of the player to move or to remove a
// player, the others answer, and every step reaches every watcher as a
// match push with one event, "vote", "ballot" or "voteend", whose data
// carries the whole tally.

type voteCallReq struct {
	envelope
	tableRef
	Seat    *int            `json:"seat"`
	Kind    *match.VoteKind `json:"kind"`
	Subject *int            `json:"subject"`
}

type voteCastReq struct {
	envelope
	tableRef
	Seat *int  `json:"seat"`
	Yes  *bool `json:"yes"`
}

// handleVoteCall is match.vote.call: the holder of seat calls a vote of
// kind on subject.
func handleVoteCall(c *conn, data []byte) (any, error) {
	var req voteCallReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Kind == nil || (*req.Kind != match.VotePass && *req.Kind != match.VoteRemove) {
		return nil, badRequest(`match.vote.call needs kind "pass" or "remove"`)
	}
	if req.Subject == nil {
		return nil, badRequest("match.vote.call needs subject, the seat voted on")
	}
	mt, seat, err := c.voterSeat(t, req.Seat, "match.vote.call")
	if err != nil {
		return nil, err
	}
	u, err := mt.CallVote(c.h.s.ctx, seat, *req.Kind, game.Seat(*req.Subject))
	if err != nil {
		return nil, err
	}
	return seqReply(u.Seq), nil
}

// handleVoteCast is match.vote.cast: the holder of seat answers the open
// vote.
func handleVoteCast(c *conn, data []byte) (any, error) {
	var req voteCastReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Yes == nil {
		return nil, badRequest("match.vote.cast needs yes, true or false")
	}
	mt, seat, err := c.voterSeat(t, req.Seat, "match.vote.cast")
	if err != nil {
		return nil, err
	}
	u, err := mt.CastVote(c.h.s.ctx, seat, *req.Yes)
	if err != nil {
		return nil, err
	}
	return seqReply(u.Seq), nil
}

// voterSeat is seatFor for a vote: the sender must hold the seat, and a
// vote is for players at their own screens: at a hot seat one person
// would vote for several.
func (c *conn) voterSeat(t *table, seatp *int, what string) (*match.Match, game.Seat, error) {
	mt, _, seat, err := c.seatFor(t, seatp, what)
	if err != nil {
		return nil, 0, err
	}
	t.mu.Lock()
	held := len(t.heldByLocked(c.user.ID))
	t.mu.Unlock()
	if held > 1 {
		return nil, 0, conflict("a vote is for players at their own screens; at this table you hold %d seats", held)
	}
	return mt, seat, nil
}
