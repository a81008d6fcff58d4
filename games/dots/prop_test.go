package dots

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPropertiesOfPlay drives random matches on boards of every shape
// and checks the rules' invariants after every line: boxes, scores and
// the extra move. What every game promises (refused moves change nothing,
// the log replays) is checked by TestConformance.
func TestPropertiesOfPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, err := New(rapid.IntRange(2, 7).Draw(t, "rows"), rapid.IntRange(2, 7).Draw(t, "cols"))
		if err != nil {
			t.Fatal(err)
		}
		steps := rapid.IntRange(0, 2*s.Rows()*s.Cols()).Draw(t, "steps")
		for i := 0; i < steps && s.Outcome() == nil; i++ {
			legal := s.Legal(s.turn)
			m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
			before := *s
			if _, err := s.Apply(s.turn, m); err != nil {
				t.Fatalf("legal move %v refused: %v", m, err)
			}
			checkStep(t, &before, s)
		}
	})
}

// checkStep checks one accepted move from before to after.
func checkStep(t *rapid.T, before, after *State) {
	g := after.b.g
	owned, open := 0, 0
	for x := 0; x < g.nBoxes; x++ {
		if after.owner[x] >= 0 {
			owned++
			if after.b.sides[x] != 4 {
				t.Fatalf("box %d owned with %d sides", x, after.b.sides[x])
			}
		} else {
			open++
		}
	}
	if owned+open != g.nBoxes || owned != after.score[0]+after.score[1] {
		t.Fatalf("owned %d + open %d boxes, scores %v, board %d boxes", owned, open, after.score, g.nBoxes)
	}
	closed := after.score[0] + after.score[1] - before.score[0] - before.score[1]
	if closed < 0 || closed > 2 {
		t.Fatalf("one line closed %d boxes", closed)
	}
	if after.Outcome() == nil {
		if closed > 0 && after.turn != before.turn {
			t.Fatal("the mover lost the turn after closing a box")
		}
		if closed == 0 && after.turn == before.turn {
			t.Fatal("the turn did not pass after a quiet line")
		}
	}
	if after.b.left != before.b.left-1 {
		t.Fatal("an accepted move did not draw exactly one line")
	}
}
