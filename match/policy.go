package match

import (
	"fmt"
	"time"

	"github.com/parlor-games/parlor/game"
)

// Clocks and the disconnect policy.
//
// A match keeps one timer, set for the earliest of: a gone human seat's
// grace running out, an owing human seat's move clock or game clock running
// out. Bot seats have no clocks: their budget per move bounds them. When
// the timer fires, the first seat (in seat order) whose time is up meets the
// policy's action, stored as a match-level update like any move.

// tickLocked updates which seats owe a move after an update by mover (-2
// for none) at now: the mover's clock stops and, if it owes again, starts
// afresh; a seat that starts owing starts its clock; a seat that still owes
// (simultaneous moves) keeps running.
func (mt *Match) tickLocked(now time.Time, mover game.Seat) {
	for i := range mt.seats {
		mt.seats[i].owingNext = false
	}
	if mt.outcome == nil {
		for _, t := range mt.st.Turn() {
			if int(t) >= 0 && int(t) < len(mt.seats) {
				mt.seats[t].owingNext = true
			}
		}
	}
	for i := range mt.seats {
		s := &mt.seats[i]
		restart := game.Seat(i) == mover
		if s.owing && (!s.owingNext || restart) && s.kind != Bot {
			// A bot's thinking is not charged to the seat's game clock:
			// its holder may come back to it (reclaim.go).
			s.used += now.Sub(s.moveStart)
		}
		if s.owingNext && (!s.owing || restart) {
			s.moveStart = now
		}
		s.owing = s.owingNext
	}
}

// deadlineLocked is when seat i's time is up, and why; zero if it cannot
// run out.
func (mt *Match) deadlineLocked(i int) (time.Time, string) {
	s := &mt.seats[i]
	if s.kind == Bot || s.removed {
		// A removed seat is out of the game: its leaving ends nothing.
		return time.Time{}, ""
	}
	p := &mt.spec.Policy
	var at time.Time
	var cause string
	earlier := func(t time.Time, c string) {
		if at.IsZero() || t.Before(at) {
			at, cause = t, c
		}
	}
	if mt.paused {
		// Nothing runs out while the match is paused; its own timer
		// closes it after a long absence (pause.go).
		return time.Time{}, ""
	}
	if !s.connected && (p.OnGone != "" || mt.goneActionLocked() == Pause) {
		// A table that waits for ever (OnGone "") waits for its players,
		// not for a room nobody is in: once all are gone it pauses after
		// the grace like any other, and is closed after CloseAfter.
		earlier(s.goneAt.Add(p.Grace), "gone")
	}
	if s.owing {
		if p.MoveClock > 0 {
			earlier(mt.moveDeadlineLocked(i), "timeout")
		}
		if p.GameClock > 0 {
			earlier(s.moveStart.Add(p.GameClock-s.used), "timeout")
		}
	}
	return at, cause
}

// clocksLocked reports the clocks at now.
func (mt *Match) clocksLocked(now time.Time) Clocks {
	p := &mt.spec.Policy
	if p.MoveClock == 0 && p.GameClock == 0 {
		return Clocks{}
	}
	var c Clocks
	c.Deadline = make([]time.Time, len(mt.seats))
	if p.GameClock > 0 {
		c.Remaining = make([]time.Duration, len(mt.seats))
	}
	for i := range mt.seats {
		s := &mt.seats[i]
		if c.Remaining != nil {
			left := p.GameClock - s.used
			if s.owing && s.kind != Bot && mt.outcome == nil {
				left -= now.Sub(s.moveStart)
			}
			c.Remaining[i] = max(left, 0)
		}
		if s.owing && s.kind != Bot && mt.outcome == nil {
			var d time.Time
			if p.MoveClock > 0 {
				d = mt.moveDeadlineLocked(i)
			}
			if p.GameClock > 0 {
				if g := s.moveStart.Add(p.GameClock - s.used); d.IsZero() || g.Before(d) {
					d = g
				}
			}
			c.Deadline[i] = d
		}
	}
	return c
}

// afterChangeLocked sets the timer and starts a bot search if a bot owes a
// move. Called after every change of position or of seats.
func (mt *Match) afterChangeLocked(now time.Time) {
	mt.stopTimerLocked()
	if mt.outcome != nil || mt.stopped {
		return
	}
	var next time.Time
	if mt.paused {
		next = mt.pausedAt.Add(mt.m.opts.CloseAfter)
	}
	if mt.vote != nil && (next.IsZero() || mt.vote.Until.Before(next)) {
		next = mt.vote.Until
	}
	for i := range mt.seats {
		if at, _ := mt.deadlineLocked(i); !at.IsZero() && (next.IsZero() || at.Before(next)) {
			next = at
		}
	}
	if !next.IsZero() {
		mt.timerGen++
		gen := mt.timerGen
		mt.timer = mt.m.clock.AfterFunc(max(next.Sub(now), 0), func() { mt.onTimer(gen) })
	}
	mt.kickBotsLocked()
}

