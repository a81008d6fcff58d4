package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestHotSeatNamesBuccaneer (issue 21, names at one screen; Buccaneer
// FR1, each player's name asked at the start): the create dialog for
// Buccaneer at one screen says "At this screen: 4 players" and asks a
// name for each seat, "Player 1" to "Player 4" unless typed. A name too
// long is refused with the reason, not cut. With the names Anna, Ben,
// Cleo and Dev, the hand-over curtain, the status line and the turn line
// name the captain they address.
func TestHotSeatNamesBuccaneer(t *testing.T) {
	p := newPage(t, "captains", 1400, 1000)
	p.guest(uniqueName("Cap"))
	p.click("#new-table")
	p.waitVisible("dialog.create")
	p.choose("#create-game", "buccaneer")
	p.click("#mode-hotseat")
	p.waitFor("four seats", `document.querySelectorAll(".seat-row").length === 4`)
	if got := p.text("#mode-hotseat strong"); got != "At this screen: 4 players" {
		p.fail("the mode reads %q", got)
	}
	for i := range 4 {
		if got := evalAs[string](p, fmt.Sprintf(`document.querySelector("#seat-%d-name").value`, i)); got != fmt.Sprintf("Player %d", i+1) {
			p.fail("seat %d's name is %q by default", i, got)
		}
	}
	p.typeInto("#seat-1-name", strings.Repeat("B", 30))
	p.click("#create-submit")
	p.waitFor("the long name refused", `document.querySelector("dialog.create .form-error")?.textContent.includes("Player 2's name: the name is 30 characters long; the limit is 24")`)
	p.snap("long-name-refused")

	names := []string{"Anna", "Ben", "Cleo", "Dev"}
	for i, n := range names {
		p.typeInto(fmt.Sprintf("#seat-%d-name", i), n)
	}
	p.snap("create-dialog-names")
	p.click("#create-submit")
	p.waitVisible("#handover-ok")
	p.snap("curtain")

	// Whoever is to move, the curtain and the status line name them.
	curtain := p.text("#handover-ok")
	who := ""
	for _, n := range names {
		if curtain == "I am "+n+": show my board" {
			who = n
		}
	}
	if who == "" {
		p.fail("the curtain's button reads %q, want a captain's name", curtain)
	}
	if got := p.text("#status"); got != "Pass the device to "+who+"." {
		p.fail("the status line behind the curtain reads %q", got)
	}
	p.click("#handover-ok")
	p.waitFor("the turn line naming "+who, fmt.Sprintf(`document.querySelector("#status")?.textContent.startsWith(%q)`, who+", it's your turn"))
	p.waitFor("the captain's turn line", fmt.Sprintf(`[...document.querySelectorAll("p strong")].some((s) => s.textContent === %q)`, who+", your turn. "))
	p.snap("turn-line")
	// The seat list shows the four names, each alone (issue 32, point
	// 3: not "Player 1 · Anna").
	for i, n := range names {
		if got := p.text(fmt.Sprintf("li.seat-%d strong", i)); got != n {
			p.fail("seat %d is shown as %q, want %q", i, got, n)
		}
	}
}
