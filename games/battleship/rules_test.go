package battleship

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// Two fleets used throughout: west hugs the left edge in rows, east stands
// up the right edge in columns.
const (
	westFleet = "carrier A1 h, battleship A3 h, cruiser A5 h, submarine A7 h, destroyer A9 h"
	eastFleet = "carrier J1 v, battleship H1 v, cruiser F1 v, submarine D6 v, destroyer J9 v"
)

func start(t *testing.T, options string) *State {
	t.Helper()
	var raw json.RawMessage
	if options != "" {
		raw = json.RawMessage(options)
	}
	st, err := Definition.New(raw, game.NewRand(7))
	if err != nil {
		t.Fatalf("New(%s): %v", options, err)
	}
	return st.(*State)
}

func placed(t *testing.T, options string) *State {
	t.Helper()
	st := start(t, options)
	gametest.Play(t, st, 0, westFleet)
	gametest.Play(t, st, 1, eastFleet)
	return st
}

func TestOptions(t *testing.T) {
	st := start(t, "")
	if got := st.View(0).(*View).Options; got != (Options{Touch: true, First: 0, Salvo: false}) {
		t.Errorf("default options %+v", got)
	}
	for _, bad := range []string{`{"first":2}`, `{"first":-1}`, `{"colour":"red"}`, `{"touch":"yes"}`, `[1]`} {
		if _, err := Definition.New(json.RawMessage(bad), game.NewRand(1)); err == nil {
			t.Errorf("options %s accepted", bad)
		}
	}
}

func TestPlacementIsSecretAndSimultaneous(t *testing.T) {
	st := start(t, "")
	if got := st.Turn(); !slices.Equal(got, []game.Seat{0, 1}) {
		t.Fatalf("rules: during placement Turn() = %v, want both seats", got)
	}
	ev := gametest.Play(t, st, 1, eastFleet)
	if got := st.Turn(); !slices.Equal(got, []game.Seat{0}) {
		t.Fatalf("after seat 1 placed, Turn() = %v, want [0]", got)
	}
	gametest.Refused(t, st, 1, westFleet, "not-your-turn")
	gametest.Refused(t, st, 1, "A1", "not-your-turn")
	gametest.Refused(t, st, 0, "A1", "not-placed")
	for _, e := range ev {
		if e.VisibleTo(0) && e.Type == "fleet" {
			t.Errorf("seat 0 learns seat 1's fleet from event %+v", e)
		}
	}
	if !slices.ContainsFunc(ev, func(e game.Event) bool { return e.Type == "placed" && e.VisibleTo(0) && e.VisibleTo(game.Spectator) }) {
		t.Errorf("others are not told that seat 1 has placed: %+v", ev)
	}
	if !slices.ContainsFunc(ev, func(e game.Event) bool { return e.Type == "fleet" && e.VisibleTo(1) }) {
		t.Errorf("seat 1 is not told its fleet: %+v", ev)
	}
	v := st.View(0).(*View)
	if !v.Placed[1] || v.Fleets[1] != nil {
		t.Errorf("seat 0's view: placed %v, other fleet %v; want placed shown, fleet hidden", v.Placed, v.Fleets[1])
	}
	if v := st.View(game.Spectator).(*View); v.Fleets[0] != nil || v.Fleets[1] != nil {
		t.Errorf("the spectator sees a fleet before the end: %v", v.Fleets)
	}
	if v := st.View(1).(*View); len(v.Fleets[1]) != numShips {
		t.Errorf("seat 1 does not see its own fleet: %v", v.Fleets[1])
	}
	ev = gametest.Play(t, st, 0, westFleet)
	if !slices.ContainsFunc(ev, func(e game.Event) bool { return e.Type == "start" }) {
		t.Errorf("no start event once both fleets are down: %+v", ev)
	}
	if got := st.Turn(); !slices.Equal(got, []game.Seat{0}) {
		t.Errorf("battle starts with %v, want seat 0", got)
	}
}

