package client

import (
	"context"
	"encoding/json"
)

// The players' vote (since v6, docs/protocol.md "Votes"): a player calls a
// vote to pass the turn of the player to move or to remove a player; the
// other players answer; each step comes as an Update whose first event is
// of type EventVote, EventBallot or EventVoteEnded and carries the whole
// tally.

// VoteOf returns the tally an update of a vote carries, or nil when the
// update is not a vote's.
func VoteOf(u Update) *Vote {
	if u.Move != nil && string(u.Move) != "null" || len(u.Events) == 0 {
		return nil
	}
	switch u.Events[0].Type {
	case EventVote, EventBallot, EventVoteEnded:
	default:
		return nil
	}
	var d struct {
		Vote *Vote `json:"vote"`
	}
	if json.Unmarshal(u.Events[0].Data, &d) != nil {
		return nil
	}
	return d.Vote
}

// CallVote calls a vote of kind on subject, for the caller's seat.
func (c *Conn) CallVote(ctx context.Context, table string, seat int, kind VoteKind, subject int) (int64, error) {
	var out seqReply
	err := c.Call(ctx, "match.vote.call", map[string]any{"table": table, "seat": seat, "kind": kind, "subject": subject}, &out)
	return out.Seq, err
}

// CastVote answers the open vote for seat.
func (c *Conn) CastVote(ctx context.Context, table string, seat int, yes bool) (int64, error) {
	var out seqReply
	err := c.Call(ctx, "match.vote.cast", map[string]any{"table": table, "seat": seat, "yes": yes}, &out)
	return out.Seq, err
}
