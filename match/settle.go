package match

import (
	"bytes"
	"context"
	"errors"
	"time"

	"github.com/parlor-games/parlor/store"
)

// When the store cannot tell whether a record was stored.
//
// A commit interrupted by the database going away may have happened or
// not, and the store says so (store.ErrOutcomeUnknown) rather than guess.
// Telling the player "not stored" could be a lie, and worse, the match in
// memory would then be one record behind its log: every later record
// would be refused at an index already taken. So the match finds out
// before it answers anyone: it reads its own log back until the database
// answers, holding its lock all the while, so that no move, bot, clock or
// vote of this match acts on a position that may be wrong. Nothing else
// could be stored for the match meanwhile anyway.

// errNotInLog is why a record whose outcome was in doubt is refused: the
// log, read back, does not hold it.
var errNotInLog = errors.New("the database went away during the commit, and the log read back does not hold it")

// settleWait bounds the pause between two readings of the log while the
// database is away.
const settleWait = time.Second

// appendLocked appends r to the store. Its error is nil only if r is in
// the log, and otherwise says that r is not (or ErrClosed, if the manager
// closed before that was known: then the match stops, and whoever loads
// it next rebuilds it from its log).
func (mt *Match) appendLocked(ctx context.Context, r store.Record) error {
	err := mt.m.st.Append(ctx, r)
	if !errors.Is(err, store.ErrOutcomeUnknown) {
		return err
	}
	mt.m.log.Warn("a record's commit was interrupted; reading the log back", "match", mt.id, "index", r.Index, "err", err)
	stored, err := mt.settleLocked(r)
	switch {
	case err != nil:
		mt.stopped = true
		mt.cancel()
		mt.stopTimerLocked()
		return err
	case !stored:
		return errNotInLog
	}
	return nil
}

// settleLocked reads the match's log until the store answers, and
// reports whether it holds r. A log holding another record at r's index
// was written by someone else (another node took the match over): the
// match is stopped, since its memory is no longer its log.
func (mt *Match) settleLocked(r store.Record) (bool, error) {
	wait := 20 * time.Millisecond
	for {
		ml, err := mt.m.st.LoadMatch(mt.m.ctx, mt.id)
		if err == nil {
			if int64(len(ml.Records)) < r.Index {
				return false, nil
			}
			got := ml.Records[r.Index-1]
			if got.Seat == r.Seat && bytes.Equal(got.Move, r.Move) && bytes.Equal(got.Event, r.Event) {
				return true, nil
			}
			mt.m.log.Error("the match's log holds another record than this node's; stopping the match", "match", mt.id, "index", r.Index)
			return false, ErrClosed
		}
		select {
		case <-mt.m.ctx.Done():
			return false, ErrClosed
		case <-time.After(wait):
		}
		wait = min(2*wait, settleWait)
	}
}
