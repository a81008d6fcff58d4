package match

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/parlor-games/parlor/game"
)

// What a match keeps in memory.
//
// A match is its log, and the log is in the store: every update was stored
// before anyone heard of it. So a live match keeps its position and only
// the last few updates, which a client catching up after a short gap or a
// repeated move (once.go) needs; an older update is rebuilt by replaying
// the stored log, which regenerates the same updates (the same replay
// brings a match back after a crash). A finished match that its server no
// longer needs live (Manager.Remove) keeps less still: its seats, outcome
// and final scores; a snapshot of it is replayed from the store when asked.
// Memory then follows the matches being played, not the moves or the
// matches played before.

// recentUpdates is how many delivered updates a live match keeps. A
// client resuming from further back costs one read of the log.
const recentUpdates = 4

// loadTimeout bounds a read of the store on behalf of a caller that has no
// context of its own (Since, Snapshot).
const loadTimeout = 10 * time.Second

// seqLocked is the number of the latest update, 0 before the first.
func (mt *Match) seqLocked() int64 { return mt.base + int64(len(mt.updates)) }

// trimLocked forgets the delivered updates older than the recentUpdates
// latest. The caller holds deliverMu as well as mu, so delivery's place in
// updates stays valid.
func (mt *Match) trimLocked() {
	drop := int(mt.delivered - mt.base - recentUpdates)
	if drop <= 0 {
		return
	}
	n := copy(mt.updates, mt.updates[drop:])
	clear(mt.updates[n:])
	mt.updates = mt.updates[:n]
	mt.base += int64(drop)
}

// sinceLocked returns the updates numbered after seq up to and including
// upTo, from memory where the match still has them and from the store's
// log for the older ones.
func (mt *Match) sinceLocked(seq, upTo int64) ([]Update, error) {
	seq = max(seq, 0)
	if seq >= upTo {
		return nil, nil
	}
	out := make([]Update, 0, upTo-seq)
	if seq < mt.base {
		old, err := mt.historyLocked()
		if err != nil {
			return nil, err
		}
		if int64(len(old.updates)) < mt.base {
			return nil, fmt.Errorf("the stored log has %d updates, the match %d", len(old.updates), mt.base)
		}
		out = append(out, old.updates[seq:min(mt.base, upTo)]...)
		seq = mt.base
	}
	if seq < upTo {
		out = append(out, mt.updates[seq-mt.base:upTo-mt.base]...)
	}
	return out, nil
}

// historyLocked replays the match's stored log into a copy of the match
// that keeps every update and runs nothing.
func (mt *Match) historyLocked() (*Match, error) {
	ctx, cancel := context.WithTimeout(context.Background(), loadTimeout)
	defer cancel()
	ml, err := mt.m.st.LoadMatch(ctx, mt.id)
	if err != nil {
		return nil, err
	}
	old, err := mt.m.replay(ml)
	if err != nil {
		return nil, err
	}
	old.cancel()
	return old, nil
}

// release drops what a finished match needs no more once its server has
// recorded its end: its position, its last updates and its bots. It keeps
// its seats, outcome, final scores and sequence number; anything else is
// read back from the store when asked. Updates not yet delivered are
// kept until they are.
func (mt *Match) release() {
	mt.deliverMu.Lock()
	defer mt.deliverMu.Unlock()
	mt.mu.Lock()
	defer mt.mu.Unlock()
	if mt.outcome == nil || mt.st == nil || mt.delivered < mt.seqLocked() {
		return
	}
	mt.scores = mt.st.Scores()
	mt.st = nil
	mt.base += int64(len(mt.updates))
	mt.updates = nil
	for i := range mt.seats {
		mt.seats[i].bot = nil
	}
}

// releasedSnapshotLocked is Snapshot for a released match: the position
// and the views come from a replay of the stored log, the seats from the
// match itself. If the store cannot be read, the view is null and the
// rest is what the match kept.
func (mt *Match) releasedSnapshotLocked(seat game.Seat) Snapshot {
	sn := Snapshot{Seq: mt.seqLocked(), Seat: seat, View: json.RawMessage("null"),
		Scores: mt.scores, Outcome: mt.outcome}
	if old, err := mt.historyLocked(); err != nil {
		mt.m.log.Error("finished match not loaded", "match", mt.id, "err", err)
	} else {
		sn = old.Snapshot(seat)
		sn.Outcome = mt.outcome
	}
	sn.Seats = make([]SeatStatus, len(mt.seats))
	for i, s := range mt.seats {
		sn.Seats[i] = SeatStatus{Kind: s.kind, Level: s.level, Connected: s.kind == Bot || s.connected,
			TakenOver: s.kind == Bot && mt.spec.Seats[i].Kind != Bot}
	}
	sn.Clocks = mt.clocksLocked(mt.m.clock.Now())
	return sn
}
