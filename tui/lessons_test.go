package tui

import (
	"strings"
	"testing"

	"github.com/parlor-games/parlor/server/servertest"
)

// TestModelLessonsAtTheEnd: when a Dots and Boxes game ends at the table
// (here by a resignation after a move that hands a box over), the move
// log gets what its replay teaches: the costliest move, named, with the
// name of the player who made it.
func TestModelLessonsAtTheEnd(t *testing.T) {
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	ann.waitFor("Ann*")
	ann.newTable("Dots and Boxes")
	ann.keys("enter")
	ann.waitFor("Your move")
	// Ann draws sides of the top-left box until three are drawn (the bot
	// may draw one too), which hands the box over; then she resigns.
	b := ann.m.table.board.(*dotsBoard)
	sides := [][2]int{{0, 1}, {2, 1}, {1, 0}, {1, 2}}
	for {
		ann.waitFor("Your move")
		var free []string
		for _, sd := range sides {
			if _, drawn := b.drawn[b.line(sd[0], sd[1])]; !drawn {
				free = append(free, b.notation(sd[0], sd[1]))
			}
		}
		if len(free) <= 1 {
			break
		}
		ann.keys(":", free[0], "enter")
		ann.waitFor("Ann: " + lineWords(free[0]))
	}
	ann.keys("R")
	ann.waitFor("Really resign? y / n")
	ann.keys("y")
	ann.waitFor("Game over")
	s := ann.waitFor("Lesson: Move ")
	if !strings.Contains(s, "gave away") {
		t.Fatalf("the lesson does not say what the move gave away:\n%s", s)
	}
	if !strings.Contains(s, "Lesson: Move ") || !strings.Contains(s, "(Ann, ") {
		t.Fatalf("the lesson does not name Ann, who gave the box away:\n%s", s)
	}
}
