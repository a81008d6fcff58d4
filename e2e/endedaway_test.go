package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// noEndedNote is true while the lobby shows no note of games that ended
// while the player was away.
const noEndedNote = `document.querySelector("#ended-away") === null || document.querySelector("#ended-away").hidden`

// wantEndedNote waits for the lobby's note of a game that ended while the
// player was away and checks that it says how and why, with the replay.
func (p *page) wantEndedNote(want ...string) {
	p.t.Helper()
	p.waitFor("the note of the game that ended", `!!document.querySelector("#ended-away:not([hidden]) li")`)
	note := p.text("#ended-away")
	for _, w := range want {
		if !strings.Contains(note, w) {
			p.fail("the note reads %q, want %q in it", note, w)
		}
	}
}

// wantNoEndedNote loads the lobby afresh and checks that it shows no note,
// once the server has sent what it has to tell: the list comes right after
// hello, before the lobby's lists (docs/protocol.md).
func (p *page) wantNoEndedNote(why string) {
	p.t.Helper()
	p.goTo("/")
	p.waitVisible("#new-table")
	p.waitFor("the lobby's lists", `document.querySelector("#ended-away")?.dataset.read === "true"`)
	if !evalAs[bool](p, noEndedNote) {
		p.fail("%s, yet the lobby shows %q", why, p.text("#ended-away"))
	}
}

// TestLobbyTellsOfAGameThatEndedWhileAway: Ann leaves her table for the
// lobby in the middle of a game and Bob resigns. The lobby forgets a
// finished table soon after, so before this note Ann learnt of her win
// only if she looked at her profile. She is told in the lobby at once,
// with the reason and the replay. The server keeps the note for her
// account, so it waits for her too on another device where she logs in,
// until she dismisses it on either: then it is gone from both. Bob, who
// saw the end at the table, is told nothing.
func TestLobbyTellsOfAGameThatEndedWhileAway(t *testing.T) {
	phone := newPage(t, "ann-phone", 390, 844)
	bob := newPage(t, "bob", 1280, 860)
	annName := uniqueName("Ann")
	phone.register(annName)
	bobName := uniqueName("Bob")
	bob.guest(bobName)

	id := phone.createTable("dots", "online", 4, "")
	phone.waitVisible("#invite-link")
	bob.waitFor("the new table in the lobby", fmt.Sprintf(`document.querySelector('button[data-table=%q]') !== null`, id))
	bob.click(fmt.Sprintf(`button[data-table=%q]`, id))
	bob.waitFor("Bob at the table", `location.pathname.startsWith("/t/")`)
	phone.click("#start-game")
	for _, p := range []*page{phone, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	}

	phone.goTo("/")
	phone.waitVisible("#new-table")
	// Bob's screen shows Ann away once the server knows she left the table.
	bob.waitFor("Ann away at Bob's table", `document.querySelector("li.seat-0 .conn")?.classList.contains("conn-offline")`)
	bob.waitVisible("#resign")
	bob.click("#resign")
	bob.click("#resign-ok")
	bob.waitVisible("#result")

	said := []string{"Dots and Boxes with " + bobName + ": Won", "resigned", "Replay"}
	// In the lobby already, Ann is told without a reload.
	phone.wantEndedNote(said...)
	phone.snap("ended-away")
	if !evalAs[bool](phone, `document.documentElement.scrollWidth <= window.innerWidth`) {
		t.Error("the note makes the lobby scroll sideways at 390 px")
	}

	desk := newPage(t, "ann-desk", 1280, 800)
	desk.login(annName)
	desk.wantEndedNote(said...)
	desk.snap("ended-away")
	desk.click("#ended-away-dismiss")
	desk.waitFor("the note gone", noEndedNote)
	// The server tells each of Ann's connections of the shorter list.
	phone.waitFor("the note gone on the phone too", noEndedNote)
	desk.wantNoEndedNote("Ann dismissed the note here")
	phone.wantNoEndedNote("Ann dismissed the note on her other device")

	bob.wantNoEndedNote("Bob saw the end at the table")
}
