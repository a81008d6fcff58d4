package dots

import (
	"context"
	"fmt"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestSolveEmptyBoards checks the solver against the published values of
// small empty boards (first player's margin with perfect play).
func TestSolveEmptyBoards(t *testing.T) {
	cases := []struct{ rows, cols, want int }{
		{2, 2, -1}, {2, 3, 0}, {3, 3, 2}, {2, 4, -1}, {3, 4, -2}, {4, 4, -3},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%dx%d", c.rows, c.cols), func(t *testing.T) {
			s, err := New(c.rows, c.cols)
			if err != nil {
				t.Fatal(err)
			}
			v, m, nodes, err := SolveStats(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if v != c.want {
				t.Fatalf("value %d, want %d", v, c.want)
			}
			t.Logf("best %v, %d nodes", m, nodes)
			// The best move must achieve the value.
			cl := s.Clone().(*State)
			before := cl.score[0]
			if _, err := cl.Apply(0, m); err != nil {
				t.Fatal(err)
			}
			got := cl.score[0] - before
			rv, _, err := Solve(context.Background(), cl)
			if err != nil {
				t.Fatal(err)
			}
			if cl.turn == 0 {
				got += rv
			} else {
				got -= rv
			}
			if got != c.want {
				t.Fatalf("best move %v achieves %d, want %d", m, got, c.want)
			}
		})
	}
}

func TestSolveThroughDefinition(t *testing.T) {
	st, err := Definition.New([]byte(`{"rows":3,"cols":4}`), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	v, m, err := Definition.Solve(context.Background(), st)
	if err != nil || v != -2 || m == nil {
		t.Fatalf("3x4 dots: %d %v %v, want -2 and a move", v, m, err)
	}
	// Too big to solve exactly: a clear error, not a hang.
	big, _ := Definition.New(nil, game.NewRand(1))
	if _, _, err := Definition.Solve(context.Background(), big); err == nil {
		t.Fatal("the empty 8x8 board was accepted for an exact solve")
	}
	// A search cut short by its context says so.
	s5 := mustNew(t, 5, 5)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Definition.Solve(ctx, s5); err == nil {
		t.Fatal("a cancelled solve returned no error")
	}
}
