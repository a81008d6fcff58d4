package main

import (
	"strings"
	"testing"
)

// TestPlay80x24Replay: at 80x24 Ann plays Clue-Less against two bots and
// resigns; r at the result opens the match's replay at its last step,
// which names the resignation and the result; the lessons wait behind L
// and say what each detective knew; Home shows the start and Right the
// first step; q goes back to the table, and from the lobby r on the
// finished table opens the same replay.
func TestPlay80x24Replay(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTermSize(t, "ann", 80, 24, "play", "-addr", p.base, "-name", "Ann")
	ann.waitFor("Ann (guest)  connected")
	ann.newTable("Clue-Less", "bot, medium", "bot, medium")
	ann.waitFor("Your cards:")
	ann.keys("R")
	ann.waitFor("Really resign? y / n")
	ann.keys("y")
	ann.waitFor("r replay")
	ann.keys("r")
	s := ann.waitFor("Replay: Clue-Less")
	if !strings.Contains(s, "Ann: resign. Game over:") || !strings.Contains(s, "Game over:") {
		t.Fatalf("the replay's last step does not name the resignation and the result:\n%s", s)
	}
	for _, k := range []string{"? help", "q back", "←/→ step"} {
		ann.waitFor(k)
	}
	ann.keep("replay-end")
	// While the analysis is worked out, its short note fits under the
	// board; the lessons themselves do not at 80x24 and fold behind L.
	if got := ann.waitForAny("never knew the answer for certain", "L lessons"); !strings.Contains(got, "never knew") {
		ann.keys("L")
	}
	ann.waitFor("never knew the answer for certain")
	ann.keep("replay-lessons")
	ann.keys("L")
	ann.keys("Home")
	ann.waitFor("Start position (1 moves in all).")
	ann.keys("Right")
	ann.waitFor("Move 1 of 1:")
	ann.keys("q")
	ann.waitFor("m rematch")
	ann.keys("q")
	ann.waitFor("Tables (")
	ann.waitFor("over")
	ann.keys("r")
	ann.waitFor("Replay: Clue-Less")
	ann.keys("q")
	ann.waitFor("Tables (")
}
