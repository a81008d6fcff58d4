package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestLobbyTellsOfAGameThatEndedWhileAway: Ann leaves her table for the
// lobby in the middle of a game and Bob resigns. The lobby forgets a
// finished table soon after, so before this note Ann learnt of her win
// only if she looked at her profile. Back in the lobby she is told, with
// the reason and the replay, until she dismisses it; Bob, who saw the
// end at the table, is told nothing.
func TestLobbyTellsOfAGameThatEndedWhileAway(t *testing.T) {
	ann := newPage(t, "ann", 390, 844)
	bob := newPage(t, "bob", 1280, 860)
	ann.guest(uniqueName("Ann"))
	bobName := uniqueName("Bob")
	bob.guest(bobName)
	noNote := `document.querySelector("#ended-away") === null || document.querySelector("#ended-away").hidden`

	id := ann.createTable("dots", "online", 4, "")
	ann.waitVisible("#invite-link")
	bob.waitFor("the new table in the lobby", fmt.Sprintf(`document.querySelector('button[data-table=%q]') !== null`, id))
	bob.click(fmt.Sprintf(`button[data-table=%q]`, id))
	bob.waitFor("Bob at the table", `location.pathname.startsWith("/t/")`)
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	}

	ann.goTo("/")
	ann.waitVisible("#new-table")
	bob.waitVisible("#resign")
	bob.click("#resign")
	bob.click("#resign-ok")
	bob.waitVisible("#result")

	ann.goTo("/")
	ann.waitFor("the note of the game that ended", `!!document.querySelector("#ended-away:not([hidden]) li")`)
	ann.snap("ended-away")
	note := ann.text("#ended-away")
	for _, want := range []string{"Dots and Boxes with " + bobName + ": Won", "resigned", "Replay"} {
		if !strings.Contains(note, want) {
			t.Fatalf("the note reads %q, want %q in it", note, want)
		}
	}
	if !evalAs[bool](ann, `document.documentElement.scrollWidth <= window.innerWidth`) {
		t.Error("the note makes the lobby scroll sideways at 390 px")
	}
	ann.click("#ended-away-dismiss")
	ann.waitFor("the note gone", noNote)
	ann.goTo("/")
	ann.waitVisible("#new-table")
	// The list is fetched after the lobby is drawn: wait for it.
	ann.waitFor("Ann's recent games read", `document.querySelector("#ended-away")?.dataset.read === "true"`)
	if !evalAs[bool](ann, noNote) {
		t.Fatalf("after Dismiss the lobby still shows %q", ann.text("#ended-away"))
	}

	bob.goTo("/")
	bob.waitVisible("#new-table")
	bob.waitFor("Bob's recent games read", `document.querySelector("#ended-away")?.dataset.read === "true"`)
	if !evalAs[bool](bob, noNote) {
		t.Fatalf("Bob, who saw the end, is told of it: %q", bob.text("#ended-away"))
	}
}
