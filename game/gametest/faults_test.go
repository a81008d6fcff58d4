package gametest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// recorder is a testing.TB that keeps the failures Conformance reports
// instead of failing the test.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func (r *recorder) Logf(string, ...any) {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// failures runs the suite on def and returns what it reported.
func failures(t *testing.T, def *game.Definition, cfg Config) []string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Conformance(r, def, cfg)
	}()
	<-done
	return r.failures
}

// faultyNim is Nim with one deliberate bug, named by fault.
type faultyNim struct {
	*State
	fault string
	last  *faultyNim // its latest clone, for "clone-follows"
}

// oddMove is a Nim move whose notation does not read back.
type oddMove struct{ Move }

func (m oddMove) String() string { return fmt.Sprintf("take %d", m.Take) }

// sloppyMove is a Nim move that writes its own JSON wrongly: without
// the field's name, where json.Marshal writes {"take":n}.
type sloppyMove struct{ Move }

func (m sloppyMove) AppendJSON(b []byte) []byte { return fmt.Appendf(b, "{%d}", m.Take) }

// sloppyData is event data that writes its own JSON with a space
// json.Marshal would not write.
type sloppyData struct {
	Take int `json:"take"`
}

func (d sloppyData) AppendJSON(b []byte) []byte { return fmt.Appendf(b, `{"take": %d}`, d.Take) }

// badMove is a Nim move that does not marshal.
type badMove struct {
	Move
	F func() `json:"f"`
}

func faultyNimDef(fault string) *game.Definition {
	d := *Definition
	d.Name = "nim-" + fault
	d.New = func(raw json.RawMessage, rng game.Rand) (game.State, error) {
		if fault == "unknown-option" {
			raw = nil
		}
		st, err := newState(raw, rng)
		if err != nil {
			return nil, err
		}
		return &faultyNim{State: st.(*State), fault: fault}, nil
	}
	d.Solve = nil
	d.NewBot = func(level string, rng game.Rand) (game.Bot, error) {
		if fault == "newbot-error" {
			return nil, errors.New("no such bot")
		}
		return &faultyBot{fault: fault, rng: rng}, nil
	}
	switch fault {
	case "solve":
		d.Solve = func(context.Context, game.State) (int, game.Move, error) { return 1, Move{Take: 9}, nil }
	case "solve-panics":
		d.Solve = func(context.Context, game.State) (int, game.Move, error) { panic("solver bug") }
	case "levels-without-bots":
		d.NewBot = nil
	}
	return &d
}

// opaqueNimDef is Nim whose states hide that they are Concluders.
func opaqueNimDef() *game.Definition {
	d := *Definition
	d.Name = "nim-opaque"
	d.New = func(raw json.RawMessage, rng game.Rand) (game.State, error) {
		st, err := newState(raw, rng)
		if err != nil {
			return nil, err
		}
		return opaqueNim{st}, nil
	}
	d.Solve = nil
	return &d
}

func (f *faultyNim) Clone() game.State {
	if f.fault == "clone-shares" {
		return &faultyNim{State: f.State, fault: f.fault}
	}
	c := &faultyNim{State: f.State.Clone().(*State), fault: f.fault}
	f.last = c
	return c
}

func (f *faultyNim) Seats() int {
	if f.fault == "seats-change" && f.pile < 5 {
		return 3
	}
	return 2
}

func (f *faultyNim) Turn() []game.Seat {
	t := f.State.Turn()
	switch {
	case f.fault == "turn-after-end" && len(t) == 0:
		return []game.Seat{f.mover}
	case f.fault == "turn-order" && len(t) == 2:
		return []game.Seat{1, 0}
	}
	return t
}

