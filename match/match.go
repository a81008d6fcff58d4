package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parlor-games/parlor/clock"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store"
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

type subscriber struct {
	fn        func(Update)
	cancelled atomic.Bool
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

// Since returns the updates after seq, for a client resuming from seq.
// Updates older than the few the match keeps are rebuilt from the store's
// log (history.go); if the store cannot be read, Since logs it and
// returns nil, and the caller's next look finds the gap again.
func (mt *Match) Since(seq int64) []Update {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	out, err := mt.sinceLocked(seq, mt.seqLocked())
	if err != nil {
		mt.m.log.Error("match history not loaded", "match", mt.id, "err", err)
		return nil
	}
	return out
}

// Subscribe calls fn with every update from now on, in order. It is
// SubscribeSince from the updates already delivered.
func (mt *Match) Subscribe(fn func(Update)) (cancel func()) {
	mt.deliverMu.Lock()
	defer mt.deliverMu.Unlock()
	return mt.addSubLocked(fn)
}

// SubscribeSince calls fn with every update after seq, first those that
// already happened and then each new one, exactly once and in order: what
// a reconnecting client needs, without the gap or overlap of calling Since
// and then Subscribe.
//
// fn is never called concurrently with itself, and is called before the
// Play that made the update returns, so it must be quick and must not
// block: the server's callback only queues the update for its connection.
// fn may read the match (Snapshot, Since) and may cancel, but must not Play
// or Subscribe from inside the callback. After cancel returns, fn is not
// called again (a call already running may finish).
func (mt *Match) SubscribeSince(seq int64, fn func(Update)) (cancel func()) {
	mt.deliverMu.Lock()
	defer mt.deliverMu.Unlock()
	mt.mu.Lock()
	if seq < 0 {
		seq = 0
	}
	missed, err := mt.sinceLocked(seq, mt.delivered)
	mt.mu.Unlock()
	if err != nil {
		mt.m.log.Error("match history not loaded", "match", mt.id, "err", err)
	}
	for _, u := range missed {
		fn(u)
	}
	return mt.addSubLocked(fn)
}

func (mt *Match) addSubLocked(fn func(Update)) func() {
	s := &subscriber{fn: fn}
	mt.subsMu.Lock()
	old := *mt.subs.Load()
	list := append(append(make([]*subscriber, 0, len(old)+1), old...), s)
	mt.subs.Store(&list)
	mt.subsMu.Unlock()
	return func() {
		s.cancelled.Store(true)
		mt.subsMu.Lock()
		defer mt.subsMu.Unlock()
		old := *mt.subs.Load()
		list := make([]*subscriber, 0, len(old))
		for _, o := range old {
			if o != s {
				list = append(list, o)
			}
		}
		mt.subs.Store(&list)
	}
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

// rebuild makes a match from its stored log, replaying every record, and
// resumes it: clocks, timers and bots run from its last position.
func (m *Manager) rebuild(ml *store.MatchLog) (*Match, error) {
	mt, err := m.replay(ml)
	if err != nil {
		return nil, err
	}
	mt.mu.Lock()
	defer mt.mu.Unlock()
	// Every connection was lost with the old process; the time the server
	// was down is charged to no one.
	now := m.clock.Now()
	for i := range mt.seats {
		s := &mt.seats[i]
		if s.owing && !mt.spec.Policy.Correspondence() {
			// A correspondence clock counts days, restarts included
			// (correspondence.go).
			s.moveStart = now
		}
		if mt.spec.Seats[i].Kind != Bot { // a seat a bot took over too: its holder is gone
			s.connected = false
			s.goneAt = now
		}
	}
	mt.restoreVacationsLocked()
	mt.restorePauseLocked(ml.Paused, ml.PausedSeat)
	if mt.vote != nil {
		// Nobody could vote while the server was down; a vote that its
		// ballots decided before the crash ends at once.
		mt.vote.Until = now.Add(VoteTime)
		if mt.vote.tally() != "" {
			mt.vote.Until = now
		}
	}
	if mt.outcome == nil {
		mt.afterChangeLocked(now)
	} else {
		mt.cancel()
	}
	// The updates rebuilt here were all delivered before the crash, to
	// subscribers who are gone: a new subscriber starts after them, and
	// the match keeps only the latest of them.
	mt.delivered = mt.seqLocked()
	mt.trimLocked()
	if ml.Finished {
		mt.endNotified = true
	}
	return mt, nil
}

// replay makes a match from its stored log, replaying every record and
// keeping every update, and starts nothing: no clock, timer or bot. It is
// rebuild's first half, and how a match's history is read back
// (history.go).
func (m *Manager) replay(ml *store.MatchLog) (*Match, error) {
	var spec Spec
	var set settings
	if err := json.Unmarshal(ml.Seats, &spec.Seats); err != nil {
		return nil, fmt.Errorf("seats: %w", err)
	}
	if err := json.Unmarshal(ml.Settings, &set); err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	spec.Game, spec.Options, spec.Seed = ml.Game, ml.Options, ml.Seed
	spec.Policy, spec.BotTime, spec.Unrated = set.Policy, set.BotTime, set.Unrated
	def, st, err := m.reg.Start(game.Log{Game: ml.Game, Options: ml.Options, Seed: ml.Seed})
	if err != nil {
		return nil, &game.ReplayError{Err: err}
	}
	if len(spec.Seats) != st.Seats() {
		return nil, fmt.Errorf("%d seats stored for a game of %d", len(spec.Seats), st.Seats())
	}
	mt := m.newMatch(ml.ID, spec, def, st, ml.Created)
	mt.mu.Lock()
	defer mt.mu.Unlock()
	mt.tickLocked(ml.Created, -2)
	for i, r := range ml.Records {
		if r.Index != int64(i+1) {
			return nil, fmt.Errorf("record %d has index %d", i+1, r.Index)
		}
		if mt.outcome != nil {
			return nil, fmt.Errorf("record %d follows the end of the match", r.Index)
		}
		if r.Move != nil {
			mv, err := st.ParseMove(r.Seat, r.Move)
			if err != nil {
				return nil, &game.ReplayError{Index: i + 1, Entry: game.Entry{Seat: r.Seat, Move: r.Move}, Err: err}
			}
			events, err := st.Apply(r.Seat, mv)
			if err != nil {
				return nil, &game.ReplayError{Index: i + 1, Entry: game.Entry{Seat: r.Seat, Move: r.Move}, Err: err}
			}
			mt.recordLocked(Update{Seq: r.Index, Seat: r.Seat, Move: r.Move, Text: game.Describe(st, r.Seat, mv, events), Events: events, At: r.At})
			mt.tickLocked(r.At, r.Seat)
			continue
		}
		var rec matchRecord
		if err := json.Unmarshal(r.Event, &rec); err != nil {
			return nil, fmt.Errorf("record %d: %w", r.Index, err)
		}
		if rec.Seat < 0 || int(rec.Seat) >= len(mt.seats) {
			return nil, fmt.Errorf("record %d names seat %d", r.Index, rec.Seat)
		}
		mt.applyRecordLocked(rec, r.At)
	}
	return mt, nil
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
