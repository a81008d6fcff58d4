package engine_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/engine"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// session drives Serve in-process over pipes, one request and one answer
// at a time, as a client of the engine would.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan error
}

func start(t *testing.T, reg *game.Registry) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() {
		err := engine.Serve(context.Background(), reg, inR, outW)
		outW.Close()
		s.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		if err := <-s.done; err != nil {
			t.Errorf("Serve returned %v", err)
		}
	})
	return s
}

// raw sends one line and returns the answer line.
func (s *session) raw(line string) string {
	s.t.Helper()
	go fmt.Fprintf(s.in, "%s\n", line)
	ans, err := s.out.ReadString('\n')
	if err != nil {
		s.t.Fatalf("no answer to %q: %v", line, err)
	}
	return ans
}

// send sends a request and decodes its answer, checking that it is one
// JSON object with "ok".
func (s *session) send(line string) map[string]any {
	s.t.Helper()
	ans := s.raw(line)
	var m map[string]any
	if err := json.Unmarshal([]byte(ans), &m); err != nil {
		s.t.Fatalf("answer to %q is not JSON: %q", line, ans)
	}
	if _, ok := m["ok"].(bool); !ok {
		s.t.Fatalf("answer to %q has no ok: %q", line, ans)
	}
	return m
}

func (s *session) ok(line string) map[string]any {
	s.t.Helper()
	m := s.send(line)
	if m["ok"] != true {
		s.t.Fatalf("%s: refused: %v", line, m["error"])
	}
	return m
}

// refused sends a request that must be refused with an error containing
// want, and checks that the match (its log and the spectator's state) did
// not change.
func (s *session) refused(line, want string) map[string]any {
	s.t.Helper()
	before := s.snapshot()
	m := s.send(line)
	if m["ok"] != false {
		s.t.Fatalf("%s: accepted, want refusal: %v", line, m)
	}
	msg, _ := m["error"].(string)
	if !strings.Contains(msg, want) {
		s.t.Fatalf("%s: error %q, want it to mention %q", line, msg, want)
	}
	if w := game.GoWords(msg); w != "" {
		s.t.Fatalf("%s: error %q speaks of Go (%q): a client reads sentences, not Go types", line, msg, w)
	}
	if after := s.snapshot(); after != before {
		s.t.Fatalf("%s changed the match:\nbefore %s\nafter  %s", line, before, after)
	}
	return m
}