func (f *faultyNim) Legal(seat game.Seat) []game.Move {
	l := f.State.Legal(seat)
	switch f.fault {
	case "legal-refused":
		if len(l) > 0 && !f.inSetup() {
			l = append(l, Move{Take: 4})
		}
	case "legal-twice":
		if len(l) > 0 {
			l = append(l, l[0])
		}
	case "legal-out-of-turn":
		if len(l) == 0 && f.winner < 0 {
			l = []game.Move{Move{Take: 1}}
		}
	case "legal-none":
		return nil
	case "legal-incomplete":
		if len(l) == 3 && !f.inSetup() {
			l = l[:2]
		}
	case "notation":
		for i, m := range l {
			l[i] = oddMove{m.(Move)}
		}
	case "move-unmarshalable":
		for i, m := range l {
			l[i] = badMove{Move: m.(Move)}
		}
	case "move-appends-wrongly":
		for i, m := range l {
			l[i] = sloppyMove{Move: m.(Move)}
		}
	}
	return l
}

func (f *faultyNim) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	m, err := f.State.ParseMove(seat, text)
	switch {
	case f.fault == "parse-uncoded" && err != nil:
		return nil, errors.New("cannot read that")
	case f.fault == "fields-dropped" && strings.HasPrefix(string(text), "{"):
		// Every kind's fields read into one Move, as Nim's parser did
		// before it checked them: a take with a pick keeps the take.
		var mv Move
		if json.Unmarshal(text, &mv) == nil && mv.Take > 0 {
			return Move{Take: mv.Take}, nil
		}
		return m, err
	case f.fault == "go-error" && err != nil:
		return nil, game.Illegal("bad-move", "json: cannot unmarshal string into Go struct field Move.take of type int")
	case f.fault == "json-misread" && err == nil && strings.HasPrefix(string(text), "{"):
		mv := m.(Move)
		if mv.Take == 2 {
			mv.Take = 1
		}
		return mv, nil
	}
	return m, err
}

func (f *faultyNim) Apply(seat game.Seat, gm game.Move) ([]game.Event, error) {
	owes := game.OwesMove(f.State, seat)
	switch mv := gm.(type) {
	case oddMove:
		gm = mv.Move
	case sloppyMove:
		gm = mv.Move
	case badMove:
		gm = mv.Move
	}
	m, _ := gm.(Move)
	switch f.fault {
	case "plays-after-end":
		if f.winner >= 0 {
			return nil, nil
		}
	case "apply-panics":
		if seat == 1 && !f.inSetup() {
			panic("nim bug")
		}
	case "out-of-turn-code":
		if !owes {
			return nil, game.Illegal("wait", "wait for your turn")
		}
	case "out-of-turn-accepted":
		if !owes && seat >= 0 && f.winner < 0 && m.Take >= 1 && m.Take <= 3 && m.Take <= f.pile {
			f.mover = seat
		}
	case "uncoded":
		if _, err := f.State.Clone().Apply(seat, gm); err != nil && owes {
			return nil, errors.New(err.Error()) // the code is lost
		}
	case "empty-message":
		if !owes {
			return nil, game.Illegal("not-your-turn", "")
		}
	case "refusal-mutates":
		if !owes && f.winner < 0 {
			f.taken[0]++
			return nil, game.NotYourTurn(seat)
		}
	}
	evs, err := f.State.Apply(seat, gm)
	if f.fault == "clone-follows" && err == nil && f.last != nil {
		f.last.taken[0]++
	}
	for i := range evs {
		switch {
		case f.fault == "event-audience" && evs[i].To != nil:
			evs[i].To = append(evs[i].To, 2)
		case f.fault == "event-seat":
			evs[i].Seat = 7
		case f.fault == "event-leaks" && evs[i].Type == "took":
			evs[i].Data = map[string]int{"take": m.Take, "pick": f.picks[seat]}
		case f.fault == "event-untyped":
			evs[i].Type = ""
		case f.fault == "event-unmarshalable":
			evs[i].Data = func() {}
		case f.fault == "event-appends-wrongly":
			evs[i].Data = sloppyData{Take: m.Take}
		}
	}
	return evs, err
}