func TestFRGridSetUp(t *testing.T) {
	cases := []struct {
		name, fleet, options, code string
	}{
		{"overlap refused", "carrier A1 h, battleship C1 v, cruiser A5 h, submarine A7 h, destroyer A9 h", "", "overlap"},
		{"off grid refused", "carrier H1 h, battleship A3 h, cruiser A5 h, submarine A7 h, destroyer A9 h", "", "off-grid"},
		{"off grid downwards refused", "carrier A8 v, battleship C3 h, cruiser C5 h, submarine C7 h, destroyer J9 h", "", "off-grid"},
		{"missing ship refused", "carrier A1 h, battleship A3 h, cruiser A5 h, submarine A7 h", "", "missing-ship"},
		{"duplicate ship refused", "carrier A1 h, battleship A3 h, cruiser A5 h, cruiser A7 h, destroyer A9 h", "", "duplicate-ship"},
		{"unknown ship refused", "carrier A1 h, battleship A3 h, cruiser A5 h, canoe A7 h, destroyer A9 h", "", "unknown-ship"},
		{"bad direction refused", "carrier A1 d, battleship A3 h, cruiser A5 h, submarine A7 h, destroyer A9 h", "", "bad-direction"},
		{"edge touching refused when forbidden", "carrier A1 h, battleship A2 h, cruiser A5 h, submarine A7 h, destroyer A9 h", `{"touch":false}`, "touching"},
		{"diagonal touching refused when forbidden", "carrier A1 h, battleship F2 h, cruiser A5 h, submarine A7 h, destroyer A9 h", `{"touch":false}`, "touching"},
		{"json off grid refused", `{"fleet":[{"ship":"carrier","row":0,"col":6,"dir":"h"},{"ship":"battleship","row":2,"col":0,"dir":"h"},{"ship":"cruiser","row":4,"col":0,"dir":"h"},{"ship":"submarine","row":6,"col":0,"dir":"h"},{"ship":"destroyer","row":8,"col":0,"dir":"h"}]}`, "", "off-grid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := start(t, c.options)
			gametest.Refused(t, st, 0, c.fleet, c.code)
			if got := st.Turn(); !slices.Equal(got, []game.Seat{0, 1}) {
				t.Errorf("after a refused fleet Turn() = %v", got)
			}
		})
	}
	t.Run("touching allowed by default", func(t *testing.T) {
		st := start(t, "")
		gametest.Play(t, st, 0, "carrier A1 h, battleship A2 h, cruiser A3 h, submarine A4 h, destroyer A5 h")
	})
	t.Run("apart is fine when touching is forbidden", func(t *testing.T) {
		st := start(t, `{"touch":false}`)
		gametest.Play(t, st, 0, westFleet)
	})
	t.Run("ships lie horizontally or vertically", func(t *testing.T) {
		st := start(t, "")
		gametest.Play(t, st, 0, eastFleet)
		v := st.View(0).(*View)
		for _, p := range v.Fleets[0] {
			if p.Dir != "v" {
				t.Errorf("%v lost its direction", p)
			}
		}
	})
}

func TestShotsAndAnswers(t *testing.T) {
	st := placed(t, "")
	// rules: each shot is answered miss, hit or sunk with the ship's name.
	answer := func(seat game.Seat, sq string) ShotRecord {
		t.Helper()
		ev := gametest.Play(t, st, seat, sq)
		for _, e := range ev {
			if e.Type == "shot" {
				if e.To != nil {
					t.Errorf("shot result is not public: %+v", e)
				}
				return e.Data.(ShotData).ShotRecord
			}
		}
		t.Fatalf("no shot event for %s", sq)
		return ShotRecord{}
	}
	if r := answer(0, "J9"); r.Result != "hit" || r.Ship != "" {
		t.Errorf("J9 on the destroyer: %+v, want an unnamed hit", r)
	}
	if got := st.Turn(); !slices.Equal(got, []game.Seat{1}) {
		t.Fatalf("rules: a hit gives no extra shot; Turn() = %v", got)
	}
	if r := answer(1, "J10"); r.Result != "miss" {
		t.Errorf("J10 on empty water: %+v", r)
	}
	gametest.Refused(t, st, 1, "A1", "not-your-turn")
	if r := answer(0, "J10"); r.Result != "sunk" || r.Ship != "destroyer" {
		t.Errorf("J10 finishing the destroyer: %+v, want sunk destroyer", r)
	}
	v := st.View(1).(*View)
	if !slices.Equal(v.Sunk[1], []string{"destroyer"}) {
		t.Errorf("seat 1's view of its sunk ships: %v", v.Sunk[1])
	}
}

func TestAlreadyFiredRefusedAndTurnStays(t *testing.T) {
	st := placed(t, "")
	gametest.Play(t, st, 0, "E5")
	gametest.Play(t, st, 1, "E5")
	// rules: already-fired refused and turn stays
	gametest.Refused(t, st, 0, "E5", "already-fired")
	gametest.Refused(t, st, 0, `{"shot":[4,4]}`, "already-fired")
	if got := st.Turn(); !slices.Equal(got, []game.Seat{0}) {
		t.Fatalf("after the refusal Turn() = %v, want seat 0 still", got)
	}
	gametest.Play(t, st, 0, "E6")
}

