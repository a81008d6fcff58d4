package gametest

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// Config says how Conformance exercises a game. The zero Config plays a
// few matches with the default options.
type Config struct {
	// Options lists the option objects to play with, as a table would
	// send them; nil or empty means the defaults only. A nil entry also
	// stands for the defaults.
	Options []json.RawMessage
	// Playouts is the number of random matches played with each entry of
	// Options; 0 means 4, or 2 with -short. Under the race detector each
	// entry is played once, whatever Playouts says: it slows a match
	// several times over and finds a data race in one match as well as in
	// many, while every check still runs on every entry. The full count
	// runs without it (scripts/test does both).
	Playouts int
	// Seed seeds the matches, the moves chosen in them and the bots. The
	// same Seed plays the same matches.
	Seed uint64
	// MaxMoves stops a match that has not ended after that many moves;
	// 0 means 1000. The checks made up to there still count.
	MaxMoves int
	// Hidden redraws what a seat may not know; see Sampler. A game whose
	// Definition.Hidden is true must give one, for without it nothing
	// checks that its views keep its secrets.
	Hidden Sampler
	// Candidates, when not nil, returns moves worth trying for seat at s,
	// legal or not: the near misses only the game knows how to make (a
	// line off the board, a square already fired at). s is a copy the
	// function may change. A candidate Apply refuses is checked like any
	// refusal; one it accepts must be listed by Legal.
	Candidates func(s game.State, seat game.Seat, rng *game.Rand) []game.Move
	// Choose, when not nil, picks the move a match plays next among
	// seat's legal moves, to steer matches towards what must be covered
	// (a game of hidden fleets may place a random one half the time);
	// nil picks uniformly.
	Choose func(s game.State, seat game.Seat, legal []game.Move, rng *game.Rand) game.Move
	// MovesChecked is about how many of a seat's legal moves are checked
	// at each position, drawn at random; 0 means all of them. A game whose
	// lists are long can keep the suite quick with it: over a match's
	// positions, every kind of move is still tried many times.
	MovesChecked int
	// SampledLegal says that in some positions Legal lists only a sample
	// of the moves Apply accepts (the placings of a fleet), so a move that is
	// accepted need not be listed.
	SampledLegal bool
	// BotPositions is the number of positions, drawn from the matches
	// played, that each bot level is asked about, besides the opening
	// position of each entry of Options; 0 means 3.
	BotPositions int
	// BotBudget is the deadline each bot gets to choose a move; 0 means
	// 50ms.
	BotBudget time.Duration
	// BotSlack is how long after its deadline a bot may still answer
	// before it counts as late; 0 means 500ms, or 3s under the race
	// detector, generous because a busy machine and the race detector
	// slow a search down more than its checks of the deadline expect.
	// It catches a bot that ignores its deadline, not one a little late.
	BotSlack time.Duration
}

// A Sampler redraws what seat may not know. Given the log of a match, it
// returns the log of another match that seat could not tell from it: the
// same game, as many moves by the same seats, and nothing seat sees told
// differently, but other hidden facts. A game of hidden fleets may move
// a ship of the other fleet that no shot of seat has touched; a card
// game's might deal other hands through its scenario option; any sampler may
// change the seed when the generator's draws are hidden. It reports false
// when it finds nothing to redraw. l is a copy the sampler may change.
//
// Conformance replays both logs side by side and checks that, until the
// end (which may reveal everything), seat's view, the spectator's view,
// Turn, Scores, Outcome, Legal(seat), and the events of each move that
// seat and a spectator are sent, are the same in both matches. Because
// the sampler sees the whole log, the moves that follow a hidden fact
// (the shots after a fleet is placed) are part of what it must keep
// consistent.
type Sampler func(l game.Log, seat game.Seat, rng *game.Rand) (game.Log, bool)

const maxFailures = 10

// Conformance checks that def keeps the game contract (game/game.go,
// docs/game-contract.md) by playing random matches as cfg says; see the
// package documentation for what it checks. Each failure is reported with
// t.Errorf, naming the match so that it can be replayed; a match stops at
// its first failure, and the suite after ten.
func Conformance(t testing.TB, def *game.Definition, cfg Config) {
	t.Helper()
	if cfg.Playouts <= 0 {
		cfg.Playouts = 4
		if testing.Short() {
			cfg.Playouts = 2
		}
	}
	if raceDetector {
		cfg.Playouts = 1
	}
	if cfg.MaxMoves <= 0 {
		cfg.MaxMoves = 1000
	}
	if cfg.BotPositions <= 0 {
		cfg.BotPositions = 3
	}
	if cfg.BotBudget <= 0 {
		cfg.BotBudget = 50 * time.Millisecond
	}
	if cfg.BotSlack <= 0 {
		cfg.BotSlack = 500 * time.Millisecond
		if raceDetector {
			cfg.BotSlack = 3 * time.Second
		}
	}
	options := cfg.Options
	if len(options) == 0 {
		options = []json.RawMessage{nil}
	}
	s := &suite{t: t, def: def, cfg: cfg, reg: game.NewRegistry(def), rng: game.NewRand(cfg.Seed)}
	if !s.definition() {
		return
	}
	start := time.Now()
	for _, o := range options {
		for i := 0; i < cfg.Playouts; i++ {
			m := &match{suite: s, log: game.Log{Game: def.Name, Options: o, Seed: s.rng.Uint64()}}
			m.play(i == 0)
			s.moves += len(m.log.Moves)
		}
	}
	t.Logf("%d matches, %d moves, in %v", len(options)*cfg.Playouts, s.moves, time.Since(start).Round(time.Millisecond))
	switch {
	case cfg.Hidden == nil && def.Hidden:
		s.report("the game has secrets (Definition.Hidden) but Config.Hidden gives no sampler, so nothing checks that its views and events keep them")
	case cfg.Hidden != nil && s.samples == 0:
		s.report("the sampler (Config.Hidden) never returned a log, so the secrecy of views and events was not checked; play matches where something is hidden")
	case cfg.Hidden != nil && s.revealing == 0:
		s.report("the logs the sampler returned never changed what another seat sees, so they changed nothing hidden and the secrecy check tested nothing")
	}
	s.concludeReport()
	s.bots()
}

