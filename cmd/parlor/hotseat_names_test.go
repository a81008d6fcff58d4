package main

import (
	"strings"
	"testing"
)

// TestPlayHotSeatNames: at one screen each seat takes the name of the
// person who plays it (issue 21; Buccaneer's FR1 asks the same): in the
// real terminal client, Ann makes a Battleship table holding both seats,
// names them Anna and Ben on the form, and the hand-over curtain and the
// sentence saying what to do address each by name.
func TestPlayHotSeatNames(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTerm(t, "ann", "play", "-addr", p.base, "-name", "Ann")
	ann.waitFor("Ann (guest)  connected")
	ann.keys("n")
	ann.waitFor("New table")
	ann.pressUntil("Right", "< Battleship >", 8)
	ann.pressUntil("Down", "> Seat 2", 12)
	ann.pressUntil("Left", "> Seat 2                 < you (Ann) >", 8)
	ann.waitFor("Name of player 2     [Player 2]")
	ann.keys("Down", "=Ben", "Up", "Up", "=Anna")
	ann.waitFor("Name of player 1     [Anna]")
	ann.waitFor("Name of player 2     [Ben]")
	ann.keep("form")
	ann.keys("Enter")
	s := ann.waitFor("Pass the keyboard to Anna (seat 1)")
	if strings.Contains(s, "Your fleet") {
		t.Fatalf("the curtain shows a board:\n%s", s)
	}
	ann.keys("Enter")
	ann.waitFor("Anna: Lay your carrier")
	ann.keys("a") // a random fleet for Anna
	ann.waitFor("Pass the keyboard to Ben (seat 2)")
	ann.keys("Enter")
	s = ann.waitFor("Ben: Lay your carrier")
	ann.keep("ben")
	if !strings.Contains(s, "Anna") || !strings.Contains(s, "Ben") {
		t.Fatalf("the seat line does not name Anna and Ben:\n%s", s)
	}
}
