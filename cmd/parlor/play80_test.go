package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The terminal client in tmux at 80x24, the smallest size the docs
// promise: the screens that used to cut what a player needs.

// TestPlay80x24DotsScrollsNamesAndStatus: Ann makes a 16x16 Dots and
// Boxes table and Bob joins it. Bob's box shows as B on Ann's board, not
// as "(" from the seat's name when it was open (defect 8); moving the
// cursor to the last row scrolls the board so the line the hint offers is
// on screen (defect 1); after Ann resigns, the result does not stay on
// the lobby or the new-table form (defect 9).
func TestPlay80x24DotsScrollsNamesAndStatus(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann, bob := annAndBobAtDots(t, p, 80, 24, 16)
	// Every key a player needs is on the bar at 80 columns.
	for _, k := range []string{"? help", "q leave", "Enter draw", "L moves+chat"} {
		ann.waitFor(k)
	}

	// Bob closes the box a1-b2.
	for i, mv := range []string{"a1-b1", "a1-a2", "b1-b2", "a2-b2"} {
		tt := []*tmuxTerm{ann, bob}[i%2]
		tt.waitFor("Your move")
		tt.keys(":", "="+mv, "Enter")
		if i < 3 {
			tt.waitFor("Cursor on") // the turn passes; Bob's box keeps his
		}
	}
	s := ann.waitFor("| B |")
	if strings.Contains(s, "| ( |") {
		t.Fatalf("Bob's box is drawn as (:\n%s", s)
	}
	ann.keep("box")

	// The cursor walks down to the last row; the board follows it.
	for range 31 {
		ann.keys("Down")
	}
	cursor := regexp.MustCompile(`Cursor on ([a-p])(\d+)-([a-p])(\d+)`)
	var m []string
	for range 100 {
		s = ann.screen()
		if m = cursor.FindStringSubmatch(s); m != nil && m[4] == "16" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if m == nil || m[4] != "16" {
		t.Fatalf("the cursor is not on the last row:\n%s", s)
	}
	if !strings.Contains(s, "   a   b   c") {
		t.Fatalf("the column letters scrolled away:\n%s", s)
	}
	for _, row := range []string{m[2], m[4]} {
		if !strings.Contains(s, fmt.Sprintf("\n%2s +", row)) {
			t.Fatalf("the hint names row %s, which is off screen:\n%s", row, s)
		}
	}
	ann.keep("scrolled")
	ann.keys("L")
	ann.waitFor("Moves")
	ann.waitFor("Bob: drew the line a2 to b2")
	ann.keys("L")

	ann.keys("R")
	ann.waitFor("Really resign? y / n")
	ann.keys("y")
	ann.waitFor("Game over: Bob wins")
	ann.keys("q")
	s = ann.waitFor("Tables (")
	if strings.Contains(s, "Game over") {
		t.Fatalf("the lobby keeps the table's result:\n%s", s)
	}
	ann.keys("n")
	s = ann.waitFor("New table")
	if strings.Contains(s, "Game over") {
		t.Fatalf("the new-table form keeps the table's result:\n%s", s)
	}
}

// clueOrder is the order of the cards in the terminal's menus.
var clueOrder = [][]string{
	{"Miss Scarlet", "Colonel Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock", "Professor Plum"},
	{"Candlestick", "Knife", "Lead Pipe", "Revolver", "Rope", "Wrench"},
	{"Study", "Hall", "Lounge", "Library", "Billiard Room", "Dining Room", "Conservatory", "Ballroom", "Kitchen"},
}

// TestPlay80x24ClueSixSeatsAndAccusation: at 80x24 a Clue-Less table of
// six shows every seat (defect 4); the accusation's confirmation and its
// warning are whole (defect 2); after a wrong accusation (one of Ann's
// own cards) the seat line marks her out and a sentence says so.
func TestPlay80x24ClueSixSeatsAndAccusation(t *testing.T) {
	p := startServe(t, t.TempDir())
	ann := startTermSize(t, "ann", 80, 24, "play", "-addr", p.base, "-name", "Ann")
	ann.waitFor("Ann (guest)  connected")
	ann.keys("n")
	ann.waitFor("New table")
	ann.pressUntil("Right", "< Clue-Less >", 8)
	ann.pressUntil("Down", "> Players", 6)
	ann.pressUntil("Right", "< 6 >", 6)
	ann.waitFor("Seat 6")
	ann.keys("Enter")
	s := ann.waitFor("Your turn")
	for i := 1; i <= 6; i++ {
		if !regexp.MustCompile(fmt.Sprintf(`\b%d (Ann|Mustard|White|Green|Peacock|Plum)\b`, i)).MatchString(s) {
			t.Fatalf("seat %d is not on the seat line:\n%s", i, s)
		}
	}
	for _, room := range clueOrder[2] {
		if !strings.Contains(s, room) {
			t.Fatalf("the room %s is not whole:\n%s", room, s)
		}
	}
	hand := regexp.MustCompile(`Your cards: (.*)`).FindStringSubmatch(s)
	if hand == nil {
		t.Fatalf("no hand on screen:\n%s", s)
	}
	// One of Ann's own cards in each place it can be makes the
	// accusation wrong for certain.
	var picks []string
	for _, kind := range clueOrder {
		pick := 1
		for i, c := range kind {
			if strings.Contains(hand[1], c) {
				pick = i + 1
			}
		}
		picks = append(picks, fmt.Sprint(pick))
	}
	for range 12 {
		ann.keys("Down") // the last line of the menu: accuse...
	}
	ann.keys("Enter")
	ann.waitFor("Accuse: who?")
	ann.keys(picks[0])
	ann.waitFor("Accuse: with what?")
	ann.keys(picks[1])
	ann.waitFor("Accuse: where?")
	ann.keys(picks[2])
	s = ann.waitFor("Are you sure?")
	var want []string
	for i, kind := range clueOrder {
		var n int
		fmt.Sscan(picks[i], &n)
		want = append(want, kind[n-1])
	}
	accusation := "ACCUSE " + strings.Join(want, ", ")
	menu := ""
	for _, l := range strings.Split(s, "\n") {
		if len(l) > 57 {
			menu += " " + l[57:]
		}
	}
	if !strings.Contains(strings.Join(strings.Fields(menu), " "), accusation) {
		t.Fatalf("the confirmation %q is not whole:\n%s", accusation, s)
	}
	if !strings.Contains(strings.Join(strings.Fields(s), " "), "A wrong accusation ends your game") {
		t.Fatalf("the warning is not whole:\n%s", s)
	}
	ann.keep("confirm")
	ann.keys("Enter")
	s = ann.waitFor("Your accusation was wrong")
	if !strings.Contains(s, "(out)") || !strings.Contains(s, "6 Plum (medium)") {
		t.Fatalf("the seat line does not mark Ann out or lost a seat:\n%s", s)
	}
	ann.keep("out")
}