// suite is one run of Conformance.
type suite struct {
	t   testing.TB
	def *game.Definition
	cfg Config
	reg *game.Registry
	rng game.Rand

	failures int
	moves    int // played in all matches
	// samples counts the logs the sampler returned; revealing, those that
	// changed what some other seat sees.
	samples, revealing int
	// The match's own end (conclude.go): positions concluded by a game
	// that implements game.Concluder and by one that does not; pairs of
	// matches a seat could not tell apart compared after an end by the
	// rules and after game.Conclude, and how many of each it could tell
	// apart then.
	concluders, unconcluded        int
	endPairs, endShown             int
	concludedPairs, concludedShown int
	// openings and drawn are the positions the bots are asked about:
	// each options' first position, and a uniform draw of the others.
	openings, drawn []position
	offered         int
}

// position is a copy of a position of a match, and where it came from.
type position struct {
	st  game.State
	log game.Log
}

func (s *suite) report(format string, args ...any) {
	s.t.Helper()
	s.failures++
	s.t.Errorf(format, args...)
	if s.failures >= maxFailures {
		s.t.Fatalf("gametest: stopping after %d failures", s.failures)
	}
}

// definition checks the Definition itself, and reports whether the
// matches can be played.
func (s *suite) definition() bool {
	d := s.def
	if d.Name == "" || d.Title == "" {
		s.report("the Definition needs a Name and a Title: %q, %q", d.Name, d.Title)
	}
	if d.New == nil {
		s.report("the Definition of %s has no New", d.Name)
		return false
	}
	if (d.NewBot == nil) != (len(d.BotLevels) == 0) {
		s.report("the Definition of %s has BotLevels %v and NewBot %v: both or neither", d.Name, d.BotLevels, d.NewBot != nil)
	}
	if _, err := d.New(json.RawMessage(`{"gametest-no-such-option":1}`), game.NewRand(1)); err == nil {
		s.report("New accepts an unknown option; it must refuse it (game.DecodeOptions does)")
	}
	return true
}

// offer keeps a copy of st for the bots, drawn uniformly among all the
// positions offered.
func (s *suite) offer(st game.State, log game.Log, opening bool) {
	keep := func() position {
		p := position{st: st.Clone(), log: log}
		p.log.Moves = slices.Clone(log.Moves)
		return p
	}
	if opening {
		s.openings = append(s.openings, keep())
		return
	}
	s.offered++
	if len(s.drawn) < s.cfg.BotPositions {
		s.drawn = append(s.drawn, keep())
	} else if j := s.rng.IntN(s.offered); j < len(s.drawn) {
		s.drawn[j] = keep()
	}
}

// match is one random match.
type match struct {
	*suite
	log    game.Log
	st     game.State
	seats  int
	rng    game.Rand // chooses moves; the game's own is inside st
	tried  []attempt // the moves refused since the last check
	failed bool
}

// fail reports the match's first failure, with what it takes to replay
// it.
func (m *match) fail(format string, args ...any) {
	m.t.Helper()
	if m.failed {
		return
	}
	m.failed = true
	m.report("%s\n%s", fmt.Sprintf(format, args...), where(m.log))
}

// play plays the match to its end or to MaxMoves, checking every
// position, then its log and its secrets.
func (m *match) play(first bool) {
	defer func() {
		if r := recover(); r != nil {
			m.fail("the game panicked: %v\n%s", r, debug.Stack())
		}
	}()
	st, err := m.def.New(m.log.Options, game.NewRand(m.log.Seed))
	if err != nil {
		m.fail("New: %v", err)
		return
	}
	m.st = st
	m.seats = st.Seats()
	if m.seats < 1 {
		m.fail("Seats() is %d", m.seats)
		return
	}
	m.rng = game.NewRand(m.log.Seed ^ 0x5eed)
	// The match names its bots from the start position (game.BotNamer).
	if err := game.CheckBotNames(m.st); err != nil {
		m.fail("%v", err)
		return
	}
	if first {
		m.offer(m.st, m.log, true)
	}
	sn := m.snap(m.st)
	for !m.failed {
		m.position(sn)
		if m.failed || m.st.Outcome() != nil || len(m.log.Moves) >= m.cfg.MaxMoves {
			break
		}
		turn := m.st.Turn()
		seat := turn[m.rng.IntN(len(turn))]
		legal := m.st.Legal(seat)
		next := legal[m.rng.IntN(len(legal))]
		if m.cfg.Choose != nil {
			next = m.cfg.Choose(m.st.Clone(), seat, legal, &m.rng)
		}
		sn = m.advance(sn, seat, next)
	}
	if m.failed {
		return
	}
	m.afterEnd()
	m.replay()
	m.secrecy()
	if !m.failed {
		m.concluded()
	}
}

// allSeats lists the seats of the table, then Spectator.
func (m *match) allSeats() []game.Seat {
	out := make([]game.Seat, 0, m.seats+1)
	for i := range m.seats {
		out = append(out, game.Seat(i))
	}
	return append(out, game.Spectator)
}
