package dots

import (
	"testing"

	"github.com/parlor-games/parlor/game/gametest"
)

// describe plays notation for the seat to move and returns its words.
func describe(t *testing.T, s *State, notation string) string {
	t.Helper()
	return gametest.Told(t, s, s.turn, notation)
}

// TestDescribeSaysTheLineAndTheBoxes is issue #32's point 1 for Dots and
// Boxes: a move reads as a sentence, with the boxes it closed and the
// extra turn they earn (the spec: a player who completes a box "must
// take an extra turn"; closing two earns still one).
func TestDescribeSaysTheLineAndTheBoxes(t *testing.T) {
	s := closeBoxSetup(t)
	if got, want := describe(t, s, "a2-b2"), "drew the line a2 to b2 and closed the box at a1: an extra turn"; got != want {
		t.Errorf("closing a box is told %q, want %q", got, want)
	}
	if got, want := describe(t, s, "b2-c2"), "drew the line b2 to c2"; got != want {
		t.Errorf("a plain line is told %q, want %q", got, want)
	}

	// Two boxes at once: the line between them.
	s = mustNew(t, 2, 3)
	for _, l := range []string{"a1-b1", "b1-c1", "a1-a2", "c1-c2", "a2-b2", "b2-c2"} {
		gametest.Play(t, s, s.turn, l)
	}
	if got, want := describe(t, s, "b1-b2"), "drew the line b1 to b2 and closed 2 boxes, at a1 and b1"; got != want {
		t.Errorf("closing the last two boxes is told %q, want %q (no extra turn: the game is over)", got, want)
	}
}
