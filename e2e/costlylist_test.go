package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestDotsCostlyMovesListReads (issue 32, point 10): the Dots replay's
// list of costly moves shows each move once, by its own words ("Move 12
// · ..."), at each size: no list number of its own, which in the
// wrapping row landed on the button before it ("−2 boxes2."), and no
// two buttons over each other.
func TestDotsCostlyMovesListReads(t *testing.T) {
	lines, _, _, _ := dotsBlunder(t)
	p := newPage(t, "reviewer", 1280, 800)
	p.guest(uniqueName("Rev"))
	id := evalAs[string](p, createTableJS("dots", map[string]any{"rows": 3, "cols": 4}, []map[string]string{meSeat, meSeat}))
	p.goTo("/t/" + id)
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 17`)
	for _, l := range lines {
		p.drawLine(l)
	}
	p.waitVisible("#result")
	p.click(`#result a[href^="/replay/"]`)
	p.waitFor("the costly moves", `document.querySelectorAll("#dots-costly li").length > 0`)
	for _, size := range layoutSizes {
		p.do("resize", chromedp.EmulateViewport(size[0], size[1]))
		p.waitFor("the new size", fmt.Sprintf(`innerWidth === %d`, size[0]))
		bad := evalAs[[]string](p, `(() => {
			const out = [];
			const items = [...document.querySelectorAll("#dots-costly li")];
			for (const li of items) {
				const st = getComputedStyle(li);
				if (st.display === "list-item" && st.listStyleType !== "none") out.push("item numbered " + st.listStyleType + ": " + li.textContent);
			}
			const rects = items.map((li) => li.querySelector("button").getBoundingClientRect());
			for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
				const a = rects[i], b = rects[j];
				if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push("buttons " + i + " and " + j + " overlap");
			}
			return out;
		})()`)
		if len(bad) > 0 {
			p.fail("at %dx%d the costly moves: %v", size[0], size[1], bad)
		}
		evalAs[bool](p, `(document.querySelector("#dots-costly").scrollIntoView({ block: "center" }), true)`)
		p.snap(fmt.Sprintf("costly-%dx%d", size[0], size[1]))
		p.fitsWidth("the Dots replay")
	}
}
