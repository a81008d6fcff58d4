package game_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

type opts struct {
	Rows  int    `json:"rows"`
	Wrap  bool   `json:"wrap"`
	Level string `json:"level"`
}

func TestDecodeOptions(t *testing.T) {
	for _, raw := range []string{"", "null", "  ", "{}"} {
		o := opts{Rows: 8, Level: "hard"}
		if err := game.DecodeOptions(json.RawMessage(raw), &o); err != nil || o != (opts{Rows: 8, Level: "hard"}) {
			t.Errorf("%q: %v, %+v: defaults not kept", raw, err, o)
		}
	}
	o := opts{Rows: 8, Level: "hard"}
	if err := game.DecodeOptions(json.RawMessage(`{"wrap":true}`), &o); err != nil || o != (opts{Rows: 8, Wrap: true, Level: "hard"}) {
		t.Errorf("one field: %v, %+v", err, o)
	}
	cases := []struct{ raw, want string }{
		{`{"rows":8,"colour":"red"}`, `unknown option "colour"`},
		{`{"rows":"eight"}`, `option "rows" must be an integer`},
		{`{"rows":8.5}`, `option "rows" must be an integer`},
		{`{"wrap":"yes"}`, `option "wrap" must be true or false`},
		{`{"level":3}`, `option "level" must be a string`},
		{`[1]`, "options must be a JSON object"},
		{`8`, "options must be a JSON object"},
		{`{"rows":8} {"rows":9}`, "trailing data"},
		{`{"rows":`, "the options object is not valid JSON"},
	}
	for _, c := range cases {
		o := opts{Rows: 8}
		err := game.DecodeOptions(json.RawMessage(c.raw), &o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.raw, err, c.want)
		}
	}
}

func TestRegistry(t *testing.T) {
	other := &game.Definition{Name: "alpha", Title: "Alpha"}
	reg := game.NewRegistry(gametest.Definition, other)
	if got := strings.Join(reg.Names(), ","); got != "alpha,nim" {
		t.Fatalf("Names = %s, want alphabetical", got)
	}
	if l := reg.List(); len(l) != 2 || l[0] != other || l[1] != gametest.Definition {
		t.Fatalf("List order: %v", l)
	}
	if d, err := reg.Lookup("nim"); err != nil || d != gametest.Definition {
		t.Fatalf("Lookup(nim) = %v, %v", d, err)
	}
	_, err := reg.Lookup("chess")
	if err == nil || err.Error() != `unknown game "chess" (games: alpha, nim)` {
		t.Fatalf("Lookup(chess) error: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a duplicate name did not panic")
		}
	}()
	game.NewRegistry(other, &game.Definition{Name: "alpha"})
}

func TestDefinitionBot(t *testing.T) {
	rng := game.NewRand(1)
	if b, err := gametest.Definition.Bot("perfect", rng); err != nil || b == nil {
		t.Fatalf("Bot(perfect): %v", err)
	}
	_, err := gametest.Definition.Bot("grandmaster", rng)
	if err == nil || !strings.Contains(err.Error(), `Nim has no bot level "grandmaster" (levels: random, perfect)`) {
		t.Fatalf("unknown level: %v", err)
	}
	none := &game.Definition{Name: "x", Title: "Solitaire"}
	if _, err := none.Bot("easy", rng); err == nil || !strings.Contains(err.Error(), "Solitaire has no bots") {
		t.Fatalf("no bots: %v", err)
	}
}

func entry(seat game.Seat, move string) game.Entry {
	return game.Entry{Seat: seat, Move: json.RawMessage(move)}
}

