package match

import (
	"errors"
	"fmt"
	"time"

	"github.com/parlor-games/parlor/game"
)

// Pausing a match.
//
// A match pauses when a gone player's grace runs out and the policy's
// action is Pause, chosen for a friends' table, or when every person at
// the table is gone and the action would forfeit or end the match: a game
// against bots only has nobody to forfeit to, so it waits for its player
// rather than end while they are away (a bot taking over still plays on,
// as its table chose). A table that waits for ever for a gone player
// (OnGone "") pauses too once everyone is gone, so that it is closed
// after CloseAfter like the others rather than stay in play for good.
// While paused no clock runs, no bot starts a move and no move is taken. The match resumes when the player whose absence
// paused it returns (or, when every person was gone, when any returns);
// a seat still gone then gets a fresh grace. A match paused for
// Options.CloseAfter (ClosePaused by default) is closed: it ends for all,
// with no winner, so an abandoned table does not stay in play for ever.
//
// A pause is stored (store.SetPaused): a match rebuilt after a restart or
// on another node is paused as it was, since when it was, and waits for
// the same player. Were it not, every seat would count as gone from the
// restart on, and a clock shorter than the grace would run out on the
// player the table had been waiting for.

// ClosePaused is how long a match stays paused before it is closed: a
// week, long enough for a holiday, short enough that the lobby forgets
// tables nobody will come back to.
const ClosePaused = 7 * 24 * time.Hour

// ErrPaused is returned by Play while the match is paused.
var ErrPaused = errors.New("the game is paused until the player who left comes back")

// Away is a gone seat's countdown as everyone at the table may see it.
type Away struct {
	Seat game.Seat
	// Until is when the seat's grace ends; zero for a seat that waits for
	// ever (OnGone ""). It is in the past once the match paused.
	Until time.Time
	// Then is what happens at Until: the policy's action, or Pause when
	// every person at the table is gone.
	Then Action
}

// Pause is a match's pause as clients see it.
type PauseState struct {
	Paused bool
	// Since is when the match paused, and CloseAt when it will be closed
	// if nobody returns.
	Since, CloseAt time.Time
}

// Away lists the gone human seats (in seat order) and what happens to
// each, for a client to show a countdown. A seat a bot took over is not
// listed: its holder may take it back at any time.
func (mt *Match) Away() ([]Away, PauseState) {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	if mt.outcome != nil {
		return nil, PauseState{}
	}
	var out []Away
	then := mt.goneActionLocked()
	for i, s := range mt.seats {
		if s.kind == Bot || s.connected {
			continue
		}
		a := Away{Seat: game.Seat(i), Then: then}
		if then != "" {
			a.Until = s.goneAt.Add(mt.spec.Policy.Grace)
		}
		out = append(out, a)
	}
	var ps PauseState
	if mt.paused {
		ps = PauseState{Paused: true, Since: mt.pausedAt, CloseAt: mt.pausedAt.Add(mt.m.opts.CloseAfter)}
	}
	return out, ps
}

// goneActionLocked is what happens to a seat whose grace runs out now.
func (mt *Match) goneActionLocked() Action {
	a := mt.spec.Policy.OnGone
	// OnGone "" with no grace at all is a match without any policy (an
	// engine's, a test's): it keeps waiting, whoever is gone.
	waits := a == "" && mt.spec.Policy.Grace > 0
	if (a == Forfeit || a == End || waits) && mt.everyoneGoneLocked() {
		return Pause
	}
	return a
}

// everyoneGoneLocked reports whether the match has people and none of
// them is here: every seat that was not a bot from the start has its
// holder gone (a seat a bot took over counts by its holder too).
func (mt *Match) everyoneGoneLocked() bool {
	people := 0
	for i, s := range mt.seats {
		if mt.spec.Seats[i].Kind == Bot {
			continue
		}
		people++
		if s.connected || s.reclaim {
			return false
		}
	}
	return people > 0
}

// pauseLocked pauses the match because seat's grace ran out.
func (mt *Match) pauseLocked(seat game.Seat, now time.Time) {
	mt.paused, mt.pausedAt, mt.pausedSeat = true, now, seat
	mt.storePauseLocked()
	mt.afterChangeLocked(now)
}

