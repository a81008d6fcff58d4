package match

import (
	"context"

	"github.com/parlor-games/parlor/game"
)

// CauseOperator is the cause of a match closed by the site's operator
// (parlor admin close): no player decided it, and nobody wins.
const CauseOperator = "operator"

// Close ends the match for all, with no winner and reason as the
// outcome's reason, as the operator's decision: stored in the log like
// the policy's, so that a restart and a replay show the same end. A match
// that is over already returns ErrOver and changes nothing.
func (mt *Match) Close(ctx context.Context, reason string) (Update, error) {
	mt.mu.Lock()
	if mt.outcome != nil {
		mt.mu.Unlock()
		return Update{}, ErrOver
	}
	rec := matchRecord{Type: EventAbandoned, Seat: 0, MatchEvent: MatchEvent{Cause: CauseOperator, Action: End,
		Outcome: &game.Outcome{Winners: []game.Seat{}, Reason: reason}}}
	u, err := mt.storeRecordLocked(ctx, rec, mt.m.clock.Now())
	mt.mu.Unlock()
	if err != nil {
		return Update{}, err
	}
	mt.deliver()
	return u, nil
}
