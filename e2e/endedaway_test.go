package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// endedToastSel is the notice, at another screen than the lobby, of a
// game that ended while the player was away; endedToast is true while
// one shows.
const (
	endedToastSel = `.toast[data-kind="ended"]`
	endedToast    = `document.querySelector('` + endedToastSel + `') !== null`
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
	// In the lobby already, Ann is told without a reload, by the note:
	// a notice besides would say it twice.
	phone.wantEndedNote(said...)
	if evalAs[bool](phone, endedToast) {
		t.Errorf("in the lobby, a notice besides the note says %q", phone.text(endedToastSel))
	}
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

// TestNoticeTellsOfAGameThatEndedAtAnotherTable: Ann leaves her game with
// Bob for a game against the computer, and Bob resigns. Her table screen
// tells her at once, without taking her away from her game, and offers
// the lobby, where the note waits. She is told once: not again when she
// comes back to her table, nor after a reload of the page.
func TestNoticeTellsOfAGameThatEndedAtAnotherTable(t *testing.T) {
	ann := newPage(t, "ann", 390, 844)
	bob := newPage(t, "bob", 1280, 860)
	ann.guest(uniqueName("Ann"))
	bobName := uniqueName("Bob")
	bob.guest(bobName)

	dots := map[string]any{"rows": 4, "cols": 4}
	id := evalAs[string](ann, createTableJS("dots", dots, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	bob.goTo("/t/" + id)
	bob.click("li.seat-1 button")
	ann.goTo("/t/" + id)
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	}

	solo := evalAs[string](ann, createTableJS("dots", dots, []map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}}))
	ann.goTo("/t/" + solo)
	ann.waitFor("Ann's game against the computer", `document.querySelectorAll("g.slot").length === 24`)
	bob.waitFor("Ann away at Bob's table", `document.querySelector("li.seat-0 .conn")?.classList.contains("conn-offline")`)
	if evalAs[bool](ann, endedToast) {
		ann.fail("a notice of an end before any: %q", ann.text(endedToastSel))
	}
	bob.resign()

	ann.waitFor("the notice of the end", endedToast)
	want := "Your Dots and Boxes game with " + bobName + " ended: you won."
	if got := ann.text(endedToastSel + " .toast-body span"); got != want {
		ann.fail("the notice reads %q, want %q", got, want)
	}
	if got := evalAs[string](ann, `location.pathname`); got != "/t/"+solo {
		ann.fail("the notice took Ann to %s, away from her game at /t/%s", got, solo)
	}
	ann.fitsWidth("the notice on a phone")
	ann.snap("ended-notice")
	if evalAs[bool](bob, endedToast) {
		bob.fail("Bob, who saw the end at the table, is told of it: %q", bob.text(endedToastSel))
	}

	ann.click(endedToastSel + " a.toast-link")
	ann.wantEndedNote("Dots and Boxes with "+bobName+": Won", "resigned")
	if evalAs[bool](ann, endedToast) {
		ann.fail("the notice stays in the lobby beside the note")
	}

	// Back at her game, and after a reload there: the list comes again
	// with each connection, before the table's answer, so with the board
	// drawn a notice would be there.
	for _, why := range []string{"back at her game", "after a reload"} {
		if why == "back at her game" {
			ann.click(fmt.Sprintf(`.mine-panel li.table-item[data-table=%q] a.button`, solo))
		} else {
			ann.goTo("/t/" + solo)
		}
		ann.waitFor("Ann's game "+why, fmt.Sprintf(`location.pathname === "/t/%s" && document.querySelectorAll("g.slot").length === 24`, solo))
		if evalAs[bool](ann, endedToast) {
			ann.fail("%s, Ann is told again: %q", why, ann.text(endedToastSel))
		}
	}
}

