package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestClueAgainstTwoBots: a detective plays Clue-Less in the browser
// against two bots: walks by clicking a highlighted place, suggests in the
// room entered, shows a card when asked, reads the notebook, and plays on
// until someone solves the case; the end names the case file. The page
// never shows another seat's hand.
func TestClueAgainstTwoBots(t *testing.T) {
	p := newPage(t, "detective", 1280, 900)
	p.guest(uniqueName("Det"))
	p.click("#new-table")
	p.waitVisible("dialog.create")
	p.choose("#create-game", "clue")
	p.click("#mode-bot")
	p.waitFor("three seats", `document.querySelectorAll(".seat-row").length === 3`)
	p.choose("#seat-1-level", "easy")
	p.choose("#seat-2-level", "easy")
	p.snap("create-dialog")
	p.click("#create-submit")
	p.waitFor("the mansion", `document.querySelectorAll(".clue-cell.room").length === 9`)
	p.waitFor("my hand", `document.querySelector("#clue-hand")?.textContent.length > 0`)
	hand := p.text("#clue-hand")
	if strings.Count(hand, ",") != 5 {
		t.Fatalf("my hand %q: three players at medium difficulty hold six cards each", hand)
	}
	p.snap("start")
	// Accusations are confirmed in a dialog, which the page answers yes
	// (newPage).
	shotBoard, shotNotes := false, false
	deadline := time.Now().Add(3 * time.Minute)
	for !evalAs[bool](p, `!!document.querySelector("#result:not([hidden])")`) {
		if time.Now().After(deadline) {
			p.fail("the game did not end")
		}
		act := evalAs[string](p, `(() => {
			const q = (s) => document.querySelector(s);
			if (q("[data-show]")) { q("[data-show]").click(); return "show"; }
			const solved = q(".solved");
			if (solved && q("#clue-accuse")) { q("details.clue-accuse").open = true; q("#clue-accuse").click(); return "accuse"; }
			if (q("#clue-suggest")) { q("#clue-suggest").click(); return "suggest"; }
			const moves = [...document.querySelectorAll(".clue-cell.can-move")];
			if (moves.length) { (moves.find(m => m.classList.contains("room")) ?? moves[0]).click(); return "move"; }
			if (q("#clue-end")) { q("#clue-end").click(); return "end"; }
			return "";
		})()`)
		if act == "suggest" && !shotBoard {
			p.snap("suggested")
			shotBoard = true
		}
		if act == "" && !shotNotes && evalAs[int](p, `document.querySelectorAll(".clue-notes .mark-yes").length`) > 6 {
			p.snap("notebook")
			shotNotes = true
		}
		time.Sleep(150 * time.Millisecond)
	}
	p.snap("result")
	// The views came as patches (protocol v5): what the page holds is
	// the server's.
	keptBoardIsServers(p)
	if got := p.text(".case-file"); !strings.HasPrefix(got, "Case file: ") {
		t.Fatalf("the end shows %q, want the case file", got)
	}
	// Nothing on the page ever named the bots' hands: the notebook's
	// certainties about them come from play, and the page holds no hand
	// but mine.
	if evalAs[bool](p, `JSON.stringify(window.parlorTable.state().views).includes('"hands"')`) {
		t.Fatal("the views kept by the page hold other hands")
	}
}
