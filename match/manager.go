// Package match runs live matches: it orders moves, keeps each match's log
// durable, numbers updates, filters events per seat, asks bots for their
// moves, runs clocks and the disconnect policy, and rebuilds every
// unfinished match after a restart.
//
// A match is its log (docs/architecture.md). Play appends each accepted
// move to the store and only then numbers it, tells subscribers and
// returns, so nothing anyone has seen can be lost by a crash. Recover
// rebuilds a match by replaying that log, which regenerates the same events
// and so the same updates.
//
// Each match is serialised by its own mutex; matches run in parallel, and
// the store's group commit shares the cost of durability between them.
package match

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parlor-games/parlor/clock"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/protocol"
	"github.com/parlor-games/parlor/store"
)

// Store is what a Manager needs of durable storage; *store.Store meets it,
// and so will the PostgreSQL store.
type Store interface {
	CreateMatch(ctx context.Context, h store.MatchHeader) error
	// Append must return only once the record is durable.
	Append(ctx context.Context, r store.Record) error
	FinishMatch(ctx context.Context, id string, outcome json.RawMessage, reason string) error
	LoadMatch(ctx context.Context, id string) (*store.MatchLog, error)
	UnfinishedMatches(ctx context.Context) ([]string, error)
	// SetPaused stores a match's pause (a zero at: its end), so that
	// RecoverMatches rebuilds a paused match paused.
	SetPaused(ctx context.Context, id string, seat game.Seat, at time.Time) error
}

// Options tune a Manager. The zero value is ready to use.
type Options struct {
	// OnEnd is called once when a match ends, however it ends (the game's
	// own end, a forfeit, a timeout, an abandonment), after the final
	// update has been delivered to subscribers, so the server can record
	// statistics and achievements. It runs on the goroutine that ended the
	// match and must not call Play.
	OnEnd func(mt *Match, outcome game.Outcome)
	// Clock is the time source of the match clocks and the disconnect
	// policy; it defaults to the wall clock. Tests pass clocktest's so
	// that they never sleep.
	Clock clock.Clock
	// BotTime is a bot's budget per move when a Spec sets none; default 1s.
	BotTime time.Duration
	// OnPause is called when a match pauses or resumes (pause.go), outside
	// the match's lock, so the server can tell the table's watchers and
	// the lobby. It must not call Play.
	OnPause func(mt *Match)
	// CloseAfter is how long a match stays paused before it is closed,
	// ended for all; default ClosePaused.
	CloseAfter time.Duration
	// Vacations, when set, gives a user's vacations to a correspondence
	// match rebuilt from its log (correspondence.go), before its timer
	// is set: a deadline that passed while the server was down but lies
	// inside a vacation must not run out the moment the match is back.
	Vacations func(userID int64) []Span
}

// Manager holds the live matches of one server.
type Manager struct {
	reg   *game.Registry
	st    Store
	log   *slog.Logger
	opts  Options
	clock clock.Clock

	ctx    context.Context // ends every bot search on Close
	cancel context.CancelFunc
	closed atomic.Bool
	wg     sync.WaitGroup // bot goroutines in flight

	mu      sync.Mutex
	matches map[string]*Match

	// restore lends the copies of positions a move keeps (restore.go).
	restore restorePoints
}

// NewManager returns a Manager with default Options.
func NewManager(reg *game.Registry, st *store.Store, log *slog.Logger) *Manager {
	return New(reg, st, log, Options{})
}