func (s *session) snapshot() string {
	s.t.Helper()
	return s.raw(`{"cmd":"log"}`) + s.raw(`{"cmd":"state","seat":0}`) + s.raw(`{"cmd":"state","seat":1}`)
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestNewStateLegalPlay(t *testing.T) {
	s := start(t, gametest.Registry())
	a := s.ok(`{"cmd":"new","game":"nim","options":{"stones":5},"seed":42}`)
	if a["seats"] != 2.0 || toJSON(a["turn"]) != "[0]" || a["seed"] != 42.0 {
		t.Fatalf("new: %v", a)
	}
	st := s.ok(`{"cmd":"state"}`)
	if toJSON(st["view"]) != `{"mover":0,"pile":5}` || toJSON(st["scores"]) != "[0,0]" || st["outcome"] != nil {
		t.Fatalf("state: %v", st)
	}
	lg := s.ok(`{"cmd":"legal","seat":0}`)
	if toJSON(lg["moves"]) != `[{"take":1},{"take":2},{"take":3}]` || toJSON(lg["notation"]) != `["t1","t2","t3"]` {
		t.Fatalf("legal: %v", lg)
	}
	if lg := s.ok(`{"cmd":"legal","seat":1}`); toJSON(lg["moves"]) != "[]" {
		t.Fatalf("legal for the seat not to move: %v", lg)
	}
	// Canonical JSON and notation are both accepted.
	p := s.ok(`{"cmd":"play","seat":0,"move":{"take":2}}`)
	if toJSON(p["events"]) != `[{"data":2,"seat":0,"type":"took"}]` || toJSON(p["turn"]) != "[1]" || toJSON(p["move"]) != `{"take":2}` {
		t.Fatalf("play: %v", p)
	}
	p = s.ok(`{"cmd":"play","seat":1,"move":"t3"}`)
	if toJSON(p["turn"]) != "[]" || toJSON(p["outcome"]) != `{"reason":"last stone taken","winners":[1]}` || toJSON(p["scores"]) != "[2,3]" {
		t.Fatalf("winning play: %v", p)
	}
	st = s.ok(`{"cmd":"state","seat":1}`)
	if toJSON(st["turn"]) != "[]" || toJSON(st["outcome"]) != `{"reason":"last stone taken","winners":[1]}` {
		t.Fatalf("state at the end: %v", st)
	}
	s.refused(`{"cmd":"play","seat":0,"move":"t1"}`, "over")
	s.refused(`{"cmd":"solve"}`, "over")
	// The log keeps the options as given and the moves in canonical JSON.
	if l := s.raw(`{"cmd":"log"}`); l != `{"ok":true,"log":{"game":"nim","options":{"stones":5},"seed":42,"moves":[{"seat":0,"move":{"take":2}},{"seat":1,"move":{"take":3}}]}}`+"\n" {
		t.Fatalf("log: %s", l)
	}
}

func TestHiddenEventsAndSimultaneousTurn(t *testing.T) {
	s := start(t, gametest.Registry())
	a := s.ok(`{"cmd":"new","game":"nim","options":{"setup":true,"stones":10}}`)
	if toJSON(a["turn"]) != "[0,1]" {
		t.Fatalf("set-up turn: %v", a["turn"])
	}
	p := s.ok(`{"cmd":"play","seat":1,"move":"p7"}`)
	if toJSON(p["events"]) != `[{"seat":1,"type":"picked"},{"data":7,"seat":1,"type":"pick"}]` || toJSON(p["turn"]) != "[0]" {
		t.Fatalf("pick: %v", p)
	}
	// Seat 0 and spectators see that seat 1 picked, never what.
	for _, q := range []string{`{"cmd":"state","seat":0}`, `{"cmd":"state"}`, `{"cmd":"state","seat":-1}`} {
		if v := toJSON(s.ok(q)["view"]); strings.Contains(v, "7") {
			t.Fatalf("%s shows seat 1's pick: %s", q, v)
		}
	}
	if v := toJSON(s.ok(`{"cmd":"state","seat":1}`)["view"]); !strings.Contains(v, `"myPick":7`) {
		t.Fatalf("seat 1 does not see its own pick: %s", v)
	}
}

func TestBot(t *testing.T) {
	s := start(t, gametest.Registry())
	s.ok(`{"cmd":"new","game":"nim","options":{"stones":10},"seed":1}`)
	before := s.snapshot()
	b := s.ok(`{"cmd":"bot","seat":0,"level":"perfect","ms":500}`)
	if toJSON(b["move"]) != `{"take":2}` || b["notation"] != "t2" {
		t.Fatalf("perfect bot from 10 stones: %v", b)
	}
	if s.snapshot() != before {
		t.Fatal("bot request changed the match")
	}
	// No level: the strongest.
	if b := s.ok(`{"cmd":"bot","seat":0}`); b["level"] != "perfect" {
		t.Fatalf("default level: %v", b)
	}
	// The same request in the same position gets the same answer.
	r1 := s.ok(`{"cmd":"bot","seat":0,"level":"random"}`)
	r2 := s.ok(`{"cmd":"bot","seat":0,"level":"random"}`)
	if toJSON(r1["move"]) != toJSON(r2["move"]) {
		t.Fatalf("random bot not reproducible: %v then %v", r1["move"], r2["move"])
	}
	s.refused(`{"cmd":"bot","seat":1}`, "owes no move")
	s.refused(`{"cmd":"bot","seat":0,"level":"grandmaster"}`, `no bot level "grandmaster"`)
	s.refused(`{"cmd":"bot","seat":0,"ms":0}`, `"ms"`)
	s.refused(`{"cmd":"bot","seat":0,"ms":"fast"}`, `"ms" must be an integer`)
	s.refused(`{"cmd":"bot","level":"random"}`, `missing field "seat"`)
}

func TestSolve(t *testing.T) {
	s := start(t, gametest.Registry())
	s.ok(`{"cmd":"new","game":"nim","options":{"stones":6}}`)
	a := s.ok(`{"cmd":"solve"}`)
	if a["value"] != 1.0 || toJSON(a["move"]) != `{"take":2}` || a["notation"] != "t2" || a["seat"] != 0.0 {
		t.Fatalf("solve 6 stones: %v", a)
	}
	s.ok(`{"cmd":"play","seat":0,"move":"t2"}`)
	if a := s.ok(`{"cmd":"solve","ms":1000}`); a["value"] != -1.0 || a["seat"] != 1.0 {
		t.Fatalf("solve 4 stones: %v", a)
	}
	s.refused(`{"cmd":"solve","ms":-5}`, `"ms"`)
}

// slowNim is Nim whose solver runs until its context ends, and a game with
// neither solver nor bots.
func slowRegistry() *game.Registry {
	slow := *gametest.Definition
	slow.Name = "slownim"
	slow.Solve = func(ctx context.Context, s game.State) (int, game.Move, error) {
		<-ctx.Done()
		return 0, nil, ctx.Err()
	}
	plain := *gametest.Definition
	plain.Name, plain.Title = "plainnim", "Plain Nim"
	plain.Solve, plain.BotLevels, plain.NewBot = nil, nil, nil
	return game.NewRegistry(&slow, &plain)
}

func TestSolveRefusals(t *testing.T) {
	s := start(t, slowRegistry())
	s.ok(`{"cmd":"new","game":"slownim"}`)
	s.refused(`{"cmd":"solve","ms":20}`, "time limit")
	s.ok(`{"cmd":"new","game":"plainnim"}`)
	s.refused(`{"cmd":"solve"}`, "Plain Nim has no solver")
	s.refused(`{"cmd":"bot","seat":0}`, "Plain Nim has no bots")
}

// stubborn is a bot that ignores its deadline or panics.
type stubborn struct{ panics bool }

func (b stubborn) Choose(ctx context.Context, s game.State, seat game.Seat) (game.Move, error) {
	if b.panics {
		panic("bot bug")
	}
	return s.Legal(seat)[0], nil
}

func TestBotThatPanics(t *testing.T) {
	d := *gametest.Definition
	d.NewBot = func(level string, rng game.Rand) (game.Bot, error) {
		return stubborn{panics: level == "random"}, nil
	}
	s := start(t, game.NewRegistry(&d))
	s.ok(`{"cmd":"new","game":"nim"}`)
	s.refused(`{"cmd":"bot","seat":0,"level":"random"}`, "the bot failed")
	s.ok(`{"cmd":"bot","seat":0,"level":"perfect"}`)
}

func TestUndo(t *testing.T) {
	s := start(t, gametest.Registry())
	s.ok(`{"cmd":"new","game":"nim","options":{"stones":9},"seed":3}`)
	s.refused(`{"cmd":"undo"}`, "no move to undo")
	s.ok(`{"cmd":"play","seat":0,"move":"t1"}`)
	before := s.snapshot()
	s.ok(`{"cmd":"play","seat":1,"move":"t3"}`)
	u := s.ok(`{"cmd":"undo"}`)
	if toJSON(u["turn"]) != "[1]" || toJSON(u["undone"]) != `{"move":{"take":3},"seat":1}` {
		t.Fatalf("undo: %v", u)
	}
	if s.snapshot() != before {
		t.Fatal("undo did not restore the position before the last move")
	}
}

func TestLogLoadRoundTrip(t *testing.T) {
	s := start(t, gametest.Registry())
	s.ok(`{"cmd":"new","game":"nim","options":{"stones":12,"setup":true},"seed":9}`)
	for _, m := range []string{
		`{"cmd":"play","seat":0,"move":"p3"}`,
		`{"cmd":"play","seat":1,"move":"p4"}`,
		`{"cmd":"play","seat":0,"move":"t3"}`,
		`{"cmd":"play","seat":1,"move":{"take":1}}`,
	} {
		s.ok(m)
	}
	want := s.snapshot()
	line := s.raw(`{"cmd":"log"}`)
	log := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(line), `{"ok":true,"log":`), "}")

	// A second engine rebuilds the same match from the log.
	s2 := start(t, gametest.Registry())
	a := s2.ok(`{"cmd":"load","log":` + log + `}`)
	if a["moves"] != 4.0 || a["game"] != "nim" {
		t.Fatalf("load: %v", a)
	}
	if got := s2.snapshot(); got != want {
		t.Fatalf("loaded match differs:\n%s\n%s", got, want)
	}

	// A log whose third move is illegal is refused, naming it, and the
	// match in progress stays.
	bad := `{"game":"nim","options":{"stones":12,"setup":true},"seed":9,"moves":[` +
		`{"seat":0,"move":{"pick":3}},{"seat":1,"move":{"pick":4}},{"seat":1,"move":{"take":1}}]}`
	r := s2.refused(`{"cmd":"load","log":`+bad+`}`, "move 3 (seat 1")
	if r["index"] != 3.0 {
		t.Fatalf("refused load names index %v, want 3", r["index"])
	}
	s2.refused(`{"cmd":"load","log":{"game":"chess","seed":1,"moves":[]}}`, `unknown game "chess"`)
	s2.refused(`{"cmd":"load","log":{"game":"nim","options":{"stones":99},"moves":[]}}`, "stones must be between")
	s2.refused(`{"cmd":"load","log":{"game":"nim","moves":[],"extra":1}}`, "must be a match log")
	s2.refused(`{"cmd":"load","log":[1,2]}`, "must be a match log")
	s2.refused(`{"cmd":"load"}`, `missing field "log"`)
}