func TestRefusedMovesChangeNothing(t *testing.T) {
	st := placed(t, "")
	gametest.Refused(t, st, 0, "K1", "bad-square")
	gametest.Refused(t, st, 0, "A11", "bad-square")
	gametest.Refused(t, st, 0, `{"shot":[10,0]}`, "off-grid")
	gametest.Refused(t, st, 0, `{"shot":[1,1],"random":true}`, "bad-move")
	gametest.Refused(t, st, 0, westFleet, "already-placed")
	gametest.Refused(t, st, 0, "random", "already-placed")
	gametest.Refused(t, st, 1, "A1", "not-your-turn")
}

func TestFirstOption(t *testing.T) {
	st := placed(t, `{"first":1}`)
	if got := st.Turn(); !slices.Equal(got, []game.Seat{1}) {
		t.Fatalf(`with "first":1 Turn() = %v`, got)
	}
	gametest.Refused(t, st, 0, "A1", "not-your-turn")
	gametest.Play(t, st, 1, "A1")
	if got := st.Turn(); !slices.Equal(got, []game.Seat{0}) {
		t.Fatalf("turns do not alternate: %v", got)
	}
}

// sinkAll fires seat's shots at every square of the fleet in notation,
// with the other seat firing down the grid from A1 in between.
func sinkAll(t *testing.T, st *State, seat game.Seat, fleet string) []game.Event {
	t.Helper()
	m, err := ParseMove([]byte(fleet))
	if err != nil {
		t.Fatal(err)
	}
	other := 0
	var last []game.Event
	for _, p := range m.Fleet {
		sqs, _ := p.squares(Fleet[shipIndex(p.Ship)].Len)
		for _, s := range sqs {
			last = gametest.Play(t, st, seat, Square(s/Size, s%Size))
			if st.Outcome() != nil {
				return last
			}
			for st.Outcome() == nil && !game.OwesMove(st, seat) {
				gametest.Play(t, st, 1-seat, Square(other%Size, other/Size))
				other++
			}
		}
	}
	return last
}

func TestWinConditionTracking(t *testing.T) {
	st := placed(t, "")
	last := sinkAll(t, st, 0, eastFleet)
	out := st.Outcome()
	if out == nil || !slices.Equal(out.Winners, []game.Seat{0}) {
		t.Fatalf("Win Condition Tracking: outcome %+v, want seat 0 the winner", out)
	}
	if len(st.Turn()) != 0 {
		t.Errorf("Turn() after the end = %v", st.Turn())
	}
	squares := 0
	for _, sh := range Fleet {
		squares += sh.Len
	}
	if sc := st.Scores(); sc[0] != squares {
		t.Errorf("scores %v: seat 0 hit all %d squares of the fleet", sc, squares)
	}
	if !slices.ContainsFunc(last, func(e game.Event) bool { return e.Type == "over" && e.To == nil }) {
		t.Errorf("no public over event: %+v", last)
	}
	gametest.Refused(t, st, 1, "J10", "not-your-turn")
	for _, seat := range []game.Seat{0, 1, game.Spectator} {
		v := st.View(seat).(*View)
		if v.Phase != "over" || v.Winner == nil || *v.Winner != 0 {
			t.Errorf("view of %d at the end: phase %s winner %v", seat, v.Phase, v.Winner)
		}
		if len(v.Fleets[0]) != numShips || len(v.Fleets[1]) != numShips {
			t.Errorf("the end does not reveal both fleets to %d: %v", seat, v.Fleets)
		}
	}
}

func TestSalvo(t *testing.T) {
	st := placed(t, `{"salvo":true}`)
	// rules: salvo fires one shot per ship afloat, then the turn passes.
	for i := range numShips {
		if !game.OwesMove(st, 0) {
			t.Fatalf("seat 0 lost the turn after %d of its 5 salvo shots", i)
		}
		if v := st.View(0).(*View); v.ShotsLeft != numShips-i {
			t.Errorf("ShotsLeft %d after %d shots", v.ShotsLeft, i)
		}
		gametest.Play(t, st, 0, Square(9-i, 9)) // J10 J9: the destroyer sinks
	}
	if !game.OwesMove(st, 1) {
		t.Fatalf("turn did not pass after the salvo")
	}
	// Seat 1 lost its destroyer: four shots this turn.
	for i := range 4 {
		if !game.OwesMove(st, 1) {
			t.Fatalf("seat 1 lost the turn after %d of 4 shots", i)
		}
		gametest.Play(t, st, 1, Square(9, i))
	}
	if !game.OwesMove(st, 0) {
		t.Fatalf("seat 1 kept the turn with all ships but one sunk... after 4 shots")
	}
	if v := st.View(0).(*View); v.ShotsLeft != numShips {
		t.Errorf("seat 0 has all five ships, ShotsLeft %d", v.ShotsLeft)
	}
}

