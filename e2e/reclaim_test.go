package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// createTimedDotsJS creates an 8x8 Dots table for the page's user and one
// open seat, with a 6-second move clock after which a bot takes the seat
// over (short, yet room for a loaded machine to answer). The create dialog offers no clock that short, so the page opens a
// WebSocket of its own and sends table.create, as a script could; it
// resolves with the table's id.
const createTimedDotsJS = `new Promise((resolve, reject) => {
	const ws = new WebSocket((location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host + "/api/ws");
	ws.onmessage = (e) => {
		const m = JSON.parse(e.data);
		if (m.t === "hello") {
			ws.send(JSON.stringify({t: "table.create", id: 1, game: "dots", options: {rows: 8, cols: 8},
				seats: [{kind: "me"}, {kind: "open"}], policy: {moveClock: 6, onTimeout: "bot"}}));
		} else if (m.t === "reply") {
			ws.close();
			if (m.ok) resolve(m.table.id); else reject(new Error(m.error));
		}
	};
	ws.onerror = () => reject(new Error("the WebSocket failed"));
})`

// reclaimState is what the player whose seat a bot took over sees of it.
type reclaimState struct {
	Button   bool   `json:"button"`   // "Take my seat back" is shown
	Back     bool   `json:"back"`     // the move log shows the seat given back
	Retaken  bool   `json:"retaken"`  // ... and a takeover of seat 0 (Player 1, Ann) after that
	Conn     string `json:"conn"`     // seat 1's connection label
	Status   string `json:"status"`   // the status line
	MyTurn   bool   `json:"myTurn"`   // the board takes a move
	Note     string `json:"note"`     // the error and info line
	Disabled string `json:"disabled"` // the button's aria-disabled
}

const reclaimStateJS = `(() => {
	const b = document.querySelector("#reclaim");
	const log = [...document.querySelectorAll(".move-log li")].map((li) => li.textContent);
	const back = log.findLastIndex((t) => t.includes("is back and plays again"));
	return {
		button: !!b && !b.closest("[hidden]"),
		back: back >= 0,
		retaken: back >= 0 && log.slice(back + 1).some((t) => t.startsWith("Player 1") && /computer player took over|replaced by a computer/.test(t)),
		conn: document.querySelector(".seat-0 .conn")?.textContent ?? "",
		status: document.querySelector("#status")?.textContent ?? "",
		myTurn: !!document.querySelector("#status.my-turn"),
		note: document.querySelector("#note")?.textContent ?? "",
		disabled: b?.getAttribute("aria-disabled") ?? "",
	};
})()`

func (p *page) reclaimState() reclaimState {
	p.t.Helper()
	return evalAs[reclaimState](p, reclaimStateJS)
}

// bobMoves plays a free line for p if it is p's turn, and reports whether
// it did.
func bobMoves(p *page) bool {
	p.t.Helper()
	s := p.dots()
	if !s.MyTurn || s.Over || len(s.Free) == 0 {
		return false
	}
	p.drawLine(s.Free[0])
	return true
}