// storePauseLocked stores the match's pause, or that it has none. A
// failure is logged and the match goes on: the pause holds in memory,
// and only a restart before it ends would forget it.
func (mt *Match) storePauseLocked() {
	at := mt.pausedAt
	if !mt.paused {
		at = time.Time{}
	}
	if err := mt.m.st.SetPaused(mt.m.ctx, mt.id, mt.pausedSeat, at); err != nil {
		mt.m.log.Error("match pause not stored", "match", mt.id, "paused", mt.paused, "err", err)
	}
}

// restorePauseLocked makes a match rebuilt from its log paused as it was
// stored: since then, for the same seat, with every person's grace
// already run out, as it had when the match paused.
func (mt *Match) restorePauseLocked(at time.Time, seat game.Seat) {
	if at.IsZero() || mt.outcome != nil || seat < 0 || int(seat) >= len(mt.seats) {
		return
	}
	mt.paused, mt.pausedAt, mt.pausedSeat = true, at, seat
	for i := range mt.seats {
		if s := &mt.seats[i]; mt.spec.Seats[i].Kind != Bot && !s.connected {
			s.goneAt = at.Add(-mt.spec.Policy.Grace)
		}
	}
}

// keepsPausedLocked reports whether the match must stay paused: a seat
// still gone has its grace run out and its action is Pause.
func (mt *Match) keepsPausedLocked(now time.Time) bool {
	if mt.goneActionLocked() != Pause {
		return false
	}
	for _, s := range mt.seats {
		if s.kind != Bot && !s.connected && !now.Before(s.goneAt.Add(mt.spec.Policy.Grace)) {
			return true
		}
	}
	return false
}

// resumeLocked ends a pause: the time paused is charged to no clock, and
// a seat still gone gets its grace afresh.
func (mt *Match) resumeLocked(now time.Time) {
	for i := range mt.seats {
		s := &mt.seats[i]
		if s.owing {
			from := s.moveStart
			if from.Before(mt.pausedAt) {
				from = mt.pausedAt
			}
			s.moveStart = s.moveStart.Add(now.Sub(from))
		}
		if s.kind != Bot && !s.connected {
			s.goneAt = now
		}
	}
	mt.paused = false
	mt.storePauseLocked()
	mt.m.wg.Add(1)
	go func() {
		// The caller holds mt.mu and, in the server, the table's lock.
		defer mt.m.wg.Done()
		mt.notifyPause()
	}()
}

// closePausedLocked closes a match paused for CloseAfter: it ends for
// all, with no winner, as a stored decision about the seat whose absence
// paused it.
func (mt *Match) closePausedLocked(now time.Time) {
	rec := matchRecord{Type: EventAbandoned, Seat: mt.pausedSeat, MatchEvent: MatchEvent{Cause: "gone", Action: End,
		Outcome: &game.Outcome{Winners: []game.Seat{}, Reason: fmt.Sprintf("the table was closed: nobody came back for %s", days(mt.m.opts.CloseAfter))}}}
	if _, err := mt.storeRecordLocked(mt.m.ctx, rec, now); err != nil {
		mt.m.log.Error("paused match not closed; retrying", "match", mt.id, "err", err)
		mt.timerGen++
		gen := mt.timerGen
		mt.timer = mt.m.clock.AfterFunc(policyRetry, func() { mt.onTimer(gen) })
		return
	}
	mt.paused = false
}

// days says d in words for the reason of a closed match.
func days(d time.Duration) string {
	if d >= 48*time.Hour && d%(24*time.Hour) == 0 {
		return fmt.Sprintf("%d days", d/(24*time.Hour))
	}
	return d.String()
}

// notifyPause tells the manager's OnPause and the match's own listener
// (SetOnPause) that the match paused or resumed.
func (mt *Match) notifyPause() {
	if f := mt.m.opts.OnPause; f != nil {
		f(mt)
	}
	if f := mt.onPause.Load(); f != nil {
		(*f)()
	}
}

// SetOnPause makes fn the one function called, outside the match's lock,
// when the match pauses or resumes: the server's table tells its
// watchers and the lobby with it. It replaces any earlier one.
func (mt *Match) SetOnPause(fn func()) { mt.onPause.Store(&fn) }
