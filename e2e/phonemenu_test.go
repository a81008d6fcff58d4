package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPhoneTopMenuIsOneLine (issue 22, point 11): on a phone the top bar
// is at most 56 px tall, on the lobby and at a table; the menu and the
// signed-in name are behind a Menu button, which opens and closes them.
func TestPhoneTopMenuIsOneLine(t *testing.T) {
	p := newPage(t, "phone", 390, 844)
	p.do("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	p.guest(uniqueName("Ph"))
	height := func() int {
		return evalAs[int](p, `Math.round(document.querySelector("header.topbar").getBoundingClientRect().height)`)
	}
	if hh := height(); hh > 56 {
		p.fail("the lobby's top bar is %d px tall", hh)
	}
	p.snap("lobby")
	p.click("#menu-toggle")
	p.waitVisible(`header.topbar a[href="/settings"]`)
	p.snap("menu-open")
	p.click("#menu-toggle")
	p.waitFor("the menu closed", `!document.querySelector("header.topbar nav") || getComputedStyle(document.querySelector("header.topbar nav")).display === "none"`)
	id := evalAs[string](p, createTableJS("dots", map[string]any{"rows": 4, "cols": 4}, []map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}}))
	p.goTo("/t/" + id)
	p.waitFor("the board", `document.querySelectorAll("g.slot").length > 0`)
	if hh := height(); hh > 56 {
		p.fail("the table's top bar is %d px tall", hh)
	}
	p.snap("table")
}
