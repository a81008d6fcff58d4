package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// layoutSizes are the screens a layout is checked at: a laptop, the
// specs' smallest window and a phone.
var layoutSizes = [][2]int64{{1280, 800}, {800, 600}, {390, 844}}

// TestQuestionsAreTheAppsOwnDialog (issue 32, point 10): leaving a game
// in play and restarting it ask in the app's own dialog, not the
// browser's confirm box: the question is named, its buttons say what
// they do, the focus starts on the safe answer and stays inside the
// dialog on Tab, and Escape answers no, leaving the game as it was with
// the focus back on the button that asked.
func TestQuestionsAreTheAppsOwnDialog(t *testing.T) {
	for _, size := range layoutSizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			p := newPage(t, "asked", size[0], size[1])
			p.guest(uniqueName("Ask"))
			id := evalAs[string](p, createTableJS("dots", map[string]any{"rows": 3, "cols": 3}, []map[string]string{meSeat, botEasy}))
			p.goTo("/t/" + id)
			p.waitFor("the board", `document.querySelectorAll("g.slot").length === 12`)
			_ = evalAs[bool](p, `(window.keepQuestions = true, window.nativeAsked = 0, window.confirm = () => { window.nativeAsked++; return false; }, true)`)
			p.waitFor("my turn", `!!document.querySelector("#status.my-turn")`)
			p.drawLine(p.dots().Free[0])

			p.click("#quit")
			p.waitVisible("dialog.confirm-dialog[open]")
			q := evalAs[map[string]any](p, `(() => { const d = document.querySelector("dialog.confirm-dialog[open]");
				const name = document.getElementById(d.getAttribute("aria-labelledby"))?.textContent ?? "";
				return { role: d.getAttribute("role") ?? "", name, buttons: [...d.querySelectorAll("button")].map((b) => b.textContent).join("|"),
					focus: document.activeElement?.textContent ?? "" }; })()`)
			if q["role"] != "alertdialog" || q["name"] != "Leave the table?" || q["buttons"] != "Stay|Leave" || q["focus"] != "Stay" {
				p.fail("the question to leave: %v", q)
			}
			p.snap("leave-question")
			p.checkAxe("the question to leave")
			for i := 0; i < 3; i++ {
				p.do("Tab", keys(kb.Tab))
				if !evalAs[bool](p, `!!document.activeElement?.closest("dialog.confirm-dialog")`) {
					p.fail("Tab %d took the focus out of the question, to %s", i+1, evalAs[string](p, `document.activeElement?.outerHTML.slice(0, 80) ?? "nothing"`))
				}
			}
			p.do("Escape", keys(kb.Escape))
			p.waitFor("the question gone", `!document.querySelector("dialog.confirm-dialog")`)
			if path := evalAs[string](p, `location.pathname`); path != "/t/"+id {
				p.fail("Escape left the table for %s", path)
			}
			p.waitFor("the focus back on Quit", `document.activeElement?.id === "quit"`)

			p.click("#restart")
			if got := p.answerQuestion(false); got != "A new game starts with the same settings. This game stays in your saved matches only if you save it. Start a new game?" {
				p.fail("Restart asked %q", got)
			}
			if path := evalAs[string](p, `location.pathname`); path != "/t/"+id {
				p.fail("answering no to Restart went to %s", path)
			}
			if n := evalAs[int](p, `window.nativeAsked`); n != 0 {
				p.fail("the browser's confirm box was opened %d times", n)
			}
			// Yes leaves, as it says.
			p.click("#quit")
			p.answerQuestion(true)
			p.waitFor("the lobby", `location.pathname === "/"`)
		})
	}
}