func (f *faultyNim) View(seat game.Seat) any {
	v := f.State.View(seat).(View)
	switch f.fault {
	case "conclude-hides":
		if f.winner < 0 {
			v.Picks = nil
		}
	case "view-leaks":
		return map[string]any{"view": v, "picks": f.picks}
	case "view-unmarshalable":
		return map[string]any{"view": v, "bad": make(chan int)}
	}
	return v
}

func (f *faultyNim) Conclude(out game.Outcome) []game.Event {
	if f.fault == "conclude-ignored" {
		return nil
	}
	return f.State.Conclude(out)
}

// opaqueNim is Nim behind the State interface alone: no game.Concluder.
type opaqueNim struct{ game.State }

func (o opaqueNim) Clone() game.State { return opaqueNim{o.State.Clone()} }

// Describe words the move as Nim does: opaqueNim hides only Concluder.
func (o opaqueNim) Describe(st game.State, seat game.Seat, m game.Move, evs []game.Event) string {
	return o.State.(game.Describer).Describe(st, seat, m, evs)
}

// BotName names the bots as Nim does: opaqueNim hides only Concluder.
func (o opaqueNim) BotName(seat game.Seat) string {
	return o.State.(game.BotNamer).BotName(seat)
}

// wordlessNimDef is Nim whose states have no words for their moves.
func wordlessNimDef() *game.Definition {
	d := *opaqueNimDef()
	d.Name = "nim-wordless"
	d.New = func(raw json.RawMessage, rng game.Rand) (game.State, error) {
		st, err := newState(raw, rng)
		if err != nil {
			return nil, err
		}
		return wordlessNim{st.(*State)}, nil
	}
	return &d
}

// wordlessNim is Nim behind the State interface alone, with Conclude but
// no game.Describer.
type wordlessNim struct{ *State }

func (w wordlessNim) Clone() game.State { return wordlessNim{w.State.Clone().(*State)} }

// Describe hides the embedded State's: a wordlessNim is no Describer,
// since a method with another signature stands in its place.
func (w wordlessNim) Describe() {}

// BotName gives both bots one name when the fault says so.
func (f *faultyNim) BotName(seat game.Seat) string {
	if f.fault == "bot-name-shared" {
		return "Left"
	}
	return f.State.BotName(seat)
}

// Describe words some moves wrongly, as the fault says.
func (f *faultyNim) Describe(st game.State, seat game.Seat, gm game.Move, evs []game.Event) string {
	m, _ := gm.(Move)
	switch {
	case f.fault == "describe-notation":
		return m.String()
	case f.fault == "describe-leaks" && m.Pick > 0:
		return "picked " + strconv.Itoa(m.Pick)
	case f.fault == "describe-seat":
		return "took stones from seat 7"
	}
	return f.State.Describe(st, seat, gm, evs)
}

func (f *faultyNim) Scores() []int {
	if f.fault == "scores-length" {
		return []int{0, 0, 0}
	}
	return f.State.Scores()
}

func (f *faultyNim) Outcome() *game.Outcome {
	o := f.State.Outcome()
	if f.fault == "winners" && o != nil {
		o.Winners = append(o.Winners, 5)
	}
	return o
}

// faultyBot is Nim's random bot with faultyNim's bot faults.
type faultyBot struct {
	fault string
	rng   game.Rand
}

func (b *faultyBot) Choose(ctx context.Context, s game.State, seat game.Seat) (game.Move, error) {
	switch b.fault {
	case "bot-illegal":
		return Move{Take: 9}, nil
	case "bot-panics":
		panic("bot bug")
	case "bot-slow":
		time.Sleep(100 * time.Millisecond)
	case "bot-clock":
		// Picks by the clock, as a search that stops at its deadline
		// in effect does.
		if l := s.Legal(seat); len(l) > 0 {
			return l[time.Now().Nanosecond()/1000%len(l)], nil
		}
	case "bot-error":
		return nil, errors.New("no idea")
	case "bot-nil":
		return nil, nil
	case "bot-applies":
		l := s.Legal(seat)
		m := l[0]
		_, err := s.Apply(seat, m)
		return m, err
	}
	l := s.Legal(seat)
	if len(l) == 0 {
		return nil, game.NotYourTurn(seat)
	}
	return l[b.rng.IntN(len(l))], nil
}

