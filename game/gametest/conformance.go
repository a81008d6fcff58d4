package gametest

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"strings"
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
	// (Battleship places a random fleet half the time); nil picks
	// uniformly.
	Choose func(s game.State, seat game.Seat, legal []game.Move, rng *game.Rand) game.Move
	// MovesChecked is about how many of a seat's legal moves are checked
	// at each position, drawn at random; 0 means all of them. A game whose
	// lists are long can keep the suite quick with it: over a match's
	// positions, every kind of move is still tried many times.
	MovesChecked int
	// SampledLegal says that in some positions Legal lists only a sample
	// of the moves Apply accepts (Battleship's fleets), so a move that is
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
// differently, but other hidden facts. Battleship's sampler moves a ship
// of the other fleet that no shot of seat has touched; a card game's
// might deal other hands through its scenario option; any sampler may
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

func where(l game.Log) string {
	j, _ := json.Marshal(l)
	return fmt.Sprintf("in %s with options %s, seed %d, after %d moves; the log:\n%s", l.Game, optionsText(l.Options), l.Seed, len(l.Moves), j)
}

func optionsText(o json.RawMessage) string {
	if len(o) == 0 {
		return "{} (the defaults)"
	}
	return string(o)
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

func seatName(s game.Seat) string {
	if s == game.Spectator {
		return "the spectator"
	}
	return fmt.Sprintf("seat %d", s)
}

// position checks the current position, whose snapshot is sn.
func (m *match) position(sn snapshot) {
	st := m.st
	if n := st.Seats(); n != m.seats {
		m.fail("Seats() changed from %d to %d during the match", m.seats, n)
	}
	turn, out := st.Turn(), st.Outcome()
	if (len(turn) == 0) != (out != nil) {
		m.fail("Turn() is %v while Outcome() is %s: Turn is empty exactly when the match is over", turn, jsonText(out))
	}
	for i, s := range turn {
		if s < 0 || int(s) >= m.seats || (i > 0 && s <= turn[i-1]) {
			m.fail("Turn() is %v: it lists seats of the table (0 to %d), in seat order, each once", turn, m.seats-1)
		}
	}
	for _, seat := range m.allSeats() {
		owes, n := slices.Contains(turn, seat), len(st.Legal(seat))
		if !owes && n > 0 {
			m.fail("Legal(%d) lists %d moves, but %s is not in Turn() %v", seat, n, seatName(seat), turn)
		}
		if owes && n == 0 {
			m.fail("%s owes a move (Turn() is %v) but Legal(%d) lists none", seatName(seat), turn, seat)
		}
	}
	if sc := st.Scores(); sc != nil && len(sc) != m.seats {
		m.fail("Scores() %v has %d entries for %d seats", sc, len(sc), m.seats)
	}
	if out != nil {
		for i, w := range out.Winners {
			if w < 0 || int(w) >= m.seats || slices.Contains(out.Winners[:i], w) {
				m.fail("Outcome().Winners %v lists a seat that is not at the table, or one twice", out.Winners)
			}
		}
	}
	for i, v := range sn.views {
		who := game.Seat(i)
		if i == m.seats {
			who = game.Spectator
		}
		if hasLegal(v) && !slices.Contains(turn, who) {
			m.fail("%s's view carries %q, but %s owes no decision (Turn() is %v): only the seat to move gets what it may do", seatName(who), game.LegalMember, seatName(who), turn)
		}
	}
	if !m.def.Hidden {
		spectator := withoutLegal(sn.views[m.seats])
		for i, v := range sn.views[:m.seats] {
			if withoutLegal(v) != spectator {
				m.fail("the game has no secrets (Definition.Hidden is false), but seat %d's view is not the spectator's: %s", i, difference(spectator, v))
				break
			}
		}
	}
	if m.failed || out != nil {
		return
	}
	if len(m.log.Moves) > 0 {
		m.offer(st, m.log, false)
	}
	pristine := st.Clone()
	m.tried = m.tried[:0]
	legal := m.legalMoves(turn)
	m.refusals(turn, legal)
	m.unchanged(sn, pristine)
}

// twins is about how many of a seat's legal moves, at each position, are
// also played on a second clone to compare the answers.
const twins = 8

// legalMoves checks the moves that Legal lists for the seats in turn (all
// of them, or about MovesChecked), and returns them all by seat in
// canonical JSON.
func (m *match) legalMoves(turn []game.Seat) map[game.Seat]map[string]bool {
	all := make(map[game.Seat]map[string]bool)
	for _, seat := range turn {
		listed := make(map[string]bool)
		all[seat] = listed
		moves := m.st.Legal(seat)
		for _, mv := range moves {
			canon, ok := m.canonical(mv)
			if !ok {
				return all
			}
			if listed[canon] {
				m.fail("Legal(%d) lists %s twice", seat, canon)
			}
			listed[canon] = true
			if n := m.cfg.MovesChecked; n > 0 && len(moves) > n && m.rng.IntN(len(moves)) >= n {
				continue
			}
			m.readsBack(seat, mv, canon)
			a := m.st.Clone()
			ea, err := a.Apply(seat, mv)
			if err != nil {
				m.fail("seat %d's legal move %s (%s) is refused on a clone: %v", seat, mv, canon, err)
				return all
			}
			m.events(ea, seat, mv)
			m.described(a, seat, mv, ea)
			if len(moves) > twins && m.rng.IntN(len(moves)) >= twins {
				continue
			}
			b := m.st.Clone()
			eb, err := b.Apply(seat, mv)
			if ja, jb := eventsText(ea), eventsText(eb); err != nil || ja != jb {
				m.fail("two clones of one position answer seat %d's move %s differently%s: %s\nA clone copies everything, the random generator included, and the game draws from nothing else.", seat, mv, errText(err), difference(ja, jb))
			}
			if m.failed {
				return all
			}
		}
	}
	return all
}

// canonical is game.Canonical, reporting a move that does not marshal.
func (m *match) canonical(mv game.Move) (string, bool) {
	j, err := json.Marshal(mv)
	if err != nil {
		m.fail("move %s does not marshal to JSON: %v", mv, err)
		return "", false
	}
	if _, ok := mv.(game.JSONAppender); ok {
		m.appendsAsMarshal(mv, j, fmt.Sprintf("move %s", mv))
		if got := string(game.Canonical(mv)); got != string(j) {
			m.fail("game.Canonical writes move %s as %s, json.Marshal as %s", mv, got, j)
		}
	}
	return string(j), true
}

// appendsAsMarshal checks that a value that writes its own JSON (a
// game.JSONAppender) writes what json.Marshal writes, after bytes already
// in the buffer as well as into an empty one.
func (m *match) appendsAsMarshal(v any, marshalled []byte, what string) {
	a, ok := v.(game.JSONAppender)
	if !ok {
		return
	}
	if got := a.AppendJSON(nil); string(got) != string(marshalled) {
		m.fail("%s appends its JSON as %s, but json.Marshal writes %s", what, got, marshalled)
	}
	if got := a.AppendJSON([]byte("x")); string(got) != "x"+string(marshalled) {
		m.fail("%s appends its JSON to a buffer as %s, want x%s", what, got, marshalled)
	}
}

// readsBack checks that ParseMove reads a move's notation and its
// canonical JSON back to the same move.
func (m *match) readsBack(seat game.Seat, mv game.Move, canon string) {
	for _, text := range []string{mv.String(), canon} {
		back, err := m.st.ParseMove(seat, []byte(text))
		if err != nil {
			m.fail("seat %d's legal move %s does not read back from %q: %v", seat, canon, text, err)
			return
		}
		if got, ok := m.canonical(back); ok && got != canon {
			m.fail("seat %d's legal move %s reads back from %q as %s", seat, canon, text, got)
			return
		}
	}
}

// events checks the events of a move.
func (m *match) events(evs []game.Event, seat game.Seat, mv game.Move) {
	for _, e := range evs {
		what := fmt.Sprintf("event %q of seat %d's move %s", e.Type, seat, mv)
		switch {
		case e.Type == "":
			m.fail("an event of seat %d's move %s has no Type", seat, mv)
		case e.Seat != game.Spectator && (e.Seat < 0 || int(e.Seat) >= m.seats):
			m.fail("%s names seat %d, which is neither a seat of the table nor Spectator", what, e.Seat)
		case !m.def.Hidden && e.To != nil:
			m.fail("%s is sent only to %v, but the game has no secrets (Definition.Hidden is false)", what, e.To)
		}
		for i, to := range e.To {
			if to < 0 || int(to) >= m.seats || slices.Contains(e.To[:i], to) {
				m.fail("%s is sent To %v: To lists seats of the table (0 to %d), each once", what, e.To, m.seats-1)
			}
		}
		if _, err := json.Marshal(e); err != nil {
			m.fail("%s does not marshal to JSON: %v", what, err)
		}
		if _, ok := e.Data.(game.JSONAppender); ok {
			if j, err := json.Marshal(e.Data); err == nil {
				m.appendsAsMarshal(e.Data, j, what+"'s data")
			}
		}
	}
	// Only events that append themselves are worth the second encoding:
	// AppendEvents refuses the others at once.
	if got, ok := game.AppendEvents(nil, evs); ok && len(evs) > 0 {
		if want, err := json.Marshal(evs); err == nil && string(got) != string(want) {
			m.fail("the events of seat %d's move %s append as %s, but json.Marshal writes %s", seat, mv, got, want)
		}
	}
}

// described checks the sentence that tells seat's move mv, just applied
// to st with events evs (game.Describer, docs/game-contract.md rule 7):
// the game words every legal move, as a sentence, not its notation, that
// names only seats of the table.
func (m *match) described(st game.State, seat game.Seat, mv game.Move, evs []game.Event) {
	if _, ok := st.(game.Describer); !ok {
		m.fail("the game's state does not implement game.Describer: its moves have no words for people")
		return
	}
	if err := game.CheckDescription(game.Describe(st, seat, mv, evs), mv, m.seats); err != nil {
		m.fail("seat %d's move: %v", seat, err)
	}
}

// alien is a move of no game, which Apply must refuse.
type alien struct{}

func (alien) String() string { return "alien" }

// garbage is text that reads as no game's move, or that a parser might
// choke on.
var garbage = []string{
	"", "   ", "\x00", "\xff\xfe\xfd", "{", "}", "[]", "null", `"move"`,
	`{"gametest":"not a move"}`, "-1", "99999999999999999999999",
	"🂡🂢", strings.Repeat("x", 4096),
}

func randomText(rng *game.Rand) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789 -,;:{}[]\"\x00\xff"
	b := make([]byte, 1+rng.IntN(12))
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// refusals tries moves that must be refused, or that are legal only by
// chance, and checks that each refusal has a code, a message, and changes
// nothing.
func (m *match) refusals(turn []game.Seat, legal map[game.Seat]map[string]bool) {
	mover := turn[m.rng.IntN(len(turn))]
	moves := m.st.Legal(mover)
	someone := moves[m.rng.IntN(len(moves))]
	for _, seat := range m.allSeats() {
		if !slices.Contains(turn, seat) {
			m.refuse(seat, someone, "not-your-turn", fmt.Sprintf("%s playing %s out of turn (a legal move of seat %d)", seatName(seat), someone, mover))
		}
	}
	try := func(seat game.Seat, mv game.Move, what string) {
		if _, err := m.st.Clone().Apply(seat, mv); err == nil {
			canon, ok := m.canonical(mv)
			if back, err := m.st.ParseMove(seat, []byte(canon)); ok && err == nil {
				canon, ok = m.canonical(back) // the form Legal lists
			}
			if ok && !m.cfg.SampledLegal && !legal[seat][canon] {
				m.fail("%s is accepted (%s), but Legal(%d) does not list it", what, canon, seat)
			}
			return
		}
		m.refuse(seat, mv, "", what)
	}
	parse := func(seat game.Seat, text []byte, what string) {
		mv, err := m.st.ParseMove(seat, text)
		if err != nil {
			m.coded(err, fmt.Sprintf("ParseMove(%d, %q)", seat, clip(string(text))))
			return
		}
		try(seat, mv, what)
	}
	for range min(3, len(m.log.Moves)) {
		e := m.log.Moves[m.rng.IntN(len(m.log.Moves))]
		parse(mover, e.Move, fmt.Sprintf("seat %d playing the earlier move %s again", mover, e.Move))
	}
	texts := append(slices.Clone(garbage), randomText(&m.rng), randomText(&m.rng))
	for _, text := range texts {
		parse(mover, []byte(text), fmt.Sprintf("seat %d playing the move read from %q", mover, clip(text)))
	}
	m.strictFields(mover, moves)
	m.refuse(mover, alien{}, "", fmt.Sprintf("seat %d playing a move of a type the game does not know", mover))
	if m.cfg.Candidates != nil {
		for _, mv := range m.cfg.Candidates(m.st.Clone(), mover, &m.rng) {
			try(mover, mv, fmt.Sprintf("seat %d playing the candidate %s", mover, mv))
		}
	}
}

// strictFields checks that no field of a move sent as JSON is dropped
// without a word. A few of seat's legal moves are sent again with one
// more field, taken from another move (a room from an accusation added to
// a suggestion) or a field no move has. Each must be refused, or read as
// a move whose canonical JSON holds every field sent (another kind that
// takes them all), or read as the same move when the field said nothing
// new (the room one stands in) — and then the same field with another
// value must not be read as that same move too, for a field whose value
// changes nothing is being ignored. A parser that reads every kind's
// fields into one structure and keeps those of the kind it picks would
// pass the other checks and play a move the player did not send.
func (m *match) strictFields(seat game.Seat, moves []game.Move) {
	type field struct {
		name  string
		value json.RawMessage
	}
	var pool []field
	add := func(text []byte) {
		var obj map[string]json.RawMessage
		if json.Unmarshal(text, &obj) != nil {
			return
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			pool = append(pool, field{k, obj[k]})
		}
	}
	for _, mv := range moves {
		if c, err := json.Marshal(mv); err == nil {
			add(c)
		}
	}
	for _, e := range m.log.Moves {
		add(e.Move)
	}
	// read sends obj with f added and returns the canonical JSON of the
	// move read, or "" when it is refused, and whether every field sent
	// is in it.
	read := func(obj map[string]json.RawMessage, f field, what string) (string, bool) {
		sent := maps.Clone(obj)
		sent[f.name] = f.value
		text, _ := json.Marshal(sent)
		back, err := m.st.ParseMove(seat, text)
		if err != nil {
			m.coded(err, fmt.Sprintf("%s, as %s", what, clip(string(text))))
			return "", false
		}
		got, ok := m.canonical(back)
		if !ok {
			return "", false
		}
		var kept map[string]json.RawMessage
		_ = json.Unmarshal([]byte(got), &kept)
		for k := range sent {
			if _, in := kept[k]; !in {
				return got, false
			}
		}
		return got, true
	}
	stranger := field{"gametest", json.RawMessage(`1`)}
	for range min(3, len(moves)) {
		mv := moves[m.rng.IntN(len(moves))]
		canon, ok := m.canonical(mv)
		var obj map[string]json.RawMessage
		if !ok || json.Unmarshal([]byte(canon), &obj) != nil || obj == nil {
			continue
		}
		what := fmt.Sprintf("seat %d's legal move %s sent with the field %q added", seat, canon, stranger.name)
		if got, whole := read(obj, stranger, what); got != "" && !whole {
			m.fail("%s is read as %s: a field the move's kind does not take must be refused", what, got)
			return
		}
		for range min(3, len(pool)) {
			f := pool[m.rng.IntN(len(pool))]
			if _, has := obj[f.name]; has {
				continue
			}
			what := fmt.Sprintf("seat %d's legal move %s sent with the field %q: %s added", seat, canon, f.name, f.value)
			got, whole := read(obj, f, what)
			if got == "" || whole {
				continue
			}
			if got != canon {
				m.fail("%s is read as %s, which drops a field sent: a field the move's kind does not take must be refused", what, got)
				return
			}
			for _, g := range pool {
				if g.name != f.name || string(g.value) == string(f.value) {
					continue
				}
				if other, _ := read(obj, g, what); other == canon {
					m.fail("%s is read as the same move with %q: %s and with %s: a field the move's kind does not take must be refused, not ignored", what, f.name, f.value, g.value)
					return
				}
				break
			}
		}
	}
}

// attempt is a move that was refused.
type attempt struct {
	seat game.Seat
	mv   game.Move
	what string
}

// unchanged checks that the moves refused since m.tried was emptied, and
// the legal moves played on clones, changed nothing. To keep it cheap it
// compares the position once, and only when it has changed does it refuse
// the moves again, one by one, on pristine, a copy of the position before
// them, to find the culprit.
func (m *match) unchanged(before snapshot, pristine game.State) {
	if m.failed || before.diff(m.snap(m.st)) == "" {
		return
	}
	for _, a := range m.tried {
		_, err := pristine.Apply(a.seat, a.mv)
		if d := before.diff(m.snap(pristine)); d != "" {
			m.fail("%s is refused%s but changed the position: %s", a.what, errText(err), d)
			return
		}
	}
	m.fail("playing legal moves on clones, or reading and refusing moves, changed the position: %s", before.diff(m.snap(m.st)))
}

// coded checks that err is a refusal a player can read.
func (m *match) coded(err error, what string) bool {
	if game.ErrorCode(err) == "" {
		m.fail("%s is refused without a code: %v\nReturn a *game.MoveError (game.Illegal).", what, err)
		return false
	}
	if msg := strings.TrimSpace(err.Error()); msg == "" || strings.Contains(msg, "%!") {
		m.fail("%s is refused with the unreadable message %q", what, err.Error())
		return false
	}
	if word := game.GoWords(err.Error()); word != "" {
		m.fail("%s is refused with %q, which speaks of Go (%q): a player reads this sentence", what, err.Error(), word)
		return false
	}
	return true
}

// refuse applies mv for seat to the match itself and checks that it is
// refused, with code if code is not empty; unchanged then checks that it
// changed nothing. It plays on the match rather than a clone so that the
// replay at the end also catches a refusal that touched something no view
// shows, such as the random generator.
func (m *match) refuse(seat game.Seat, mv game.Move, code, what string) {
	m.tried = append(m.tried, attempt{seat, mv, what})
	_, err := m.st.Apply(seat, mv)
	if err == nil {
		m.fail("%s is accepted; it must be refused", what)
		return
	}
	if !m.coded(err, what) {
		return
	}
	if code != "" && game.ErrorCode(err) != code {
		m.fail("%s is refused with code %q (%v), not %q", what, game.ErrorCode(err), err, code)
	}
}

// advance plays mv for seat, checking on the way that a clone and its
// original are independent and have the same future, and returns the
// snapshot after the move. (That a move on a clone leaves the original
// alone is checked at every position with every legal move.)
func (m *match) advance(before snapshot, seat game.Seat, mv game.Move) snapshot {
	witness := m.st.Clone() // looked at only if clone has changed
	clone := m.st.Clone()
	es, err := m.st.Apply(seat, mv)
	if err != nil {
		m.fail("seat %d's legal move %s is refused: %v", seat, mv, err)
		return before
	}
	m.log.Moves = append(m.log.Moves, game.Entry{Seat: seat, Move: game.Canonical(mv)})
	after := m.snap(m.st)
	if d := before.diff(m.snap(clone)); d != "" {
		if before.diff(m.snap(witness)) != "" {
			m.fail("a clone differs from its original (or a move on the original changes all its clones): %s", d)
		} else {
			m.fail("a move on the original changed its clone: %s", d)
		}
		return after
	}
	ec, err := clone.Apply(seat, mv)
	if je, jc := eventsText(es), eventsText(ec); err != nil || je != jc {
		m.fail("a clone answers seat %d's move %s unlike its original%s: %s\nA clone copies everything, the random generator included.", seat, mv, errText(err), difference(je, jc))
		return after
	}
	if d := after.diff(m.snap(clone)); d != "" {
		m.fail("a clone and its original differ after the same move %s: %s\nA clone copies everything, the random generator included.", mv, d)
		return after
	}
	return after
}

// afterEnd checks that an ended match refuses every move.
func (m *match) afterEnd() {
	if m.st.Outcome() == nil || len(m.log.Moves) == 0 {
		return
	}
	before, pristine := m.snap(m.st), m.st.Clone()
	m.tried = m.tried[:0]
	e := m.log.Moves[len(m.log.Moves)-1]
	for _, seat := range m.allSeats() {
		mv, err := m.st.ParseMove(seat, e.Move)
		if err != nil {
			m.fail("the last move %s does not read back for seat %d: %v", e.Move, seat, err)
			return
		}
		m.refuse(seat, mv, "", fmt.Sprintf("%s playing the last move %s again after the end", seatName(seat), e.Move))
	}
	m.unchanged(before, pristine)
}

// replay checks that the match's log, saved as JSON and replayed, gives
// the same position.
func (m *match) replay() {
	saved, err := json.Marshal(m.log)
	if err != nil {
		m.fail("the log does not marshal: %v", err)
		return
	}
	var l game.Log
	if err := json.Unmarshal(saved, &l); err != nil {
		m.fail("the log does not unmarshal: %v", err)
		return
	}
	re, err := m.reg.Replay(l)
	if err != nil {
		m.fail("the log does not replay: %v", err)
		return
	}
	if d := m.snap(m.st).diff(m.snap(re)); d != "" {
		m.fail("replaying the log gives another position: %s\nEvery draw must come from the Rand given to New, and a refused move must not draw.", d)
	}
}

// secrecy asks the sampler for matches each seat could not tell from
// prefixes of this one, and compares what the seat sees in both.
func (m *match) secrecy() {
	if m.cfg.Hidden == nil || len(m.log.Moves) == 0 {
		return
	}
	for seat := range game.Seat(m.seats) {
		for range 2 {
			cut := 1 + m.rng.IntN(len(m.log.Moves))
			l := m.log
			l.Moves = slices.Clone(m.log.Moves[:cut])
			alt, ok := m.cfg.Hidden(deepCopy(l), seat, &m.rng)
			if !ok {
				continue
			}
			m.samples++
			m.twoWorlds(l, alt, seat)
			if m.failed {
				return
			}
		}
	}
}

// deepCopy copies l down to the bytes of its moves.
func deepCopy(l game.Log) game.Log {
	l.Options = slices.Clone(l.Options)
	l.Moves = slices.Clone(l.Moves)
	for i := range l.Moves {
		l.Moves[i].Move = slices.Clone(l.Moves[i].Move)
	}
	return l
}

// twoWorlds replays l and alt side by side and checks that seat and a
// spectator see the same in both, up to the end.
func (m *match) twoWorlds(l, alt game.Log, seat game.Seat) {
	bad := func(format string, args ...any) {
		altLog, _ := json.Marshal(alt)
		m.fail("%s\nThe sampler's log for seat %d:\n%s", fmt.Sprintf(format, args...), seat, altLog)
	}
	if alt.Game != l.Game || len(alt.Moves) != len(l.Moves) {
		bad("the sampler returned a log of game %q with %d moves for one of %q with %d", alt.Game, len(alt.Moves), l.Game, len(l.Moves))
		return
	}
	_, a, err := m.reg.Start(l)
	if err != nil {
		m.fail("the log does not start: %v", err)
		return
	}
	_, b, err := m.reg.Start(alt)
	if err != nil {
		bad("the sampler's log does not start: %v", err)
		return
	}
	revealing := false
	compare := func(after string) bool {
		va, vb := seenBy(a, seat), seenBy(b, seat)
		if d := va.diff(vb); d != "" {
			bad("%s, %s in two matches it cannot tell apart: %s", after, seatName(seat), d)
			return false
		}
		for o := range game.Seat(m.seats) {
			if o != seat && jsonText(a.View(o)) != jsonText(b.View(o)) {
				revealing = true
			}
		}
		return true
	}
	if !compare("at the start") {
		return
	}
	for i, e := range l.Moves {
		if e.Seat != alt.Moves[i].Seat {
			bad("move %d is seat %d's in the log but seat %d's in the sampler's", i+1, e.Seat, alt.Moves[i].Seat)
			return
		}
		ma, err := a.ParseMove(e.Seat, e.Move)
		if err != nil {
			m.fail("the log does not replay at move %d: %v", i+1, err)
			return
		}
		ea, err := a.Apply(e.Seat, ma)
		if err != nil {
			m.fail("the log does not replay at move %d: %v", i+1, err)
			return
		}
		mb, err := b.ParseMove(e.Seat, alt.Moves[i].Move)
		if err != nil {
			bad("the sampler's log does not replay at move %d (%s): %v", i+1, alt.Moves[i].Move, err)
			return
		}
		eb, err := b.Apply(e.Seat, mb)
		if err != nil {
			bad("the sampler's log does not replay at move %d (%s): %v", i+1, alt.Moves[i].Move, err)
			return
		}
		// The words of a move go to everyone: they may not tell one
		// world from the other.
		if da, db := game.Describe(a, e.Seat, ma, ea), game.Describe(b, e.Seat, mb, eb); da != db {
			bad("move %d (%s, and %s in the sampler's log) is told %q in one match and %q in the other, though %s cannot tell them apart: its words give away a secret", i+1, e.Move, alt.Moves[i].Move, da, db, seatName(seat))
			return
		}
		if (a.Outcome() == nil) != (b.Outcome() == nil) {
			bad("after move %d one match is over and the other is not, though %s cannot tell them apart", i+1, seatName(seat))
			return
		}
		if a.Outcome() != nil {
			m.endsShown(a, b, seat)
			break // the end may reveal everything
		}
		for _, who := range []game.Seat{seat, game.Spectator} {
			if ja, jb := visibleText(ea, who), visibleText(eb, who); ja != jb {
				bad("move %d (%s, and %s in the sampler's log) sends %s different events in two matches it cannot tell apart: %s", i+1, e.Move, alt.Moves[i].Move, seatName(who), difference(ja, jb))
				return
			}
		}
		if !compare(fmt.Sprintf("after move %d (%s, and %s in the sampler's log)", i+1, e.Move, alt.Moves[i].Move)) {
			return
		}
	}
	if revealing {
		m.revealing++
	}
}

// seen is what seat, and everyone, know of a position.
type seen struct {
	view, spectator, turn, scores, outcome, legal string
}

func seenBy(st game.State, seat game.Seat) seen {
	legal := []string{}
	for _, mv := range st.Legal(seat) {
		j, _ := json.Marshal(mv)
		legal = append(legal, string(j))
	}
	return seen{
		view:      jsonText(st.View(seat)),
		spectator: jsonText(st.View(game.Spectator)),
		turn:      jsonText(st.Turn()),
		scores:    jsonText(st.Scores()),
		outcome:   jsonText(st.Outcome()),
		legal:     strings.Join(legal, "\n"),
	}
}

func (a seen) diff(b seen) string {
	for _, f := range []struct{ name, a, b string }{
		{"its view", a.view, b.view},
		{"the spectator's view", a.spectator, b.spectator},
		{"Turn()", a.turn, b.turn},
		{"Scores()", a.scores, b.scores},
		{"Outcome()", a.outcome, b.outcome},
		{"its legal moves", a.legal, b.legal},
	} {
		if f.a != f.b {
			return f.name + " differs: " + difference(f.a, f.b)
		}
	}
	return ""
}

// bots asks each bot level for a move in the positions kept, and the
// solver, if any, for a best move.
func (s *suite) bots() {
	positions := append(slices.Clone(s.openings), s.drawn...)
	for _, level := range s.def.BotLevels {
		if s.def.NewBot == nil {
			return
		}
		var slowest time.Duration
		for _, p := range positions {
			turn := p.st.Turn()
			for _, seat := range turn {
				slowest = max(slowest, s.choose(level, p, seat, true))
			}
			for seat := range game.Seat(p.st.Seats()) {
				if !slices.Contains(turn, seat) {
					s.choose(level, p, seat, false)
					break
				}
			}
		}
		s.t.Logf("bot %q: the slowest of its answers at %d positions took %v, with %v to think", level, len(positions), slowest.Round(time.Millisecond), s.cfg.BotBudget)
	}
	if s.def.Solve != nil {
		for _, p := range positions {
			s.solve(p)
		}
	}
}

// choose asks a bot of level for seat's move at p, and returns how long
// it took. A seat that owes nothing may be refused, but the bot must not
// panic.
func (s *suite) choose(level string, p position, seat game.Seat, owes bool) time.Duration {
	fail := func(format string, args ...any) {
		s.report("bot %q, choosing for seat %d: %s\n%s", level, seat, fmt.Sprintf(format, args...), where(p.log))
	}
	bot, err := s.def.NewBot(level, game.NewRand(s.cfg.Seed))
	if err != nil || bot == nil {
		fail("NewBot: %v", err)
		return 0
	}
	st := p.st.Clone()
	before, _ := snapshotOf(st)
	// The budget, in work, and a deadline as short: a bot must keep to
	// both, the deadline standing for the runaway limit of a caller.
	ctx, cancel := context.WithTimeout(game.WithBudget(context.Background(), max(1, s.cfg.BotBudget.Milliseconds())), s.cfg.BotBudget)
	defer cancel()
	start := time.Now()
	var mv game.Move
	crash := catch(func() { mv, err = bot.Choose(ctx, st, seat) })
	took := time.Since(start)
	switch {
	case crash != "":
		fail("Choose panicked: %s", crash)
	case !owes:
	case err != nil:
		fail("Choose: %v", err)
	case mv == nil:
		fail("Choose returned no move and no error")
	case took > s.cfg.BotBudget+s.cfg.BotSlack:
		fail("Choose took %v with a deadline %v away", took.Round(time.Millisecond), s.cfg.BotBudget)
	}
	if after, _ := snapshotOf(st); before.diff(after) != "" {
		fail("Choose changed the state it was asked about: %s", before.diff(after))
		return 0
	}
	if owes && mv != nil && crash == "" {
		if _, err := st.Clone().Apply(seat, mv); err != nil {
			fail("Choose returned %s, which is refused: %v", mv, err)
		}
		if ctx.Err() == nil {
			s.sameAgain(level, p, seat, mv, fail)
		}
	}
	return took
}

// sameAgain asks a second bot of level, seeded alike, for the same move
// with the same budget, and checks that it answers the same: a bot decides
// by its budget of work, never by the clock (game.Budget), so a busy
// machine, or a run of the test beside others, cannot change its move.
// The second answer is compared only when its deadline did not cut it.
func (s *suite) sameAgain(level string, p position, seat game.Seat, first game.Move, fail func(string, ...any)) {
	bot, err := s.def.NewBot(level, game.NewRand(s.cfg.Seed))
	if err != nil || bot == nil {
		return
	}
	ctx, cancel := context.WithTimeout(game.WithBudget(context.Background(), max(1, s.cfg.BotBudget.Milliseconds())), s.cfg.BotBudget)
	defer cancel()
	var mv game.Move
	if crash := catch(func() { mv, err = bot.Choose(ctx, p.st.Clone(), seat) }); crash != "" || err != nil || ctx.Err() != nil || mv == nil {
		return
	}
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(mv)
	if string(a) != string(b) {
		fail("asked again with the same seed and budget, it chose %s, not %s: a bot decides by its budget of work, never by the clock", b, a)
	}
}

// solve asks the solver for a best move at p; running out of time is
// fine, a best move that is refused is not.
func (s *suite) solve(p position) {
	turn := p.st.Turn()
	if len(turn) != 1 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.BotBudget)
	defer cancel()
	st := p.st.Clone()
	var best game.Move
	var err error
	if crash := catch(func() { _, best, err = s.def.Solve(ctx, st) }); crash != "" {
		s.report("Solve panicked: %s\n%s", crash, where(p.log))
		return
	}
	if err == nil && best != nil {
		if _, err := st.Clone().Apply(turn[0], best); err != nil {
			s.report("Solve's best move %s is refused: %v\n%s", best, err, where(p.log))
		}
	}
}

