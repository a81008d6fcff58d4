package e2e

import (
	"strings"
	"testing"
)

// TestBuccaneerTiedFightNamesTheEscapingCaptain (issue 22, point 4): two
// captains at one screen with crews of equal strength. London sails onto
// Genoa's ship and the fight is a tie (FR12), so Genoa's ship must sail
// away in London's turn. The curtain, the board's heading and the
// captains' "to move" badge all name Genoa.
func TestBuccaneerTiedFightNamesTheEscapingCaptain(t *testing.T) {
	p := newPage(t, "captains", 1280, 800)
	p.guest(uniqueName("Cap"))
	sc := map[string]any{
		"ships": []map[string]any{
			{"home": "London", "at": []int{1, 4}, "facing": "N", "hand": []string{"R1", "B1"}},
			{"home": "Genoa", "at": []int{1, 5}, "facing": "E", "hand": []string{"R2", "B2"}},
		},
		"turn": 0,
	}
	id := evalAs[string](p, createBucJS(map[string]any{"seats": 2, "scenario": sc}, meSeats(2)))
	p.goTo("/t/" + id)
	p.click("#handover-ok")
	p.waitVisible(`.bc-target.attack[data-sq="1,5"]`)
	p.click(`.bc-target[data-sq="1,5"]`)
	p.waitVisible("#handover-ok")
	if got := p.text(".handover-card h2"); !strings.Contains(got, "Player 2") {
		p.fail("the curtain names %q after the tie, want Player 2", got)
	}
	p.click("#handover-ok")
	p.waitFor("the escape", `document.querySelectorAll(".bc-target:not(.theirs)").length > 0`)
	p.snap("tie-escape")
	if got := p.text("#bc-status"); !strings.Contains(got, "(Genoa) to sail away") {
		p.fail("the heading reads %q, want Genoa to sail away", got)
	}
	if got := evalAs[[]string](p, `[...document.querySelectorAll(".bc-captain.to-move")].map((e) => e.dataset.captain)`); len(got) != 1 || got[0] != "1" {
		p.fail("the to-move badge is on captains %v, want Genoa's (1)", got)
	}
	if !strings.Contains(p.text("#bc-news"), "neither side won") {
		p.fail("the fight was no tie: %q", p.text("#bc-news"))
	}
}
