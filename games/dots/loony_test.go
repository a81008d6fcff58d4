package dots

import (
	"context"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// cleanLoony reports whether every open box of b has exactly two sides,
// so the position is made only of separate chains and loops.
func cleanLoony(b *board) bool {
	for x := 0; x < b.g.nBoxes; x++ {
		if s := b.sides[x]; s != 4 && s != 2 {
			return false
		}
	}
	return b.left > 0
}

// TestLoonyValueIsExact checks the chain-and-loop formula against the
// exact solver on positions made only of chains and loops.
func TestLoonyValueIsExact(t *testing.T) {
	rng := game.NewRand(21)
	tried := 0
	for i := 0; i < 3000 && tried < 150; i++ {
		rows, cols := 3+rng.IntN(3), 3+rng.IntN(3)
		s := mustNew(t, rows, cols)
		for {
			safe := s.b.safeLines()
			if len(safe) == 0 {
				break
			}
			s.play(safe[rng.IntN(len(safe))])
		}
		if !cleanLoony(&s.b) || s.b.left > 40 {
			continue
		}
		tried++
		want, _, err := Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		got := -newLoonyValue().E(sizesOf(s.b.components()))
		if got != want {
			t.Fatalf("%dx%d chains and loops %v: formula %d, solver %d", rows, cols, sizesOf(s.b.components()), got, want)
		}
	}
	t.Logf("%d positions checked", tried)
	if tried < 20 {
		t.Fatalf("only %d positions of chains and loops found", tried)
	}
}
