package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// Every ending shows the end (issue 21, "What people met" 5): a game lost
// by resignation shows what the game's own end shows, with the real
// score, on the table and in the replay.

// resign resigns the page's seat through the Resign button and its
// confirmation, and waits for the result.
func (p *page) resign() {
	p.t.Helper()
	p.waitVisible("#resign")
	p.click("#resign")
	p.waitVisible("#resign-dialog")
	p.click("#resign-ok")
	p.waitFor("the result", `!!document.querySelector("#result:not([hidden])")`)
}

// TestBattleshipResignationRevealsTheFleet: Help says "At the end the
// enemy's fleet is revealed". After two hits and a resignation the target
// grid shows all 17 squares of the bot's fleet, the result reads the
// hits ("2–"), not "0–0", and the replay's last step shows the fleet too.
func TestBattleshipResignationRevealsTheFleet(t *testing.T) {
	p := newPage(t, "bs-resign", 1280, 900)
	p.register(uniqueName("Res"))
	p.goTo("/battleship")
	p.click("#bs-new")
	p.choose("#bs-level", "easy")
	p.click("#bs-start")
	p.waitFor("placement", `!!document.querySelector(".bs.placing")`)
	p.click("#random-fleet")
	p.waitFor("a full fleet", `document.querySelectorAll("#ocean .cell.ship").length === 17 && !document.querySelector("#start-battle").disabled`)
	p.click("#start-battle")
	p.waitFor("the battle", `!!document.querySelector("#target.armed")`)
	matchID := evalAs[string](p, `document.querySelector(".table-screen").dataset.match`)
	targets := botFleet(t, matchID, 1)
	for i, sq := range targets[:2] {
		p.fire(sq)
		p.waitFor("the bot's shot on my grid", fmt.Sprintf(`document.querySelectorAll("#ocean .cell.hit, #ocean .cell.miss").length >= %d`, i+1))
	}
	if n := evalAs[int](p, `document.querySelectorAll("#target .cell.revealed").length`); n != 0 {
		t.Fatalf("before the end the target grid reveals %d squares", n)
	}
	p.resign()
	p.waitFor("the enemy fleet revealed", `document.querySelectorAll("#target .cell.revealed").length === 17`)
	// The bot won: its hits come first, as the sentence reads (issue
	// #32, point 2: "Bob wins 1–0" was Ann's 1).
	if r := p.text("#result h2"); !strings.Contains(r, "won. ") || !strings.Contains(r, "–2 ") || !strings.Contains(r, "resigned") {
		t.Fatalf("result %q, want the winner's hits, then the player's 2, and the resignation", r)
	}
	keptBoardIsServers(p)
	p.snap("resigned")

	p.click(`#result a[href^="/replay/"]`)
	p.waitFor("the replay's last step", `document.querySelector("#replay-caption")?.textContent.includes("Game over")`)
	if c := p.text("#replay-caption"); !strings.Contains(c, "–2.") {
		t.Fatalf("the replay's last step says %q, want the score …–2, the winner's first", c)
	}
	p.waitFor("the replay reveals the fleet", `document.querySelectorAll(".replay #ocean .cell.ship, .replay #target .cell.revealed").length >= 17`)
	p.snap("replay")
}

// TestBuccaneerResignationShowsEveryHand: the game's doc says every hand
// is shown after the end; a resignation is an end, so the board shows the
// crew of every captain, on the table and in the replay.
func TestBuccaneerResignationShowsEveryHand(t *testing.T) {
	p := newPage(t, "buc-resign", 1280, 900)
	p.guest(uniqueName("Cap"))
	bot := map[string]string{"kind": "bot", "level": "easy"}
	id := evalAs[string](p, createBucJS(map[string]any{"seats": 3}, []map[string]string{{"kind": "me"}, bot, bot}))
	p.goTo("/t/" + id)
	p.waitFor("the sea", `document.querySelectorAll(".bc-port").length === 6`)
	p.waitFor("my hand", `document.querySelectorAll("[data-hand]").length === 1`)
	p.onlyOwnHand(0)
	p.resign()
	p.waitFor("every hand", `document.querySelectorAll("[data-hand]").length === 3`)
	if r := p.text("#result h2"); !strings.Contains(r, "share the win") || !strings.Contains(r, "resigned") {
		t.Fatalf("result %q, want the two bots sharing the win after the resignation", r)
	}
	p.snap("resigned")
	p.click(`#result a[href^="/replay/"]`)
	p.waitFor("the replay's last step", `document.querySelector("#replay-caption")?.textContent.includes("Game over")`)
	p.waitFor("every hand in the replay", `document.querySelectorAll(".replay [data-hand]").length === 3`)
	p.snap("replay")
}

// TestClueResignationOpensTheCaseFile: however the game ends, the case
// file is laid out for all; after a resignation the table shows it, and
// so does the replay's last step.
func TestClueResignationOpensTheCaseFile(t *testing.T) {
	p := newPage(t, "clue-resign", 1280, 900)
	p.guest(uniqueName("Det"))
	bot := map[string]string{"kind": "bot", "level": "easy"}
	id := evalAs[string](p, createTableJS("clue", map[string]any{}, []map[string]string{{"kind": "me"}, bot, bot}))
	p.goTo("/t/" + id)
	p.waitFor("the mansion", `document.querySelectorAll(".clue-cell.room").length === 9`)
	if evalAs[bool](p, `!!document.querySelector(".case-file")`) {
		t.Fatal("the case file is shown before the end")
	}
	p.resign()
	p.waitFor("the case file", `document.querySelector(".case-file")?.textContent.startsWith("Case file: ")`)
	p.snap("resigned")
	cf := p.text(".case-file")
	p.click(`#result a[href^="/replay/"]`)
	p.waitFor("the replay's last step", `document.querySelector("#replay-caption")?.textContent.includes("Game over")`)
	p.waitFor("the case file in the replay", fmt.Sprintf(`document.querySelector(".replay .case-file")?.textContent === %q`, cf))
	p.snap("replay")
}
