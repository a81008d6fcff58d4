package main

import (
	"strings"
	"testing"
)

// TestPlayEndedWhileAway80x24 (protocol v7): in tmux at 80x24, Ann and
// Bob play Dots and Boxes; Ann goes back to the lobby, Bob resigns, and
// Ann's lobby notes the game she won while away, whole with its keys; 1
// opens its replay, q comes back to the note, and x dismisses it.
func TestPlayEndedWhileAway80x24(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann, bob := annAndBobAtDots(t, p, 80, 24, 3)
	bob.waitGone("(away)")
	ann.keys("q")
	ann.waitFor("Really leave the table? y / n")
	ann.keys("y")
	ann.waitFor("Tables (")
	bob.waitFor("(away)") // Ann no longer watches: the end is news to her
	bob.keys("R")
	bob.waitFor("Really resign? y / n")
	bob.keys("y")
	bob.waitFor("Game over")

	s := ann.waitFor("1 Dots and Boxes with Bob: you won (Bob resigned)")
	ann.keep("note")
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 24 || !strings.HasPrefix(lines[0], "Parlor") {
		t.Fatalf("the lobby with the note is not whole at 80x24:\n%s", s)
	}
	for _, want := range []string{"Ended while you were away", "1 replay ended", "x dismiss", "? help", "q quit", "Lobby chat"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the lobby with the note lacks %q:\n%s", want, s)
		}
	}

	ann.keys("1")
	ann.waitFor("Replay: Dots and Boxes")
	ann.waitFor("Game over: Ann wins")
	ann.keys("q")
	ann.waitFor("Ended while you were away")
	ann.keys("x")
	s = ann.waitGone("Ended while you were away")
	ann.keep("dismissed")
	if !strings.Contains(s, "Tables (") || strings.Contains(s, "replay ended") {
		t.Fatalf("after x the lobby is not back without the note:\n%s", s)
	}
}
