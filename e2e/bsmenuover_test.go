package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// TestBattleshipMenuOverTheGame (issue 32, point 18): at a Battleship
// table the menu opens at any time without leaving the game (it was
// reached only by Quit): its items are there, the achievements show in
// it, Escape and "Back to the game" close it, and the game is where it
// was, at the same table with the same shots.
func TestBattleshipMenuOverTheGame(t *testing.T) {
	for _, size := range layoutSizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			p := newPage(t, "captain", size[0], size[1])
			p.guest(uniqueName("Cap"))
			id := evalAs[string](p, createTableJS("battleship", map[string]any{}, []map[string]string{meSeat, botEasy}))
			p.goTo("/t/" + id)
			p.waitFor("placement", `!!document.querySelector(".bs.placing")`)

			p.click("#bs-menu-open")
			p.waitVisible("#bs-menu-dialog[open]")
			for _, item := range []string{"#bs-resume", "#bs-new", "#bs-load", "#bs-tutorial", "#bs-rules", "#bs-achievements", "#bs-quit"} {
				if !evalAs[bool](p, p.visible("#bs-menu-dialog "+item)) {
					p.fail("the menu over the game has no %s", item)
				}
			}
			p.waitFor("the focus in the menu", `document.activeElement?.id === "bs-resume"`)
			p.click("#bs-achievements")
			p.waitFor("the achievements", `document.querySelectorAll("#bs-menu-dialog .achievements li").length === 4`)
			p.snap("menu-over-game")
			p.checkAxe("the menu over the game")
			p.do("Escape", keys(kb.Escape))
			p.waitFor("the menu closed", `!document.querySelector("#bs-menu-dialog")`)
			if path := evalAs[string](p, `location.pathname`); path != "/t/"+id {
				p.fail("closing the menu went to %s", path)
			}
			p.waitFor("the focus back on Menu", `document.activeElement?.id === "bs-menu-open"`)

			// Place the fleet at random and fire once, then open the menu
			// in the battle and go back to it.
			p.click("#random-fleet")
			p.click("#start-battle")
			p.waitFor("the battle", `!document.querySelector(".bs.placing") && !!document.querySelector("#target .cell")`)
			p.waitFor("my turn to fire", `!!document.querySelector("#target.armed")`)
			p.click(`#target .cell[data-sq="E5"]`)
			p.waitFor("the shot", `!!document.querySelector('#target .cell[data-sq="E5"].hit, #target .cell[data-sq="E5"].miss')`)
			p.click("#bs-menu-open")
			p.waitVisible("#bs-menu-dialog[open]")
			p.click("#bs-resume")
			p.waitFor("the menu closed", `!document.querySelector("#bs-menu-dialog")`)
			if !evalAs[bool](p, `location.pathname === "/t/`+id+`" && !!document.querySelector('#target .cell[data-sq="E5"].hit, #target .cell[data-sq="E5"].miss')`) {
				p.fail("after the menu the game is not as it was")
			}

			// Quit from the menu asks first, as Quit at the table does;
			// said no, the menu is still there; said yes, the lobby
			// comes and the menu goes with the table.
			_ = evalAs[bool](p, `window.keepQuestions = true`)
			p.click("#bs-menu-open")
			p.click("#bs-quit")
			if got := p.answerQuestion(false); !strings.HasSuffix(got, "Leave the table?") {
				p.fail("Quit in the menu asked %q", got)
			}
			if !evalAs[bool](p, `location.pathname === "/t/`+id+`" && !!document.querySelector("#bs-menu-dialog[open]")`) {
				p.fail("saying no to leaving took the menu or the table away")
			}
			p.click("#bs-quit")
			p.answerQuestion(true)
			p.waitFor("the lobby without the menu", `location.pathname === "/" && !document.querySelector("#bs-menu-dialog")`)
		})
	}
}