func (mt *Match) stopTimerLocked() {
	if mt.timer != nil {
		mt.timer.Stop()
		mt.timer = nil
	}
	mt.timerGen++ // a timer that already fired finds itself stale
}

// policyRetry is how long a policy action that could not be stored waits
// before it is tried again.
const policyRetry = 5 * time.Second

func (mt *Match) onTimer(gen uint64) {
	mt.mu.Lock()
	if gen != mt.timerGen || mt.outcome != nil || mt.stopped {
		mt.mu.Unlock()
		return
	}
	mt.timer = nil
	now := mt.m.clock.Now()
	if mt.vote != nil && !now.Before(mt.vote.Until) {
		// A vote whose ballots decided it, but whose end could not be
		// stored then, ends as they decided; any other lapses.
		r := mt.vote.tally()
		if r == "" {
			r = VoteLapsed
		}
		if _, err := mt.endVoteLocked(mt.m.ctx, r, now); err != nil {
			mt.m.log.Error("a lapsed vote not stored; retrying", "match", mt.id, "err", err)
			mt.timerGen++
			gen := mt.timerGen
			mt.timer = mt.m.clock.AfterFunc(policyRetry, func() { mt.onTimer(gen) })
		}
		mt.mu.Unlock()
		mt.deliver()
		return
	}
	if mt.paused {
		if !now.Before(mt.pausedAt.Add(mt.m.opts.CloseAfter)) {
			mt.closePausedLocked(now)
		} else {
			mt.afterChangeLocked(now)
		}
		mt.mu.Unlock()
		mt.deliver()
		return
	}
	acted, paused := false, false
	for i := range mt.seats {
		at, cause := mt.deadlineLocked(i)
		if at.IsZero() || now.Before(at) {
			continue
		}
		if cause == "timeout" && mt.refreshVacationsLocked(i) {
			// A vacation stored since (on another node, say) may
			// have moved the deadline on.
			if at, _ = mt.deadlineLocked(i); at.IsZero() || now.Before(at) {
				continue
			}
		}
		action := mt.goneActionLocked()
		if action == Pause && cause == "gone" {
			mt.pauseLocked(game.Seat(i), now)
			paused = true
			break
		}
		if cause == "timeout" {
			action = mt.spec.Policy.OnTimeout
			if action == "" {
				action = Forfeit
			}
		}
		if err := mt.actLocked(game.Seat(i), cause, action, now); err != nil {
			// Most likely the store is failing: try again in a while
			// rather than at once and in a loop.
			mt.m.log.Error("match policy not applied; retrying", "match", mt.id, "seat", i, "err", err)
			mt.timerGen++
			gen := mt.timerGen
			mt.timer = mt.m.clock.AfterFunc(policyRetry, func() { mt.onTimer(gen) })
			mt.mu.Unlock()
			return
		}
		acted = true
		break
	}
	if !acted { // an action already reset the timer and the bots
		mt.afterChangeLocked(now)
	}
	mt.mu.Unlock()
	mt.deliver()
	if paused {
		mt.notifyPause()
	}
}

// actLocked applies a policy action to seat, for cause ("gone" or
// "timeout"), as a stored match-level update.
func (mt *Match) actLocked(seat game.Seat, cause string, action Action, now time.Time) error {
	rec := matchRecord{Seat: seat, MatchEvent: MatchEvent{Cause: cause, Action: action}}
	if action == BotTakes {
		rec.Level = mt.takeoverLevel()
		if rec.Level == "" {
			// A game without bots: the seat cannot be filled, so it
			// forfeits, as it would without the bot option.
			rec.Action = Forfeit
		}
	}
	switch rec.Action {
	case BotTakes:
		rec.Type = EventTakeover
	case Forfeit:
		rec.Type = EventForfeit
		rec.Outcome = &game.Outcome{Winners: mt.othersOf(seat), Reason: fmt.Sprintf("seat %d forfeited", seat)}
	case End:
		rec.Type = EventAbandoned
		rec.Outcome = &game.Outcome{Winners: []game.Seat{}, Reason: fmt.Sprintf("seat %d left; the game ends for all", seat)}
	}
	if cause == "timeout" {
		rec.Type = EventTimeout
		if rec.Outcome != nil {
			rec.Outcome.Reason = fmt.Sprintf("seat %d ran out of time", seat)
		}
	}
	_, err := mt.storeRecordLocked(mt.m.ctx, rec, now)
	return err
}