// catch runs f and returns what it panicked with, and where, or "".
func catch(f func()) (crash string) {
	defer func() {
		if r := recover(); r != nil {
			crash = fmt.Sprintf("%v\n%s", r, debug.Stack())
		}
	}()
	f()
	return ""
}

// snapshot is what anyone could notice of a position: every seat's view
// and the spectator's, Turn, Scores and Outcome, as canonical JSON.
type snapshot struct {
	views                 []string // seat 0, 1, ..., then the spectator
	turn, scores, outcome string
}

func snapshotOf(st game.State) (snapshot, error) {
	var sn snapshot
	var first error
	for seat := game.Seat(0); seat <= game.Seat(st.Seats()); seat++ {
		who := seat
		if int(seat) == st.Seats() {
			who = game.Spectator
		}
		j, err := json.Marshal(st.View(who))
		if err != nil && first == nil {
			first = fmt.Errorf("View(%d) does not marshal to JSON: %v", who, err)
		}
		sn.views = append(sn.views, string(j))
	}
	sn.turn, sn.scores, sn.outcome = jsonText(st.Turn()), jsonText(st.Scores()), jsonText(st.Outcome())
	return sn, first
}

func (m *match) snap(st game.State) snapshot {
	sn, err := snapshotOf(st)
	if err != nil {
		m.fail("%v", err)
	}
	return sn
}