// dice is a game of chance without secrets, for the checks that involve
// the random generator: the seats take turns to roll a die, and the first
// to a total of 12 wins. It keeps its generator behind a pointer, so that
// its Clone has to copy it on purpose.
type dice struct {
	rng   *game.Rand
	total [2]int
	mover game.Seat
	rolls int // every second roll earns a point more, unannounced
	fault string
}

type roll struct {
	Roll bool `json:"roll"`
}

func (roll) String() string { return "roll" }

// BotName names the bot at seat by the cup it rolls from.
func (d *dice) BotName(seat game.Seat) string {
	return [2]string{"Red cup", "Blue cup"}[seat]
}

// Describe words a roll.
func (d *dice) Describe(game.State, game.Seat, game.Move, []game.Event) string {
	return "rolled the die"
}

// rolls counts matches started, for the fault that draws from outside the
// match's generator.
var rolls int

func diceDef(fault string) *game.Definition {
	return &game.Definition{
		Name: "dice-" + fault, Title: "Dice",
		New: func(raw json.RawMessage, rng game.Rand) (game.State, error) {
			var o struct{}
			if err := game.DecodeOptions(raw, &o); err != nil {
				return nil, err
			}
			d := &dice{rng: &rng, fault: fault}
			if fault == "outside-chance" {
				rolls++
				d.total[0] = rolls % 3
			}
			return d, nil
		},
	}
}

func (d *dice) Seats() int { return 2 }

func (d *dice) over() bool { return d.total[0] >= 12 || d.total[1] >= 12 }

func (d *dice) Turn() []game.Seat {
	if d.over() {
		return nil
	}
	return []game.Seat{d.mover}
}

func (d *dice) Legal(seat game.Seat) []game.Move {
	if !game.OwesMove(d, seat) {
		return nil
	}
	return []game.Move{roll{true}}
}

func (d *dice) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	if t := string(text); t == "roll" || t == `{"roll":true}` {
		return roll{true}, nil
	}
	return nil, game.Illegal("bad-move", "write roll")
}

func (d *dice) Apply(seat game.Seat, m game.Move) ([]game.Event, error) {
	if d.fault == "refusal-draws" {
		d.rng.Uint64()
	}
	if !game.OwesMove(d, seat) {
		return nil, game.NotYourTurn(seat)
	}
	if m != (roll{true}) {
		return nil, game.Illegal("bad-move", "roll")
	}
	n := 1 + d.rng.IntN(6)
	d.total[seat] += n
	if d.rolls++; d.rolls%2 == 0 {
		d.total[seat]++
	}
	d.mover = 1 - seat
	ev := game.Event{Type: "rolled", Seat: seat, Data: n}
	if d.fault == "private-event" {
		ev.To = []game.Seat{seat}
	}
	return []game.Event{ev}, nil
}

func (d *dice) View(seat game.Seat) any {
	v := map[string]any{"total": d.total, "mover": d.mover}
	if d.fault == "view-per-seat" {
		v["you"] = seat
	}
	// The seat to move is told what it may do; with "legal-to-all",
	// everyone is.
	if game.OwesMove(d, seat) || (d.fault == "legal-to-all" && !d.over()) {
		v[game.LegalMember] = []string{"roll"}
	}
	return v
}

func (d *dice) Scores() []int { return d.total[:] }

func (d *dice) Outcome() *game.Outcome {
	if !d.over() {
		return nil
	}
	w := game.Seat(0)
	if d.total[1] >= 12 {
		w = 1
	}
	return &game.Outcome{Winners: []game.Seat{w}}
}

