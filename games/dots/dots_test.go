package dots

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

func mustNew(t testing.TB, rows, cols int) *State {
	t.Helper()
	s, err := New(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func view(s *State, seat game.Seat) View { return s.View(seat).(View) }

func TestDefinitionOptions(t *testing.T) {
	st, err := Definition.New(nil, game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.Rows() != 8 || s.Cols() != 8 {
		t.Fatalf("default board %dx%d, want 8x8 dots", s.Rows(), s.Cols())
	}
	bad := map[string]string{
		`{"rows":1}`:           "rows",
		`{"cols":17}`:          "cols",
		`{"rows":8,"size":3}`:  "unknown option",
		`{"rows":"8"}`:         "rows",
		`[8,8]`:                "object",
		`{"rows":8}{"cols":8}`: "trailing",
	}
	for opts, want := range bad {
		if _, err := Definition.New(json.RawMessage(opts), game.NewRand(1)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("options %s: error %v, want one mentioning %q", opts, err, want)
		}
	}
}

func Test7_1_1_2_DefaultBoardIs8x8Dots(t *testing.T) {
	st, err := Definition.New(json.RawMessage(`{}`), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	v := view(st.(*State), 0)
	if v.Rows != 8 || v.Cols != 8 || len(v.Boxes) != 7 || len(v.Boxes[0]) != 7 {
		t.Fatalf("board %dx%d dots with %dx%d boxes, want 8x8 dots, 7x7 boxes", v.Rows, v.Cols, len(v.Boxes), len(v.Boxes[0]))
	}
	if n := len(st.Legal(0)); n != 112 {
		t.Fatalf("%d lines to draw, want 112", n)
	}
}

func Test7_1_1_3_InitialValues(t *testing.T) {
	s := mustNew(t, 8, 8)
	v := view(s, game.Spectator)
	if !reflect.DeepEqual(v.Scores, []int{0, 0}) {
		t.Errorf("scores %v, want 0 0", v.Scores)
	}
	if len(v.Lines) != 0 || v.Last != nil || v.Outcome != nil {
		t.Errorf("a new board shows lines %v, last %v, outcome %v", v.Lines, v.Last, v.Outcome)
	}
	for _, row := range v.Boxes {
		for _, o := range row {
			if o != -1 {
				t.Fatalf("a new board has an owned box: %v", v.Boxes)
			}
		}
	}
}

func Test6_1_2_StartingTheGame(t *testing.T) {
	s := mustNew(t, 8, 8)
	if got := s.Turn(); !reflect.DeepEqual(got, []game.Seat{0}) {
		t.Fatalf("turn %v, want Player 1 (seat 0)", got)
	}
	if _, err := s.Apply(1, Move{From: [2]int{0, 0}, To: [2]int{0, 1}}); game.ErrorCode(err) != "not-your-turn" {
		t.Fatalf("Player 2 moving first: %v, want not-your-turn", err)
	}
	gametest.Play(t, s, s.turn, "a1-b1")
	if got := s.Turn(); !reflect.DeepEqual(got, []game.Seat{1}) {
		t.Fatalf("after Player 1's line, turn %v, want Player 2", got)
	}
	gametest.Play(t, s, s.turn, "a2-b2")
	if got := s.Turn(); !reflect.DeepEqual(got, []game.Seat{0}) {
		t.Fatalf("turn %v, want Player 1 again", got)
	}
}

func Test7_2_1_1_LineInMoversColour(t *testing.T) {
	s := mustNew(t, 4, 4)
	evs := gametest.Play(t, s, s.turn, "b2-b3")
	if len(evs) != 1 || evs[0].Type != "line" {
		t.Fatalf("events %+v, want one line event", evs)
	}
	le := evs[0].Data.(LineEvent)
	if le.From != [2]int{1, 1} || le.To != [2]int{2, 1} || le.By != 0 {
		t.Fatalf("line event %+v", le)
	}
	gametest.Play(t, s, s.turn, "c2-c3")
	v := view(s, 0)
	want := []LineView{{From: [2]int{1, 1}, To: [2]int{2, 1}, By: 0}, {From: [2]int{1, 2}, To: [2]int{2, 2}, By: 1}}
	if !reflect.DeepEqual(v.Lines, want) {
		t.Fatalf("lines %+v, want %+v", v.Lines, want)
	}
	if v.Last == nil || *v.Last != want[1] {
		t.Fatalf("last %+v, want %+v", v.Last, want[1])
	}
}

// closeBox draws three sides of the top-left box, leaving the fourth for
// the seat that then moves (Player 2).
func closeBoxSetup(t *testing.T) *State {
	s := mustNew(t, 3, 3)
	gametest.Play(t, s, s.turn, "a1-b1") // P1
	gametest.Play(t, s, s.turn, "a1-a2") // P2
	gametest.Play(t, s, s.turn, "b1-b2") // P1
	return s
}

func Test7_2_1_2_ExtraTurnAfterBox(t *testing.T) {
	s := closeBoxSetup(t)
	if s.turn != 1 {
		t.Fatal("setup: Player 2 should be to move")
	}
	evs := gametest.Play(t, s, s.turn, "a2-b2")
	if len(evs) != 2 || evs[1].Type != "box" {
		t.Fatalf("events %+v, want line then box", evs)
	}
	if be := evs[1].Data.(BoxEvent); be != (BoxEvent{Row: 0, Col: 0, Owner: 1}) {
		t.Fatalf("box event %+v", be)
	}
	v := view(s, game.Spectator)
	if v.Boxes[0][0] != 1 {
		t.Errorf("box owner %d, want Player 2", v.Boxes[0][0])
	}
	if !reflect.DeepEqual(v.Scores, []int{0, 1}) {
		t.Errorf("scores %v, want 0 1 (7.3.1.4)", v.Scores)
	}
	if v.Turn != 1 {
		t.Errorf("turn %d after closing a box, want the same player (1)", v.Turn)
	}
	gametest.Play(t, s, s.turn, "c1-c2") // closes nothing
	if s.turn != 0 {
		t.Errorf("after a line that closes nothing the turn should pass")
	}
}

func Test7_2_1_2_TwoBoxesGiveOneExtraMove(t *testing.T) {
	s := mustNew(t, 2, 3)
	for _, m := range []string{"a1-b1", "b1-c1", "a2-b2", "b2-c2", "a1-a2", "c1-c2"} {
		gametest.Play(t, s, s.turn, m)
	}
	mover := s.turn
	evs := gametest.Play(t, s, s.turn, "b1-b2")
	boxes := 0
	for _, e := range evs {
		if e.Type == "box" {
			boxes++
		}
	}
	if boxes != 2 || s.score[mover] != 2 {
		t.Fatalf("the middle line closed %d boxes, score %v; want 2 for seat %d", boxes, s.score, mover)
	}
	if s.Outcome() == nil || !reflect.DeepEqual(s.Outcome().Winners, []game.Seat{mover}) {
		t.Fatalf("outcome %+v, want seat %d winning", s.Outcome(), mover)
	}
	// One extra move even for two boxes: on a bigger board, the turn
	// passes after the next quiet line.
	s = mustNew(t, 3, 3)
	for _, m := range []string{"a1-b1", "b1-c1", "a2-b2", "b2-c2", "a1-a2", "c1-c2"} {
		gametest.Play(t, s, s.turn, m)
	}
	mover = s.turn
	gametest.Play(t, s, s.turn, "b1-b2")
	if s.turn != mover {
		t.Fatal("closing two boxes should keep the turn")
	}
	gametest.Play(t, s, s.turn, "a3-b3")
	if s.turn == mover {
		t.Fatal("the turn should pass after the extra move closes nothing")
	}
}

// randomFinish plays random lines to the end.
func randomFinish(t testing.TB, s *State, rng *game.Rand) []game.Event {
	var all []game.Event
	for s.Outcome() == nil {
		legal := s.Legal(s.turn)
		evs, err := s.Apply(s.turn, legal[rng.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, evs...)
	}
	return all
}

func Test7_2_1_3_EndAndWinner(t *testing.T) {
	rng := game.NewRand(7)
	s := mustNew(t, 8, 8)
	evs := randomFinish(t, s, &rng)
	sc := s.Scores()
	if sc[0]+sc[1] != 49 {
		t.Fatalf("total score %d at the end, want 49", sc[0]+sc[1])
	}
	o := s.Outcome()
	win := game.Seat(0)
	if sc[1] > sc[0] {
		win = 1
	}
	if !reflect.DeepEqual(o.Winners, []game.Seat{win}) {
		t.Fatalf("scores %v, winners %v", sc, o.Winners)
	}
	last := evs[len(evs)-1]
	if last.Type != "end" || !reflect.DeepEqual(last.Data.(EndEvent).Outcome.Winners, o.Winners) {
		t.Fatalf("last event %+v, want end with the outcome", last)
	}
	if len(s.Turn()) != 0 || len(s.Legal(0)) != 0 || len(s.Legal(1)) != 0 {
		t.Fatal("nobody owes a move after the end")
	}
	v := view(s, 1)
	if v.Outcome == nil || v.Turn != -1 {
		t.Fatalf("view at the end: turn %d, outcome %v (7.3.1.3)", v.Turn, v.Outcome)
	}
	for seat := game.Seat(0); seat < 2; seat++ {
		if _, err := s.Apply(seat, Move{From: [2]int{0, 0}, To: [2]int{0, 1}}); game.ErrorCode(err) != "game-over" {
			t.Errorf("move after the end: %v, want game-over", err)
		}
	}
}

func Test7_2_1_3_EvenBoxesCanTie(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		rng := game.NewRand(seed)
		s := mustNew(t, 3, 3)
		randomFinish(t, s, &rng)
		if s.score[0] == s.score[1] {
			if !reflect.DeepEqual(s.Outcome().Winners, []game.Seat{0, 1}) {
				t.Fatalf("tie %v reported as %+v", s.score, s.Outcome())
			}
			return
		}
	}
	t.Fatal("no tie in 200 random games on 4 boxes")
}

// refusal asserts that m is refused with code and a message mentioning
// words, and that nothing changed.
func refusal(t *testing.T, s *State, seat game.Seat, m game.Move, code, words string) {
	t.Helper()
	before := *s
	_, err := s.Apply(seat, m)
	if game.ErrorCode(err) != code {
		t.Fatalf("%v: error %v (code %q), want code %q", m, err, game.ErrorCode(err), code)
	}
	if !strings.Contains(err.Error(), words) {
		t.Errorf("message %q should say %q", err.Error(), words)
	}
	if !reflect.DeepEqual(before, *s) {
		t.Fatal("a refused move changed the state")
	}
	if s.turn != before.turn {
		t.Fatal("the turn moved after a refused move")
	}
}

func mv(r1, c1, r2, c2 int) Move { return Move{From: [2]int{r1, c1}, To: [2]int{r2, c2}} }

func Test6_2_AbnormalUseCases(t *testing.T) {
	s := mustNew(t, 8, 8)
	gametest.Play(t, s, s.turn, "a1-b1")
	gametest.Play(t, s, s.turn, "c3-c4")
	t.Run("a_already_connected", func(t *testing.T) { refusal(t, s, 0, mv(0, 1, 0, 0), "already-drawn", "already drawn") })
	t.Run("b_diagonal", func(t *testing.T) { refusal(t, s, 0, mv(0, 0, 1, 1), "diagonal", "diagonal") })
	t.Run("c_further_than_one", func(t *testing.T) { refusal(t, s, 0, mv(0, 0, 0, 2), "too-far", "too far") })
}

func Test7_3_2_1_DiagonalRefused(t *testing.T) {
	s := mustNew(t, 8, 8)
	refusal(t, s, 0, mv(2, 2, 3, 3), "diagonal", "diagonal")
	refusal(t, s, 0, mv(2, 2, 1, 3), "diagonal", "diagonal")
	refusal(t, s, 0, mv(0, 0, 2, 1), "diagonal", "diagonal")
}

func Test7_3_2_2_AlreadyDrawnRefused(t *testing.T) {
	s := mustNew(t, 8, 8)
	gametest.Play(t, s, s.turn, "d4-d5")
	refusal(t, s, 1, mv(3, 3, 4, 3), "already-drawn", "that line is already drawn")
	refusal(t, s, 1, mv(4, 3, 3, 3), "already-drawn", "that line is already drawn")
}

func Test7_3_2_3_NonAdjacentRefused(t *testing.T) {
	s := mustNew(t, 8, 8)
	refusal(t, s, 0, mv(0, 0, 0, 7), "too-far", "too far")
	refusal(t, s, 0, mv(5, 1, 3, 1), "too-far", "too far")
}

func TestOtherRefusals(t *testing.T) {
	s := mustNew(t, 3, 4)
	refusal(t, s, 0, mv(0, 0, 0, 0), "same-dot", "two different dots")
	refusal(t, s, 0, mv(2, 3, 3, 3), "off-board", "off the 3x4 board")
	refusal(t, s, 0, mv(-1, 0, 0, 0), "off-board", "off")
	refusal(t, s, 1, mv(0, 0, 0, 1), "not-your-turn", "not seat 1's turn")
}

func Test7_3_1_1_RestartEqualsInitial(t *testing.T) {
	st, _ := Definition.New(nil, game.NewRand(3))
	fresh := st.(*State).Clone().(*State)
	s := st.(*State)
	rng := game.NewRand(3)
	for i := 0; i < 30; i++ {
		l := s.Legal(s.turn)
		s.Apply(s.turn, l[rng.IntN(len(l))])
	}
	restarted, _ := Definition.New(nil, game.NewRand(99))
	r := restarted.(*State)
	if !reflect.DeepEqual(*r, *fresh) {
		t.Fatal("a restarted game differs from the initial one")
	}
	v := view(r, game.Spectator)
	if !reflect.DeepEqual(v.Scores, []int{0, 0}) || len(v.Lines) != 0 || v.Turn != 0 {
		t.Fatalf("restart: scores %v, %d lines, turn %d; want 0 0, none, Player 1", v.Scores, len(v.Lines), v.Turn)
	}
}

func Test7_3_1_2_StatusShowsWhoseTurn(t *testing.T) {
	s := closeBoxSetup(t)
	if v := view(s, game.Spectator); v.Turn != 1 {
		t.Fatalf("turn %d, want 1", v.Turn)
	}
	gametest.Play(t, s, s.turn, "a2-b2")
	if v := view(s, 0); v.Turn != 1 {
		t.Fatalf("after closing a box the status should still show Player 2, got %d", v.Turn)
	}
}

func Test7_3_1_4_ScoreIncrements(t *testing.T) {
	s := closeBoxSetup(t)
	gametest.Play(t, s, s.turn, "a2-b2")
	if !reflect.DeepEqual(s.Scores(), []int{0, 1}) {
		t.Fatalf("scores %v, want 0 1", s.Scores())
	}
}

func Test7_3_3_3_GridSizes(t *testing.T) {
	for _, size := range [][2]int{{2, 2}, {2, 16}, {16, 2}, {5, 7}, {16, 16}} {
		opts := []byte(`{"rows":` + itoa(size[0]) + `,"cols":` + itoa(size[1]) + `}`)
		st, err := Definition.New(opts, game.NewRand(1))
		if err != nil {
			t.Fatalf("%s: %v", opts, err)
		}
		s := st.(*State)
		lines := size[0]*(size[1]-1) + (size[0]-1)*size[1]
		if len(s.Legal(0)) != lines {
			t.Fatalf("%s: %d legal lines, want %d", opts, len(s.Legal(0)), lines)
		}
		rng := game.NewRand(5)
		randomFinish(t, s, &rng)
		if sc := s.Scores(); sc[0]+sc[1] != (size[0]-1)*(size[1]-1) {
			t.Fatalf("%s: boxes %v", opts, sc)
		}
	}
	for _, opts := range []string{`{"rows":17}`, `{"cols":1}`, `{"rows":0,"cols":8}`, `{"rows":-3}`} {
		if _, err := Definition.New([]byte(opts), game.NewRand(1)); err == nil {
			t.Errorf("%s accepted", opts)
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func TestMoveForms(t *testing.T) {
	cases := map[string]Move{
		"b3-c3":                        mv(2, 1, 2, 2),
		"C3 - B3":                      mv(2, 1, 2, 2),
		`{"from":[2,1],"to":[2,2]}`:    mv(2, 1, 2, 2),
		`{"from":[2,2],"to":[2,1]}`:    mv(2, 1, 2, 2),
		` {"to":[0,0], "from":[1,0]} `: mv(0, 0, 1, 0),
		"a10-a9":                       mv(8, 0, 9, 0),
	}
	for text, want := range cases {
		got, err := ParseMove([]byte(text))
		if err != nil || got != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	if s := mv(2, 1, 2, 2).String(); s != "b3-c3" {
		t.Errorf("notation %q, want b3-c3", s)
	}
	if j := string(game.Canonical(mv(2, 1, 2, 2))); j != `{"from":[2,1],"to":[2,2]}` {
		t.Errorf("canonical JSON %s", j)
	}
	for _, bad := range []string{"", "b3", "b3-", "3b-c3", "b0-b1", "b-1-b1", `{"from":[1,1]}`, `{"from":[1],"to":[1,2]}`,
		`{"from":[1,1,1],"to":[1,2]}`, `{"from":[1,1],"to":[1,2],"by":0}`, `{"from":"a1","to":[1,2]}`, "b+1-b2"} {
		if m, err := ParseMove([]byte(bad)); err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", bad, m)
		}
	}
}

func FuzzParseMoveNotation(f *testing.F) {
	for _, s := range []string{"a1-b1", "B3 - b4", "p16-p15", "z99-a1", "a1", "-", "a-1", "é1-a1"} {
		f.Add(s)
	}
	fuzzParse(f)
}

func FuzzParseMoveJSON(f *testing.F) {
	for _, s := range []string{`{"from":[0,0],"to":[0,1]}`, `{"to":[3,3],"from":[3,2]}`, `{"from":[1e9,0],"to":[0,1]}`,
		`{"from":null,"to":[0,1]}`, `{`, `{"from":[0,0],"to":[0,1]} x`} {
		f.Add(s)
	}
	fuzzParse(f)
}

// fuzzParse checks that any accepted text is a canonical move whose JSON
// and notation parse back to it, and that applying it never panics or
// changes the state when refused.
func fuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove([]byte(text))
		if err != nil {
			return
		}
		if m != m.Canon() {
			t.Fatalf("%q parsed to non-canonical %v", text, m)
		}
		back, err := ParseMove(game.Canonical(m))
		if err != nil || back != m {
			t.Fatalf("JSON round trip of %v: %v, %v", m, back, err)
		}
		if m.From[1] >= 0 && m.From[1] < 26 && m.To[1] >= 0 && m.To[1] < 26 && m.From[0] >= 0 && m.To[0] >= 0 {
			back, err = ParseMove([]byte(m.String()))
			if err != nil || back != m {
				t.Fatalf("notation round trip of %v (%q): %v, %v", m, m.String(), back, err)
			}
		}
		s := mustNew(t, 4, 4)
		before := *s
		if _, err := s.Apply(0, m); err != nil && !reflect.DeepEqual(before, *s) {
			t.Fatal("refused move changed the state")
		}
	})
}

// TestParseCanonical checks that the fast path for canonical move JSON
// reads every text it accepts as the decoder does, and leaves the rest to
// the decoder.
func TestParseCanonical(t *testing.T) {
	for _, text := range []string{
		`{"from":[0,0],"to":[0,1]}`,
		`{"from":[2,3],"to":[1,3]}`,
		`{"from":[-1,0],"to":[0,0]}`,
		`{"from":[15,15],"to":[15,14]}`,
		`{"from":[123456,0],"to":[0,0]}`,
		`{"from":[1234567,0],"to":[0,0]}`,
		`{"from":[01,0],"to":[0,0]}`,
		`{"from":[1.0,0],"to":[0,0]}`,
		`{"from":[1e0,0],"to":[0,0]}`,
		`{"from":[-0,0],"to":[0,0]}`,
		`{"from":[-,0],"to":[0,0]}`,
		`{"from":[1,0],"to":[0,0]} `,
		`{"from":[1,0],"to":[0,0]}x`,
		`{"from":[1,0],"to":[0,0],"x":1}`,
		`{"to":[0,0],"from":[1,0]}`,
		`{"from":[1,0,2],"to":[0,0]}`,
		`{"from": [1,0],"to":[0,0]}`,
	} {
		fast, ok := parseCanonical([]byte(text))
		got, err := decodeJSON([]byte(text))
		if !ok {
			continue
		}
		if err != nil {
			t.Errorf("%s: fast path accepts what the decoder refuses: %v", text, err)
			continue
		}
		if fast.Canon() != got {
			t.Errorf("%s: fast path reads %v, decoder %v", text, fast.Canon(), got)
		}
	}
	if _, ok := parseCanonical([]byte(`{"from":[0,0],"to":[0,1]}`)); !ok {
		t.Error("the canonical form takes the slow path")
	}
}

// TestUnreadableMoveIsBadMove: a move that cannot be read is refused with
// the code every game uses for it, "bad-move", not with an uncoded error,
// so that a client can tell it from a rule's refusal (already-drawn...).
func TestUnreadableMoveIsBadMove(t *testing.T) {
	st := mustNew(t, 3, 3)
	for _, text := range []string{"", "zz", "a1-", `{"from":[0,0]}`, `{"from":[0,0],"to":[0,1]} x`} {
		_, err := st.ParseMove(0, []byte(text))
		var me *game.MoveError
		if !errors.As(err, &me) || me.Code != "bad-move" {
			t.Errorf("ParseMove(%q) = %v, want a MoveError with code bad-move", text, err)
		}
	}
}
