package e2e

import (
	"strings"
	"testing"
)

// TestCreateDialogSeatsFollowThePlayersField (issue 22, point 7): the
// create dialog's seat list follows the players field as it is typed,
// while the field still has the focus, so the layout does not move under
// the next click.
func TestCreateDialogSeatsFollowThePlayersField(t *testing.T) {
	p := newPage(t, "host", 1280, 800)
	p.guest(uniqueName("Host"))
	p.click("#new-table")
	p.waitVisible("dialog.create")
	p.choose("#create-game", "clue")
	p.click("#mode-bot")
	p.waitFor("three seats", `document.querySelectorAll(".seat-row").length === 3`)
	p.typeInto("#opt-players", "5")
	p.waitFor("five seats while typing", `document.querySelectorAll(".seat-row").length === 5`)
	if id := evalAs[string](p, `document.activeElement?.id ?? ""`); id != "opt-players" {
		p.fail("the focus moved to %q", id)
	}
	p.snap("five-seats")
}

// TestLongNameIsToldNotCut (issue 22, point 7): a name over the limit of
// 24 characters is kept as typed and a message says why it cannot be
// used; nothing is cut without a word.
func TestLongNameIsToldNotCut(t *testing.T) {
	p := newPage(t, "visitor", 1280, 800)
	p.goTo("/")
	long := strings.Repeat("Anna", 10)
	p.typeInto("#auth-name", long)
	p.waitFor("the message", `document.querySelector("#auth-error").textContent.includes("at most 24 characters")`)
	if got := evalAs[string](p, `document.querySelector("#auth-name").value`); got != long {
		p.fail("the name field holds %q, want the 40 characters typed", got)
	}
	p.click("#auth-submit")
	p.snap("too-long")
	if evalAs[bool](p, `!!document.querySelector(".who-name")`) {
		p.fail("a name of 40 characters signed in")
	}
	p.typeInto("#auth-name", uniqueName("Anna"))
	p.waitFor("the message gone", `document.querySelector("#auth-error").textContent === ""`)
	p.click("#auth-submit")
	p.waitFor("signed in", `!!document.querySelector(".who-name")`)
}
