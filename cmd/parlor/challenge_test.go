package main

import (
	"strings"
	"testing"
)

// TestPlayChallenge80x24 (protocol v9): in tmux at 80x24, Ann follows Bob
// with f and sees him among her friends online. She challenges him with
// g: Bob's lobby shows the challenge whole, with its keys, and he refuses
// it with u, which Ann is told. She challenges again; Bob accepts with y,
// and both terminals go to the private table, where Ann moves first.
func TestPlayChallenge80x24(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTermSize(t, "ann", 80, 24, "play", "-addr", p.base, "-name", "Ann")
	bob := startTermSize(t, "bob", 80, 24, "play", "-addr", p.base, "-name", "Bob")
	ann.waitFor("Ann (guest)  connected")
	bob.waitFor("Bob (guest)  connected")
	ann.waitFor("Bob*")

	ann.keys("f", "=Bob", "Enter")
	ann.waitFor("Friends online: Bob")
	ann.keep("friends")

	ann.keys("C", "=Bob", "Enter")
	ann.waitFor("Your challenge to Bob")
	s := bob.waitFor("Ann challenges you to Dots and Boxes")
	bob.keep("challenged")
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 24 || !strings.HasPrefix(lines[0], "Parlor") {
		t.Fatalf("the lobby with the challenge is not whole at 80x24:\n%s", s)
	}
	for _, want := range []string{"y accepts, u refuses", "y/u challenge", "q quit", "Tables ("} {
		if !strings.Contains(s, want) {
			t.Fatalf("Bob's lobby with the challenge lacks %q:\n%s", want, s)
		}
	}
	bob.keys("u")
	ann.waitFor("Bob declined your challenge")
	bob.waitGone("Ann challenges you")

	ann.keys("C", "=Bob dots", "Enter")
	bob.waitFor("Ann challenges you to Dots and Boxes")
	bob.keys("y")
	bob.waitGone("Tables (")
	ann.waitGone("Tables (")
	ann.waitFor("Your move")
	ann.keep("table")
	if s := bob.screen(); !strings.Contains(s, "Ann") {
		t.Fatalf("Bob's table does not name Ann:\n%s", s)
	}
}
