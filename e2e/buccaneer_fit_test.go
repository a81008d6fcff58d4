package e2e

import (
	"fmt"
	"math"
	"testing"
)

// bucFitScenario puts London's ship at sea facing north with open water
// ahead, so that sailing one square asks for a facing.
var bucFitScenario = map[string]any{
	"ships": []map[string]any{
		{"home": "London", "at": []int{6, 6}, "facing": "N", "hand": []string{"R1", "B1"}},
		{"home": "Genoa", "at": []int{15, 15}, "facing": "S", "hand": []string{"R2", "B2"}},
	},
	"turn": 0,
}

// inView says whether every element matching sel lies wholly inside the
// window, without scrolling (the page's scroll position is read too).
func (p *page) inView(sel string) [4]float64 {
	p.t.Helper()
	return evalAs[[4]float64](p, fmt.Sprintf(`(() => {
		let l = 1e9, t = 1e9, r = -1e9, b = -1e9;
		for (const e of document.querySelectorAll(%q)) {
			if (e.closest("[hidden]")) continue;
			const x = e.getBoundingClientRect();
			l = Math.min(l, x.left); t = Math.min(t, x.top); r = Math.max(r, x.right); b = Math.max(b, x.bottom);
		}
		return [l, t + scrollY, r, b + scrollY];
	})()`, sel))
}

// TestBuccaneerSeaAndControlsFit (issue 22, point 9): at 1280x800 and
// 800x600 the whole sea and the moving ship's controls are on the screen
// together, with the page scrolled to its top, and the sea does not move
// down when the facing choice opens after a sail.
func TestBuccaneerSeaAndControlsFit(t *testing.T) {
	for _, size := range [][2]int64{{1280, 800}, {800, 600}} {
		w, h := float64(size[0]), float64(size[1])
		p := newPage(t, fmt.Sprintf("w%d", size[0]), size[0], size[1])
		p.guest(uniqueName("Fit"))
		id := evalAs[string](p, createBucJS(map[string]any{"seats": 2, "scenario": bucFitScenario}, meSeats(2)))
		p.goTo("/t/" + id)
		p.click("#handover-ok")
		p.waitVisible(`.bc-target[data-sq="6,7"]`)
		p.snap("move")
		sea0 := p.inView(".bc-svg")
		check := func(what, sel string) {
			b := p.inView(sel)
			if b[0] < 0 || b[1] < 0 || b[2] > w+0.5 || b[3] > h+0.5 {
				p.fail("at %.0fx%.0f %s spans x %.0f..%.0f, y %.0f..%.0f: not all on the screen", w, h, what, b[0], b[2], b[1], b[3])
			}
		}
		check("the sea", ".bc-svg")
		if vb := evalAs[string](p, `document.querySelector(".bc-svg").getAttribute("viewBox")`); vb != "0.0 0.0 680.0 680.0" {
			p.fail("at %.0fx%.0f the sea shows %q, not the whole sea", w, h, vb)
		}
		check("the sailing controls", "#bc-act")
		p.click(`.bc-target[data-sq="6,7"]`)
		p.waitVisible("[id^=bc-face-]")
		p.snap("facing")
		sea1 := p.inView(".bc-svg")
		if math.Abs(sea1[1]-sea0[1]) > 0.5 {
			p.fail("at %.0fx%.0f the sea's top moved from y=%.0f to y=%.0f when the facing choice opened", w, h, sea0[1], sea1[1])
		}
		check("the sea with the facing choice", ".bc-svg")
		check("the facing choice", "#bc-act")
		p.fitsWidth(fmt.Sprintf("the Buccaneer table at %.0fx%.0f", w, h))

		// Sailing into Venice, which holds crew and treasure, opens the
		// trading screen beside the sea.
		id = evalAs[string](p, createBucJS(map[string]any{"seats": 2, "scenario": map[string]any{
			"ships": []map[string]any{
				{"home": "London", "at": []int{1, 5}, "facing": "N", "hand": []string{"R1", "B1"}},
				{"home": "Genoa", "at": []int{15, 15}, "facing": "S", "hand": []string{"R2", "B2"}},
			},
			"ports": map[string]any{"Venice": map[string]any{"cards": []string{"B3", "R2"}, "treasure": []string{"pearl", "rum"}}},
			"turn":  0,
		}}, meSeats(2)))
		p.goTo("/t/" + id)
		p.click("#handover-ok")
		p.click(`.bc-target[data-sq="1,7"]`)
		p.waitVisible(".bc-trade-cols")
		p.snap("trading")
		check("the sea beside the trading screen", ".bc-svg")
		check("the trading screen", "#bc-act")
	}
}

// seaBox is the part of the sea the board shows, in the sea's units.
func (p *page) seaBox() viewBox {
	p.t.Helper()
	b := evalAs[[4]float64](p, `document.querySelector(".bc-svg").getAttribute("viewBox").split(" ").map(Number)`)
	return viewBox{b[0], b[1], b[2], b[3]}
}

