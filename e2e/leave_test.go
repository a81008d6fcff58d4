package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// awayText is the countdown lines of the table screen.
const awayTextJS = `[...document.querySelectorAll("#away-list li")].map((li) => li.textContent).join(" | ")`

// secondsLeft reads the m:ss at the end of a countdown line.
func secondsLeft(p *page, line string) int {
	p.t.Helper()
	i := strings.LastIndex(line, " in ")
	if i < 0 {
		p.fail("no countdown in %q", line)
	}
	mm, ss, ok := strings.Cut(line[i+4:], ":")
	m, err1 := strconv.Atoi(mm)
	s, err2 := strconv.Atoi(ss)
	if !ok || err1 != nil || err2 != nil {
		p.fail("cannot read the countdown of %q", line)
	}
	return m*60 + s
}

// TestLeavingPolicyCountdownAndPrompt (issue 21): Ann creates a Dots table
// for two people whose policy she chooses in the create dialog (wait 2
// min, then a bot plays); the lobby shows the policy in words to Bob.
// During the game Quit and the lobby link ask Ann first, with what will
// happen to her seat, and so does the browser when she leaves the page,
// which she does. Bob reads
// who is away and the countdown, twice, and sees it fall. Ann comes back
// and reads that her seat was kept; the countdown goes.
func TestLeavingPolicyCountdownAndPrompt(t *testing.T) {
	ann := newPage(t, "ann", 1280, 900)
	bob := newPage(t, "bob", 1280, 900)
	annName, bobName := uniqueName("Ann"), uniqueName("Bob")
	ann.guest(annName)
	bob.guest(bobName)

	ann.click("#new-table")
	ann.waitVisible("dialog.create")
	ann.choose("#create-game", "dots")
	ann.click("#mode-online")
	ann.choose("#dots-size", "4")
	ann.choose("#create-grace", "120")
	ann.choose("#create-ongone", "bot")
	ann.snap("create-dialog-policy")
	ann.click("#create-submit")
	ann.waitFor("the table screen", `location.pathname.startsWith("/t/") && document.querySelector(".table-screen") !== null`)
	id := evalAs[string](ann, `location.pathname.slice(3)`)

	const words = "If a player leaves: waits 2 min, then a bot plays for them"
	bob.waitFor("the table's policy in the lobby", fmt.Sprintf(`(document.querySelector('li.table-item[data-table=%q] .leave-policy')?.textContent ?? "") === %q`, id, words))
	bob.snap("lobby-policy")
	bob.goTo("/t/" + id)
	bob.click("li.seat-1 button")
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
		p.waitFor("the policy at the table", fmt.Sprintf(`document.querySelector("#leave-policy")?.textContent === %q`, words))
	}

	// Ann is asked before leaving, and says no: she stays.
	const warning = "If you leave, your seat waits 2 min for you; then a bot plays for you until you come back. Leave the table?"
	_ = evalAs[bool](ann, `window.keepQuestions = true`)
	ann.click("#quit")
	asked := []string{ann.answerQuestion(false)}
	ann.click("a.brand")
	asked = append(asked, ann.answerQuestion(false))
	if len(asked) != 2 || asked[0] != warning || asked[1] != warning {
		ann.fail("Quit and the lobby link asked %q, want %q twice", asked, warning)
	}
	if path := evalAs[string](ann, `location.pathname`); path != "/t/"+id {
		ann.fail("Ann said no but is at %s", path)
	}
	// Closing or reloading the page: the browser's own prompt, which the
	// test's browser accepts; Ann leaves that way.
	ann.goTo("/")
	if n := ann.unloadAsked.Load(); n != 1 {
		ann.fail("leaving the page during the game: %d browser prompts, want 1", n)
	}
	prefix := annName + " is away: a bot plays for them in "
	bob.waitFor("Ann's countdown", fmt.Sprintf(`(%s).startsWith(%q)`, awayTextJS, prefix))
	first := evalAs[string](bob, awayTextJS)
	s1 := secondsLeft(bob, first)
	if s1 > 120 || s1 < 1 {
		bob.fail("the countdown starts at %q", first)
	}
	bob.snap("countdown")
	bob.waitFor("the countdown to fall", fmt.Sprintf(`(() => { const t = %s; const m = /in (\d+):(\d\d)$/.exec(t); return m && Number(m[1]) * 60 + Number(m[2]) < %d; })()`, awayTextJS, s1))
	second := evalAs[string](bob, awayTextJS)
	if s2 := secondsLeft(bob, second); s2 >= s1 || !strings.HasPrefix(second, prefix) {
		bob.fail("read %q then %q: the countdown did not fall", first, second)
	}

	// Ann comes back: her seat was kept, and Bob's countdown goes.
	ann.goTo("/t/" + id)
	ann.waitFor("the note that the seat was kept", `(document.querySelector("#note")?.textContent ?? "").includes("Your seat was kept for you.")`)
	ann.snap("seat-kept")
	bob.waitFor("no countdown once Ann is back", awayTextJS+` === ""`)
}