// othersOf is every seat but seat: the winners when seat resigns or
// forfeits.
func (mt *Match) othersOf(seat game.Seat) []game.Seat {
	out := make([]game.Seat, 0, len(mt.seats)-1)
	for i := range mt.seats {
		if game.Seat(i) != seat {
			out = append(out, game.Seat(i))
		}
	}
	return out
}

// applyRecordLocked applies a match-level record, live or replayed, and
// keeps its update.
func (mt *Match) applyRecordLocked(rec matchRecord, at time.Time) {
	switch rec.Action {
	case BotTakes:
		s := &mt.seats[rec.Seat]
		if s.owing {
			// The holder's time up to now counts; the bot's does not.
			s.used += at.Sub(s.moveStart)
			s.moveStart = at
		}
		s.kind, s.level, s.bot = Bot, rec.Level, nil
	case Forfeit, End, Resigns:
		if rec.Outcome != nil {
			mt.outcome = rec.Outcome
		}
	case Returns:
		mt.returnSeatLocked(rec.Seat, at)
	}
	events := []game.Event{{Type: rec.Type, Seat: rec.Seat, Data: rec.MatchEvent}}
	if rec.Action == Votes {
		events = append(events, mt.applyVoteLocked(rec, at)...)
	}
	if mt.outcome != nil {
		// Whatever decision of the match ended it, the game is told, so
		// that its views show what its own end shows (both fleets, every
		// hand, the case file) and its scores count; the events of that
		// end follow the match's own. A rebuild comes through here too,
		// at the same record, and so does the replay of a finished match
		// (server/replays.go), so all end with the views and events the
		// live match ended with.
		events = append(events, game.Conclude(mt.st, *mt.outcome)...)
	}
	mt.recordLocked(Update{Seq: mt.seqLocked() + 1, Seat: rec.Seat, Events: events, At: at})
	mt.tickLocked(at, -2)
}

// takeoverLevel is the level of a bot taking over a seat.
func (mt *Match) takeoverLevel() string {
	if mt.spec.Policy.BotLevel != "" {
		return mt.spec.Policy.BotLevel
	}
	levels := mt.def.BotLevels
	if mt.def.NewBot == nil || len(levels) == 0 {
		return ""
	}
	return levels[len(levels)/2]
}

// SetConnected tells the match whether seat's player is connected. A seat
// that goes away starts its grace period; after it, Policy.OnGone applies.
// Coming back within the grace period cancels it. Bot seats ignore this,
// except a seat a bot took over: its holder coming back takes it back from
// the bot, at once or after the move the bot is thinking about
// (reclaim.go).
func (mt *Match) SetConnected(seat game.Seat, connected bool) {
	mt.mu.Lock()
	back := mt.setConnectedLocked(seat, connected)
	if back {
		// Counted while mt.mu is held, as a bot's search is, so that
		// Close (which stops the match under mt.mu) waits for it.
		mt.m.wg.Add(1)
	}
	mt.mu.Unlock()
	if back {
		// The caller may hold a lock that subscribers take (the server
		// calls this under its table's lock), so the update giving the
		// seat back is delivered from a goroutine of its own.
		go func() {
			defer mt.m.wg.Done()
			mt.deliver()
		}()
	}
}

// setConnectedLocked is SetConnected under mt.mu; it reports whether it
// stored an update that the caller must deliver.
func (mt *Match) setConnectedLocked(seat game.Seat, connected bool) bool {
	if seat < 0 || int(seat) >= len(mt.seats) || mt.outcome != nil {
		return false
	}
	s := &mt.seats[seat]
	now := mt.m.clock.Now()
	if s.kind == Bot {
		if mt.spec.Seats[seat].Kind == Bot {
			return false
		}
		s.reclaim = connected
		// The holder's presence still counts for a pause (pause.go).
		s.connected = connected
		if connected && mt.paused && !mt.keepsPausedLocked(now) {
			mt.resumeLocked(now)
			mt.afterChangeLocked(now)
		}
		return connected && mt.reclaimLocked(now)
	}
	if s.connected == connected {
		return false
	}
	s.connected = connected
	if !connected {
		s.goneAt = now
	}
	if connected && mt.paused && !mt.keepsPausedLocked(now) {
		mt.resumeLocked(now)
	}
	mt.afterChangeLocked(now)
	return false
}
