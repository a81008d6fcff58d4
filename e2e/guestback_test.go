package e2e

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// createPatientDotsJS creates a 3x3 Dots table for the page's user and
// one open seat, whose policy waits ten minutes for a player who left, so
// that a logout in the middle of the game costs no seat during the test.
const createPatientDotsJS = `new Promise((resolve, reject) => {
	const ws = new WebSocket((location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host + "/api/ws");
	ws.onmessage = (e) => {
		const m = JSON.parse(e.data);
		if (m.t === "hello") {
			ws.send(JSON.stringify({t: "table.create", id: 1, game: "dots", options: {rows: 3, cols: 3},
				seats: [{kind: "me"}, {kind: "open"}], policy: {grace: 600, onGone: "forfeit"}}));
		} else if (m.t === "reply") {
			ws.close();
			if (m.ok) resolve(m.table.id); else reject(new Error(m.error));
		}
	};
	ws.onerror = () => reject(new Error("the WebSocket failed"));
})`

// waitSeated waits until the page shows its own seat at the table: the
// status line says it is the player's turn and the board takes a move (a
// spectator gets neither).
func (p *page) waitSeated(what string) {
	p.t.Helper()
	p.waitFor(what, `document.querySelector("#status.my-turn") !== null && document.querySelectorAll("g.slot").length > 0`)
}

// TestGuestLogsOutAndBackIsSeated (issue 21, who is who): Ann, a guest,
// logs out in the middle of a Dots game in which it is her turn. While
// her seat holds the name, another browser asking for it is told it is
// taken. Ann signs in again under her name in the same browser, returns
// to the table from the lobby, and is seated: her turn, her board, no
// spectator. Then she closes the browser without logging out (the
// session cookie is gone, the browser's guest key stays) and signs in
// again: let in as herself, and seated again by the invite link.
func TestGuestLogsOutAndBackIsSeated(t *testing.T) {
	ann := newPage(t, "ann", 1280, 860)
	bob := newPage(t, "bob", 1280, 860)
	eve := newPage(t, "eve", 1280, 860)
	annName := uniqueName("Ann")
	ann.guest(annName)
	bob.guest(uniqueName("Bob"))
	id := evalAs[string](ann, createPatientDotsJS)
	ann.goTo("/t/" + id)
	bob.goTo("/t/" + id)
	bob.click("li.seat-1 button")
	ann.click("#start-game")
	ann.waitSeated("Ann's turn at the start")

	ann.click("header .who button.link") // Log out
	ann.waitVisible("#auth-name")

	eve.goTo("/")
	eve.typeInto("#auth-name", annName)
	eve.click("#auth-submit")
	eve.waitFor("the name refused", `document.querySelector("#auth-error").textContent.includes("that name is taken")`)
	eve.snap("name-taken")

	ann.typeInto("#auth-name", annName)
	ann.click("#auth-submit")
	ann.waitFor("the lobby", `document.querySelector(".who-name") !== null`)
	ret := fmt.Sprintf(`li.table-item[data-table=%q] a.button`, id)
	ann.waitFor("the table offered to return to", fmt.Sprintf(`document.querySelector(%q)?.textContent === "Return"`, ret))
	ann.click(ret)
	ann.waitSeated("Ann seated again after logging back in")
	if got := ann.text("li.seat-0 .seat-name"); got != annName {
		ann.fail("seat 1 is %q, want %q", got, annName)
	}
	ann.snap("seated-after-login")

	// Closing the browser loses the session cookie, not the guest key.
	ctx, cancel := context.WithTimeout(ann.ctx, wait)
	defer cancel()
	if _, err := chromedp.Call(ctx, network.DeleteCookies, network.DeleteCookiesParams{Name: "parlor_session", URL: baseURL + "/"}); err != nil {
		ann.fail("deleting the session cookie: %v", err)
	}
	ann.goTo("/t/" + id)
	ann.waitVisible("#auth-name")
	ann.typeInto("#auth-name", annName)
	ann.click("#auth-submit")
	ann.waitSeated("Ann seated by the invite link after closing the browser")
	ann.snap("seated-after-closing")
}
