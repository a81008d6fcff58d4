package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// TestCreateDialogShowsItsChoices (issue 32, point 17; Dots and Boxes
// spec 8.1): the new-table dialog has no pull-down menus: the game, the
// board size, each seat, the computer's level, the clock and the leaving
// policy are choices shown at once, worked by the arrow keys; a house
// limit that is off reads "none", not 0, and the seat that fires first
// is numbered from 1, as the seats are; and a table made this way is the
// one chosen.
func TestCreateDialogShowsItsChoices(t *testing.T) {
	for _, size := range layoutSizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			p := newPage(t, "maker", size[0], size[1])
			p.guest(uniqueName("Mak"))
			p.click("#new-table")
			p.waitVisible("dialog.create")
			p.choose("#create-game", "dots")
			p.click("#mode-bot")
			if n := evalAs[int](p, `document.querySelectorAll("dialog.create select").length`); n != 0 {
				p.fail("the dialog has %d pull-down menus", n)
			}
			for _, sel := range []string{"#create-game", "#dots-size", "#seat-0-kind", "#seat-1-kind", "#seat-1-level", "#create-clock", "#create-grace", "#create-ongone"} {
				if n := evalAs[int](p, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel+" input[type=radio]")); n < 2 {
					p.fail("%s shows %d choices", sel, n)
				}
			}
			p.fitsWidth("the create dialog")
			if !evalAs[bool](p, `(() => { const d = document.querySelector("dialog.create"); return d.scrollWidth <= d.clientWidth; })()`) {
				p.fail("the create dialog scrolls sideways")
			}
			p.snap("dots")
			p.checkAxe("the create dialog")
			_ = evalAs[bool](p, `(document.querySelector("dialog.create").scrollTop = 1e6, true)`)
			p.snap("dots-foot")
			_ = evalAs[bool](p, `(document.querySelector("dialog.create").scrollTop = 0, true)`)

			// The arrow keys move along a row of choices.
			_ = evalAs[bool](p, `(document.querySelector("#dots-size input:checked").focus(), true)`)
			before := evalAs[string](p, `document.querySelector("#dots-size input:checked").value`)
			p.do("Right", keys(kb.ArrowRight))
			after := evalAs[string](p, `document.querySelector("#dots-size input:checked").value`)
			if after == before {
				p.fail("Right on the board size kept %s", before)
			}

			p.choose("#create-game", "buccaneer")
			p.waitVisible("#opt-turns-on")
			if got := evalAs[string](p, `(() => { const r = document.querySelector("#opt-turns-on input:checked"); return r ? document.querySelector('label[for="' + r.id + '"]').textContent + (document.querySelector("#opt-turns").disabled ? " (number off)" : "") : ""; })()`); got != "none (number off)" {
				p.fail("Buccaneer's turn limit reads %q", got)
			}
			p.snap("buccaneer")

			// The seat that fires first is numbered as the seats are.
			p.choose("#create-game", "battleship")
			p.waitVisible("#opt-first")
			if got := evalAs[string](p, `[...document.querySelectorAll("#opt-first label")].map((l) => l.textContent).join("|")`); got != "Player 1|Player 2" {
				p.fail("the seat that fires first offers %q", got)
			}

			p.choose("#create-game", "dots")
			p.choose("#dots-size", "3")
			p.choose("#seat-1-level", "hard")
			p.click("#create-submit")
			p.waitFor("the table", `location.pathname.startsWith("/t/") && document.querySelectorAll("g.slot").length === 12`)
		})
	}
}