// New returns a Manager storing matches in st.
func New(reg *game.Registry, st Store, log *slog.Logger, opts Options) *Manager {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if opts.Clock == nil {
		opts.Clock = clock.Real{}
	}
	if opts.BotTime <= 0 {
		opts.BotTime = time.Second
	}
	if opts.CloseAfter <= 0 {
		opts.CloseAfter = ClosePaused
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Manager{
		reg: reg, st: st, log: log, opts: opts, clock: opts.Clock,
		ctx: ctx, cancel: cancel,
		matches: make(map[string]*Match),
	}
}

// ErrClosed is returned by calls made once Close has begun.
var ErrClosed = errors.New("match: the server is shutting down")

// ErrNotStored is in the chain of the error Create, Play, Resign and
// Reclaim return when the store did not take what they had to keep: the
// match, a move or a decision. Nothing changed, and the same request may
// succeed later.
var ErrNotStored = errors.New("match: not stored")

// notStored marks a store failure with ErrNotStored; its text is err's.
type notStored struct{ err error }

func (e notStored) Error() string   { return e.err.Error() }
func (e notStored) Unwrap() []error { return []error{e.err, ErrNotStored} }

// SeatKind says who plays a seat: the protocol's type, so that a seat's
// kind is declared once and a table's JSON needs no conversion.
type SeatKind = protocol.SeatKind

// Seat kinds.
const (
	Human = protocol.SeatHuman
	Bot   = protocol.SeatBot
	Open  = protocol.SeatOpen // not yet taken; played like a human seat
)

// Action is what a policy does to a seat whose player is gone or whose
// time is up: the protocol's type (a table's policy carries it), which
// the match's own records (Resigns, Votes, Returns) share.
type Action = protocol.Action

// Policy actions, for OnGone and OnTimeout. The empty Action waits
// forever (OnGone only). Pause stops the match until the gone player
// returns: no clock runs, no bot moves and no move is taken (OnGone
// only; pause.go).
const (
	Forfeit  = protocol.Forfeit  // the seat loses; the others win
	BotTakes = protocol.BotTakes // a bot takes the seat and the match goes on
	End      = protocol.End      // the game ends for all, with no winner
	Pause    = protocol.Pause
)

// SeatSpec says who sits in a seat.
type SeatSpec struct {
	Kind   SeatKind `json:"kind"`            // Human, Bot or Open
	Level  string   `json:"level,omitempty"` // bot level when Kind is Bot
	UserID int64    `json:"userId,omitempty"`
	Name   string   `json:"name,omitempty"`
}

// Holders returns the users holding a human seat among seats, each once,
// in seat order: who the store indexes a match under (MatchHeader.Holders).
func Holders(seats []SeatSpec) []int64 {
	var out []int64
	for _, s := range seats {
		if s.Kind == Human && s.UserID != 0 && !slices.Contains(out, s.UserID) {
			out = append(out, s.UserID)
		}
	}
	return out
}

// Policy is what happens when a player goes away or runs out of time.
type Policy struct {
	Grace     time.Duration `json:"grace,omitempty"`     // how long a gone player may stay away
	OnGone    Action        `json:"onGone,omitempty"`    // "" (wait forever), Forfeit, BotTakes or End
	MoveClock time.Duration `json:"moveClock,omitempty"` // per move; 0: none
	GameClock time.Duration `json:"gameClock,omitempty"` // per seat for the whole match; 0: none
	OnTimeout Action        `json:"onTimeout,omitempty"` // Forfeit (the default), BotTakes or End
	// BotLevel is the level of a bot that takes over a seat; default the
	// game's middle level.
	BotLevel string `json:"botLevel,omitempty"`
}

// Spec describes a match to create.
type Spec struct {
	Game    string
	Options json.RawMessage
	Seed    uint64 // 0: a fresh random seed
	Seats   []SeatSpec
	Policy  Policy
	// BotTime is the budget of each bot move; 0: the Manager's default.
	BotTime time.Duration
	// Unrated marks a match whose end counts for nothing (no ratings,
	// stats or achievements): a copy of a saved match, or one started
	// from a chosen position. It is stored with the match, so it holds
	// after a restart.
	Unrated bool
}

// settings is the part of a Spec stored as the match's table settings.
type settings struct {
	Policy  Policy        `json:"policy"`
	BotTime time.Duration `json:"botTime,omitempty"`
	Unrated bool          `json:"unrated,omitempty"`
}

func (p Policy) validate() error {
	for _, a := range []struct {
		name string
		v    Action
	}{{"onGone", p.OnGone}, {"onTimeout", p.OnTimeout}} {
		if !a.v.Valid() {
			return fmt.Errorf("policy %s must be %q, %q, %q or %q, not %q", a.name, Forfeit, BotTakes, End, Pause, a.v)
		}
	}
	if p.OnTimeout == Pause {
		// A clock that pauses its own match when it runs out would
		// stop the game for ever, with everyone still there.
		return errors.New("policy onTimeout cannot be pause")
	}
	if p.Grace < 0 || p.MoveClock < 0 || p.GameClock < 0 {
		return errors.New("policy times must not be negative")
	}
	return nil
}

// Create starts a match: it checks the spec, stores the match's header,
// starts the game and, if a bot owes the first move, its search.
func (m *Manager) Create(ctx context.Context, spec Spec) (*Match, error) {
	if m.closed.Load() {
		return nil, ErrClosed
	}
	if spec.Seed == 0 {
		spec.Seed = randomSeed()
	}
	if len(spec.Options) == 0 {
		spec.Options = nil
	}
	def, st, err := m.reg.Start(game.Log{Game: spec.Game, Options: spec.Options, Seed: spec.Seed})
	if err != nil {
		return nil, err
	}
	if len(spec.Seats) != st.Seats() {
		return nil, fmt.Errorf("%s with these options has %d seats, not %d", def.Title, st.Seats(), len(spec.Seats))
	}
	for i, s := range spec.Seats {
		switch s.Kind {
		case Human, Open:
		case Bot:
			if _, err := def.Bot(s.Level, game.NewRand(0)); err != nil {
				return nil, fmt.Errorf("seat %d: %w", i, err)
			}
		default:
			return nil, fmt.Errorf("seat %d: kind must be %q, %q or %q, not %q", i, Human, Bot, Open, s.Kind)
		}
	}
	spec.Seats = NameBots(st, spec.Seats)
	if err := spec.Policy.validate(); err != nil {
		return nil, err
	}
	if spec.Policy.BotLevel != "" {
		if _, err := def.Bot(spec.Policy.BotLevel, game.NewRand(0)); err != nil {
			return nil, fmt.Errorf("policy botLevel: %w", err)
		}
	}
	seats, err := json.Marshal(spec.Seats)
	if err != nil {
		return nil, err
	}
	set, err := json.Marshal(settings{Policy: spec.Policy, BotTime: spec.BotTime, Unrated: spec.Unrated})
	if err != nil {
		return nil, err
	}
	now := m.clock.Now()
	h := store.MatchHeader{
		ID: newID(), Game: spec.Game, Options: spec.Options, Seed: spec.Seed,
		Seats: seats, Settings: set, Created: now, Holders: Holders(spec.Seats),
	}
	if err := m.st.CreateMatch(ctx, h); err != nil {
		return nil, notStored{err}
	}
	mt := m.newMatch(h.ID, spec, def, st, now)
	mt.mu.Lock()
	mt.startLocked(now)
	mt.mu.Unlock()
	if !m.add(mt) {
		mt.stop()
		return nil, ErrClosed
	}
	return mt, nil
}

func (m *Manager) add(mt *Match) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed.Load() {
		return false
	}
	m.matches[mt.id] = mt
	return true
}

