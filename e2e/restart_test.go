package e2e

import (
	"testing"
)

// TestTableBeforeAnyMoveResumesAfterRestart (issue 22, point 5): a table
// whose game has started but seen no move yet comes back whole after a
// server restart (not "Starting…" over "Waiting for the board…"), and
// the reconnect banner shown meanwhile covers nothing of the top menu.
func TestTableBeforeAnyMoveResumesAfterRestart(t *testing.T) {
	if restartServer == nil {
		t.Skip("the suite is using a server it did not start (PARLOR_E2E_URL)")
	}
	p := newPage(t, "solo", 1280, 800)
	p.guest(uniqueName("Re"))
	p.createTable("dots", "hotseat", 4, "")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24 && /your turn/.test(document.querySelector("#status").textContent)`)
	done := make(chan error, 1)
	go func() { done <- restartServer() }()
	p.waitFor("the reconnect banner", `document.querySelector(".banner") !== null`)
	p.snap("banner")
	overlap := evalAs[string](p, `(() => {
		const b = document.querySelector(".banner")?.getBoundingClientRect();
		if (!b) return "";
		return [...document.querySelectorAll("header.topbar a, header.topbar button")].filter((e) => {
			const r = e.getBoundingClientRect();
			return r.width > 0 && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
		}).map((e) => e.textContent).join(", ");
	})()`)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if overlap != "" {
		p.fail("the reconnect banner covers %s in the top menu", overlap)
	}
	p.waitFor("the table back", `document.querySelector(".banner") === null && /Player 1.*your turn/.test(document.querySelector("#status").textContent) && document.querySelectorAll("g.slot").length === 24`)
	p.drawLine("a1-b1")
	p.snap("after-restart")
}