func TestNotation(t *testing.T) {
	m, err := ParseMove([]byte("B7"))
	if err != nil || *m.Shot != [2]int{6, 1} {
		t.Fatalf("B7 = %v %v, want row 6 col 1", m, err)
	}
	if m, err := ParseMove([]byte("j10")); err != nil || *m.Shot != [2]int{9, 9} {
		t.Errorf("j10 = %v %v", m, err)
	}
	if got := string(game.Canonical(ShotAt(6, 1))); got != `{"shot":[6,1]}` {
		t.Errorf("canonical shot %s", got)
	}
	f, err := ParseMove([]byte(eastFleet))
	if err != nil {
		t.Fatal(err)
	}
	if f.String() != eastFleet {
		t.Errorf("fleet notation round trip: %q", f.String())
	}
	back, err := ParseMove(game.Canonical(f))
	if err != nil || back.String() != eastFleet {
		t.Errorf("fleet JSON round trip: %v %v", back, err)
	}
	if !strings.HasPrefix(string(game.Canonical(f)), `{"fleet":[{"ship":"carrier","row":0,"col":9,"dir":"v"}`) {
		t.Errorf("canonical fleet %s", game.Canonical(f))
	}
	if m, err := ParseMove([]byte("CARRIER a1 H; battleship A3 h; cruiser A5 h; submarine A7 h; destroyer A9 h")); err != nil || m.String() != westFleet {
		t.Errorf("case and semicolons: %v %v", m, err)
	}
	for _, bad := range []string{"", "Z1", "A0", "A", "carrier A1", "{}", `{"shot":[1]}`, `{"shot":[1,1]} x`, `{"random":false}`} {
		if _, err := ParseMove([]byte(bad)); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
}

func TestRandomPlacement(t *testing.T) {
	for _, touch := range []bool{true, false} {
		rng := game.NewRand(3)
		for range 200 {
			f := RandomFleet(&rng, touch)
			if _, err := ValidateFleet(f, touch); err != nil {
				t.Fatalf("random fleet (touch %v) is illegal: %v", touch, err)
			}
		}
	}
	// "random" as a move places a legal fleet with the match's generator,
	// so a replay places the same one.
	a, b := start(t, ""), start(t, "")
	gametest.Play(t, a, 0, "random")
	gametest.Play(t, b, 0, `{"random":true}`)
	if d := gametest.Difference(a, b); d != "" {
		t.Errorf("random placement differs between two matches with one seed: %s", d)
	}
	if v := a.View(0).(*View); len(v.Fleets[0]) != numShips {
		t.Errorf("random placement did not place a fleet: %v", v.Fleets[0])
	}
}

func TestLegalLists(t *testing.T) {
	st := placed(t, "")
	gametest.Play(t, st, 0, "C3")
	gametest.Play(t, st, 1, "C3")
	if got := len(st.Legal(0)); got != numSquares-1 {
		t.Errorf("Legal(0) lists %d shots, want 99", got)
	}
	if slices.ContainsFunc(st.Legal(0), func(m game.Move) bool { return m.String() == "C3" }) {
		t.Errorf("Legal lists a square already fired at")
	}
}

// CheckPartialFleet applies the placement rules to the ships laid so far
// and nothing more: two ships are not a missing fleet, but an overlap, a
// ship off the grid, and (when ships may not touch) touching ships are
// refused with the codes ValidateFleet gives.
func TestCheckPartialFleet(t *testing.T) {
	carrier := Placement{Ship: "carrier", Row: 0, Col: 0, Dir: "h"}
	cases := []struct {
		fleet []Placement
		touch bool
		code  string
	}{
		{[]Placement{carrier, {Ship: "battleship", Row: 2, Col: 0, Dir: "h"}}, false, ""},
		{[]Placement{carrier, {Ship: "battleship", Row: 0, Col: 3, Dir: "v"}}, true, "overlap"},
		{[]Placement{carrier, {Ship: "battleship", Row: 1, Col: 0, Dir: "h"}}, false, "touching"},
		{[]Placement{carrier, {Ship: "battleship", Row: 1, Col: 0, Dir: "h"}}, true, ""},
		{[]Placement{{Ship: "carrier", Row: 0, Col: 7, Dir: "h"}}, true, "off-grid"},
		{[]Placement{carrier, carrier}, true, "duplicate-ship"},
	}
	for _, c := range cases {
		if got := game.ErrorCode(CheckPartialFleet(c.fleet, c.touch)); got != c.code {
			t.Errorf("%v touch %v: code %q, want %q", c.fleet, c.touch, got, c.code)
		}
	}
	if _, err := ValidateFleet([]Placement{carrier}, true); game.ErrorCode(err) != "missing-ship" {
		t.Errorf("a whole fleet of one ship: %v", err)
	}
}
