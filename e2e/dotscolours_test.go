package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestDotsColoursFollowTheSpec is issue #32's point 17: an undrawn line
// is the board's colour (7.1.1.3f), shown only by the guide under the
// pointer, and each player's score box is in the player's colour (13.1:
// Player 1 dark blue, Player 2 light blue).
func TestDotsColoursFollowTheSpec(t *testing.T) {
	p := newPage(t, "colours", 1280, 800)
	p.guest(uniqueName("Iris"))
	p.createTable("dots", "bot", 3, "easy")
	p.waitFor("Iris's move", `!!document.querySelector("#status.my-turn")`)
	style := func(js string) string { return evalAs[string](p, js) }
	board := style(`getComputedStyle(document.querySelector(".dots-board")).backgroundColor`)
	if free := style(`getComputedStyle(document.querySelector(".ln.free")).stroke`); free != board {
		t.Errorf("an undrawn line is %s on a board of %s: it should not show", free, board)
	}
	for seat, want := range []string{"rgb(23, 58, 138)", "rgb(93, 180, 238)"} {
		got := style(`getComputedStyle(document.querySelector(".seat-` + string(rune('0'+seat)) + ` .score")).backgroundColor`)
		if got != want {
			t.Errorf("Player %d's score box is %s, want %s", seat+1, got, want)
		}
	}
	// The guide: the line under the pointer shows in the mover's colour.
	x, y := p.centre(`g.slot[data-line="a1-b1"] .hit`)
	p.do("point at a1-b1", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
	p.waitFor("the guide on a1-b1", `getComputedStyle(document.querySelector('g.slot[data-line="a1-b1"] .ln')).stroke === "rgb(23, 58, 138)"`)
	p.snap("guide")
}
