package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

var (
	axeOnce   sync.Once
	axeSource string
	axeErr    error
)

// axeScript is axe-core's browser build, installed by npm in web/ (a
// devDependency of web/package.json; scripts/test runs npm ci).
func axeScript(t *testing.T) string {
	t.Helper()
	axeOnce.Do(func() {
		root, err := repoRoot()
		if err != nil {
			axeErr = err
			return
		}
		b, err := os.ReadFile(filepath.Join(root, "web", "node_modules", "axe-core", "axe.min.js"))
		if err != nil {
			axeErr = err
			return
		}
		axeSource = string(b)
	})
	if axeErr != nil {
		// The suite must fail, not skip, without its checker.
		t.Fatalf("axe-core is not installed (run npm ci in web/): %v", axeErr)
	}
	return axeSource
}

// axeFindings runs axe-core on the page as it is now and lists its
// serious and critical findings, one line each: the rule, how many
// elements, and the first of them.
func (p *page) axeFindings() []string {
	p.t.Helper()
	src := axeScript(p.t)
	if !evalAs[bool](p, `typeof window.axe === "object"`) {
		evalAs[bool](p, src+"\n;true")
	}
	return evalAs[[]string](p, `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map((v) => v.impact + " " + v.id + " (" + v.nodes.length + "): " + v.nodes[0].target.join(" ") + " " + (v.nodes[0].failureSummary || "").split("\n").slice(0, 2).join(" ")))`)
}

// checkAxe fails the test on any serious or critical finding.
func (p *page) checkAxe(where string) {
	p.t.Helper()
	if f := p.axeFindings(); len(f) > 0 {
		p.fail("axe-core at %s: %s", where, strings.Join(f, "; "))
	}
}

// TestEveryTableHasNoSeriousAccessibilityFinding (issue 22, point 14):
// axe-core finds nothing serious or critical on the first page, the
// lobby, and the table of each game against the computer while the
// player's move is awaited, at 1280x800, 800x600 and on a phone.
func TestEveryTableHasNoSeriousAccessibilityFinding(t *testing.T) {
	for _, size := range [][2]int64{{1280, 800}, {800, 600}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) { axeEveryTable(t, size[0], size[1]) })
	}
}

func axeEveryTable(t *testing.T, w, hgt int64) {
	p := newPage(t, "reader", w, hgt)
	p.goTo("/")
	p.waitVisible(".game-card")
	p.checkAxe("the first page")
	p.guest(uniqueName("Ax"))
	type tableCase struct {
		game  string
		seats int
		ready string
	}
	for _, c := range []tableCase{
		{"dots", 2, `document.querySelectorAll("g.slot").length > 0 && !!document.querySelector("#status.my-turn")`},
		{"battleship", 2, `!!document.querySelector(".bs.placing")`},
		{"clue", 3, `document.querySelectorAll(".clue-cell.room").length === 9 && !!document.querySelector(".clue-notes")`},
		{"buccaneer", 2, `document.querySelectorAll(".bc-ships .bc-ship").length === 2 && !!document.querySelector("#status.my-turn")`},
		{"warfare", 2, `!!document.querySelector("#status.my-turn") && document.querySelectorAll("svg polygon, svg path").length > 50`},
	} {
		seats := []map[string]string{{"kind": "me"}}
		for range c.seats - 1 {
			seats = append(seats, map[string]string{"kind": "bot", "level": "easy"})
		}
		opts := map[string]any{}
		if c.game == "buccaneer" {
			opts["seats"] = 2
		}
		id := evalAs[string](p, createTableJS(c.game, opts, seats))
		p.goTo("/t/" + id)
		p.waitFor(c.game+"'s table", c.ready)
		p.snap(c.game)
		p.checkAxe(c.game + "'s table")
	}
	p.goTo("/")
	p.waitVisible(".game-card")
	p.checkAxe("the lobby")
}

// TestBuccaneerLitSquaresAreOneTabStop (issue 22, point 14): the squares
// a ship may sail to are one Tab stop, not one each; the arrow keys move
// among them and Enter sails.
func TestBuccaneerLitSquaresAreOneTabStop(t *testing.T) {
	p := newPage(t, "captain", 1280, 800)
	p.guest(uniqueName("Kb"))
	id := evalAs[string](p, createBucJS(map[string]any{"seats": 2}, []map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}}))
	p.goTo("/t/" + id)
	p.waitFor("lit squares", `!!document.querySelector("#status.my-turn") && document.querySelectorAll(".bc-target:not(.theirs)").length > 1`)
	if n := evalAs[int](p, `document.querySelectorAll('.bc-target[tabindex="0"]').length`); n != 1 {
		p.fail("%d lit squares take a Tab, want 1 (of %d)", n, evalAs[int](p, `document.querySelectorAll(".bc-target:not(.theirs)").length`))
	}
	first := evalAs[string](p, `(() => { const e = document.querySelector('.bc-target[tabindex="0"]'); e.focus(); return e.dataset.sq; })()`)
	moved := ""
	for _, k := range []string{"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"} {
		p.do("press "+k, keys(map[string]string{"ArrowUp": kb.ArrowUp, "ArrowDown": kb.ArrowDown, "ArrowLeft": kb.ArrowLeft, "ArrowRight": kb.ArrowRight}[k]))
		if sq := evalAs[string](p, `document.activeElement?.dataset?.sq ?? ""`); sq != "" && sq != first {
			moved = sq
			break
		}
	}
	if moved == "" {
		p.fail("no arrow key moved from the lit square %s to another", first)
	}
	if n := evalAs[int](p, `document.querySelectorAll('.bc-target[tabindex="0"]').length`); n != 1 {
		p.fail("after an arrow key %d lit squares take a Tab", n)
	}
	seq := evalAs[int](p, `window.parlorTable.state().seq`)
	p.do("press Enter", keys(kb.Enter))
	p.waitFor("the ship sailed", fmt.Sprintf(`window.parlorTable.state().seq > %d`, seq))
}
