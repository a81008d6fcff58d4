package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// offerShown is true while the page shows a rematch offer about table.
func offerShown(table string) string {
	return fmt.Sprintf(`document.querySelector('.rematch-offer[data-table=%q]') !== null`, table)
}

// TestRematchOfferInTwoBrowsers: Ann resigns a Dots and Boxes game against
// Bob (on a phone); Bob presses Rematch. Ann, still on the result screen,
// is not seated anywhere: she is shown Bob's offer, with the time left,
// Accept and Decline, and Bob is shown that it waits for her. Ann
// declines and Bob is told. Ann goes back to the lobby; Bob asks again;
// the offer reaches Ann in the lobby, she accepts, and both browsers go
// to the same new table, where the game starts.
func TestRematchOfferInTwoBrowsers(t *testing.T) {
	ann := newPage(t, "ann", 1280, 800)
	bob := newPage(t, "bob-phone", 390, 844)
	annName, bobName := uniqueName("Ann"), uniqueName("Bob")
	ann.guest(annName)
	bob.guest(bobName)

	id := ann.createTable("dots", "online", 4, "")
	ann.waitVisible("#invite-link")
	// Bob comes by the invite link: in the suite's busy lobby, other
	// tests' open tables may push this one past the first few listed.
	bob.goTo("/t/" + id)
	bob.click("li.seat-1 button")
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	}
	ann.click("#resign")
	ann.click("#resign-ok")
	for _, p := range []*page{ann, bob} {
		p.waitVisible("#result")
	}

	bob.click("#rematch")
	ann.waitFor("Bob's offer on Ann's result screen", offerShown(id))
	offer := ann.text(".rematch-offer")
	for _, w := range []string{bobName + " offers a rematch of Dots and Boxes", "Nobody is seated until everyone accepts", "Lapses in ", "Accept", "Decline"} {
		if !strings.Contains(offer, w) {
			ann.fail("the offer reads %q, want %q in it", offer, w)
		}
	}
	if got := evalAs[string](ann, `location.pathname`); got != "/t/"+id {
		ann.fail("Ann was taken to %s before she answered", got)
	}
	bob.waitFor("Bob waits for Ann", offerShown(id))
	if s := bob.text(".rematch-offer"); !strings.Contains(s, "Waiting for "+annName+" to accept") {
		bob.fail("Bob's panel reads %q", s)
	}
	if got := evalAs[string](bob, `location.pathname`); got != "/t/"+id {
		bob.fail("Bob was seated at %s before Ann answered", got)
	}
	ann.snap("rematch-offer")
	bob.snap("rematch-waiting")

	ann.click(".rematch-offer .rematch-decline")
	bob.waitFor("Bob told of the no", `[...document.querySelectorAll(".toast")].some((t) => t.textContent.includes("declined the rematch"))`)
	for _, p := range []*page{ann, bob} {
		p.waitFor("the offer gone", `document.querySelector(".rematch-offer") === null`)
	}

	ann.goTo("/")
	ann.waitVisible("#new-table")
	bob.click("#rematch")
	ann.waitFor("Bob's offer in Ann's lobby", offerShown(id))
	ann.snap("rematch-offer-lobby")
	ann.click(".rematch-offer .rematch-accept")
	for _, p := range []*page{ann, bob} {
		p.waitFor("at the new table", fmt.Sprintf(`location.pathname.startsWith("/t/") && location.pathname !== "/t/%s"`, id))
		p.waitFor("the new board", `document.querySelectorAll("g.slot").length === 24 && !document.querySelector("#result:not([hidden])")`)
	}
	if a, b := evalAs[string](ann, `location.pathname`), evalAs[string](bob, `location.pathname`); a != b {
		t.Fatalf("Ann is at %s, Bob at %s", a, b)
	}
	bob.snap("rematch-started")
}

// toastSays is true once a toast on the page contains text.
func toastSays(text string) string {
	return fmt.Sprintf(`[...document.querySelectorAll(".toast")].some((t) => t.textContent.includes(%q))`, text)
}

// TestRematchLapsesWhenAPlayerQuits (protocol v9): after a Dots and
// Boxes game, Bob asks for a rematch; Ann, on the result screen, presses
// Quit instead of answering. The offer lapses at once, and both browsers
// say why in words: Bob's that Ann left the table, Ann's that she did.
func TestRematchLapsesWhenAPlayerQuits(t *testing.T) {
	ann := newPage(t, "ann", 1280, 800)
	bob := newPage(t, "bob-phone", 390, 844)
	annName, bobName := uniqueName("Ann"), uniqueName("Bob")
	ann.guest(annName)
	bob.guest(bobName)

	id := ann.createTable("dots", "online", 4, "")
	ann.waitVisible("#invite-link")
	bob.goTo("/t/" + id)
	bob.click("li.seat-1 button")
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	}
	ann.click("#resign")
	ann.click("#resign-ok")
	for _, p := range []*page{ann, bob} {
		p.waitVisible("#result")
	}
	bob.click("#rematch")
	ann.waitFor("Bob's offer on Ann's result screen", offerShown(id))

	ann.click("#quit-result")
	bob.waitFor("Bob told that Ann left", toastSays(annName+" left the table: the rematch offer of Dots and Boxes lapsed."))
	ann.waitFor("Ann told that she left", toastSays("You left the table: the rematch offer of Dots and Boxes lapsed."))
	for _, p := range []*page{ann, bob} {
		p.waitFor("the offer gone", `document.querySelector(".rematch-offer") === null`)
	}
	bob.snap("rematch-lapsed-quit")
	ann.snap("rematch-lapsed-quit")
}
