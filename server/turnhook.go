package server

import (
	"slices"
	"time"

	"github.com/parlor-games/parlor/clock"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

// The hook for notices to a player who is not looking (push, mail): the
// server knows when a seat's turn comes and when its deadline is near,
// and tells Config.OnTurn, which a notifier subscribes with. The server
// itself sends nothing: what reaches a player, and how, is the
// notifier's business.

// TurnEvent is what a TurnNotice is about.
type TurnEvent string

// Turn events.
const (
	// TurnCame: it is now the seat's turn at the table.
	TurnCame TurnEvent = "turn"
	// DeadlineNear: the seat's move is due soon (deadlineWarning).
	DeadlineNear TurnEvent = "deadline-near"
)

// TurnNotice is one thing a player may want to be told.
type TurnNotice struct {
	Kind   TurnEvent
	Table  string
	Game   string
	UserID int64
	Seat   game.Seat
	// TableKind tells a correspondence game (worth a notice) from a live
	// one (whose player is usually at the table).
	TableKind TableKind
	// Deadline is when the move is due; zero without a clock.
	Deadline time.Time
}

// deadlineWarning is how long before a correspondence move's deadline
// DeadlineNear is given: a quarter of the move clock, at most a
// day (six hours of a one-day clock, a day of a week's).
func deadlineWarning(moveClock time.Duration) time.Duration {
	return min(moveClock/4, 24*time.Hour)
}

// turnWatch is a table's memory for the hook: the seats that owed a move
// at the last update, and the pending deadline warnings.
type turnWatch struct {
	owing  []game.Seat
	timers []clock.Timer
}

// clock is the server's clock (Config.Clock).
func (s *Server) clock() clock.Clock {
	if s.cfg.Clock == nil {
		return clock.Real{}
	}
	return s.cfg.Clock
}

// noticeTurns tells the hook of the seats whose turn came with the
// latest change of mt, and sets the warnings of their deadlines. fresh
// is false when the table is only re-attached (a restart): the turns it
// finds were told before. Callers hold t.mu.
func (t *table) noticeTurnsLocked(mt *match.Match, fresh bool) {
	hook := t.s.cfg.OnTurn
	if hook == nil {
		return
	}
	owed := mt.Owing()
	now := t.s.clock().Now()
	for _, tm := range t.turns.timers {
		tm.Stop()
	}
	t.turns.timers = nil
	var owing []game.Seat
	for _, o := range owed {
		owing = append(owing, o.Seat)
		st := t.seats[o.Seat]
		if st.Kind != match.Human {
			continue
		}
		n := TurnNotice{Kind: TurnCame, Table: t.id, Game: t.game, UserID: st.UserID, Seat: o.Seat, TableKind: tableKind(t.policy), Deadline: o.Deadline}
		if fresh && !slices.Contains(t.turns.owing, o.Seat) {
			hook(n)
		}
		if !correspondence(t.policy) || o.Deadline.IsZero() {
			continue
		}
		n.Kind = DeadlineNear
		since := o.Since
		warnIn := o.Deadline.Add(-deadlineWarning(secs(t.policy.MoveClock))).Sub(now)
		t.turns.timers = append(t.turns.timers, t.s.clock().AfterFunc(max(warnIn, 0), func() {
			// Still the same move, still owed, still near: a move
			// made since restarted the clock, and a vacation taken
			// since moved the deadline (and set a warning of its own).
			warn := deadlineWarning(secs(t.policy.MoveClock))
			for _, o := range mt.Owing() {
				if o.Seat == n.Seat && o.Since.Equal(since) && !t.s.clock().Now().Before(o.Deadline.Add(-warn)) {
					n.Deadline = o.Deadline
					hook(n)
				}
			}
		}))
	}
	t.turns.owing = owing
}
