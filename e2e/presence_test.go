package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// hidePageJS makes the page hidden as the browser would when its tab is
// switched away from or its window minimised (headless Chromium has no
// other tab to show), and hands the change to the page's own listener.
func hidePageJS(hidden bool) string {
	state := "visible"
	if hidden {
		state = "hidden"
	}
	return fmt.Sprintf(`(() => {
		Object.defineProperty(document, "visibilityState", {configurable: true, get: () => %q});
		Object.defineProperty(document, "hidden", {configurable: true, get: () => %t});
		document.dispatchEvent(new Event("visibilitychange"));
		return true;
	})()`, state, hidden)
}

// TestHiddenOrLeftPageShowsOffline (issue 21, presence that tells the
// truth): Ann and Bob play Dots; Cy is in the lobby. Ann's page is hidden:
// Cy's online list loses her and Bob sees her seat offline; shown again,
// she is online and her seat connected. Then Ann leaves the page for
// another address: offline again, for both.
func TestHiddenOrLeftPageShowsOffline(t *testing.T) {
	ann := newPage(t, "ann", 1280, 860)
	bob := newPage(t, "bob", 1280, 860)
	cy := newPage(t, "cy", 1280, 860)
	annName := uniqueName("Ann")
	ann.guest(annName)
	bob.guest(uniqueName("Bob"))
	cy.guest(uniqueName("Cy"))
	id := evalAs[string](ann, createPatientDotsJS)
	ann.goTo("/t/" + id)
	bob.goTo("/t/" + id)
	bob.click("li.seat-1 button")
	ann.click("#start-game")
	ann.waitSeated("Ann's turn at the start")

	listed := fmt.Sprintf(`[...document.querySelectorAll("ul.people a.person")].some((a) => a.textContent === %q)`, annName)
	seat := `document.querySelector("li.seat-0 .conn")?.textContent`
	cy.waitFor("Ann in the online list", listed)
	bob.waitFor("Ann's seat online", seat+` === "online"`)

	_ = evalAs[bool](ann, hidePageJS(true))
	cy.waitFor("Ann gone from the online list while her page is hidden", "!"+listed)
	bob.waitFor("Ann's seat offline while her page is hidden", seat+` === "offline"`)
	bob.snap("ann-hidden")

	_ = evalAs[bool](ann, hidePageJS(false))
	cy.waitFor("Ann back in the online list", listed)
	bob.waitFor("Ann's seat online again", seat+` === "online"`)
	ann.waitSeated("Ann still seated, her turn")

	ann.do("leave the page", chromedp.Navigate("about:blank"))
	cy.waitFor("Ann gone from the online list after leaving the page", "!"+listed)
	bob.waitFor("Ann's seat offline after she left the page", seat+` === "offline"`)
}