func TestReplay(t *testing.T) {
	reg := gametest.Registry()
	l := game.Log{Game: "nim", Options: json.RawMessage(`{"stones":10}`), Seed: 4,
		Moves: []game.Entry{entry(0, `{"take":3}`), entry(1, `{"take":2}`), entry(0, `{"take":1}`)}}
	st, err := reg.Replay(l)
	if err != nil {
		t.Fatal(err)
	}
	// The same moves played one by one reach the same position.
	_, direct, err := reg.Start(l)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range l.Moves {
		if err := game.Play(direct, e.Seat, e.Move); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := st.(*gametest.State).Pile(), direct.(*gametest.State).Pile(); a != 4 || b != 4 {
		t.Fatalf("pile after replay %d, after play %d; want 4", a, b)
	}
	if st.Turn()[0] != 1 {
		t.Fatalf("turn after replay: %v", st.Turn())
	}

	// The first bad move is named, counting from 1, even when later
	// moves are bad too.
	bad := l
	bad.Moves = []game.Entry{entry(0, `{"take":3}`), entry(0, `{"take":2}`), entry(5, `{"take":1}`)}
	_, err = reg.Replay(bad)
	var re *game.ReplayError
	if !errors.As(err, &re) || re.Index != 2 || re.Entry.Seat != 0 {
		t.Fatalf("replay error: %#v", err)
	}
	if !strings.HasPrefix(err.Error(), `move 2 (seat 0, {"take":2}) does not replay: `) || game.ErrorCode(err) != "not-your-turn" {
		t.Fatalf("replay error text %q, code %q", err, game.ErrorCode(err))
	}

	headers := []struct {
		log  game.Log
		want string
	}{
		{game.Log{Game: "chess"}, `unknown game "chess"`},
		{game.Log{Game: "nim", Options: json.RawMessage(`{"stones":0}`)}, "stones must be between"},
		{game.Log{Game: "nim", Options: json.RawMessage(`{"heaps":2}`)}, `unknown option "heaps"`},
	}
	for _, h := range headers {
		_, err := reg.Replay(h.log)
		if !errors.As(err, &re) || re.Index != 0 || !strings.Contains(err.Error(), "log does not start a match") || !strings.Contains(err.Error(), h.want) {
			t.Errorf("%+v: %v", h.log, err)
		}
	}
	for _, m := range []game.Entry{entry(2, `{"take":1}`), entry(-1, `{"take":1}`), entry(0, `{"take":"x"}`), entry(0, `{"take":9}`)} {
		_, err := reg.Replay(game.Log{Game: "nim", Moves: []game.Entry{m}})
		if !errors.As(err, &re) || re.Index != 1 {
			t.Errorf("move %s by seat %d: %v", m.Move, m.Seat, err)
		}
	}
}

func TestPlayEvents(t *testing.T) {
	_, st, err := gametest.Registry().Start(game.Log{Game: "nim", Options: json.RawMessage(`{"stones":2}`)})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := game.PlayEvents(st, 0, []byte("t2"))
	if err != nil || len(ev) != 2 || ev[0].Type != "took" || ev[1].Type != "won" {
		t.Fatalf("events %v, %v", ev, err)
	}
	if o := st.Outcome(); o == nil || len(o.Winners) != 1 || o.Winners[0] != 0 {
		t.Fatalf("outcome %v", o)
	}
	if got := string(game.Canonical(gametest.Move{Take: 2})); got != `{"take":2}` {
		t.Fatalf("Canonical = %s", got)
	}
}

func TestEventVisibleTo(t *testing.T) {
	public := game.Event{Type: "took", Seat: 0}
	for _, s := range []game.Seat{game.Spectator, 0, 1, 5} {
		if !public.VisibleTo(s) {
			t.Errorf("a public event is hidden from seat %d", s)
		}
	}
	private := game.Event{Type: "card", Seat: 1, To: []game.Seat{1, 3}}
	for s, want := range map[game.Seat]bool{game.Spectator: false, 0: false, 1: true, 2: false, 3: true} {
		if private.VisibleTo(s) != want {
			t.Errorf("event to seats 1 and 3: VisibleTo(%d) = %v", s, !want)
		}
	}
	nobody := game.Event{Type: "secret", To: []game.Seat{}}
	if nobody.VisibleTo(0) || nobody.VisibleTo(game.Spectator) {
		t.Error("an event for no seat is visible")
	}
	// To never leaves the server: it is not part of the JSON form.
	if b, _ := json.Marshal(private); strings.Contains(string(b), "3") {
		t.Errorf("event JSON shows its audience: %s", b)
	}
}

func TestMoveErrors(t *testing.T) {
	err := game.NotYourTurn(2)
	if game.ErrorCode(err) != "not-your-turn" || err.Error() != "it is not seat 2's turn" {
		t.Fatalf("NotYourTurn: %q %q", game.ErrorCode(err), err)
	}
	wrapped := errors.Join(errors.New("context"), game.Illegal("too-far", "dots %d and %d are apart", 1, 3))
	if game.ErrorCode(wrapped) != "too-far" || !strings.Contains(wrapped.Error(), "dots 1 and 3 are apart") {
		t.Fatalf("wrapped: %q %q", game.ErrorCode(wrapped), wrapped)
	}
	if game.ErrorCode(errors.New("plain")) != "" {
		t.Fatal("a plain error has a code")
	}
}
