package e2e

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// fingers sends one touch event with a finger at each point (ids 1, 2,
// ...); a finger missing from a later event has lifted, and a touchEnd
// lifts them all. at is the time the event says it happened.
func (p *page) fingers(typ input.DispatchTouchEventType, at time.Time, pts ...[2]float64) {
	p.t.Helper()
	params := input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{},
		Timestamp: input.TimeSinceEpoch(float64(at.UnixMicro()) / 1e6)}
	for i, pt := range pts {
		id, radius := float64(i+1), 4.0
		params.TouchPoints = append(params.TouchPoints, &input.TouchPoint{X: pt[0], Y: pt[1], ID: &id, RadiusX: &radius, RadiusY: &radius})
	}
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	defer cancel()
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, params); err != nil {
		p.fail("touch %s with %d fingers: %v", typ, len(pts), err)
	}
}

// pinch puts two fingers down on either side of (x, y), gap apart
// across, moves them apart (or together) until they are gap2 apart, and
// lifts first one and then the other. Like swipe, the events carry the
// times of a person's slow pinch, set in the recent past.
func (p *page) pinch(x, y, gap, gap2 float64) {
	p.t.Helper()
	const steps = 10
	step := 40 * time.Millisecond
	at := time.Now().Add(-(steps + 5) * step)
	two := func(g float64) [][2]float64 { return [][2]float64{{x - g/2, y}, {x + g/2, y}} }
	p.fingers(input.DispatchTouchEventTypeTouchStart, at, two(gap)...)
	for i := 1; i <= steps; i++ {
		at = at.Add(step)
		p.fingers(input.DispatchTouchEventTypeTouchMove, at, two(gap+(gap2-gap)*float64(i)/steps)...)
	}
	at = at.Add(step)
	p.fingers(input.DispatchTouchEventTypeTouchMove, at, two(gap2)[0])
	p.fingers(input.DispatchTouchEventTypeTouchEnd, at.Add(step))
}

// viewBox is the part of the island the map shows, in the map's units.
type viewBox struct{ X, Y, W, H float64 }

func (p *page) mapBox() viewBox {
	p.t.Helper()
	b := evalAs[[4]float64](p, `document.querySelector(".wf-svg").getAttribute("viewBox").split(" ").map(Number)`)
	return viewBox{b[0], b[1], b[2], b[3]}
}

// hexAt says which hex of the island is on the screen at (x, y), or -1.
func (p *page) hexAt(x, y float64) int {
	p.t.Helper()
	return evalAs[int](p, fmt.Sprintf(`(() => { const e = document.elementFromPoint(%f, %f)?.closest("[data-hex]"); return e ? Number(e.dataset.hex) : -1; })()`, x, y))
}

// TestWarfareTouchPanAndPinch: on a phone, one finger dragged across the
// map moves the island with it (and selects nothing, though it started
// on a villager), two fingers spread apart zoom in about the point
// between them by as much as they spread, and two fingers pinched
// together zoom out again. A tap on Help then shows the rulebook.
func TestWarfareTouchPanAndPinch(t *testing.T) {
	p := newTouchPage(t, "phone", 390, 844)
	p.guest(uniqueName("Lord"))
	id := evalAs[string](p, createWarScenarioJS(warScenario))
	p.goTo("/t/" + id)
	p.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length === 40`)
	p.waitVisible("#wf-end")
	p.fitsWidth("the island on a phone")
	p.snap("start")

	// One finger on the infantry on hex 17, dragged right and down.
	b0 := p.mapBox()
	x, y := p.centre(`.wf-land polygon[data-hex="17"]`)
	if got := p.hexAt(x, y); got != 17 {
		p.fail("the finger would land on hex %d, not 17", got)
	}
	p.swipe(x, y, x+60, y+30)
	b1 := p.mapBox()
	if b1.W != b0.W || b1.X >= b0.X || b1.Y >= b0.Y {
		p.fail("a one-finger drag right and down moved the view from %+v to %+v; want the same size, further left and up", b0, b1)
	}
	if got := p.hexAt(x+60, y+30); got != 17 {
		p.fail("after the drag hex %d is under the finger, want 17, which it started on", got)
	}
	if evalAs[bool](p, `document.querySelector(".wf-selected") !== null`) {
		p.fail("the drag selected the villager it started on")
	}
	p.snap("dragged")

	// Two fingers spread from 40 to 160 pixels apart over hex 20.
	x, y = p.centre(`.wf-land polygon[data-hex="20"]`)
	p.pinch(x, y, 40, 160)
	b2 := p.mapBox()
	if zoom := b1.W / b2.W; math.Abs(zoom-4) > 0.4 {
		p.fail("fingers spread four times as far apart zoomed the map %.2f times (view %+v, then %+v)", zoom, b1, b2)
	}
	if got := p.hexAt(x, y); got != 20 {
		p.fail("after the pinch hex %d is between the fingers, want 20", got)
	}
	p.snap("pinched-in")

	// And back together: the map zooms out again.
	p.pinch(x, y, 160, 80)
	b3 := p.mapBox()
	if zoom := b3.W / b2.W; math.Abs(zoom-2) > 0.2 {
		p.fail("fingers brought to half as far apart zoomed out %.2f times (view %+v, then %+v)", zoom, b2, b3)
	}
	p.snap("pinched-out")

	// The rulebook fits a phone's screen too.
	p.tap("#help")
	p.waitVisible(".rules-panel")
	p.waitRulebook(".rules-panel")
	p.fitsWidth("the rulebook on a phone")
	if got := p.text(".rules-panel"); !strings.Contains(got, "Guarding and invading") {
		p.fail("the rulebook on a phone reads %.200q", got)
	}
	p.snap("help")
}