// TestBuccaneerPhoneSeaPansAndZooms (issue 22, point 9): on a phone the
// sea starts close enough that a lit square is a tap target of at least
// 32 px; a finger drags the sea, two fingers zoom it as on Medieval
// Warfare's island, a tap on a lit square sails there, and the page never
// scrolls sideways.
func TestBuccaneerPhoneSeaPansAndZooms(t *testing.T) {
	p := newTouchPage(t, "phone", 390, 844)
	p.guest(uniqueName("Deck"))
	id := evalAs[string](p, createBucJS(map[string]any{"seats": 2, "scenario": bucFitScenario}, meSeats(2)))
	p.goTo("/t/" + id)
	p.tap("#handover-ok")
	p.waitVisible(`.bc-target[data-sq="6,7"]`)
	p.fitsWidth("the Buccaneer table on a phone")
	p.snap("start")
	size := evalAs[[2]float64](p, `(() => { const r = document.querySelector('.bc-target[data-sq="6,7"]').getBoundingClientRect(); return [r.width, r.height]; })()`)
	// The lit square is drawn 2 units inside its 30-unit square.
	if size[0] < 32*26/30 || size[1] < 32*26/30 {
		p.fail("a lit square is %.0fx%.0f px on a phone: its square is under 32 px", size[0], size[1])
	}
	for _, b := range []string{"#bc-zoom-in", "#bc-zoom-out", "#bc-zoom-fit"} {
		if s := evalAs[[2]float64](p, `(() => { const r = document.querySelector("`+b+`").getBoundingClientRect(); return [r.width, r.height]; })()`); s[0] < 32 || s[1] < 32 {
			p.fail("%s is %.0fx%.0f px: under 32 px to tap", b, s[0], s[1])
		}
	}

	// One finger drags the sea right and down.
	b0 := p.seaBox()
	x, y := p.centre(".bc-map")
	p.swipe(x, y, x+60, y+40)
	b1 := p.seaBox()
	if b1.W != b0.W || b1.X >= b0.X || b1.Y >= b0.Y {
		p.fail("a drag right and down moved the sea's view from %+v to %+v; want the same size, further left and up", b0, b1)
	}
	if p.bucState().Step.Name != "move" {
		p.fail("the drag sailed the ship")
	}
	// Two fingers pinched together show more of the sea.
	p.pinch(x, y, 160, 80)
	b2 := p.seaBox()
	if zoom := b2.W / b1.W; math.Abs(zoom-2) > 0.25 && b2.W < 680 {
		p.fail("fingers brought to half as far apart zoomed out %.2f times (view %+v, then %+v)", zoom, b1, b2)
	}
	p.snap("pinched-out")
	p.tap("#bc-zoom-fit")
	if b := p.seaBox(); b.W != 680 {
		p.fail("the whole-sea button shows %+v", b)
	}
	p.tap("#bc-zoom-in")
	p.tap("#bc-zoom-in")
	if b := p.seaBox(); math.Abs(b.W-680/1.96) > 1 {
		p.fail("two taps on zoom in show %+v, want a view 1.96 times closer", b)
	}

	// A tap on a lit square sails there, and the facings are big enough.
	p.tap(`.bc-target[data-sq="6,7"]`)
	p.waitVisible("[id^=bc-face-]")
	if s := evalAs[[2]float64](p, `(() => { const r = document.querySelector("[id^=bc-face-]").getBoundingClientRect(); return [r.width, r.height]; })()`); s[0] < 32 || s[1] < 32 {
		p.fail("a facing button is %.0fx%.0f px: under 32 px to tap", s[0], s[1])
	}
	p.fitsWidth("the facing choice on a phone")
	p.snap("facing")
}

// TestBuccaneerChanceChoicesFit (issue 22, point 9): at 800x600 a chance
// card with many choices (card 14: treasure worth up to 7 from a full
// Treasure Island, or three crew cards) shows every choice button on the
// screen together with the whole sea, with the page at its top, and
// choosing one plays it. (Before, the card's box and a button per line
// put the last choices 200 px below the screen.)
func TestBuccaneerChanceChoicesFit(t *testing.T) {
	p := newPage(t, "chance", 800, 600)
	p.guest(uniqueName("Chance"))
	sc := map[string]any{
		"ships": []map[string]any{
			{"home": "London", "at": []int{10, 5}, "facing": "N", "hand": []string{"R1", "B2"}},
			{"home": "Genoa", "hand": []string{"R3", "B3"}},
		},
		"chancePack": []int{14},
		"turn":       0,
	}
	id := evalAs[string](p, createBucJS(map[string]any{"seats": 2, "scenario": sc},
		[]map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}}))
	p.goTo("/t/" + id)
	p.click(`.bc-target[data-sq="10,8"]`)
	p.click("#bc-face-W")
	p.waitVisible("#bc-crew")
	p.snap("card-14")
	n := evalAs[int](p, `document.querySelectorAll("#bc-act button").length`)
	if n < 10 {
		p.fail("card 14 offers %d choices, want every treasure worth up to 7 and the crew cards (at least 10)", n)
	}
	if y := evalAs[float64](p, `scrollY`); y != 0 {
		p.fail("the page scrolled to y=%.0f when the card's choices opened", y)
	}
	for _, c := range []struct{ what, sel string }{{"the sea", ".bc-svg"}, {"the card's choices", "#bc-act button"}} {
		b := p.inView(c.sel)
		if b[0] < 0 || b[1] < 0 || b[2] > 800.5 || b[3] > 600.5 {
			p.fail("at 800x600 %s span x %.0f..%.0f, y %.0f..%.0f: not all on the screen", c.what, b[0], b[2], b[1], b[3])
		}
	}
	p.fitsWidth("the chance card's choices at 800x600")
	// A pair's button shows "+ Rum (7)" on its first piece's line and is
	// named in full for a screen reader.
	if got := evalAs[string](p, `document.querySelector("#bc-take-diamond-rum")?.getAttribute("aria-label") ?? ""`); got != "Diamond + Rum (7)" {
		p.fail("the diamond-and-rum choice is named %q, want Diamond + Rum (7)", got)
	}
	p.checkAxe("the chance card's choices")
	p.click("#bc-crew")
	p.waitFor("three more crew cards", `window.parlorTable.state().views["0"].players[0].hand.length === 5`)
}
