package match

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parlor-games/parlor/clock"
	"github.com/parlor-games/parlor/game"
)

// Update is one accepted move, or a decision of the match itself (a
// forfeit, a timeout, an abandonment, a bot taking over a seat), numbered
// by Seq: 1, 2, 3, ... per match, with no gaps.
//
// An Update is shared by every subscriber and by Since: treat it as
// read-only.
type Update struct {
	Seq    int64
	Seat   game.Seat       // the seat that moved, or that the match's decision is about
	Move   json.RawMessage // canonical JSON; nil for a match-level update
	Text   string          // the move in words (game.Describe), for everyone; empty for a match-level update
	Events []game.Event    // all events; filter with For
	// The position after the update, as everyone may know it.
	Turn    []game.Seat
	Scores  []int
	Outcome *game.Outcome // set on the update that ends the match
	At      time.Time
}

// For returns u with only the events that one of seats (or, for
// game.Spectator, everyone) may see. It copies the events only when some
// must go.
func (u Update) For(seats ...game.Seat) Update {
	visible := func(e game.Event) bool {
		for _, s := range seats {
			if e.VisibleTo(s) {
				return true
			}
		}
		return false
	}
	for i, e := range u.Events {
		if visible(e) {
			continue
		}
		kept := make([]game.Event, i, len(u.Events)-1)
		copy(kept, u.Events[:i])
		for _, e := range u.Events[i+1:] {
			if visible(e) {
				kept = append(kept, e)
			}
		}
		u.Events = kept
		return u
	}
	return u
}

// MatchEvent is the Data of the event of a match-level update.
type MatchEvent struct {
	Cause   string        `json:"cause"`  // "gone", "timeout", "resign" or "vote"
	Action  Action        `json:"action"` // Forfeit, BotTakes, End, Resigns or Votes
	Level   string        `json:"level,omitempty"`
	Outcome *game.Outcome `json:"outcome,omitempty"`
	// Vote is the tally of a vote's record (vote.go), cause "vote".
	Vote *Vote `json:"vote,omitempty"`
	// Decision is what a carried vote did to the game, on its end record;
	// the store's game log reads it (store.MatchLog.Log).
	Decision game.Decision `json:"decision,omitempty"`
}

// Match-level event types.
const (
	EventForfeit   = "forfeit"   // a gone seat forfeited
	EventTimeout   = "timeout"   // a seat ran out of time (Data.Action says what followed)
	EventAbandoned = "abandoned" // a gone seat ended the game for all
	EventTakeover  = "takeover"  // a bot took over a gone seat
)

// matchRecord is a match-level update as stored in the log.
type matchRecord struct {
	Type string    `json:"type"`
	Seat game.Seat `json:"seat"`
	MatchEvent
}

// Clocks are a match's clocks at a Snapshot.
type Clocks struct {
	// Remaining is each seat's game clock left; nil without a game clock.
	Remaining []time.Duration `json:"remaining,omitempty"`
	// Deadline is, per seat, when its current move is due (the sooner of
	// the move clock and the game clock); zero when it owes none or has no
	// clock.
	Deadline []time.Time `json:"deadline,omitempty"`
}

// SeatStatus is a seat as the match sees it now.
type SeatStatus struct {
	Kind      SeatKind `json:"kind"` // Human, Bot or Open; Bot after a takeover
	Level     string   `json:"level,omitempty"`
	Connected bool     `json:"connected"`
	// TakenOver is true while a bot plays the seat in its holder's place
	// (after a takeover, until the return).
	TakenOver bool `json:"takenOver,omitempty"`
}

// Snapshot is a match as one seat may see it at Seq.
type Snapshot struct {
	Seq  int64
	Seat game.Seat
	// View is the seat's view as JSON. It is encoded under the match's
	// lock, so none of the game's memory escapes to the caller.
	View    json.RawMessage
	Turn    []game.Seat
	Scores  []int
	Outcome *game.Outcome
	Seats   []SeatStatus
	Clocks  Clocks
	// Votes lists the votes the table offers; Vote is the open one, if any.
	Votes []VoteKind
	Vote  *Vote
}

// seat is one seat's live status.
type seat struct {
	kind      SeatKind
	level     string
	bot       game.Bot // made on first use
	connected bool
	goneAt    time.Time // when it went away, while !connected
	owing     bool
	reclaim   bool          // a bot took the seat over and its holder is back or asked for it: give it back (reclaim.go)
	owingNext bool          // scratch for tickLocked
	moveStart time.Time     // when its current move's clock started
	used      time.Duration // game clock used before moveStart
	removed   bool          // removed from the game by a vote (vote.go): no clocks, no policy, no votes
	vacations []Span        // the holder's vacations, sorted, in a correspondence match (correspondence.go)
}