// requestsJS sends reqs, in order, over a WebSocket of the page's own
// session, each once the last was answered, and resolves with the
// replies; a refusal rejects with its sentence.
func requestsJS(reqs []map[string]any) string {
	b, err := json.Marshal(reqs)
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf(`new Promise((resolve, reject) => {
	const reqs = %s, replies = [];
	const ws = new WebSocket((location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host + "/api/ws");
	const next = () => ws.send(JSON.stringify({...reqs[replies.length], id: replies.length + 1}));
	ws.onmessage = (e) => {
		const m = JSON.parse(e.data);
		if (m.t === "hello") next();
		else if (m.t === "reply" && m.id === replies.length + 1) {
			if (!m.ok) { ws.close(); reject(new Error(m.error)); return; }
			replies.push(m);
			if (replies.length === reqs.length) { ws.close(); resolve(replies); } else next();
		}
	};
	ws.onerror = () => reject(new Error("the WebSocket failed"));
})`, b)
}

// TestEndedNoteDismissesOneGame: two of Ann's games end while she is in
// the lobby; each line of the note has a Dismiss of its own beside the
// note's Dismiss all, and dismissing one keeps the other, which the
// server still lists after a reload, until she dismisses it.
func TestEndedNoteDismissesOneGame(t *testing.T) {
	ann := newPage(t, "ann", 390, 844)
	bob := newPage(t, "bob", 1280, 800)
	ann.guest(uniqueName("Ann"))
	bob.guest(uniqueName("Bob"))
	ann.goTo("/")
	ann.waitVisible("#new-table")

	dots := map[string]any{"t": "table.create", "game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []map[string]string{{"kind": "me"}, {"kind": "open"}}}
	made := evalAs[[]map[string]any](ann, requestsJS([]map[string]any{dots, dots}))
	var ids []string
	for _, r := range made {
		ids = append(ids, r["table"].(map[string]any)["id"].(string))
	}
	var sits, starts, resigns []map[string]any
	for _, id := range ids {
		sits = append(sits, map[string]any{"t": "table.sit", "table": id, "seat": 1})
		starts = append(starts, map[string]any{"t": "table.start", "table": id})
		resigns = append(resigns, map[string]any{"t": "table.watch", "table": id, "views": false},
			map[string]any{"t": "match.resign", "table": id, "seat": 1})
	}
	evalAs[[]map[string]any](bob, requestsJS(sits))
	evalAs[[]map[string]any](ann, requestsJS(starts))
	// Ann's socket never watched the two tables: both ends are news.
	evalAs[[]map[string]any](bob, requestsJS(resigns))

	ann.waitFor("two games in the note", `document.querySelectorAll("#ended-away:not([hidden]) li").length === 2`)
	if got := ann.text("#ended-away-dismiss"); got != "Dismiss all" {
		t.Fatalf("the note's own button reads %q with two games, want Dismiss all", got)
	}
	if n := evalAs[int](ann, `document.querySelectorAll("#ended-away li .dismiss-one").length`); n != 2 {
		t.Fatalf("%d lines of the note have a Dismiss of their own, want 2", n)
	}
	ann.snap("two-ended")
	ann.checkAxe("the note of two ended games")
	first := evalAs[string](ann, `document.querySelector("#ended-away li").dataset.match`)
	ann.click("#ended-away li .dismiss-one")
	ann.waitFor("one game left", fmt.Sprintf(`document.querySelectorAll("#ended-away li").length === 1 && document.querySelector('#ended-away li[data-match=%q]') === null`, first))
	if got := ann.text("#ended-away-dismiss"); got != "Dismiss" {
		t.Fatalf("the note's button reads %q with one game, want Dismiss", got)
	}
	if n := evalAs[int](ann, `document.querySelectorAll("#ended-away li .dismiss-one").length`); n != 0 {
		t.Fatalf("with one game, its line still has a Dismiss of its own (%d)", n)
	}
	// The server kept the other: a reload shows it alone.
	ann.goTo("/")
	ann.waitFor("the other game after a reload", `document.querySelectorAll("#ended-away:not([hidden]) li").length === 1`)
	ann.click("#ended-away-dismiss")
	ann.waitFor("the note gone", noEndedNote)
}