func TestRefusalsChangeNothing(t *testing.T) {
	s := start(t, gametest.Registry())
	// Before any match.
	for _, q := range []string{`{"cmd":"state"}`, `{"cmd":"legal","seat":0}`, `{"cmd":"play","seat":0,"move":"t1"}`,
		`{"cmd":"bot","seat":0}`, `{"cmd":"solve"}`, `{"cmd":"log"}`, `{"cmd":"undo"}`} {
		if a := s.send(q); a["ok"] != false || !strings.Contains(a["error"].(string), "no match") {
			t.Fatalf("%s before new: %v", q, a)
		}
	}
	s.ok(`{"cmd":"new","game":"nim","options":{"stones":7},"seed":5}`)
	s.ok(`{"cmd":"play","seat":0,"move":"t2"}`)
	cases := []struct{ line, want string }{
		{`not json`, "not a JSON object"},
		{`[1,2,3]`, "not a JSON object"},
		{`"play"`, "not a JSON object"},
		{`null`, "not a JSON object"},
		{`{"cmd":"play","seat":1,"move":"t1"`, "not a JSON object"},
		{``, "empty request"},
		{`   `, "empty request"},
		{`{}`, `missing field "cmd"`},
		{`{"cmd":7}`, `field "cmd" must be a string`},
		{`{"cmd":"dance"}`, `unknown cmd "dance"`},
		{`{"cmd":"state","sead":1}`, `state takes no field "sead"`},
		{`{"cmd":"play","move":"t1"}`, `missing field "seat"`},
		{`{"cmd":"play","seat":1}`, `missing field "move"`},
		{`{"cmd":"play","seat":"one","move":"t1"}`, `"seat" must be an integer`},
		{`{"cmd":"play","seat":1.5,"move":"t1"}`, `"seat" must be an integer`},
		{`{"cmd":"play","seat":2,"move":"t1"}`, "no seat 2"},
		{`{"cmd":"play","seat":-1,"move":"t1"}`, "no seat -1"},
		{`{"cmd":"play","seat":0,"move":"t1"}`, "not seat 0's turn"},
		{`{"cmd":"play","seat":1,"move":"t4"}`, "take 1 to 3"},
		{`{"cmd":"play","seat":1,"move":"x"}`, "not a Nim move"},
		{`{"cmd":"play","seat":1,"move":{"take":1,"color":"red"}}`, "not a Nim move"},
		{`{"cmd":"play","seat":1,"move":"boom"}`, "internal error"},
		{`{"cmd":"state","seat":5}`, "no seat 5"},
		{`{"cmd":"legal"}`, `missing field "seat"`},
		{`{"cmd":"new"}`, `missing field "game"`},
		{`{"cmd":"new","game":"chess"}`, `unknown game "chess" (games: nim)`},
		{`{"cmd":"new","game":"nim","options":{"stones":0}}`, "stones must be between"},
		{`{"cmd":"new","game":"nim","options":{"pebbles":3}}`, `unknown option "pebbles"`},
		{`{"cmd":"new","game":"nim","options":{"stones":"many"}}`, `option "stones" must be an integer`},
		{`{"cmd":"new","game":"nim","options":5}`, "options must be a JSON object"},
		{`{"cmd":"new","game":"nim","seed":-1}`, `"seed" must be an integer`},
		{`{"cmd":"new","game":"nim","seed":"x"}`, `"seed" must be an integer`},
		{`{"cmd":"new","game":42}`, `"game" must be a string`},
		{`{"cmd":"load","log":[1]}`, `field "log" must be a match log`},
		{`{"cmd":"load","log":{"game":"nim","seed":1,"moves":{}}}`, `field "moves" of the log must be a list, not an object`},
		{`{"cmd":"load","log":{"game":"nim","seed":"one","moves":[]}}`, `field "seed" of the log must be an integer from 0 up, not a string`},
		{`{"cmd":"load","log":{"game":"nim","seed":1,"moves":[{"seat":"0","move":"t1"}]}}`, `field "moves.seat" of the log must be an integer`},
		{`{"cmd":"load","log":{"game":"nim","seed":1,"moves":[],"extra":1}}`, `the log has an unknown field "extra"`},
		{`{"cmd":"play","seat":1,"move":{"take":"1"}}`, `field "take" of a Nim move must be an integer`},
		{`{"cmd":"play","seat":1,"move":{"take":1,"pick":2}}`, `a Nim move is one of`},
	}
	for _, c := range cases {
		s.refused(c.line, c.want)
	}
	// And the engine is still playing the same match.
	if a := s.ok(`{"cmd":"play","seat":1,"move":"t1"}`); toJSON(a["turn"]) != "[0]" {
		t.Fatalf("play after refusals: %v", a)
	}
}

