package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// recordFrames keeps every WebSocket message the page receives in
// window.__frames, from the page's first script on, so that a test can
// read all the server sent it, as a player peeking with the browser's
// tools would.
const recordFrames = `(() => {
	window.__frames = [];
	const Real = window.WebSocket;
	window.WebSocket = class extends Real {
		constructor(...a) {
			super(...a);
			this.addEventListener("message", (e) => window.__frames.push(String(e.data)));
		}
	};
})();`

func (p *page) recordFrames() {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	defer cancel()
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: recordFrames}); err != nil {
		p.t.Fatalf("adding the frame recorder: %v", err)
	}
}

// shownCards lists the "card" events (the card a Clue-Less detective
// showed) among every message the page received, as "by>to".
func (p *page) shownCards() []string {
	p.t.Helper()
	frames := evalAs[[]string](p, `window.__frames ?? []`)
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if x["type"] == "card" {
				if d, ok := x["data"].(map[string]any); ok && d["card"] != nil {
					out = append(out, fmt.Sprintf("%v>%v", d["by"], d["to"]))
				}
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	for _, f := range frames {
		var v any
		if json.Unmarshal([]byte(f), &v) == nil {
			walk(v)
		}
	}
	return out
}

// clueActJS plays one step of a Clue-Less turn by clicking, as
// TestClueAgainstTwoBots does, without ever accusing.
const clueActJS = `(() => {
	const q = (s) => document.querySelector(s);
	if (q("[data-show]")) { q("[data-show]").click(); return "show"; }
	if (q("#clue-suggest")) { q("#clue-suggest").click(); return "suggest"; }
	const moves = [...document.querySelectorAll(".clue-cell.can-move")];
	if (moves.length) { (moves.find(m => m.classList.contains("room")) ?? moves[0]).click(); return "move"; }
	if (q("#clue-end")) { q("#clue-end").click(); return "end"; }
	return "";
})()`

// TestMoveLogTellsEveryonesCluelessMoves (issue 22, point 1): at a
// Clue-Less table against two bots the Moves panel tells the bots' moves
// too (where they walked, what they suggested, who passed, who showed
// whom a card), also after a reload. The card a bot showed another bot
// is never named, neither in the panel nor in anything the server sent
// the page.
func TestMoveLogTellsEveryonesCluelessMoves(t *testing.T) {
	p := newPage(t, "detective", 1280, 860)
	p.recordFrames()
	detective := uniqueName("Det")
	p.guest(detective)
	id := evalAs[string](p, createTableJS("clue", map[string]any{}, []map[string]string{
		{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}}))
	p.goTo("/t/" + id)
	p.waitFor("the mansion", `document.querySelectorAll(".clue-cell.room").length === 9`)
	me := evalAs[int](p, `Object.values(window.parlorTable.state().views)[0].seat`)
	// Played until a bot's suggestion was answered by the other bot.
	// The bots are named by their suspects; the log is the game's own words.
	botShown := `[...document.querySelectorAll(".move-log li")].some((li) => /^(Scarlet|Mustard|White|Green|Peacock|Plum) showed (Scarlet|Mustard|White|Green|Peacock|Plum) a card$/.test(li.textContent))`
	deadline := time.Now().Add(4 * time.Minute)
	for !evalAs[bool](p, botShown) {
		if time.Now().After(deadline) {
			p.fail("no bot showed another a card; the log ends %q", lastOf(p.moveLog()))
		}
		if evalAs[bool](p, `!!window.parlorTable.state().outcome`) {
			p.fail("the game ended before a bot showed another a card")
		}
		evalAs[string](p, clueActJS)
		time.Sleep(150 * time.Millisecond)
	}
	p.snap("bots-moves")
	checkClueLog := func(when string) {
		log := p.moveLog()
		var moved, suggested bool
		for _, e := range log {
			bot := botSuspect.MatchString(e)
			moved = moved || bot && (strings.Contains(e, " walked from ") || strings.Contains(e, " took the secret passage "))
			suggested = suggested || bot && strings.Contains(e, " suggested ")
			// A card shown to me or by me is named, after the game's
			// sentence; one shown between two bots never is.
			mine := strings.HasPrefix(e, detective+" showed ") || strings.Contains(e, " showed "+detective+" a card")
			if mine && !cardNamed.MatchString(e) {
				p.fail("%s: the log does not name the card I showed or was shown: %q", when, e)
			}
			if !mine && strings.Contains(e, "showed") && cardNamed.MatchString(e) {
				p.fail("%s: the log names the card shown between two others: %q", when, e)
			}
		}
		if !moved || !suggested {
			p.fail("%s: the log does not tell the bots' moves and suggestions: %q", when, log)
		}
		for _, s := range p.shownCards() {
			if !strings.Contains(s, fmt.Sprint(me)) {
				p.fail("%s: the server sent the page the card shown %s (the page holds seat %d)", when, s, me)
			}
		}
	}
	checkClueLog("live")
	p.do("reload", chromedp.Reload())
	p.waitFor("the log again", botShown)
	checkClueLog("after a reload")
}

// TestMoveLogTellsTheOtherCaptainsMoves (issue 22, point 1): two people
// at a Buccaneer table each read the other's moves in the Moves panel
// (a ship's sailing is public), also after a reload.
func TestMoveLogTellsTheOtherCaptainsMoves(t *testing.T) {
	ann := newPage(t, "ann", 1280, 860)
	bob := newPage(t, "bob", 1280, 860)
	annName, bobName := uniqueName("Ann"), uniqueName("Bob")
	ann.guest(annName)
	bob.guest(bobName)
	id := evalAs[string](ann, createBucJS(map[string]any{"seats": 2}, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	ann.goTo("/t/" + id)
	bob.goTo("/t/" + id)
	bob.click(".seat-1 button")
	ann.waitVisible("#start-game")
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the sea", `document.querySelectorAll(".bc-ships .bc-ship").length === 2`)
	}
	told := func(p *page, who string) string {
		return fmt.Sprintf(`[...document.querySelectorAll(".move-log li")].some((li) => li.textContent.startsWith(%q) && / (sailed from|turned the ship) /.test(li.textContent))`, who)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for !evalAs[bool](ann, told(ann, bobName)) || !evalAs[bool](bob, told(bob, annName)) {
		if time.Now().After(deadline) {
			ann.fail("the captains' moves are not in each other's logs: Ann's ends %q, Bob's %q", lastOf(ann.moveLog()), lastOf(bob.moveLog()))
		}
		_, a := ann.bucStep()
		_, b := bob.bucStep()
		if !a && !b {
			time.Sleep(100 * time.Millisecond)
		}
	}
	bob.snap("log")
	bob.do("reload", chromedp.Reload())
	bob.waitFor("Ann's moves after a reload", told(bob, annName))
}

// cardNamed matches a Clue-Less log line that ends naming a card.
var cardNamed = regexp.MustCompile(`: (the )?(Miss Scarlet|Colonel Mustard|Mrs\. White|Mr\. Green|Mrs\. Peacock|Professor Plum|Candlestick|Knife|Lead Pipe|Revolver|Rope|Wrench|Study|Hall|Lounge|Library|Billiard Room|Dining Room|Conservatory|Ballroom|Kitchen)$`)

// botSuspect matches a log line of a Clue-Less bot, named by its suspect.
var botSuspect = regexp.MustCompile(`^(Scarlet|Mustard|White|Green|Peacock|Plum) `)

// lastOf is the end of a long log, for a failure's message.
func lastOf(log []string) []string {
	return log[max(0, len(log)-8):]
}
