package match

import (
	"time"

	"github.com/parlor-games/parlor/game"
)

// A seat that a bot took over when its player went away (Policy.OnGone
// BotTakes, or OnTimeout) is not the bot's for good: when the seat's holder
// comes back (SetConnected(seat, true), which the server calls when they
// watch the table again), the seat is theirs again: at once, or, if the
// bot is thinking about the seat's move at that moment, after that move. A
// seat whose game clock is spent stays the bot's (it would time out again
// at once), and the bot's thinking is never charged to the seat's clock. Either way the
// return is stored in the log as a match-level update (EventReturn), so
// every watcher is told, a restart keeps it and a replay shows it.

// EventReturn is the match-level event of a seat given back to its holder.
// Its Data.Cause is "back" and its Data.Action Returns.
const EventReturn = "return"

// Returns is the action of EventReturn: the seat is played by its holder
// again.
const Returns = "return"

// reclaimLocked gives back to their holders the seats a bot took over whose
// holder has come back (SetConnected): at once, except that a bot thinking
// about the seat's move finishes it first. It reports
// whether it stored anything, which the caller then delivers.
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
		if gc := mt.spec.Policy.GameClock; gc > 0 && s.used >= gc {
			continue // its game clock is spent: it would time out at once
		}
		rec := matchRecord{Type: EventReturn, Seat: game.Seat(i), MatchEvent: MatchEvent{Cause: "back", Action: Returns}}
		if _, err := mt.storeRecordLocked(mt.m.ctx, rec, now); err != nil {
			// The bot keeps the seat for now; the end of its next
			// search, or the holder's next connection, tries again.
			mt.m.log.Error("seat not given back", "match", mt.id, "seat", i, "err", err)
			continue
		}
		back = true
	}
	return back
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