// Match is one live match. Its methods are safe for concurrent use.
type Match struct {
	m       *Manager
	id      string
	spec    Spec
	def     *game.Definition
	created time.Time

	ctx    context.Context // ends its bot search when the match ends or the manager closes
	cancel context.CancelFunc

	mu        sync.Mutex
	st        game.State // nil once released (history.go): loaded from the store when asked
	updates   []Update   // the latest updates: updates[i].Seq == base+i+1 (history.go)
	base      int64      // the updates up to base are in the store only
	scores    []int      // the final scores, kept when st is released
	seats     []seat
	outcome   *game.Outcome
	botRand   game.Rand
	searching bool
	stopped   bool
	timer     clock.Timer
	timerGen  uint64
	vote      *Vote // the open vote (vote.go), nil when none is

	// paused is set while the match waits for a gone player to return
	// (pause.go); pausedAt is when it paused and pausedSeat the seat whose
	// absence paused it.
	paused     bool
	pausedAt   time.Time
	pausedSeat game.Seat
	onPause    atomic.Pointer[func()]

	// searchSeat is the seat the running bot search is for, while
	// searching: its seat is not given back mid-move (reclaim.go).
	searchSeat game.Seat

	// Delivery to subscribers runs outside mu, so that a subscriber may
	// read the match (Snapshot, Since) from its callback; deliverMu keeps it
	// in order and one call at a time.
	deliverMu   sync.Mutex
	delivered   int64 // updates delivered so far
	endNotified bool
	subsMu      sync.Mutex
	subs        atomic.Pointer[[]*subscriber]
}

func (m *Manager) newMatch(id string, spec Spec, def *game.Definition, st game.State, created time.Time) *Match {
	ctx, cancel := context.WithCancel(m.ctx)
	mt := &Match{
		m: m, id: id, spec: spec, def: def, created: created, st: st,
		ctx: ctx, cancel: cancel,
		seats: make([]seat, len(spec.Seats)),
		// Room for the updates it keeps (history.go) and the next.
		updates: make([]Update, 0, recentUpdates+1),
		// Bots draw from their own generator, split off the seed, so
		// their draws never disturb the game's and a replay is unaffected.
		botRand: game.NewRand(spec.Seed ^ 0x5bd1e9955bd1e995),
	}
	for i, s := range spec.Seats {
		mt.seats[i] = seat{kind: s.Kind, level: s.Level, connected: true}
	}
	mt.subs.Store(&[]*subscriber{})
	return mt
}

// startLocked starts clocks, timers and bots from the current position.
func (mt *Match) startLocked(now time.Time) {
	mt.tickLocked(now, -2)
	mt.afterChangeLocked(now)
}

// ID is the match's identifier.
func (mt *Match) ID() string { return mt.id }

// Spec is the spec the match was created with, its seed filled in. The
// seed is a secret of the server: never send it to a client of a live match.
func (mt *Match) Spec() Spec { return mt.spec }

// Definition is the match's game.
func (mt *Match) Definition() *game.Definition { return mt.def }

// Seq is the number of the latest update, 0 before the first.
func (mt *Match) Seq() int64 {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	return mt.seqLocked()
}

// Outcome is the end of the match, or nil while it goes on.
func (mt *Match) Outcome() *game.Outcome {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	return mt.outcome
}

// Log is the match's game log (header and game moves; the match's own
// decisions are not game moves), for saves and export. It is read from
// the store, which holds every move anyone has seen: the match does not
// keep its history in memory.
func (mt *Match) Log(ctx context.Context) (game.Log, error) {
	ml, err := mt.m.st.LoadMatch(ctx, mt.id)
	if err != nil {
		return game.Log{}, fmt.Errorf("the match's log could not be read: %w", err)
	}
	return ml.Log(), nil
}

// Snapshot is the match as seat (or game.Spectator) may see it now. A seat
// that is not at the table gets the spectator's view.
func (mt *Match) Snapshot(seat game.Seat) Snapshot {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	if seat < 0 || int(seat) >= len(mt.seats) {
		seat = game.Spectator
	}
	if mt.st == nil {
		return mt.releasedSnapshotLocked(seat)
	}
	view, err := json.Marshal(mt.st.View(seat))
	if err != nil {
		mt.m.log.Error("view does not encode", "match", mt.id, "seat", seat, "err", err)
		view = json.RawMessage("null")
	}
	sn := Snapshot{
		Seq: mt.seqLocked(), Seat: seat, View: view,
		Scores: mt.st.Scores(), Outcome: mt.outcome,
		Seats: make([]SeatStatus, len(mt.seats)),
	}
	if mt.outcome == nil {
		sn.Turn = mt.st.Turn()
	}
	for i, s := range mt.seats {
		sn.Seats[i] = SeatStatus{Kind: s.kind, Level: s.level, Connected: s.kind == Bot || s.connected,
			TakenOver: s.kind == Bot && mt.spec.Seats[i].Kind != Bot}
	}
	sn.Clocks = mt.clocksLocked(mt.m.clock.Now())
	sn.Votes = mt.voteKindsLocked()
	sn.Vote = mt.voteLocked()
	return sn
}

// stopUnlessOver stops the match, as stop does, unless it is over, and
// reports whether it did: a match that ends is never stopped halfway
// through its end.
func (mt *Match) stopUnlessOver() bool {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	if mt.outcome != nil {
		return false
	}
	mt.stopped = true
	mt.cancel()
	mt.stopTimerLocked()
	return true
}

// stop ends the match's bot search and timer for a shutdown. The match
// keeps its state but plays nothing more.
func (mt *Match) stop() {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	mt.stopped = true
	mt.cancel()
	mt.stopTimerLocked()
}