// outPlayerIsWarned: a Clue-Less player out of the running after a wrong
// accusation, at a table with the game's default policy (requirement 17
// after the grace), is told before leaving that their cards still answer
// suggestions and that the game then ends for everyone (issue 21). The
// page says no and stays.
func outPlayerIsWarned(p *page) {
	p.t.Helper()
	const want = "You accused wrongly and are out of the running, but your cards still answer suggestions. " +
		"If you leave, your seat waits 1 min for you; then the game ends for everyone. Leave the table?"
	_ = evalAs[bool](p, `window.keepQuestions = true`)
	p.click("#quit")
	if asked := p.answerQuestion(false); asked != want {
		p.fail("leaving after a wrong accusation asked %q, want %q", asked, want)
	}
	_ = evalAs[bool](p, `(delete window.keepQuestions, true)`)
}

// TestBotsOnlyTablePausesInTheLobby (issue 21): Ann plays Dots against a
// bot at a table whose policy would forfeit a player gone for a second.
// She leaves the page: instead of forfeiting, the game pauses, and her
// lobby shows the table as paused. She opens it again: her seat was kept,
// the game goes on and she may move.
func TestBotsOnlyTablePausesInTheLobby(t *testing.T) {
	ann := newPage(t, "ann", 1280, 900)
	ann.guest(uniqueName("Ann"))
	id := evalAs[string](ann, createTableWithPolicyJS("dots", map[string]any{"rows": 4, "cols": 4},
		[]map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}}, map[string]any{"grace": 1, "onGone": "forfeit"}))
	ann.goTo("/t/" + id)
	ann.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	ann.waitFor("the policy at the table", `document.querySelector("#leave-policy")?.textContent === "If a player leaves: waits 1 s, then the game pauses until they return"`)

	ann.goTo("/")
	tag := fmt.Sprintf(`document.querySelector('li.table-item[data-table=%q] .tag')?.textContent`, id)
	ann.waitFor("the table paused in Ann's lobby", tag+` === "paused"`)
	ann.snap("paused-in-lobby")

	ann.goTo("/t/" + id)
	ann.waitFor("the note that the seat was kept", `(document.querySelector("#note")?.textContent ?? "").includes("Your seat was kept for you.")`)
	ann.waitFor("Ann's turn again", `document.querySelector("#status.my-turn") !== null`)
	if over := evalAs[bool](ann, `!document.querySelector("#result").hidden`); over {
		ann.fail("the game against a bot ended while Ann was away")
	}
}

// createTableWithPolicyJS is createTableJS with a policy.
func createTableWithPolicyJS(game string, options map[string]any, seats []map[string]string, policy map[string]any) string {
	req := map[string]any{"t": "table.create", "id": 1, "game": game, "options": options, "seats": seats, "policy": policy}
	return `new Promise((resolve, reject) => {
	const ws = new WebSocket((location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host + "/api/ws");
	ws.onmessage = (e) => {
		const m = JSON.parse(e.data);
		if (m.t === "hello") ws.send(JSON.stringify(` + jsonString(req) + `));
		else if (m.t === "reply") { ws.close(); if (m.ok) resolve(m.table.id); else reject(new Error(m.error)); }
	};
	ws.onerror = () => reject(new Error("the WebSocket failed"));
})`
}
