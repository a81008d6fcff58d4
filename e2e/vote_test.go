package e2e

import (
	"strings"
	"testing"
)

// TestClueVoteCarriedAndFailed: Clue-Less spec section 5 with three
// people, each in their own browser. Bob calls a vote to pass Ann's turn
// (she is to move); everyone sees it; Ann, voted on, has no ballot; Cy
// votes yes, which carries it, and the turn passes to Bob. Then Cy calls
// a vote to remove Ann and Bob votes no, which fails it: Ann stays, and
// the move log tells both votes. Last, Bob and Ann remove Cy, whose
// character every page then lists as removed, and who can call no vote.
func TestClueVoteCarriedAndFailed(t *testing.T) {
	ann := newPage(t, "ann", 1280, 900)
	annName := uniqueName("Ann")
	ann.guest(annName)
	id := evalAs[string](ann, createTableJS("clue", map[string]any{"players": 3},
		[]map[string]string{{"kind": "me"}, {"kind": "open"}, {"kind": "open"}}))
	ann.goTo("/t/" + id)
	bob := newPage(t, "bob", 1280, 900)
	bob.guest(uniqueName("Bob"))
	bob.goTo("/t/" + id)
	bob.click(`[data-seat="1"] button`)
	cy := newPage(t, "cy", 1280, 900)
	cy.guest(uniqueName("Cy"))
	cy.goTo("/t/" + id)
	cy.click(`[data-seat="2"] button`)
	ann.waitFor("Cy seated", `document.querySelector('[data-seat="2"]')?.textContent.includes("Cy")`)
	ann.click("#start-game")
	pages := []*page{ann, bob, cy}
	for _, p := range pages {
		p.waitFor("my hand", `document.querySelector("#clue-hand")?.textContent.includes(",")`)
		p.waitFor("Ann to move", `window.parlorTable.state().turn[0] === 0`)
	}

	// Bob calls a vote to pass Ann's turn.
	bob.click("#vote-call")
	bob.waitVisible("#vote-dialog")
	if got := bob.text(`label[for="vote-choice-0"]`); got != "Pass "+annName+"'s turn" {
		bob.fail("the first choice reads %q", got)
	}
	bob.snap("call-dialog")
	bob.click("#vote-submit")
	for _, p := range pages {
		p.waitFor("the open vote", `document.querySelector("#vote-question")?.textContent.includes("to pass `+annName+`'s turn")`)
		p.waitFor("the tally", `document.querySelector("#vote-tally")?.textContent.startsWith("Yes 1, no 0 of 2 voters; 2 yes carry it.")`)
	}
	if ann.text("#vote-yes") != "" || bob.text("#vote-yes") != "" {
		ann.fail("the subject or the caller is offered a ballot")
	}
	cy.waitVisible("#vote-yes")
	cy.snap("ballot")
	cy.click("#vote-yes")
	for _, p := range pages {
		p.waitFor("the pass carried", `document.querySelector(".move-log").textContent.includes("`+annName+` had the turn passed by a vote")`)
		p.waitFor("Bob to move", `window.parlorTable.state().turn[0] === 1`)
		p.waitFor("the vote closed", `!document.querySelector("#vote-question")`)
	}
	ann.snap("carried")

	// Cy calls a vote to remove Ann; Bob votes no.
	cy.click("#vote-call")
	cy.waitVisible("#vote-dialog")
	cy.click(`#vote-dialog input[value="remove:0"]`)
	cy.click("#vote-submit")
	bob.waitVisible("#vote-no")
	bob.click("#vote-no")
	for _, p := range pages {
		p.waitFor("the removal failed", `document.querySelector(".move-log").textContent.includes("`+annName+` stays in the game (the vote to remove them failed)")`)
	}
	bob.waitVisible("#vote-call")
	if evalAs[bool](bob, `Object.values(window.parlorTable.state().views)[0].players[0].removed === true`) {
		bob.fail("Ann was removed by a vote that failed")
	}
	if evalAs[int](bob, `window.parlorTable.state().turn[0]`) != 1 {
		bob.fail("a failed vote moved the turn")
	}
	bob.snap("failed")

	// Bob calls a vote to remove Cy and Ann agrees: Cy is out, and
	// everyone reads that his cards still answer suggestions.
	bob.click("#vote-call")
	bob.waitVisible("#vote-dialog")
	bob.click(`#vote-dialog input[value="remove:2"]`)
	bob.click("#vote-submit")
	ann.waitVisible("#vote-yes")
	ann.click("#vote-yes")
	for _, p := range pages {
		p.waitFor("the removal carried", `document.querySelector(".clue-removed")?.textContent.startsWith("Removed by a vote: Mrs. White.")`)
	}
	cy.snap("removed")

	// At a table of three, the question before resigning says that it
	// ends the game for everyone, and who shares the win.
	bob.click("#resign")
	bob.waitVisible("#resign-text")
	if got := bob.text("#resign-text"); !strings.Contains(got, "Resigning ends the game for everyone: you lose and ") ||
		!strings.Contains(got, annName) || !strings.Contains(got, "share the win") {
		bob.fail("the resign question at three reads %q", got)
	}
	bob.snap("resign-three")
	bob.click("#resign-cancel")
	// Cy, removed, is marked so in every Players panel, and is offered
	// neither Resign nor a vote, which the server would refuse (issue
	// #32, point 6).
	for _, p := range pages {
		p.waitFor("Cy marked as removed", `document.querySelector("li.seat-2 .removed-tag")?.textContent === "removed by a vote"`)
	}
	if evalAs[bool](cy, cy.visible("#resign")) || evalAs[bool](cy, cy.visible("#vote-call")) {
		cy.fail("Cy, removed by a vote, is still offered Resign or a vote")
	}
}
