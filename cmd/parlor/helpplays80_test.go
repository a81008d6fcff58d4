package main

import (
	"regexp"
	"testing"
	"time"
)

// TestPlay80x24HelpKeepsThePlay (issue 32, point 17; Dots and Boxes spec
// 7.3.1.6): in the real terminal client at 80x24, ? at a Dots and Boxes
// table opens the help under the board without stopping the game: the
// arrows still move the cursor and Enter still draws, with the help on
// screen all the while; ? closes it, and the move is in the log.
func TestPlay80x24HelpKeepsThePlay(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTermSize(t, "ann", 80, 24, "play", "-addr", p.base, "-name", "Ann")
	ann.waitFor("Ann (guest)  connected")
	ann.newTable("Dots and Boxes", "bot, easy")
	ann.waitFor("Your move")
	cursor := regexp.MustCompile(`Enter to draw it \(([a-p]\d+-[a-p]\d+)\)`)
	first := cursor.FindStringSubmatch(ann.waitFor("Enter to draw it ("))
	if first == nil {
		t.Fatalf("no cursor in the hint:\n%s", ann.screen())
	}

	ann.keys("?")
	ann.waitFor("keys still play")
	ann.keep("help-open")
	ann.keys("Down")
	var moved []string
	deadline := time.Now().Add(serveWait)
	for moved == nil || moved[1] == first[1] {
		if time.Now().After(deadline) {
			t.Fatalf("Down with the help open did not move the cursor from %s:\n%s", first[1], ann.screen())
		}
		time.Sleep(50 * time.Millisecond)
		moved = cursor.FindStringSubmatch(ann.screen())
	}
	ann.keys("Enter")
	ann.waitFor("keys still play")
	ann.keep("help-after-move")

	ann.keys("?")
	ann.waitGone("keys still play")
	ann.waitFor("Ann: " + lineWords(moved[1]))
}
