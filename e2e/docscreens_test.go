package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// docGame is one game as the README shows it: how to start a table of
// it against bots, what shows its board is there, what to do before the
// game is under way (Battleship's fleet), and one step of play.
type docGame struct {
	name    string
	create  string
	board   string
	prepare func(p *page)
	step    string
	steps   int
}

var botEasy = map[string]string{"kind": "bot", "level": "easy"}
var meSeat = map[string]string{"kind": "me"}

var docGames = []docGame{
	{name: "dots", create: createTableJS("dots", map[string]any{"rows": 5, "cols": 5}, []map[string]string{meSeat, botEasy}),
		board: `document.querySelectorAll("g.slot").length > 0`, steps: 7,
		step: `(() => {
			const free = [...document.querySelectorAll("g.slot")].filter((g) => g.querySelector(".ln.free"));
			const g = free[(window.docStep = (window.docStep ?? 0) + 7) % free.length];
			if (!g) return "";
			g.dispatchEvent(new MouseEvent("click", { bubbles: true }));
			return "line";
		})()`},
	{name: "battleship", create: createTableJS("battleship", map[string]any{}, []map[string]string{meSeat, botEasy}),
		board: `!!document.querySelector("#random-fleet") || !!document.querySelector("#target.armed")`, steps: 9,
		prepare: func(p *page) {
			p.click("#random-fleet")
			p.waitFor("a full fleet", `!document.querySelector("#start-battle").disabled`)
			p.click("#start-battle")
			p.waitFor("the battle", `!!document.querySelector("#target.armed")`)
		},
		step: `(() => {
			const free = [...document.querySelectorAll("#target .cell")].filter((c) => !c.classList.contains("hit") && !c.classList.contains("miss"));
			const c = free[(window.docStep = (window.docStep ?? 0) + 23) % free.length];
			if (!c) return "";
			c.click();
			return "shot";
		})()`},
	{name: "clue", create: createTableJS("clue", map[string]any{}, []map[string]string{meSeat, botEasy, botEasy}),
		board: `!!document.querySelector(".clue")`, steps: 2,
		step: `(() => {
			const q = (s) => document.querySelector(s);
			if (q("#clue-suggest")) { q("#clue-suggest").click(); return "suggest"; }
			const m = q(".can-move");
			if (m) { m.click(); return "move"; }
			if (q("#clue-end")) { q("#clue-end").click(); return "end"; }
			return "";
		})()`},
	{name: "buccaneer", create: createTableJS("buccaneer", map[string]any{"seats": 4}, []map[string]string{meSeat, botEasy, botEasy, botEasy}),
		board: `!!document.querySelector(".bc-svg")`, steps: 4, step: bucActJS},
	{name: "warfare", create: createTableJS("warfare", map[string]any{"seed": 7}, []map[string]string{meSeat, botEasy}),
		board: `!!document.querySelector(".wf-map svg")`},
}

// TestScreensForDocs writes the README's screenshots: each game against
// bots, a few moves in, at 1280x800, 800x600 and on a phone (390x844),
// as docs/screens/<game>-<width>x<height>.png under the directory that
// PARLOR_SCREENS names (the repository's root, to refresh them:
// PARLOR_SCREENS=$PWD go test -run TestScreensForDocs ./e2e/). A normal
// run of the suite writes nothing into docs/.
func TestScreensForDocs(t *testing.T) {
	root := os.Getenv("PARLOR_SCREENS")
	if root == "" {
		t.Skip("PARLOR_SCREENS is not set: the docs' screenshots are made only on request")
	}
	dir := filepath.Join(root, "docs", "screens")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, g := range docGames {
		for _, size := range [][2]int64{{1280, 800}, {800, 600}, {390, 844}} {
			t.Run(fmt.Sprintf("%s-%dx%d", g.name, size[0], size[1]), func(t *testing.T) {
				var p *page
				if size[0] < 500 {
					p = newTouchPage(t, "phone", size[0], size[1])
				} else {
					p = newPage(t, "screen", size[0], size[1])
				}
				p.guest(uniqueName("Ann"))
				id := evalAs[string](p, g.create)
				p.goTo("/t/" + id)
				p.waitFor("the board", g.board)
				if g.prepare != nil {
					g.prepare(p)
				}
				myTurn := `!!document.querySelector("#status.my-turn")`
				for range g.steps {
					p.waitFor("my turn", myTurn)
					seq := evalAs[int](p, `window.parlorTable.state().seq`)
					if evalAs[string](p, g.step) == "" {
						break
					}
					p.waitFor("the server's answer", fmt.Sprintf(`window.parlorTable.state().seq > %d`, seq))
				}
				p.waitFor("my turn", myTurn)
				// The bots' moves settle, animations end, the page is at its top.
				evalAs[bool](p, `(window.scrollTo(0, 0), document.activeElement?.blur(), new Promise((done) => setTimeout(() => done(true), 1200)))`)
				ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
				defer cancel()
				png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", g.name, size[0], size[1]))
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: %d bytes", name, len(png))
			})
		}
	}
}