func TestIDEchoed(t *testing.T) {
	s := start(t, gametest.Registry())
	if a := s.send(`{"id":"a-1","cmd":"games"}`); a["id"] != "a-1" || a["ok"] != true {
		t.Fatalf("id on success: %v", a)
	}
	if a := s.send(`{"id":7,"cmd":"nope"}`); a["id"] != 7.0 || a["ok"] != false {
		t.Fatalf("id on refusal: %v", a)
	}
}

func TestGamesAndHelp(t *testing.T) {
	s := start(t, slowRegistry())
	g := toJSON(s.ok(`{"cmd":"games"}`)["games"])
	if !strings.Contains(g, `{"bots":[],"hidden":true,"name":"plainnim"`) || !strings.Contains(g, `"solve":false`) ||
		!strings.Contains(g, `{"bots":["random","perfect"],"hidden":true,"name":"slownim"`) || !strings.Contains(g, `"solve":true`) {
		t.Fatalf("games: %s", g)
	}
	h := toJSON(s.ok(`{"cmd":"help"}`)["commands"])
	for _, c := range []string{"new", "state", "legal", "play", "bot", "solve", "log", "load", "undo", "games", "quit"} {
		if !strings.Contains(h, `"cmd":"`+c+`"`) {
			t.Errorf("help does not list %s: %s", c, h)
		}
	}
}

