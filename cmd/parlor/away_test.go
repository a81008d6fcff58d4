package main

import (
	"strings"
	"testing"
)

// TestPlayAwayWithoutFocus (protocol v6, Presence): Ann's terminal loses
// focus; a few seconds later Bob's lobby no longer lists her online, and
// when her terminal has focus again it lists her again. Her own screen
// stays as it was: away changes what others see.
func TestPlayAwayWithoutFocus(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTermSize(t, "ann", 80, 24, "play", "-addr", p.base, "-name", "Ann")
	bob := startTermSize(t, "bob", 80, 24, "play", "-addr", p.base, "-name", "Bob")
	ann.waitFor("Ann (guest)  connected")
	bob.waitFor("Ann*")

	ann.focus(false)
	s := bob.waitGone("Ann*")
	if !strings.Contains(s, "Bob*") {
		t.Fatalf("Bob's lobby lost its online list:\n%s", s)
	}
	bob.keep("ann-away")
	ann.waitFor("Ann (guest)  connected")
	ann.focus(true)
	bob.waitFor("Ann*")
}