// Get returns a match created or recovered by this Manager, finished ones
// included.
func (m *Manager) Get(id string) (*Match, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	mt, ok := m.matches[id]
	return mt, ok
}

// Remove forgets a finished match, once the server no longer needs it in
// memory (its log stays in the store). A live match is not removed: it
// reports false.
//
// The match, which its table may still hold for late watchers, keeps only
// its seats and outcome from then on (history.go): the rest is read back
// from the store when asked.
func (m *Manager) Remove(id string) bool {
	m.mu.Lock()
	mt, ok := m.matches[id]
	if !ok || mt.Outcome() == nil {
		m.mu.Unlock()
		return false
	}
	delete(m.matches, id)
	m.mu.Unlock()
	mt.release()
	return true
}

// Unload stops match id and forgets it, leaving it unfinished in the
// store: its table is moving to another node, which rebuilds it from the
// log (RecoverMatches). Its bots and clocks stop; a move being stored
// finishes first, and every move after is refused with ErrClosed. It
// reports false, and changes nothing, when there is no such match here
// or it is over (its end is being recorded here).
func (m *Manager) Unload(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	mt, ok := m.matches[id]
	if !ok || !mt.stopUnlessOver() {
		return false
	}
	delete(m.matches, id)
	return true
}

// Recover reloads every unfinished match from the store after a restart,
// by replaying its log, and restarts its bots and clocks. Each match
// resumes exactly after its last stored (so last acknowledged) update, with
// the same sequence numbers and events as before.
//
// The connections did not survive the restart, so every human seat counts
// as gone from now until the server calls SetConnected(seat, true): a
// policy with OnGone set starts its grace period for each. Time that passed
// while the server was down is charged to no one's clock.
//
// A match whose log no longer replays (a game's rules changed under it) is
// logged and skipped; the count is of matches resumed.
func (m *Manager) Recover(ctx context.Context) (int, error) {
	ids, err := m.st.UnfinishedMatches(ctx)
	if err != nil {
		return 0, err
	}
	return m.RecoverMatches(ctx, ids)
}

// RecoverMatches is Recover for the matches named: a node that takes the
// tables of a node that died (store.Heartbeat) rebuilds their matches
// this way. A match already here, or finished, is left as it is.
func (m *Manager) RecoverMatches(ctx context.Context, ids []string) (int, error) {
	n := 0
	for _, id := range ids {
		if _, ok := m.Get(id); ok {
			continue
		}
		ml, err := m.st.LoadMatch(ctx, id)
		if err != nil {
			return n, err
		}
		mt, err := m.rebuild(ml)
		if err != nil {
			m.log.Error("match does not recover", "match", id, "err", err)
			continue
		}
		if !m.add(mt) {
			mt.stop()
			return n, ErrClosed
		}
		n++
		if mt.Outcome() != nil {
			// Its last move was stored but not its end: finish it now.
			mt.finishStored(ctx)
			mt.deliver()
		}
	}
	return n, nil
}

// Close stops every bot and timer, lets any Play in progress finish its
// write, and waits for the bots' goroutines to exit (or ctx to end). It does
// not close the store.
func (m *Manager) Close(ctx context.Context) error {
	m.mu.Lock()
	m.closed.Store(true)
	list := make([]*Match, 0, len(m.matches))
	for _, mt := range m.matches {
		list = append(list, mt)
	}
	m.mu.Unlock()
	m.cancel()
	for _, mt := range list {
		mt.stop()
	}
	done := make(chan struct{})
	go func() { m.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func randomSeed() uint64 {
	var b [8]byte
	for {
		rand.Read(b[:])
		if s := binary.LittleEndian.Uint64(b[:]); s != 0 {
			return s
		}
	}
}

func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
