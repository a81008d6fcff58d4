package e2e

import (
	"context"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// recordSent keeps every WebSocket message the page sends in
// window.__sent.
const recordSent = `(() => {
	window.__sent = [];
	const send = WebSocket.prototype.send;
	WebSocket.prototype.send = function (d) { window.__sent.push(String(d)); return send.call(this, d); };
})();`

// TestBattleshipUnsentShipsSurviveAReload (issue 22, point 6): two ships
// placed but not confirmed are still on the ocean grid after a reload,
// and nothing of them was sent to the server (the fleet is sent only by
// "Start battle").
func TestBattleshipUnsentShipsSurviveAReload(t *testing.T) {
	p := newPage(t, "admiral", 1280, 800)
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: recordSent}); err != nil {
		t.Fatalf("adding the recorder: %v", err)
	}
	cancel()
	p.guest(uniqueName("Adm"))
	p.goTo("/battleship")
	p.click("#bs-new")
	p.choose("#bs-level", "easy")
	p.click("#bs-start")
	p.waitFor("placement", `!!document.querySelector(".bs.placing")`)
	p.click(`#ocean .cell[data-sq="A1"]`)
	p.click(`#ocean .cell[data-sq="A3"]`)
	p.waitFor("two ships", `document.querySelectorAll("#ocean .cell.ship").length === 9`)
	ships := `[...document.querySelectorAll("#ocean .cell.ship")].map((c) => c.dataset.sq).sort().join(" ")`
	before := evalAs[string](p, ships)
	p.do("reload", chromedp.Reload())
	p.waitFor("placement again", `!!document.querySelector(".bs.placing")`)
	p.waitFor("the two ships again", `document.querySelectorAll("#ocean .cell.ship").length === 9`)
	p.snap("after-reload")
	if after := evalAs[string](p, ships); after != before {
		p.fail("after the reload the ships are on %q, before on %q", after, before)
	}
	if s := p.text(".dock"); !strings.Contains(s, "Place 3 more ships") {
		p.fail("the dock reads %q, want three ships left to place", s)
	}
	if sent := evalAs[string](p, `window.__sent.join("\n")`); strings.Contains(sent, "carrier") {
		p.fail("the unsent ships went to the server: %s", sent)
	}
	// The rest placed at random, the battle starts with the whole fleet.
	p.click("#random-fleet")
	p.click("#start-battle")
	p.waitFor("the battle", `!!document.querySelector("#target.armed")`)
	if n := evalAs[int](p, `Object.keys(sessionStorage).filter((k) => k.startsWith("parlor.bs.draft.")).length`); n != 0 {
		p.fail("%d drafts stay in the tab's storage after the fleet was sent", n)
	}
}
