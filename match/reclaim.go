package match

import (
	"context"
	"time"

	"github.com/parlor-games/parlor/game"
)

// A seat that a bot took over when its player went away (Policy.OnGone
// BotTakes, or OnTimeout) is not the bot's for good: when the seat's holder
// comes back (SetConnected(seat, true), which the server calls when they
// watch the table again), or asks for the seat while still watching
// (Reclaim, after a timeout), the seat is theirs again: at once, or, if
// the bot is thinking about the seat's move at that moment, after that
// move. A seat whose game clock is spent stays the bot's (it would time
// out again at once), and the bot's thinking is never charged to the
// seat's clock. Either way the return is stored in the log as a
// match-level update (EventReturn), so every watcher is told, a restart
// keeps it and a replay shows it.

// EventReturn is the match-level event of a seat given back to its holder.
// Its Data.Cause is "back" and its Data.Action Returns.
const EventReturn = "return"

// Returns is the action of EventReturn: the seat is played by its holder
// again.
const Returns = "return"

// reclaimLocked gives back to their holders the seats a bot took over whose
// holder has come back (SetConnected) or asked for the seat during the
// bot's move (Reclaim): at once, except that a bot thinking about the
// seat's move finishes it first. It reports whether it stored anything,
// which the caller then delivers.
func (mt *Match) reclaimLocked(now time.Time) bool {
	if mt.outcome != nil || mt.stopped {
		return false
	}
	back := false
	for i := range mt.seats {
		s := &mt.seats[i]
		if !s.reclaim || s.kind != Bot || mt.spec.Seats[i].Kind == Bot {
			continue
		}
		if mt.searching && mt.searchSeat == game.Seat(i) {
			continue // the end of that search calls again
		}
		if mt.spentLocked(game.Seat(i)) {
			continue // it would time out at once
		}
		if _, err := mt.giveBackLocked(game.Seat(i), now); err != nil {
			// The bot keeps the seat for now; the end of its next
			// search, or the holder's next connection, tries again.
			mt.m.log.Error("seat not given back", "match", mt.id, "seat", i, "err", err)
			continue
		}
		back = true
	}
	return back
}

// giveBackLocked stores the return of seat to its holder, which
// applyRecordLocked then applies (returnSeatLocked); on a store error
// nothing changes.
func (mt *Match) giveBackLocked(seat game.Seat, now time.Time) (Update, error) {
	rec := matchRecord{Type: EventReturn, Seat: seat, MatchEvent: MatchEvent{Cause: "back", Action: Returns}}
	return mt.storeRecordLocked(mt.m.ctx, rec, now)
}

// spentLocked reports whether seat's game clock is spent.
func (mt *Match) spentLocked(seat game.Seat) bool {
	gc := mt.spec.Policy.GameClock
	return gc > 0 && mt.seats[seat].used >= gc
}

// Reasons Reclaim refuses a seat, changing nothing.
var (
	// ErrNotTakenOver: no bot plays the seat in its holder's place,
	// because the holder plays it already or it was a bot's seat from the
	// start.
	ErrNotTakenOver = &game.MoveError{Code: "not-taken-over", Msg: "no bot plays this seat in its player's place"}
	// ErrClockSpent: the seat's game clock is spent, so the bot keeps the
	// seat (given back, it would time out again at once).
	ErrClockSpent = &game.MoveError{Code: "clock-spent", Msg: "this seat's game clock is spent, so the bot keeps playing it"}
)

// Reclaim gives seat back to its holder on their request: the way back for
// a holder whose seat a bot took over (a timeout with OnTimeout BotTakes)
// while they stayed at the table, who has no coming back to do. It takes
// the path a holder's return takes (SetConnected): the return is stored
// in the log as an EventReturn update before it is delivered to
// subscribers or returned, and from then on the holder plays the seat,
// with a fresh move clock if it owes a move.
//
// If the bot is thinking about the seat's move, it finishes that move
// first: Reclaim then returns later true and no update, and the return
// follows the bot's move (unless the holder goes away meanwhile,
// SetConnected(seat, false), which leaves the seat to the bot). Reclaim
// refuses, changing nothing, a seat no bot took over (ErrNotTakenOver), a
// seat whose game clock is spent (ErrClockSpent), a match that is over
// (ErrOver), and what Play refuses to every seat (a seat that does not
// exist, a match that is shutting down).
func (mt *Match) Reclaim(ctx context.Context, seat game.Seat) (u Update, later bool, err error) {
	mt.mu.Lock()
	u, later, err = mt.reclaimSeatLocked(ctx, seat)
	mt.mu.Unlock()
	if err != nil || later {
		return Update{}, later, err
	}
	mt.deliver()
	return u, false, nil
}

func (mt *Match) reclaimSeatLocked(ctx context.Context, seat game.Seat) (Update, bool, error) {
	if err := mt.actionableLocked(ctx, seat); err != nil {
		return Update{}, false, err
	}
	s := &mt.seats[seat]
	if s.kind != Bot || mt.spec.Seats[seat].Kind == Bot {
		return Update{}, false, ErrNotTakenOver
	}
	if mt.spentLocked(seat) {
		return Update{}, false, ErrClockSpent
	}
	if mt.searching && mt.searchSeat == seat {
		// The end of the search gives the seat back (runBot calls
		// reclaimLocked).
		s.reclaim = true
		return Update{}, true, nil
	}
	u, err := mt.giveBackLocked(seat, mt.m.clock.Now())
	if err != nil {
		return Update{}, false, err
	}
	return u, false, nil
}

// returnSeatLocked is applyRecordLocked's part for EventReturn, live or
// replayed: the seat is its holder's again, with a fresh clock for the
// move it owes, if any.
func (mt *Match) returnSeatLocked(seat game.Seat, at time.Time) {
	s := &mt.seats[seat]
	s.kind, s.level, s.bot, s.reclaim = mt.spec.Seats[seat].Kind, mt.spec.Seats[seat].Level, nil, false
	s.connected = true
	if s.owing {
		s.moveStart = at
	}
}
