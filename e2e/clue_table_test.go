package e2e

import (
	"strings"
	"testing"
)

// cluePlayers reads the characters of a Clue-Less match from the view the
// page keeps.
func cluePlayers(p *page) string {
	return evalAs[string](p, `(() => {
		const v = Object.values(window.parlorTable.state().views)[0];
		return v.players.map((x) => x.suspect).join(",");
	})()`)
}

// TestClueThreeBrowsersAndASpectator: three people at a networked
// Clue-Less table, each in their own browser, choose characters (one
// already taken is offered disabled; requirement 1), the creator starts,
// each sees their own hand of six cards and nobody else's, and a
// spectator sees the mansion without a hand. The first detective to move
// accuses wrongly, with a card of their own hand, and is told the case
// file and that they sit out (requirement 8); the others see the
// accusation.
func TestClueThreeBrowsersAndASpectator(t *testing.T) {
	ann := newPage(t, "ann", 1280, 900)
	ann.guest(uniqueName("Ann"))
	id := ann.createTable("clue", "online", 0, "")
	ann.waitVisible(`[data-seat="0"] .seat-role-choice`)
	ann.choose(`[data-seat="0"] .seat-role-choice`, "plum")
	ann.waitFor("Ann's character", `document.querySelector('[data-seat="0"] .seat-role-choice').value === "plum"`)

	bob := newPage(t, "bob", 1280, 900)
	bob.guest(uniqueName("Bob"))
	bob.goTo("/t/" + id)
	bob.click(`[data-seat="1"] button`)
	bob.waitVisible(`[data-seat="1"] .seat-role-choice`)
	if !evalAs[bool](bob, `document.querySelector('[data-seat="1"] .seat-role-choice option[value="plum"]').disabled`) {
		bob.fail("Professor Plum, taken by Ann, is offered to Bob")
	}
	bob.choose(`[data-seat="1"] .seat-role-choice`, "white")

	cy := newPage(t, "cy", 1280, 900)
	cy.guest(uniqueName("Cy"))
	cy.goTo("/t/" + id)
	cy.click(`[data-seat="2"] button`)
	cy.waitVisible(`[data-seat="2"] .seat-role-choice`)

	ann.waitFor("Bob as Mrs. White", `document.querySelector('[data-seat="1"] .seat-role')?.textContent === "as Mrs. White"`)
	ann.snap("characters")
	ann.waitVisible("#start-game")
	ann.click("#start-game")

	pages := []*page{ann, bob, cy}
	hands := map[string]bool{}
	for _, p := range pages {
		p.waitFor("my hand", `document.querySelector("#clue-hand")?.textContent.includes(",")`)
		hand := p.text("#clue-hand")
		if strings.Count(hand, ",") != 5 {
			p.fail("hand %q: three players at medium hold six cards", hand)
		}
		for _, c := range strings.Split(hand, ", ") {
			if hands[c] {
				p.fail("the card %s is in two hands", c)
			}
			hands[c] = true
		}
		// Cy chose nothing and got the first free character, Miss Scarlet.
		p.waitFor("characters", `Object.keys(window.parlorTable.state().views).length > 0`)
		if got := cluePlayers(p); got != "plum,white,scarlet" {
			p.fail("characters %q, want plum,white,scarlet", got)
		}
		if n := evalAs[int](p, `Object.keys(window.parlorTable.state().views).length`); n != 1 {
			p.fail("the page holds %d views, want its own only", n)
		}
	}
	dee := newPage(t, "dee", 1280, 900)
	dee.guest(uniqueName("Dee"))
	dee.goTo("/t/" + id)
	dee.waitFor("the mansion", `document.querySelectorAll(".clue-cell.room").length === 9`)
	if got := dee.text("#clue-hand"); got != "none: you are watching" {
		dee.fail("the spectator's hand reads %q", got)
	}
	if keys := evalAs[string](dee, `Object.keys(window.parlorTable.state().views).join()`); keys != "-1" {
		dee.fail("the spectator's views: %q", keys)
	}
	dee.snap("spectator")

	// Miss Scarlet moves first: Cy accuses with a card of his own hand,
	// which cannot be in the case file.
	cy.waitVisible("details.clue-accuse")
	// Any card of his hand, in the select of its kind.
	pick := evalAs[[]string](cy, `(() => {
		const hand = Object.values(window.parlorTable.state().views)[0].hand;
		const c = hand[0];
		const sel = [...document.querySelectorAll("#clue-acc-suspect, #clue-acc-weapon, #clue-acc-room")]
			.find((s) => [...s.options].some((o) => o.value === c));
		return [sel.id, c];
	})()`)
	cy.choose("#"+pick[0], pick[1])
	evalAs[bool](cy, `(document.querySelector("details.clue-accuse").open = true, true)`)
	cy.click("#clue-accuse")
	cy.waitFor("the case file shown to the wrong accuser",
		`Object.values(window.parlorTable.state().views)[0].caseFile?.length === 3`)
	cy.snap("wrong-accusation")
	for _, p := range []*page{ann, bob, dee} {
		p.waitFor("the accusation, seen by all", `Object.values(window.parlorTable.state().views)[0].accusations.length === 1`)
		// The Moves panel tells another seat's move too (issue 22, point 1).
		p.waitFor("Cy's accusation in the Moves panel", `[...document.querySelectorAll(".move-log li")].some((li) => /^Cy\d* accused .*, wrongly, and may make no more moves/.test(li.textContent))`)
		if evalAs[bool](p, `!!Object.values(window.parlorTable.state().views)[0].caseFile`) {
			p.fail("the case file reached someone who did not accuse")
		}
	}
	outPlayerIsWarned(cy)
}
