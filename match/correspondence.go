package match

import (
	"slices"
	"time"

	"github.com/parlor-games/parlor/game"
)

// Correspondence play.
//
// A table whose move clock is a day or more is played across days: a move
// when its player has a minute. Such a match differs from a live one in
// three ways, all of which follow from the policy alone, so that a match
// rebuilt from its stored settings behaves as it did:
//
//   - Its move clock keeps running over a restart: the deadline is the
//     stored time of the last record plus the clock, not the restart plus
//     the clock, or a server restarted daily would never let anyone lose
//     on time.
//   - A vacation (SetVacations) stops the clock of the seats its player
//     holds for as long as it lasts; the deadline moves on by the part of
//     the vacation that falls inside the move.
//   - The server gives it no leaving policy (Policy.Grace 0, OnGone ""):
//     a player who closes the page is expected to, the match never pauses
//     and is never closed for being idle while a clock runs.

// CorrespondenceClock is the shortest move clock of a correspondence
// match.
const CorrespondenceClock = 24 * time.Hour

// Correspondence reports whether the policy is a correspondence match's:
// a move clock of a day or more.
func (p Policy) Correspondence() bool { return p.MoveClock >= CorrespondenceClock }

// Span is a stretch of time, a vacation: From up to Until.
type Span struct {
	From  time.Time `json:"from"`
	Until time.Time `json:"until"`
}

// SetVacations gives seat's player their vacations (any order); the seat's
// move clock does not run during them. It is meant for correspondence
// matches and changes nothing in a live one. The server calls it when the
// match is attached and whenever the player starts or ends a vacation.
func (mt *Match) SetVacations(seat game.Seat, spans []Span) {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	if seat < 0 || int(seat) >= len(mt.seats) || !mt.spec.Policy.Correspondence() {
		return
	}
	vs := slices.Clone(spans)
	slices.SortFunc(vs, func(a, b Span) int { return a.From.Compare(b.From) })
	mt.seats[seat].vacations = vs
	if mt.outcome == nil && !mt.stopped {
		mt.afterChangeLocked(mt.m.clock.Now())
	}
}

// restoreVacationsLocked gives a correspondence match rebuilt from its
// log its players' vacations (Options.Vacations), before any timer runs.
func (mt *Match) restoreVacationsLocked() {
	get := mt.m.opts.Vacations
	if get == nil || !mt.spec.Policy.Correspondence() {
		return
	}
	for i, sp := range mt.spec.Seats {
		if sp.Kind != Human || sp.UserID == 0 {
			continue
		}
		vs := slices.Clone(get(sp.UserID))
		slices.SortFunc(vs, func(a, b Span) int { return a.From.Compare(b.From) })
		mt.seats[i].vacations = vs
	}
}

// refreshVacationsLocked reads seat i's vacations again (Options.Vacations)
// before its correspondence clock is let run out, and reports whether it
// did: a vacation taken through another node reaches this match's
// deadline no later than the moment it would have run out.
func (mt *Match) refreshVacationsLocked(i int) bool {
	get := mt.m.opts.Vacations
	sp := mt.spec.Seats[i]
	if get == nil || !mt.spec.Policy.Correspondence() || sp.Kind != Human || sp.UserID == 0 {
		return false
	}
	vs := slices.Clone(get(sp.UserID))
	slices.SortFunc(vs, func(a, b Span) int { return a.From.Compare(b.From) })
	mt.seats[i].vacations = vs
	return true
}

// moveDeadlineLocked is when seat i's current move is due by the move
// clock, its vacations left out of the count.
func (mt *Match) moveDeadlineLocked(i int) time.Time {
	s := &mt.seats[i]
	return moveDeadline(s.moveStart, mt.spec.Policy.MoveClock, s.vacations)
}

// moveDeadline walks from start, spending left on the time outside the
// vacations (sorted by From), and returns where it runs out.
func moveDeadline(start time.Time, left time.Duration, vacations []Span) time.Time {
	t := start
	for _, v := range vacations {
		if !v.Until.After(t) {
			continue
		}
		if v.From.After(t) {
			gap := v.From.Sub(t)
			if gap >= left {
				break
			}
			left -= gap
		}
		t = v.Until
	}
	return t.Add(left)
}

// Owed is a seat that owes a move, as a player's list of games shows it.
type Owed struct {
	Seat game.Seat
	// Since is when the seat's move clock started: how long the game
	// has been waiting for it.
	Since time.Time
	// Deadline is when the move is due; zero without a clock.
	Deadline time.Time
}

// Owing lists the human seats that owe a move now, in seat order; none
// once the match is over.
func (mt *Match) Owing() []Owed {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	if mt.outcome != nil {
		return nil
	}
	c := mt.clocksLocked(mt.m.clock.Now())
	var out []Owed
	for i, s := range mt.seats {
		if !s.owing || s.kind == Bot || s.removed {
			continue
		}
		o := Owed{Seat: game.Seat(i), Since: s.moveStart}
		if c.Deadline != nil {
			o.Deadline = c.Deadline[i]
		}
		out = append(out, o)
	}
	return out
}

// Now is the time on the manager's clock: the server's idea of now, which
// in tests is a hand-moved clock.
func (mt *Match) Now() time.Time { return mt.m.clock.Now() }
