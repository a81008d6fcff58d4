package dots

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// blunderGame plays a 3 x 4 dots game in which both seats play the
// solver's best line, except that seat 1, who wins the empty board by 2
// with best play, at its first turn where a line loses the game draws
// the one of those that gives away the most boxes. It returns the log, the
// index in it of the blunder and the boxes it gave away.
func blunderGame(t *testing.T) (game.Log, int, int) {
	t.Helper()
	ctx := context.Background()
	s, err := New(3, 4)
	if err != nil {
		t.Fatal(err)
	}
	l := game.Log{Game: "dots", Options: json.RawMessage(`{"rows":3,"cols":4}`)}
	blunder, cost := -1, 0
	for !s.over() {
		seat := s.turn
		v, best, err := Solve(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		m := best
		if seat == 1 && blunder < 0 {
			{
				worst := -1
				s.b.undrawn(func(line int) {
					c := s.Clone().(*State)
					c.play(line)
					got := c.score[1] - s.score[1]
					rv, _, err := Solve(ctx, c)
					if err != nil {
						t.Fatal(err)
					}
					if c.turn == 1 && !c.over() {
						got += rv
					} else {
						got -= rv
					}
					final := s.score[1] - s.score[0] + got
					if final < 0 && v-got > worst {
						worst, m = v-got, s.lineMove(line)
					}
				})
				if worst > 0 {
					blunder, cost = len(l.Moves), worst
				}
			}
		}
		raw, _ := json.Marshal(m)
		l.Moves = append(l.Moves, game.Entry{Seat: seat, Move: raw})
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
	if blunder < 0 {
		t.Fatal("seat 1 never had a line that lost the game")
	}
	t.Logf("the blunder is move %d, %s, giving away %d", blunder+1, l.Moves[blunder].Move, cost)
	return l, blunder, cost
}

// TestAnalyzeMarksTheBlunder: a game whose one bad move is known gets
// that move marked with the boxes it gave away (exactly, from the solver),
// every other move marked best, and the blunder named as the turning
// point.
func TestAnalyzeMarksTheBlunder(t *testing.T) {
	l, blunder, cost := blunderGame(t)
	steps, final := gametest.ReplaySteps(t, Definition, l)
	got, err := Definition.Analyze(context.Background(), steps, final)
	if err != nil {
		t.Fatal(err)
	}
	a := got.(Analysis)
	if len(a.Moves) != len(l.Moves) {
		t.Fatalf("%d moves reviewed, want %d", len(a.Moves), len(l.Moves))
	}
	for i, r := range a.Moves {
		if r.Step != i+1 || r.Number != i+1 {
			t.Fatalf("move %d is numbered step %d, number %d", i+1, r.Step, r.Number)
		}
		if r.Source != SourceSolver || r.Value == nil {
			t.Fatalf("move %d on a 3 x 4 board is not solved exactly: %+v", i+1, r)
		}
		want := 0
		if i == blunder {
			want = cost
		}
		if r.Cost != want {
			t.Errorf("move %d (%s) costs %d, want %d", i+1, r.Played, r.Cost, want)
		}
		if r.Best == nil {
			t.Errorf("move %d has no best move", i+1)
		}
	}
	tp := a.TurningPoint
	if tp == nil || tp.Step != blunder+1 {
		t.Fatalf("turning point %+v, want move %d", tp, blunder+1)
	}
	t.Logf("turning point: %s", tp.Text)
}

// TestAnalyzeValuesAreTheSolvers: the value a review gives for the
// position before a move is Solve's for that position.
func TestAnalyzeValuesAreTheSolvers(t *testing.T) {
	l, _, _ := blunderGame(t)
	steps, final := gametest.ReplaySteps(t, Definition, l)
	got, err := Definition.Analyze(context.Background(), steps, final)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range got.(Analysis).Moves {
		v, _, err := Solve(context.Background(), steps[r.Step].Before.(*State))
		if err != nil {
			t.Fatal(err)
		}
		if r.Value == nil || *r.Value != v {
			t.Fatalf("move %d: review value %v, solver %d", r.Number, r.Value, v)
		}
	}
}

// TestAnalyzeBeyondTheSolver: on the full 8 x 8 board the opening is out
// of the solver's reach; a move that draws a box's third side while safe
// lines remain is marked by the expert with the boxes it hands over.
func TestAnalyzeBeyondTheSolver(t *testing.T) {
	// a1-b1, a2-b2 and a1-a2 close three sides of the top-left box on
	// an empty 8 x 8 board.
	l := game.Log{Game: "dots", Options: json.RawMessage(`{"rows":8,"cols":8}`)}
	for i, mv := range []string{"a1-b1", "h8-h7", "a2-b2", "h1-h2", "a1-a2"} {
		l.Moves = append(l.Moves, game.Entry{Seat: game.Seat(i % 2), Move: json.RawMessage(mv)})
	}
	steps, final := gametest.ReplaySteps(t, Definition, l)
	got, err := Definition.Analyze(context.Background(), steps, final)
	if err != nil {
		t.Fatal(err)
	}
	a := got.(Analysis)
	r := a.Moves[4]
	if r.Source != SourceExpert || r.Cost != 1 || r.Best == nil {
		t.Fatalf("the third side of a box on an open board: %+v, want the expert's cost of 1 box and a best move", r)
	}
	// A match that ended early (a resignation) names its costliest move.
	if tp := a.TurningPoint; tp == nil || tp.Step != 5 {
		t.Fatalf("turning point %+v, want move 5", tp)
	}
}

// TestControlCostAgainstTheSolver compares the expert's judgement of safe
// lines by the fight for control (what a review uses beyond the solver's
// reach) with the solver's exact cost, on 4 x 5 dots positions reached by
// random safe lines until five or fewer are left. Its own best line costs
// nothing by its count, and a safe line it calls costly is usually costly
// by the solver's: it logs how often, for docs/replays.md.
func TestControlCostAgainstTheSolver(t *testing.T) {
	rng := game.NewRand(3)
	ctx := context.Background()
	total, flagged, confirmed, costly, equal := 0, 0, 0, 0, 0
	for range 60 {
		s, err := New(4, 5)
		if err != nil {
			t.Fatal(err)
		}
		for safe := s.b.safeLines(); len(safe) > 5; safe = s.b.safeLines() {
			s.play(safe[rng.IntN(len(safe))])
		}
		v := solveWithin(ctx, s)
		if len(s.b.captureLines()) > 0 || len(s.b.safeLines()) == 0 || !v.ok {
			continue
		}
		for _, l := range s.b.safeLines() {
			c, best, ok := controlCost(ctx, &s.b, l)
			if !ok {
				continue
			}
			if bc, _, _ := controlCost(ctx, &s.b, best); bc != 0 {
				t.Fatalf("the control search's own best line costs %d by its count", bc)
			}
			a := *s
			a.play(l)
			va := solveWithin(ctx, &a)
			exact := v.v + va.v // a safe line passes the turn
			total++
			if exact > 0 {
				costly++
			}
			if c > 0 {
				flagged++
				if exact > 0 {
					confirmed++
				}
				if exact == c {
					equal++
				}
			}
		}
	}
	t.Logf("%d safe lines: the solver finds %d costly; the control search flags %d, %d of them costly by the solver, %d with the solver's figure", total, costly, flagged, confirmed, equal)
	if flagged == 0 || confirmed*2 < flagged {
		t.Fatalf("the control search flags %d safe lines, %d confirmed by the solver: no better than chance", flagged, confirmed)
	}
}