// TestTakeSeatBackAfterTimeout: at a table whose policy lets a bot take
// over a seat that runs out of its move clock, Ann lets her clock run out
// while she keeps watching. A "Take my seat back" button appears near the
// status line; she presses it from the keyboard, the button goes when the
// seat's return arrives, her seat is shown as hers again, and she plays
// the next move herself. Bob plays his moves meanwhile, so that his seat
// keeps its player.
func TestTakeSeatBackAfterTimeout(t *testing.T) {
	ann := newPage(t, "ann", 1280, 860)
	bob := newPage(t, "bob", 1280, 860)
	ann.guest(uniqueName("Ann"))
	bob.guest(uniqueName("Bob"))
	id := evalAs[string](ann, createTimedDotsJS)
	ann.goTo("/t/" + id)
	bob.goTo("/t/" + id)
	bob.click("li.seat-1 button")
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 112`)
	}

	// Ann does not move: after 6 seconds a bot takes her seat and the
	// button appears. Bob answers the bot's moves.
	deadline := time.Now().Add(wait)
	for !ann.reclaimState().Button {
		if time.Now().After(deadline) {
			ann.fail("no Take my seat back button within %v", wait)
		}
		if !bobMoves(bob) {
			time.Sleep(40 * time.Millisecond)
		}
	}
	ann.snap("taken-over")
	if s := ann.reclaimState(); s.MyTurn || !strings.Contains(s.Conn, "computer plays") {
		ann.fail("while a bot plays Ann's seat: %+v", s)
	}
	if n := len(ann.ax().find("button", "Take my seat back")); n != 1 {
		ann.fail("%d buttons named Take my seat back for a screen reader, want 1", n)
	}
	if !evalAs[bool](ann, `document.querySelector("#reclaim").tabIndex === 0`) {
		ann.fail("the button is not in the keyboard's tab order")
	}

	// Every line the note shows from now on is kept: it goes at the next
	// move, which Bob may make at once.
	_ = evalAs[bool](ann, `(() => {
		window.notesSeen = [];
		const note = document.querySelector("#note");
		new MutationObserver(() => note.textContent && window.notesSeen.push(note.textContent)).observe(note, { childList: true, characterData: true, subtree: true });
		return true;
	})()`)
	// Enter on the button asks for the seat.
	_ = evalAs[bool](ann, `(() => { document.querySelector("#reclaim").focus(); return true; })()`)
	ann.do("Enter on Take my seat back", keys(kb.Enter))
	var s reclaimState
	deadline = time.Now().Add(wait)
	for s = ann.reclaimState(); !s.Back; s = ann.reclaimState() {
		if time.Now().After(deadline) {
			ann.fail("the seat did not come back within %v: %+v", wait, s)
		}
		if s.Note != "" && !strings.Contains(s.Note, "finishes the move") {
			ann.fail("asking for the seat back: %q", s.Note)
		}
		if !bobMoves(bob) {
			time.Sleep(40 * time.Millisecond)
		}
	}
	// The return and the button's removal are one update of the page, so
	// unless Ann's clock ran out again since (it restarts with the return),
	// the button is gone and the seat is hers.
	if !s.Retaken && (s.Button || strings.Contains(s.Conn, "computer plays") || strings.Contains(s.Status, "moving for you")) {
		ann.fail("after the return: %+v", s)
	}
	// She is told what the computer did with her seat, in the game's
	// words (issue #32, point 5).
	told := regexp.MustCompile(`^The computer played \d+ moves? for you.*: drew the line `)
	notes := evalAs[[]string](ann, `window.notesSeen`)
	if !s.Retaken && !slices.ContainsFunc(notes, told.MatchString) {
		ann.fail("coming back, Ann is told %q, not what the computer played for her", notes)
	}
	ann.snap("seat-back")

	// The next move of Ann's seat is hers.
	deadline = time.Now().Add(wait)
	for {
		s = ann.reclaimState()
		if s.Retaken {
			ann.fail("Ann's seat was taken over again before she could move: %+v", s)
		}
		if s.MyTurn {
			break
		}
		if time.Now().After(deadline) {
			ann.fail("Ann's turn did not come within %v: %+v", wait, s)
		}
		if !bobMoves(bob) {
			time.Sleep(40 * time.Millisecond)
		}
	}
	before := len(ann.moveLog())
	free := ann.dots().Free
	ann.drawLine(free[len(free)-1])
	ann.waitFor("Ann's move in the log", fmt.Sprintf(`document.querySelectorAll(".move-log li").length > %d`, before))
	if s := ann.reclaimState(); s.Retaken || strings.Contains(s.Note, "bot plays") {
		ann.fail("Ann's move after the return was not hers: %+v", s)
	}
	ann.snap("own-move")
}

// moveLog is the text of the move log's entries.
func (p *page) moveLog() []string {
	p.t.Helper()
	return evalAs[[]string](p, `[...document.querySelectorAll(".move-log li")].map((li) => li.textContent)`)
}
