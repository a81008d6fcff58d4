package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestBotsHaveNamesOfTheirOwn (issue 32, point 3): at a Clue-Less table
// against two easy bots, each bot carries the name of the suspect it
// plays, with its level once, in the Players panel ("Mustard (easy)") and
// in another person's lobby; the result names them ("Scarlet and
// Mustard share the win") and the replay says the same names, never "Computer
// (easy)" nor "Player 2". At a table played at one screen, the creator's
// own seat reads their name alone.
func TestBotsHaveNamesOfTheirOwn(t *testing.T) {
	// A lobby of its own, where the watcher finds the table among few.
	base := startLobbyServer(t)
	p := newPage(t, "detective", 1280, 800)
	p.base = base
	me := uniqueName("Det")
	p.guest(me)
	id := evalAs[string](p, createTableJS("clue", map[string]any{"players": 3}, []map[string]string{
		{"kind": "me", "role": "plum"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}}))
	p.goTo("/t/" + id)
	p.waitFor("the mansion", `document.querySelectorAll(".clue-cell.room").length === 9`)
	heads := evalAs[[]string](p, `[...document.querySelectorAll(".table-side .seat strong")].map((e) => e.textContent)`)
	if want := []string{me, "Scarlet (easy)", "Mustard (easy)"}; strings.Join(heads, "|") != strings.Join(want, "|") {
		p.fail("the Players panel reads %q, want %q", heads, want)
	}
	p.snap("players")

	// Another person's lobby lists the table with the bots' names.
	q := newPage(t, "watcher", 1280, 800)
	q.base = base
	q.guest(uniqueName("Eve"))
	row := fmt.Sprintf("%s vs Scarlet (easy) vs Mustard (easy)", me)
	q.waitFor("the table in the lobby", fmt.Sprintf(`[...document.querySelectorAll(".lobby-tables .small")].some((e) => e.textContent === %q)`, row))

	p.click("#resign")
	p.waitVisible("#resign-dialog")
	if got := p.text("#resign-text"); !strings.Contains(got, "Scarlet and Mustard share the win") {
		p.fail("the resignation warns %q, want the bots named", got)
	}
	p.click("#resign-ok")
	p.waitVisible("#result")
	p.snap("result")
	if got := p.text("#result h2"); !strings.Contains(got, "Scarlet and Mustard share the win") {
		p.fail("the result reads %q, want the bots named", got)
	}

	match := evalAs[string](p, `(document.querySelector("a[href^='/replay/']")?.getAttribute("href") ?? "").replace("/replay/", "")`)
	if match == "" {
		p.fail("no way to the replay after the end")
	}
	p.goTo("/replay/" + match)
	p.waitFor("the replay", `document.querySelector("#replay-caption")?.textContent.includes("Game over")`)
	p.snap("replay")
	caption := p.text("#replay-caption")
	if !strings.Contains(caption, "Scarlet and Mustard shared the win") || strings.Contains(caption, "Player ") || strings.Contains(caption, "Computer") {
		p.fail("the replay's last step reads %q, want the bots named as at the table", caption)
	}

	// One screen: the creator's own seat is their name, not "Player 1 · name".
	hs := evalAs[string](p, `new Promise((resolve, reject) => {
		const ws = new WebSocket((location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host + "/api/ws");
		ws.onmessage = (e) => { const m = JSON.parse(e.data);
			if (m.t === "hello") ws.send(JSON.stringify({t: "table.create", id: 1, game: "dots", options: {rows: 3, cols: 3}, seats: [{kind: "me"}, {kind: "me", name: "Ben"}]}));
			else if (m.t === "reply") { ws.close(); if (m.ok) resolve(m.table.id); else reject(new Error(m.error)); } };
	})`)
	p.goTo("/t/" + hs)
	p.waitFor("the board", `document.querySelectorAll("g.slot").length > 0`)
	heads = evalAs[[]string](p, `[...document.querySelectorAll(".table-side .seat strong")].map((e) => e.textContent)`)
	if want := []string{me, "Ben"}; strings.Join(heads, "|") != strings.Join(want, "|") {
		p.fail("at one screen the Players panel reads %q, want %q", heads, want)
	}
	p.waitFor("the turn addressed by name", fmt.Sprintf(`document.querySelector("#status")?.textContent.startsWith(%q)`, me+", it's your turn"))
	p.snap("one-screen")
}
