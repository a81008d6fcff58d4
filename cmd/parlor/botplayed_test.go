package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestPlayComputerPlayedForYou (issue 32, point 5) in two terminals of
// 80x24: Ann's Dots table waits 30 s for a player who leaves, then a bot
// plays for them. Bob leaves on his turn; once the wait is over the
// computer draws a line for him, and another after Ann's next move. Bob
// comes back from his lobby and reads that his seat is his again and
// what the computer played for him, in the game's words, as the web
// client says it.
func TestPlayComputerPlayedForYou(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTermSize(t, "ann", 80, 24, "play", "-addr", p.base, "-name", "Ann")
	bob := startTermSize(t, "bob", 80, 24, "play", "-addr", p.base, "-name", "Bob")
	ann.waitFor("Ann (guest)  connected")
	bob.waitFor("Bob (guest)  connected")

	ann.dotsForm(4)
	ann.pressUntil("Down", "> If a player leaves", 8)
	ann.pressUntil("Left", "< wait 30 s >", 8)
	ann.keys("Down")
	ann.pressUntil("Right", "< a bot plays for them >", 8)
	ann.keys("Enter")
	ann.waitFor("Waiting for players")
	bobJoinsAndAnnStarts(ann, bob)

	ann.waitFor("Your move")
	ann.keys(":", "=a1-b1", "Enter")
	bob.waitFor("Your move")
	bob.keys("q")
	bob.waitFor("Really leave the table?")
	bob.keys("y")
	bob.waitFor("Your seat waits for you: a bot plays it in ")

	// The wait is the table's 30 s, then the bot's move: bounded by the
	// helpers' deadline for what should come soon, past the wait.
	deadline := time.Now().Add(30*time.Second + serveWait)
	for strings.Count(ann.screen(), "Bob: drew the line") < 1 {
		if time.Now().After(deadline) {
			t.Fatalf("the computer never played Bob's move:\n%s", ann.screen())
		}
		time.Sleep(200 * time.Millisecond)
	}
	ann.waitFor("Your move")
	// A line far from Ann's first and not the bot's: no box is closed,
	// the turn passes.
	line := "d4-d3"
	for _, l := range []string{"d4-d3", "a4-a3", "d1-d2"} {
		a, b, _ := strings.Cut(l, "-")
		s := ann.screen()
		if !strings.Contains(s, "line "+a+" to "+b) && !strings.Contains(s, "line "+b+" to "+a) {
			line = l
			break
		}
	}
	ann.keys(":", "="+line, "Enter")
	deadline = time.Now().Add(serveWait)
	for strings.Count(ann.screen(), "Bob: drew the line") < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("the computer played Bob's first move only:\n%s", ann.screen())
		}
		time.Sleep(200 * time.Millisecond)
	}
	ann.waitFor("Your move")

	bob.keys("Enter")
	s := bob.waitFor("Your seat is yours again")
	bob.keep("back")
	flat := strings.Join(strings.Fields(s), " ")
	if !regexp.MustCompile(`The computer played 2 moves for you: drew the line [a-d][1-4] to [a-d][1-4][^;]*; drew the line [a-d][1-4] to [a-d][1-4]`).MatchString(flat) {
		t.Fatalf("coming back, Bob is not told the computer's two moves in words:\n%s", s)
	}
	if strings.Contains(flat, "Your seat was kept for you") {
		t.Fatalf("Bob is told his seat was kept, though the computer played it:\n%s", s)
	}
}