func (d *dice) Clone() game.State {
	c := *d
	switch d.fault {
	case "shared-generator":
	case "clone-fresh-generator":
		r := game.NewRand(1)
		c.rng = &r
	default:
		r := *d.rng
		c.rng = &r
	}
	if d.fault == "clone-forgets-count" {
		c.rolls = 0
	}
	return &c
}

// TestConformanceDice: the suite passes a sound game of chance, so the
// faults below are what make it fail.
func TestConformanceDice(t *testing.T) {
	Conformance(t, diceDef(""), Config{})
}

// TestEveryCheckCanFail runs the suite on games broken on purpose, one
// bug each, and checks that it reports the bug.
func TestEveryCheckCanFail(t *testing.T) {
	setup := Config{
		Options: []json.RawMessage{json.RawMessage(`{"setup":true,"stones":9}`)},
		Hidden:  nimSampler,
	}
	withCfg := func(f func(*Config)) Config {
		c := setup
		f(&c)
		return c
	}
	cases := []struct {
		fault string
		def   *game.Definition // faultyNimDef(fault) when nil
		cfg   Config           // setup when zero
		want  string
	}{
		{fault: "unknown-option", want: "accepts an unknown option"},
		{fault: "legal-refused", want: "is refused on a clone"},
		{fault: "legal-twice", want: "twice"},
		{fault: "legal-out-of-turn", want: "is not in Turn()"},
		{fault: "legal-none", want: "but Legal(0) lists none"},
		{fault: "legal-incomplete", cfg: withCfg(func(c *Config) {
			c.Candidates = func(game.State, game.Seat, *game.Rand) []game.Move { return []game.Move{Move{Take: 3}} }
		}), want: "does not list it"},
		{fault: "turn-after-end", want: "Turn is empty exactly when the match is over"},
		{fault: "turn-order", want: "in seat order"},
		{fault: "out-of-turn-code", want: `not "not-your-turn"`},
		{fault: "out-of-turn-accepted", want: "is accepted; it must be refused"},
		{fault: "uncoded", want: "refused without a code"},
		{fault: "parse-uncoded", want: "refused without a code"},
		{fault: "empty-message", want: "unreadable message"},
		{fault: "refusal-mutates", want: "changed the position"},
		{fault: "json-misread", want: "reads back"},
		{fault: "fields-dropped", want: "a field the move's kind does not take must be refused"},
		{fault: "go-error", want: "which speaks of Go"},
		{fault: "clone-shares", want: "two clones of one position answer"},
		{fault: "clone-follows", want: "a move on the original changed its clone"},
		{fault: "clone-fresh-generator", def: diceDef("clone-fresh-generator"), cfg: Config{}, want: "unlike its original"},
		{fault: "clone-forgets-count", def: diceDef("clone-forgets-count"), cfg: Config{}, want: "differ after the same move"},
		{fault: "seats-change", want: "Seats() changed"},
		{fault: "notation", want: "does not read back"},
		{fault: "move-unmarshalable", want: "does not marshal"},
		{fault: "move-appends-wrongly", want: "appends its JSON as {"},
		{fault: "event-appends-wrongly", want: "data appends its JSON as"},
		{fault: "plays-after-end", want: "after the end is accepted"},
		{fault: "apply-panics", want: "the game panicked: nim bug"},
		{fault: "newbot-error", want: "no such bot"},
		{fault: "solve-panics", want: "Solve panicked"},
		{fault: "levels-without-bots", want: "both or neither"},
		{fault: "sampler-illegal", def: Definition, cfg: withCfg(func(c *Config) {
			c.Hidden = func(l game.Log, seat game.Seat, _ *game.Rand) (game.Log, bool) {
				for i, e := range l.Moves {
					if e.Seat != seat {
						l.Moves[i].Move = json.RawMessage(`{"pick":10}`)
					}
				}
				return l, true
			}
		}), want: "the sampler's log does not replay"},
		{fault: "view-leaks", want: "cannot tell apart"},
		{fault: "view-unmarshalable", want: "does not marshal"},
		{fault: "event-audience", want: "To lists seats of the table"},
		{fault: "event-seat", want: "neither a seat of the table nor Spectator"},
		{fault: "event-leaks", want: "different events"},
		{fault: "event-untyped", want: "has no Type"},
		{fault: "event-unmarshalable", want: "does not marshal"},
		{fault: "scores-length", want: "entries for 2 seats"},
		{fault: "winners", want: "Winners"},
		{fault: "bot-illegal", want: "which is refused"},
		{fault: "bot-panics", want: "panicked"},
		{fault: "bot-slow", cfg: withCfg(func(c *Config) { c.BotBudget, c.BotSlack = time.Millisecond, time.Millisecond }), want: "Choose took"},
		{fault: "bot-error", want: "no idea"},
		{fault: "bot-clock", want: "never by the clock"},
		{fault: "bot-nil", want: "no move and no error"},
		{fault: "bot-applies", want: "changed the state it was asked about"},
		{fault: "solve", want: "Solve's best move"},
		{fault: "no-sampler", def: Definition, cfg: Config{Options: setup.Options}, want: "gives no sampler"},
		{fault: "sampler-finds-nothing", def: Definition, cfg: withCfg(func(c *Config) {
			c.Hidden = func(game.Log, game.Seat, *game.Rand) (game.Log, bool) { return game.Log{}, false }
		}), want: "never returned a log"},
		{fault: "sampler-changes-nothing", def: Definition, cfg: withCfg(func(c *Config) {
			c.Hidden = func(l game.Log, _ game.Seat, _ *game.Rand) (game.Log, bool) { return l, true }
		}), want: "tested nothing"},
		{fault: "sampler-breaks-log", def: Definition, cfg: withCfg(func(c *Config) {
			c.Hidden = func(l game.Log, _ game.Seat, _ *game.Rand) (game.Log, bool) { return game.Log{Game: l.Game}, true }
		}), want: "the sampler returned a log"},
		{fault: "shared-generator", def: diceDef("shared-generator"), cfg: Config{}, want: "random generator included"},
		{fault: "outside-chance", def: diceDef("outside-chance"), cfg: Config{}, want: "replaying the log gives another position"},
		{fault: "refusal-draws", def: diceDef("refusal-draws"), cfg: Config{}, want: "replaying the log gives another position"},
		{fault: "private-event", def: diceDef("private-event"), cfg: Config{}, want: "the game has no secrets"},
		{fault: "view-per-seat", def: diceDef("view-per-seat"), cfg: Config{}, want: "is not the spectator's"},
		{fault: "legal-to-all", def: diceDef("legal-to-all"), cfg: Config{}, want: "owes no decision"},
		{fault: "no-concluder", def: opaqueNimDef(), want: "does not implement game.Concluder"},
		{fault: "no-describer", def: wordlessNimDef(), want: "does not implement game.Describer"},
		{fault: "bot-name-shared", want: "are both named"},
		{fault: "describe-notation", want: "is described by its notation"},
		{fault: "describe-leaks", want: "its words give away a secret"},
		{fault: "describe-seat", want: "not a seat of the table's 2"},
		{fault: "conclude-ignored", want: "Outcome() is nil; it must be the outcome the match decided"},
		{fault: "conclude-hides", want: "after game.Conclude it never does"},
	}
	for _, c := range cases {
		t.Run(c.fault, func(t *testing.T) {
			def, cfg := c.def, c.cfg
			if def == nil {
				def = faultyNimDef(c.fault)
			}
			if cfg.Options == nil && cfg.Hidden == nil && def != Definition && def.Name[:3] == "nim" {
				cfg = setup
			}
			got := failures(t, def, cfg)
			for _, f := range got {
				if strings.Contains(f, c.want) {
					t.Logf("reported:\n%s", f)
					return
				}
			}
			t.Errorf("the suite did not report %q; it reported %d failures:\n%s", c.want, len(got), strings.Join(got, "\n---\n"))
		})
	}
}
