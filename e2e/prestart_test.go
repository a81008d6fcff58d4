package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestWarfareTableBeforeTheStart (issue 32, point 10): a Medieval
// Warfare table waiting for its start shows who is seated, its status
// says what it waits for, and it shows none of the game's map, panels or buttons, which had
// nothing to show and did nothing; the Moves panel says why it is empty.
// Once a second player sits, it waits for the creator; once started,
// the map and its buttons are there and the waiting words are gone.
func TestWarfareTableBeforeTheStart(t *testing.T) {
	for _, size := range layoutSizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			ann := newPage(t, "lord", size[0], size[1])
			annName := uniqueName("Lor")
			ann.guest(annName)
			id := evalAs[string](ann, createTableJS("warfare", map[string]any{"players": 2}, []map[string]string{meSeat, {"kind": "open"}}))
			ann.goTo("/t/" + id)
			ann.waitVisible("#prestart")
			got := ann.text("#prestart")
			for _, want := range []string{"The game has not started yet", "Player 1: " + annName + " (you)", "Player 2: a free seat"} {
				if !strings.Contains(got, want) {
					ann.fail("before the start the table says %q, without %q", got, want)
				}
			}
			if got := ann.text("#status"); got != "Waiting for players to sit down. Share the invite link." {
				ann.fail("before the start the status says %q", got)
			}
			// Nothing of the game shows, and no button of it can be
			// pressed: only the table's own (Help, Quit, Copy link).
			dead := evalAs[[]string](ann, `[...document.querySelectorAll(".board-area button, .board-area svg, .side-extra *")].filter((e) => e.getClientRects().length > 0).map((e) => e.tagName + (e.id ? "#" + e.id : "") + " " + (e.textContent ?? "").trim().slice(0, 20))`)
			if len(dead) > 0 {
				ann.fail("before the start the game's parts show: %v", dead)
			}
			if got := ann.text("#log-empty"); got != "The moves show here once the game starts." || !evalAs[bool](ann, ann.visible("#log-empty")) {
				ann.fail("the empty Moves panel says %q", got)
			}
			ann.fitsWidth("the table before the start")
			ann.snap("waiting-for-a-player")
			ann.checkAxe("the table before the start")

			bob := newPage(t, "vassal", size[0], size[1])
			bobName := uniqueName("Vas")
			bob.guest(bobName)
			bob.goTo("/t/" + id)
			bob.waitFor("the free seat", `!!document.querySelector("li.seat-1 button")`)
			bob.click("li.seat-1 button")
			ann.waitFor("everyone seated", fmt.Sprintf(`(document.querySelector("#prestart")?.textContent ?? "").includes("Player 2: %s") && document.querySelector("#status").textContent === "Everyone is seated. Start the game when you are ready."`, bobName))
			bob.waitFor("waiting for Ann", fmt.Sprintf(`document.querySelector("#status").textContent === "Everyone is seated. Waiting for %s to start the game."`, annName))
			ann.snap("everyone-seated")

			ann.click("#start-game")
			for _, p := range []*page{ann, bob} {
				p.waitFor("the island", `document.querySelectorAll(".board-area svg [data-hex]").length > 0 || document.querySelectorAll(".board-area svg path").length > 10`)
				p.waitFor("the waiting words gone", `document.querySelector("#prestart").hidden`)
			}
			if !evalAs[bool](ann, `[...document.querySelectorAll(".board-area button")].some((b) => b.getClientRects().length > 0)`) {
				ann.fail("after the start the game's buttons are not shown")
			}
			ann.snap("started")
		})
	}
}
