package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// friendRow is the JavaScript for the Friends panel's row of name.
func friendRow(name string) string {
	return fmt.Sprintf(`document.querySelector('.friends li[data-friend=%q]')`, name)
}

// TestChallengeInThreeBrowsers: Ann follows Bob from the lobby's Friends
// panel and sees him online; she challenges him from his row. Bob, on a
// phone, is shown the challenge over the lobby and declines; Ann is
// told. She challenges again; Bob accepts, and both browsers go to the
// same private table with the game under way, which Carl's lobby does
// not list. Then Bob blocks Carl: Carl's challenge to Bob is refused with
// the reason on his screen, and his lobby chat reaches Ann but not Bob.
// Ann reports Carl's line from its menu.
func TestChallengeInThreeBrowsers(t *testing.T) {
	ann := newPage(t, "ann", 1280, 800)
	bob := newPage(t, "bob-phone", 390, 844)
	carl := newPage(t, "carl", 800, 600)
	annName, bobName, carlName := uniqueName("Ann"), uniqueName("Bob"), uniqueName("Carl")
	ann.guest(annName)
	bob.guest(bobName)
	carl.guest(carlName)

	ann.typeInto("#friend-name", bobName)
	ann.click("#friend-follow")
	ann.waitFor("Bob among Ann's friends, online", friendRow(bobName)+`?.classList.contains("online")`)
	ann.snap("friends")

	challenge := func() {
		ann.click(fmt.Sprintf(`.friends li[data-friend=%q] .friend-challenge-one`, bobName))
		ann.waitVisible("#challenge-game")
		ann.choose("#challenge-game", "dots")
		ann.typeInto("#opt-rows", "4")
		ann.typeInto("#opt-cols", "4")
		ann.snap("challenge-dialog")
		ann.click("#challenge-send")
		ann.waitFor("Ann's challenge waiting", `document.querySelector(".challenge .challenge-withdraw") !== null`)
		bob.waitFor("the challenge on Bob's phone", `document.querySelector(".challenge .challenge-accept") !== null`)
	}
	challenge()
	ann.snap("waiting")
	if s := bob.text(".challenge"); !strings.Contains(s, annName+" challenges you to Dots and Boxes (4×4)") || !strings.Contains(s, "Lapses in") {
		bob.fail("the challenge reads %q", s)
	}
	bob.snap("challenged")
	bob.click(".challenge .challenge-decline")
	ann.waitFor("Ann told of the decline", fmt.Sprintf(`[...document.querySelectorAll(".toast")].some(t => t.textContent.includes(%q))`, bobName+" declined your challenge"))
	ann.waitFor("Ann's challenge gone", `document.querySelector(".challenge") === null`)

	challenge()
	bob.click(".challenge .challenge-accept")
	bob.waitFor("Bob at the new table", `location.pathname.startsWith("/t/")`)
	table := evalAs[string](bob, `location.pathname`)
	ann.waitFor("Ann at the same table", fmt.Sprintf(`location.pathname === %q`, table))
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length > 0`)
	}
	ann.snap("table")
	id := strings.TrimPrefix(table, "/t/")
	carl.waitFor("Carl's lobby", `document.querySelector(".lobby:not([hidden])") !== null`)
	if evalAs[bool](carl, fmt.Sprintf(`document.querySelector('[data-table=%q]') !== null`, id)) {
		carl.fail("Carl's lobby lists the private table %s", id)
	}

	bob.goTo("/")
	bob.waitFor("the private table among Bob's", fmt.Sprintf(`document.querySelector('.private-tables li[data-table=%q] a') !== null`, id))
	bob.typeInto("#friend-name", carlName)
	bob.click("#friend-block")
	bob.waitFor("Carl among Bob's blocked", fmt.Sprintf(`document.querySelector('.blocked li[data-blocked=%q]') !== null`, carlName))
	carl.typeInto("#friend-name", bobName)
	carl.click("#friend-challenge")
	carl.choose("#challenge-game", "dots")
	carl.click("#challenge-send")
	carl.waitFor("the refusal", `document.querySelector(".challenge-dialog .form-error")?.textContent.includes("cannot challenge")`)
	carl.snap("refused")
	carl.click(".challenge-dialog button[type=button]")

	ann.goTo("/")
	for _, p := range []*page{ann, carl} {
		p.waitFor("the lobby chat", `document.querySelector(".lobby:not([hidden]) .chat-input") !== null`)
	}
	line := "hello from " + carlName
	carl.typeInto(".chat-input", line)
	carl.click(".chat-form button[type=submit]")
	ann.waitFor("Carl's line at Ann's", fmt.Sprintf(`[...document.querySelectorAll(".chat-text")].some(e => e.textContent === %q)`, line))
	// Bob writes after Carl: once his own line shows, Carl's would have.
	mark := "marker from " + bobName
	bob.typeInto(".chat-input", mark)
	bob.click(".chat-form button[type=submit]")
	bob.waitFor("Bob's own line", fmt.Sprintf(`[...document.querySelectorAll(".chat-text")].some(e => e.textContent === %q)`, mark))
	if evalAs[bool](bob, fmt.Sprintf(`[...document.querySelectorAll(".chat-text")].some(e => e.textContent === %q)`, line)) {
		bob.fail("Bob, who blocked Carl, was shown his line")
	}
	bob.snap("lobby-after-block")

	// Ann reports Carl's line from its menu, with a reason.
	carlsLine := fmt.Sprintf(`.chat-log li[data-from=%q]`, carlName)
	ann.click(carlsLine + " .person-menu summary")
	ann.click(carlsLine + " .pm-report-line")
	ann.typeInto("#report-reason", "rude words")
	ann.click("#report-send")
	ann.waitFor("the thanks", fmt.Sprintf(`[...document.querySelectorAll(".toast")].some(t => t.textContent.includes(%q))`, "your report of "+carlName))
}
