package main

import (
	"strings"
	"testing"
)

// TestPlay80x24HelpShowsTheRulebook (issue 32, point 14): in the real
// terminal client at 80x24, ? at a Clue-Less table shows the keys and
// then the game's rulebook, which turns by pages down to its last section,
// every line inside the 80 columns.
func TestPlay80x24HelpShowsTheRulebook(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTermSize(t, "ann", 80, 24, "play", "-addr", p.base, "-name", "Ann")
	ann.waitFor("Ann (guest)  connected")
	ann.keys("n")
	ann.waitFor("New table")
	ann.pressUntil("Right", "< Clue-Less >", 6)
	ann.keys("Enter")
	ann.waitFor("1 Ann")
	ann.keys("?")
	ann.waitFor("keys still play")
	// At a table the help stands under the board and turns by pages.
	ann.pressUntil("NPage", "Rules of Clue-Less", 80)
	ann.keep("rules")
	ann.pressUntil("NPage", "Accusations and winning", 200)
	ann.pressUntil("NPage", "Players who leave, and votes", 200)
	for _, l := range strings.Split(ann.screen(), "\n") {
		if len([]rune(l)) > 80 {
			t.Fatalf("a help line of %d columns: %q", len([]rune(l)), l)
		}
	}
	ann.keep("votes")
}