func TestQuitAndEndOfInput(t *testing.T) {
	var out strings.Builder
	in := strings.NewReader("{\"cmd\":\"games\"}\r\n{\"cmd\":\"quit\"}\n{\"cmd\":\"games\"}\n")
	if err := engine.Serve(context.Background(), gametest.Registry(), in, &out); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 2 || lines[1] != `{"ok":true}` {
		t.Fatalf("answers up to quit: %q", lines)
	}
	// A last line without a newline is still answered.
	out.Reset()
	err := engine.Serve(context.Background(), gametest.Registry(), strings.NewReader(`{"cmd":"nope"}`), &out)
	if err != nil || !strings.HasPrefix(out.String(), `{"ok":false`) {
		t.Fatalf("unterminated last line: %v %q", err, out.String())
	}
}

func TestOverlongLine(t *testing.T) {
	s := start(t, gametest.Registry())
	s.ok(`{"cmd":"new","game":"nim","seed":1}`)
	long := `{"cmd":"play","seat":0,"move":"` + strings.Repeat("1", engine.MaxLine) + `"}`
	s.refused(long, "longer than")
	s.ok(`{"cmd":"play","seat":0,"move":"t1"}`)
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("pipe closed") }

func TestWriteErrorAndCancel(t *testing.T) {
	err := engine.Serve(context.Background(), gametest.Registry(), strings.NewReader("{\"cmd\":\"games\"}\n"), failWriter{})
	if err == nil || !strings.Contains(err.Error(), "pipe closed") {
		t.Fatalf("write error: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := engine.Serve(ctx, gametest.Registry(), strings.NewReader("{\"cmd\":\"games\"}\n"), io.Discard); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

// TestBotBudgetIsPassed: the bot gets the request's "ms" as its budget of
// work (game.Budget), which it decides by, and a deadline only far later,
// game.Runaway of it, that stops a runaway search.
func TestBotBudgetIsPassed(t *testing.T) {
	d := *gametest.Definition
	got := make(chan [2]int64, 1)
	d.NewBot = func(string, game.Rand) (game.Bot, error) { return deadlineBot{got}, nil }
	s := start(t, game.NewRegistry(&d))
	s.ok(`{"cmd":"new","game":"nim"}`)
	a := s.ok(`{"cmd":"bot","seat":0,"level":"random","ms":60000}`)
	seen := <-got
	if seen[0] != 60000 {
		t.Fatalf("bot's budget %d ms, want the request's 60000", seen[0])
	}
	if left := time.Duration(seen[1]); left <= time.Minute || left > game.Runaway(time.Minute) {
		t.Fatalf("bot saw %v left, want the runaway limit of a minute's budget, %v", left, game.Runaway(time.Minute))
	}
	if _, cut := a["cut"]; cut {
		t.Fatalf("an answer within its budget says it was cut short: %v", a)
	}
}

type deadlineBot struct{ got chan [2]int64 }

func (b deadlineBot) Choose(ctx context.Context, s game.State, seat game.Seat) (game.Move, error) {
	d, ok := ctx.Deadline()
	left := time.Duration(0)
	if ok {
		left = time.Until(d)
	}
	b.got <- [2]int64{game.Budget(ctx), int64(left)}
	return s.Legal(seat)[0], nil
}
