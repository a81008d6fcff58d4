package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store"
)

// ErrOver is returned by Play once the match has ended.
var ErrOver = &game.MoveError{Code: "match-over", Msg: "the match is over"}

// Play plays move (canonical JSON or notation) for seat. It refuses a seat
// that owes no move and any move the game refuses, and then nothing
// changes. An accepted move is durable in the store before it is numbered,
// before subscribers hear of it and before Play returns.
//
// Many goroutines may Play on one match; they are served one at a time.
// A seat a bot plays now (one that was a bot from the start, or that a bot
// took over) is refused: its bot moves for it through the match itself,
// so two movers never race for one seat.
func (mt *Match) Play(ctx context.Context, seat game.Seat, move []byte) (Update, error) {
	return mt.play(ctx, seat, move, false)
}

// ErrBotPlays is returned by Play for a seat that a bot plays now.
var ErrBotPlays = &game.MoveError{Code: "bot-plays", Msg: "a bot plays this seat now"}

func (mt *Match) play(ctx context.Context, seat game.Seat, move []byte, byBot bool) (Update, error) {
	mt.mu.Lock()
	if !byBot && seat >= 0 && int(seat) < len(mt.seats) && mt.seats[seat].kind == Bot {
		mt.mu.Unlock()
		return Update{}, ErrBotPlays
	}
	if !byBot && mt.paused && mt.outcome == nil {
		mt.mu.Unlock()
		return Update{}, ErrPaused
	}
	u, err := mt.playLocked(ctx, seat, move)
	mt.mu.Unlock()
	if err != nil {
		return Update{}, err
	}
	mt.deliver()
	return u, nil
}

// actionableLocked refuses, before anything changes, an act of seat that
// no seat could make now: the request is cancelled, the match stopped or
// over, or the seat does not exist. Moves and resignations share it.
func (mt *Match) actionableLocked(ctx context.Context, seat game.Seat) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	switch {
	case mt.stopped:
		return ErrClosed
	case mt.outcome != nil:
		return ErrOver
	case seat < 0 || int(seat) >= len(mt.seats):
		return fmt.Errorf("no seat %d at this table", seat)
	}
	return nil
}

func (mt *Match) playLocked(ctx context.Context, seat game.Seat, text []byte) (Update, error) {
	if err := mt.actionableLocked(ctx, seat); err != nil {
		return Update{}, err
	}
	if !game.OwesMove(mt.st, seat) {
		return Update{}, game.NotYourTurn(seat)
	}
	mv, err := mt.st.ParseMove(seat, text)
	if err != nil {
		return Update{}, err
	}
	canon := game.Canonical(mv)
	// The position before the move, to put back if the move cannot be
	// stored (restore.go).
	before := mt.m.restore.save(mt.def, mt.st)
	events, err := mt.st.Apply(seat, mv)
	if err != nil {
		mt.m.restore.done(mt.def, before)
		return Update{}, err
	}
	now := mt.m.clock.Now()
	seq := mt.seqLocked() + 1
	err = mt.appendLocked(ctx, store.Record{Match: mt.id, Index: seq, Seat: seat, Move: canon, At: now})
	if errors.Is(err, ErrClosed) {
		return Update{}, err
	}
	if err != nil {
		// The state has moved on but the move is not durable: put the
		// state back.
		mt.st = before
		return Update{}, notStored{fmt.Errorf("the move could not be stored: %w", err)}
	}
	mt.m.restore.done(mt.def, before)
	u := mt.recordLocked(Update{Seq: seq, Seat: seat, Move: canon, Text: game.Describe(mt.st, seat, mv, events), Events: events, At: now})
	mt.tickLocked(now, seat)
	if mt.outcome != nil {
		mt.finishLocked(ctx)
	}
	mt.afterChangeLocked(now)
	mt.voidStaleVoteLocked(ctx, now)
	return u, nil
}

// recordLocked completes u with the position after it, keeps it, and
// notes the end if there is one.
func (mt *Match) recordLocked(u Update) Update {
	if mt.outcome == nil {
		mt.outcome = mt.st.Outcome()
	}
	if mt.outcome == nil {
		u.Turn = mt.st.Turn()
	}
	u.Scores = mt.st.Scores()
	u.Outcome = mt.outcome
	mt.updates = append(mt.updates, u)
	return u
}

// finishLocked stores the end of the match and stops its bots and timers.
func (mt *Match) finishLocked(ctx context.Context) {
	mt.cancel()
	mt.stopTimerLocked()
	out, _ := json.Marshal(mt.outcome)
	if err := mt.m.st.FinishMatch(context.WithoutCancel(ctx), mt.id, out, mt.outcome.Reason); err != nil {
		// The end follows from the log anyway; Recover finishes it.
		mt.m.log.Error("match end not stored", "match", mt.id, "err", err)
	}
}

// finishStored is finishLocked for a recovered match whose end was not
// stored.
func (mt *Match) finishStored(ctx context.Context) {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	mt.finishLocked(ctx)
}

// deliver hands every update not yet delivered to the subscribers, in
// order, and calls OnEnd once after the final one. Whoever holds deliverMu
// delivers everything pending, so each Play returns only after its own
// update has been delivered.
func (mt *Match) deliver() {
	mt.deliverMu.Lock()
	var ended *game.Outcome
	for {
		mt.mu.Lock()
		mt.trimLocked()
		if mt.delivered >= mt.seqLocked() {
			if mt.outcome != nil && !mt.endNotified {
				mt.endNotified = true
				ended = mt.outcome
			}
			mt.mu.Unlock()
			break
		}
		u := mt.updates[mt.delivered-mt.base]
		mt.mu.Unlock()
		mt.delivered++
		for _, s := range *mt.subs.Load() {
			if !s.cancelled.Load() {
				s.fn(u)
			}
		}
	}
	mt.deliverMu.Unlock()
	if ended != nil && mt.m.opts.OnEnd != nil {
		mt.m.opts.OnEnd(mt, *ended)
	}
}
