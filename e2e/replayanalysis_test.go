package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/dots"
)

// dotsBlunder is a whole 3 x 4 dots game in notation where both players
// play the solver's best line but one: seat 1, who wins the empty board
// with best play, at its first turn where a line loses the game draws
// the one of those that gives away the most boxes. It returns the lines,
// the blunder's index, the boxes it gave away and the best line there.
func dotsBlunder(t *testing.T) (lines []string, blunder, cost int, best string) {
	t.Helper()
	ctx := context.Background()
	s, err := dots.New(3, 4)
	if err != nil {
		t.Fatal(err)
	}
	// worth is what line m gains the mover, with best play after it.
	worth := func(s *dots.State, m game.Move) (got, final int) {
		c := s.Clone().(*dots.State)
		seat := c.Turn()[0]
		if _, err := c.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		v, _, err := dots.Solve(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		got = c.Scores()[seat] - s.Scores()[seat]
		if t := c.Turn(); len(t) > 0 && t[0] == seat {
			got += v
		} else {
			got -= v
		}
		return got, s.Scores()[seat] - s.Scores()[1-seat] + got
	}
	blunder = -1
	for len(s.Turn()) > 0 {
		seat := s.Turn()[0]
		v, m, err := dots.Solve(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		var mv game.Move = m
		if seat == 1 && blunder < 0 {
			worst := 0
			for _, l := range s.Legal(seat) {
				if got, final := worth(s, l); final < 0 && v-got > worst {
					worst, mv = v-got, l
				}
			}
			if worst > 0 {
				blunder, cost, best = len(lines), worst, m.String()
			}
		}
		lines = append(lines, mv.String())
		if _, err := s.Apply(seat, mv); err != nil {
			t.Fatal(err)
		}
	}
	if blunder < 0 {
		t.Fatal("no blunder was possible")
	}
	return lines, blunder, cost, best
}

// noSidewaysScroll checks the page at a phone's and a small screen's
// width, then goes back to the test's own size.
func noSidewaysScroll(t *testing.T, p *page) {
	t.Helper()
	for _, w := range []int64{390, 800} {
		p.do("resize", chromedp.EmulateViewport(w, 844))
		if got := evalAs[float64](p, `document.documentElement.scrollWidth`); got > float64(w) {
			p.snap(fmt.Sprintf("wide-%d", w))
			t.Fatalf("the replay is %.0f px wide in a %d px window", got, w)
		}
	}
	p.do("resize", chromedp.EmulateViewport(1280, 1100))
}

// TestReplayAnalysisDotsBlunder plays, at one screen, a Dots and Boxes
// game with one known blunder, opens its replay and finds the blunder
// marked: its cost in boxes, the best line drawn on the board, the move
// in the list of costly moves and named as the turning point; the list
// jumps to the move, and the position opens as a new game against a bot.
func TestReplayAnalysisDotsBlunder(t *testing.T) {
	lines, blunder, cost, best := dotsBlunder(t)
	p := newPage(t, "dots-lesson", 1280, 1100)
	p.guest(uniqueName("Les"))
	id := evalAs[string](p, createTableJS("dots", map[string]any{"rows": 3, "cols": 4}, []map[string]string{meSeat, meSeat}))
	p.goTo("/t/" + id)
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 17`)
	for _, l := range lines {
		p.drawLine(l)
	}
	p.waitVisible("#result")
	p.click(`#result a[href^="/replay/"]`)
	p.waitFor("the review", `!!document.querySelector("#dots-turning")`)

	n := blunder + 1
	if tp := p.text("#dots-turning"); !strings.Contains(tp, fmt.Sprintf("Move %d ", n)) || !strings.Contains(tp, fmt.Sprintf("gave away %d boxes", cost)) {
		t.Fatalf("turning point %q, want move %d giving away %d boxes", tp, n, cost)
	}
	if tp := p.text("#dots-turning"); strings.Contains(tp, "(Player ") {
		t.Errorf("turning point %q names a seat by number, not its player", tp)
	}
	p.click(`button[aria-label="First move"]`)
	p.click(fmt.Sprintf(`#dots-costly button[data-step="%d"]`, n))
	p.waitFor("the blunder's step", fmt.Sprintf(`document.querySelector("#replay-caption").textContent.startsWith("Move %d of %d")`, n, len(lines)))
	if got := p.text("#dots-review"); !strings.Contains(got, fmt.Sprintf("gave away %d boxes", cost)) || !strings.Contains(got, best+" was best") {
		t.Fatalf("the blunder's review says %q, want %d boxes and %s best", got, cost, best)
	}
	if !strings.Contains(p.text("#dots-review-source"), "Exact, from the solver") {
		t.Fatalf("source %q", p.text("#dots-review-source"))
	}
	if got := evalAs[string](p, `document.querySelector(".best-mark")?.dataset.best ?? ""`); got != best {
		t.Fatalf("the board marks %q as best, want %s", got, best)
	}
	p.snap("blunder")
	p.docShot("replay-dots", "")
	p.checkAxe("the Dots review")
	noSidewaysScroll(t, p)

	// A best move is marked as such, with nothing drawn.
	p.do("Home", keys(kb.Home))
	p.waitFor("the start", `document.querySelector("#replay-caption").textContent.startsWith("Start position")`)
	p.do("Right", keys(kb.ArrowRight))
	if got := p.text("#dots-review"); !strings.Contains(got, "a best move") || evalAs[bool](p, `!!document.querySelector(".best-mark")`) {
		t.Fatalf("the first move's review: %q", got)
	}
	p.do("End", keys(kb.End))
	p.waitFor("the end", `document.querySelector("#replay-caption").textContent.includes("Game over")`)

	// Play on from the blunder's position against the expert.
	p.click(fmt.Sprintf(`#dots-costly button[data-step="%d"]`, n))
	p.click("#dots-play-on")
	p.waitFor("the new table", `location.pathname.startsWith("/t/") && document.querySelectorAll("g.slot").length === 17`)
	p.waitFor("the position", fmt.Sprintf(`document.querySelectorAll(".ln.drawn").length >= %d`, n))
	if got := evalAs[int](p, `document.querySelectorAll(".ln.drawn").length`); got != n && !evalAs[bool](p, `!!document.querySelector("#status.my-turn")`) {
		t.Fatalf("the new game shows %d lines and is not my turn", got)
	}
}

// TestReplayAnalysisBattleshipHeat: at an unrated table against the
// computer the expert's aid warms the enemy grid and marks its square,
// the hottest; after the game the replay, opened by a link at a step,
// shows the expert's map of each shot, hottest square on its shot.
func TestReplayAnalysisBattleshipHeat(t *testing.T) {
	p := newPage(t, "bs-lesson", 1280, 1100)
	p.guest(uniqueName("Cad"))
	create := strings.Replace(createTableJS("battleship", map[string]any{}, []map[string]string{meSeat, botEasy}), `"t":"table.create"`, `"t":"table.create","rated":false`, 1)
	id := evalAs[string](p, create)
	p.goTo("/t/" + id)
	p.waitVisible("#random-fleet")
	p.click("#random-fleet")
	p.waitFor("a full fleet", `!document.querySelector("#start-battle").disabled`)
	p.click("#start-battle")
	p.waitFor("the battle", `!!document.querySelector("#target.armed")`)
	p.waitVisible("#bs-aid")
	p.click("#bs-aid")
	hottestIsExpert := `(() => {
		const cells = [...document.querySelectorAll("%s .cell[data-heat]")];
		const ex = document.querySelector("%s .cell[data-expert]");
		if (!cells.length || !ex) return false;
		const hot = Math.max(...cells.map((c) => Number(c.dataset.heat)));
		return Number(ex.dataset.heat) === hot;
	})()`
	for shot := range 3 {
		p.waitFor("the expert's map", fmt.Sprintf(hottestIsExpert, "#target", "#target"))
		if shot == 0 {
			p.snap("aid")
			p.docShot("battleship-aid", "")
			p.checkAxe("the expert's aid")
		}
		seq := evalAs[int](p, `window.parlorTable.state().seq`)
		p.click("#target .cell[data-expert]")
		p.waitFor("my next turn", fmt.Sprintf(`window.parlorTable.state().seq >= %d && !!document.querySelector("#target.armed")`, seq+2))
	}
	p.click("#resign")
	p.waitVisible("#resign-dialog")
	p.click("#resign-ok")
	p.waitVisible("#result")
	m := evalAs[string](p, `fetch("/api/tables/`+id+`").then((r) => r.json()).then((j) => j.table.match)`)

	// Steps 1 and 2 place the fleets; step 5 is the second of my shots.
	p.goTo("/replay/" + m + "?step=5")
	p.waitFor("the map", `document.querySelector("#bs-heat-text")?.textContent.includes("fired at")`)
	if got := p.text("#replay-caption"); !strings.HasPrefix(got, "Move 5 of") {
		t.Fatalf("the link opened at %q, want move 5", got)
	}
	p.waitFor("the hottest square on the expert's shot", fmt.Sprintf(hottestIsExpert, "#target", "#target"))
	if !strings.Contains(p.text("#bs-heat-text"), "The expert would have fired there too") {
		t.Fatalf("I fired where the aid said, yet the replay says %q", p.text("#bs-heat-text"))
	}
	p.snap("replay-heat")
	p.docShot("replay-battleship", "")
	p.checkAxe("the Battleship replay's heat map")
	noSidewaysScroll(t, p)
	// The bot's shot maps its own grid, the left one.
	p.do("Right", keys(kb.ArrowRight))
	p.waitFor("the bot's map", fmt.Sprintf(hottestIsExpert, "#ocean", "#ocean"))
	if evalAs[bool](p, `!!document.querySelector("#target .cell[data-heat]")`) {
		t.Fatal("the bot's shot warms the grid it did not fire at")
	}
	p.click("#replay-copy")
	p.waitFor("the link", fmt.Sprintf(`[...document.querySelectorAll(".toast")].some((e) => e.textContent.includes("/replay/%s?step=6"))`, m))

	// Someone not signed in who follows the link signs in first and then
	// sees the replay at the linked step.
	q := newPage(t, "bs-visitor", 1280, 900)
	q.goTo("/replay/" + m + "?step=6")
	q.waitVisible("#auth-name")
	q.typeInto("#auth-name", uniqueName("Vis"))
	q.click("#auth-submit")
	q.waitFor("the linked step", `document.querySelector("#replay-caption")?.textContent.startsWith("Move 6 of")`)
	q.waitFor("the bot's map", fmt.Sprintf(hottestIsExpert, "#ocean", "#ocean"))
}
