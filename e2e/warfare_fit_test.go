package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestWarfareMapFirstOnSmallScreens (issue 22, point 10): at 800x600 and
// on a phone the island comes first: the map starts in the upper part of
// the screen, the round line takes one line, and the End turn button is
// reached without scrolling sideways.
func TestWarfareMapFirstOnSmallScreens(t *testing.T) {
	for _, size := range [][2]int64{{800, 600}, {390, 844}} {
		p := newPage(t, fmt.Sprintf("w%d", size[0]), size[0], size[1])
		if size[0] < 500 {
			p.do("phone", chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
		}
		p.guest(uniqueName("Wf"))
		id := evalAs[string](p, createTableJS("warfare", map[string]any{"seed": 7}, []map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}}))
		p.goTo("/t/" + id)
		p.waitFor("the island", `!!document.querySelector("#status.my-turn") && !!document.querySelector(".wf-map svg")`)
		p.snap("island")
		top := evalAs[int](p, `Math.round(document.querySelector(".wf-map").getBoundingClientRect().top)`)
		round := evalAs[[]int](p, `(() => { const e = document.querySelector(".wf-round"); return [Math.round(e.getBoundingClientRect().height), Math.round(parseFloat(getComputedStyle(e).lineHeight) || 20)]; })()`)
		t.Logf("%dx%d: map at y=%d, round line %d px (line %d px)", size[0], size[1], top, round[0], round[1])
		if float64(top) > 0.4*float64(size[1]) {
			p.fail("at %dx%d the map starts at y=%d, below the upper 40%% of the screen", size[0], size[1], top)
		}
		if round[0] > round[1]+round[1]/2 {
			p.fail("at %dx%d the round line takes %d px, more than one line", size[0], size[1], round[0])
		}
		p.fitsWidth(fmt.Sprintf("the Warfare table at %dx%d", size[0], size[1]))
	}
}
