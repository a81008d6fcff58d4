package e2e

import (
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// askCountJS counts the page's requests for permission to show notices,
// in localStorage, before asking the browser.
const askCountJS = `(() => {
	if (!("Notification" in self)) return;
	const ask = Notification.requestPermission.bind(Notification);
	Notification.requestPermission = (...a) => {
		localStorage.setItem("test.asked", String(Number(localStorage.getItem("test.asked") || 0) + 1));
		return ask(...a);
	};
})()`

// TestNoticesAskedForAGameAcrossDays (issue 33, point 3): a player is
// asked whether this browser may show notices when they first make a
// correspondence table, from that click, and not when they make a live
// one; the app never asks on load.
func TestNoticesAskedForAGameAcrossDays(t *testing.T) {
	p := newPage(t, "ann", 1280, 800)
	if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: askCountJS}); err != nil {
		t.Fatal(err)
	}
	p.guest(uniqueName("Ann"))
	asked := func() string { return evalAs[string](p, `localStorage.getItem("test.asked") ?? "0"`) }
	p.createTableWithClock("dots", "online", 0, "", "m60")
	if n := asked(); n != "0" {
		t.Fatalf("a live table asked for notices %s times", n)
	}
	p.goTo("/")
	p.createTableWithClock("dots", "online", 0, "", "m86400")
	if n := asked(); n != "1" {
		t.Fatalf("a correspondence table asked for notices %s times, want once", n)
	}
}
