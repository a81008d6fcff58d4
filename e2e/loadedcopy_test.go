package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestYourTablesTellALoadedCopyApart (issue 32, point 10): a game saved
// and loaded while it is still in play gives a second table of the same
// game and players; in the lobby's "Your tables" the two rows read
// differently, at each size: the game in play says when it started, the
// copy that it is a copy of a saved position, and their Return links
// name which is which.
func TestYourTablesTellALoadedCopyApart(t *testing.T) {
	p := newPage(t, "keeper", 1280, 800)
	p.guest(uniqueName("Kee"))
	id := evalAs[string](p, createTableJS("dots", map[string]any{"rows": 4, "cols": 4}, []map[string]string{meSeat, botEasy}))
	p.goTo("/t/" + id)
	p.waitFor("my turn", `!!document.querySelector("#status.my-turn")`)
	p.drawLine(p.dots().Free[0])
	p.waitFor("my turn again", `!!document.querySelector("#status.my-turn")`)
	p.click("#save")
	p.typeInto("#save-name", "Keep")
	p.click("#save-ok")
	p.waitFor("the saved notice", `[...document.querySelectorAll(".toast")].some(t => t.textContent.includes("Keep"))`)
	p.goTo("/saves")
	p.click(`tr[data-save="Keep"] button[data-load]`)
	p.waitFor("the loaded game", `location.pathname.startsWith("/t/") && location.pathname !== "/t/`+id+`" && document.querySelectorAll("g.slot").length === 24`)
	copyID := evalAs[string](p, `location.pathname.slice(3)`)

	p.goTo("/")
	row := func(table string) string {
		return fmt.Sprintf(`.mine-panel li.table-item[data-table=%q]`, table)
	}
	p.waitFor("both tables in Your tables", fmt.Sprintf(`!!document.querySelector(%q) && !!document.querySelector(%q)`, row(id), row(copyID)))
	for _, size := range layoutSizes {
		p.do("resize", chromedp.EmulateViewport(size[0], size[1]))
		p.waitFor("the new size", fmt.Sprintf(`innerWidth === %d`, size[0]))
		orig, cp := p.text(row(id)), p.text(row(copyID))
		if orig == cp {
			p.fail("at %dx%d the game and its copy read alike: %q", size[0], size[1], orig)
		}
		if !strings.Contains(orig, "started ") || strings.Contains(orig, "copy") || !strings.Contains(cp, "copy of a saved position") {
			p.fail("at %dx%d the game reads %q and its copy %q", size[0], size[1], orig, cp)
		}
		links := evalAs[[]string](p, `[...document.querySelectorAll(".mine-panel a.button")].map((a) => a.getAttribute("aria-label") ?? a.textContent)`)
		if len(links) != 2 || links[0] == links[1] {
			p.fail("the Return links are named %q", links)
		}
		evalAs[bool](p, `(document.querySelector(".mine-panel").scrollIntoView({ block: "start" }), true)`)
		p.snap(fmt.Sprintf("your-tables-%dx%d", size[0], size[1]))
		p.fitsWidth("the lobby")
	}
}