// hasLegal says whether the view JSON v has a top-level game.LegalMember.
func hasLegal(v string) bool {
	var top map[string]json.RawMessage
	if json.Unmarshal([]byte(v), &top) != nil {
		return false
	}
	_, ok := top[game.LegalMember]
	return ok
}

// withoutLegal returns the view JSON v without its game.LegalMember, its
// top-level members in sorted order, so that two views that differ only
// in it compare equal; v itself when it is not an object.
func withoutLegal(v string) string {
	var top map[string]json.RawMessage
	if json.Unmarshal([]byte(v), &top) != nil {
		return v
	}
	delete(top, game.LegalMember)
	b, err := json.Marshal(top)
	if err != nil {
		return v
	}
	return string(b)
}

// diff says how b differs from a, or returns "" if it does not.
func (a snapshot) diff(b snapshot) string {
	n := len(a.views) - 1
	for i := range a.views {
		if i < len(b.views) && a.views[i] != b.views[i] {
			who := game.Seat(i)
			if i == n {
				who = game.Spectator
			}
			return seatName(who) + "'s view: " + difference(a.views[i], b.views[i])
		}
	}
	for _, f := range []struct{ name, a, b string }{
		{"Turn()", a.turn, b.turn}, {"Scores()", a.scores, b.scores}, {"Outcome()", a.outcome, b.outcome},
	} {
		if f.a != f.b {
			return f.name + ": " + difference(f.a, f.b)
		}
	}
	return ""
}

func jsonText(v any) string {
	j, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("<does not marshal: %v>", err)
	}
	return string(j)
}

// sent is an event with its audience, for comparing events.
type sent struct {
	game.Event
	To []game.Seat `json:"to"`
}

func eventsText(evs []game.Event) string {
	out := make([]sent, len(evs))
	for i, e := range evs {
		out[i] = sent{e, e.To}
	}
	return jsonText(out)
}

// visibleText is the events who may see, as JSON.
func visibleText(evs []game.Event, who game.Seat) string {
	var out []game.Event
	for _, e := range evs {
		if e.VisibleTo(who) {
			out = append(out, e)
		}
	}
	return jsonText(out)
}

// difference shows where two texts part, with a little context.
func difference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-40)
	part := func(s string) string {
		to := min(len(s), i+60)
		out := s[from:to]
		if from > 0 {
			out = "…" + out
		}
		if to < len(s) {
			out += "…"
		}
		return out
	}
	return fmt.Sprintf("\n\t%s\nbecame\n\t%s", part(a), part(b))
}

// errText is err for a message, or nothing.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return fmt.Sprintf(" (%v)", err)
}

// clip shortens text for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
