package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store"
)

// EventResign is the match-level event of a resignation, a decision a
// player makes rather than the policy. It is stored in the log like the
// policy's decisions, so a restart and a replay show it. Its Data.Action
// is Resigns and Data.Outcome the end.
const EventResign = "resign"

// Resigns is the action of EventResign: the seat loses; the others win.
const Resigns Action = "resign"

// ErrBotSeat refuses a resignation for a seat a bot was created in.
var ErrBotSeat = errors.New("a bot's seat cannot resign")

// Resign ends the match with seat's resignation: seat loses and every other
// seat wins (with two seats, the other player wins). The resignation is
// stored in the log before it is numbered, delivered to subscribers or
// returned, like a move, and it ends the match as any end does (OnEnd,
// the stored outcome).
//
// A player may resign whether or not their seat owes a move, and a seat a
// bot has taken over may still be resigned by its holder. Resigning a match
// that is over returns ErrOver and changes nothing.
func (mt *Match) Resign(ctx context.Context, seat game.Seat) (Update, error) {
	mt.mu.Lock()
	u, err := mt.resignLocked(ctx, seat)
	mt.mu.Unlock()
	if err != nil {
		return Update{}, err
	}
	mt.deliver()
	return u, nil
}

func (mt *Match) resignLocked(ctx context.Context, seat game.Seat) (Update, error) {
	if err := mt.actionableLocked(ctx, seat); err != nil {
		return Update{}, err
	}
	if mt.spec.Seats[seat].Kind == Bot {
		return Update{}, ErrBotSeat
	}
	if mt.seats[seat].removed {
		// Out of the game already: resigning would end it for the others.
		return Update{}, ErrRemovedSeat
	}
	rec := matchRecord{Type: EventResign, Seat: seat, MatchEvent: MatchEvent{
		Cause: "resign", Action: Resigns,
		Outcome: &game.Outcome{Winners: mt.othersOf(seat), Reason: fmt.Sprintf("seat %d resigned", seat)},
	}}
	return mt.storeRecordLocked(ctx, rec, mt.m.clock.Now())
}

// storeRecordLocked appends a match-level record to the store and only
// then applies it, so that nothing anyone learns of can be lost by a
// crash; on a store error nothing changes.
func (mt *Match) storeRecordLocked(ctx context.Context, rec matchRecord, now time.Time) (Update, error) {
	data, err := json.Marshal(rec)
	if err != nil {
		return Update{}, err
	}
	seq := mt.seqLocked() + 1
	if err := mt.appendLocked(ctx, store.Record{Match: mt.id, Index: seq, Seat: rec.Seat, Event: data, At: now}); err != nil {
		if errors.Is(err, ErrClosed) {
			return Update{}, err
		}
		return Update{}, notStored{fmt.Errorf("the decision could not be stored: %w", err)}
	}
	mt.applyRecordLocked(rec, now)
	if mt.outcome != nil {
		mt.finishLocked(context.WithoutCancel(ctx))
	}
	mt.afterChangeLocked(now)
	return mt.updates[len(mt.updates)-1], nil
}

// EventOf decodes a match-level record of a stored log (Record.Event) into
// the event its live update carried, for replays of finished matches.
func EventOf(r store.Record) (game.Event, *game.Outcome, error) {
	var rec matchRecord
	if err := json.Unmarshal(r.Event, &rec); err != nil {
		return game.Event{}, nil, fmt.Errorf("record %d: %w", r.Index, err)
	}
	return game.Event{Type: rec.Type, Seat: rec.Seat, Data: rec.MatchEvent}, rec.Outcome, nil
}

// DecisionOf is the game decision a match-level event of EventOf made (a
// carried vote's), or "" for none.
func DecisionOf(ev game.Event) game.Decision {
	if me, ok := ev.Data.(MatchEvent); ok {
		return me.Decision
	}
	return ""
}
