package e2e

import (
	"strings"
	"testing"
)

// TestBuccaneerShipSailsOnScreen: a ship that sails glides from its old
// square to its new one (FR9's animation of each sailing move) instead of
// jumping there, and ends drawn on the square the server's view gives.
func TestBuccaneerShipSailsOnScreen(t *testing.T) {
	p := newPage(t, "sailor", 1400, 1000)
	p.guest(uniqueName("Sail"))
	p.click("#new-table")
	p.waitVisible("dialog.create")
	p.choose("#create-game", "buccaneer")
	p.click("#mode-hotseat")
	p.waitFor("four seats", `document.querySelectorAll(".seat-row").length === 4`)
	p.click("#create-submit")
	p.waitVisible("#handover-ok")
	p.click("#handover-ok")
	p.waitFor("lit squares", `document.querySelectorAll(".bc-target:not(.theirs)").length > 0`)
	// Every ship that starts to sail is noted, however briefly it does.
	evalAs[bool](p, `(() => {
		window.sailed = [];
		new MutationObserver((ms) => { for (const m of ms) if (m.target.dataset && m.target.dataset.sailing) window.sailed.push(m.target.dataset.ship); })
			.observe(document.querySelector(".bc-ships"), { subtree: true, attributes: true, attributeFilter: ["data-sailing"], childList: true });
		return true;
	})()`)
	seat := p.bucState().Seat
	p.click(".bc-target:not(.theirs)")
	p.waitFor("the ship to set sail", `window.sailed.length > 0`)
	if got := evalAs[string](p, `window.sailed[0]`); got != itoa(seat) {
		t.Fatalf("ship %s sailed; seat %d moved", got, seat)
	}
	p.waitFor("the ship to arrive", `!document.querySelector(".bc-ship[data-sailing]")`)
	v := p.bucState()
	title := evalAs[string](p, `document.querySelector('.bc-ship[data-ship="`+itoa(seat)+`"] title').textContent`)
	want := ""
	for _, pl := range v.Players {
		if pl.Seat == seat {
			want = itoa(pl.At[0]) + "," + itoa(pl.At[1])
		}
	}
	if want == "" || !strings.Contains(title, "at "+want) {
		t.Fatalf("the ship is drawn %q; the view has it at %s", title, want)
	}
	p.snap("after-sailing")
}
