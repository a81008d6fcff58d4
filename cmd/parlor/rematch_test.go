package main

import (
	"strings"
	"testing"
)

// TestPlayRematchOffer80x24 (protocol v8): in tmux at 80x24, Bob leaves
// his Dots and Boxes game with Ann for the lobby and Ann resigns. On her
// result screen Ann presses m: Bob is not seated, his lobby shows Ann's
// offer whole with its keys, and Ann's screen says whom she waits for.
// Bob accepts with m, and both terminals go to the new table, where Ann
// is to move.
func TestPlayRematchOffer80x24(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann, bob := annAndBobAtDots(t, p, 80, 24, 3)
	bob.waitFor("1 Ann")
	bob.keys("q")
	bob.waitFor("Really leave the table? y / n")
	bob.keys("y")
	bob.waitFor("Tables (")
	ann.keys("R")
	ann.waitFor("Really resign? y / n")
	ann.keys("y")
	ann.waitFor("Game over")

	ann.keys("m")
	ann.waitFor("waiting for Bob")
	s := bob.waitFor("Ann offers a rematch of Dots and Boxes")
	bob.keep("offer")
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 24 || !strings.HasPrefix(lines[0], "Parlor") {
		t.Fatalf("the lobby with the offer is not whole at 80x24:\n%s", s)
	}
	for _, want := range []string{"m accepts, d declines", "m/d rematch", "q quit", "Tables ("} {
		if !strings.Contains(s, want) {
			t.Fatalf("Bob's lobby with the offer lacks %q:\n%s", want, s)
		}
	}
	ann.keep("waiting")

	bob.keys("m")
	bob.waitGone("Tables (")
	ann.waitGone("Game over")
	ann.waitFor("Your move")
	bob.keep("rematch")
}
