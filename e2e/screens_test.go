package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSmallScreenHandoverReplayAndSettings walks the remaining screens at
// 800x600: welcome, a hot-seat Battleship hand-over, a short hot-seat Dots
// and Boxes game and its replay, the profile, and the settings.
func TestSmallScreenHandoverReplayAndSettings(t *testing.T) {
	p := newPage(t, "small", 800, 600)
	p.goTo("/")
	p.waitVisible("#auth-name")
	load := evalAs[float64](p, `(() => { const n = performance.getEntriesByType("navigation")[0]; return n.loadEventEnd > 0 ? n.loadEventEnd - n.startTime : n.domContentLoadedEventEnd - n.startTime; })()`)
	t.Logf("first page load in Chromium: %.0f ms", load)
	p.snap("welcome")
	p.guest(uniqueName("Sm"))
	p.snap("lobby")
	if w := evalAs[float64](p, `document.documentElement.scrollWidth`); w > 800 {
		t.Fatalf("the lobby is %.0f px wide at an 800 px window: it scrolls sideways", w)
	}

	// Battleship at one screen: the board stays hidden until the next
	// player confirms the hand-over.
	p.click("#new-table")
	p.choose("#create-game", "battleship")
	p.click("#mode-hotseat")
	p.click("#create-submit")
	p.waitVisible("#handover-ok")
	p.snap("handover-first")
	p.click("#handover-ok")
	p.waitVisible("#random-fleet")
	p.click("#random-fleet")
	p.click("#start-battle")
	p.waitVisible("#handover-ok")
	if !strings.Contains(p.text(".handover-card h2"), "Player 2") {
		t.Fatalf("hand-over names %q, want Player 2", p.text(".handover-card h2"))
	}
	if evalAs[bool](p, `getComputedStyle(document.querySelector(".bs")).visibility !== "hidden" && document.querySelectorAll("#ocean .cell.ship").length > 0`) {
		t.Fatal("Player 1's fleet is visible behind the hand-over screen")
	}
	p.snap("handover-second")
	p.click("#handover-ok")
	p.waitFor("Player 2's own empty grid", `document.querySelectorAll("#ocean .cell.ship").length === 0 && !!document.querySelector("#random-fleet")`)
	p.snap("player2-placing")

	// A short hot-seat Dots and Boxes game, then its replay.
	p.goTo("/")
	p.click("#new-table")
	p.choose("#create-game", "dots")
	p.click("#mode-hotseat")
	p.choose("#dots-size", "3")
	p.click("#create-submit")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 12`)
	latency := evalAs[string](p, `new Promise(done => {
		const g = document.querySelector("g.slot[data-line='a1-b1']");
		const t0 = performance.now();
		g.dispatchEvent(new MouseEvent("click", {bubbles: true}));
		const shown = g.querySelector(".ln").getAttribute("class");
		requestAnimationFrame(() => done((performance.now() - t0).toFixed(1) + " ms to the next frame, line class " + shown));
	})`)
	t.Logf("input to screen: %s", latency)
	if !strings.Contains(latency, "pending") && !strings.Contains(latency, "drawn") {
		t.Fatalf("a click does not show the line at once: %s", latency)
	}
	p.waitFor("the first line drawn", `document.querySelectorAll(".ln.drawn").length === 1`)
	playOutDots(t, p)
	p.snap("dots-3x3-result")
	p.click(`#result a[href^="/replay/"]`)
	p.waitFor("the replay", `document.querySelector("#replay-caption")?.textContent.startsWith("Move")`)
	p.click(`button[aria-label="First move"]`)
	first := p.text("#replay-caption")
	if !strings.HasPrefix(first, "Start position") || evalAs[int](p, `document.querySelectorAll(".ln.drawn").length`) != 0 {
		t.Fatalf("the first replay step should be the empty start position; caption %q", first)
	}
	p.click(`button[aria-label="Next move"]`)
	if next := p.text("#replay-caption"); next == first {
		t.Fatalf("stepping the replay does not move: %q", next)
	}
	p.snap("replay")

	p.goTo("/profile/" + p.whoami())
	p.waitFor("the record", `document.querySelector('.stats-table') !== null`)
	p.snap("profile")

	p.goTo("/settings")
	p.click("#set-motion")
	p.do("reload", chromedp.Reload())
	p.waitVisible("#set-motion")
	if !evalAs[bool](p, `document.querySelector("#set-motion").checked && document.documentElement.classList.contains("reduce-motion")`) {
		t.Fatal("the reduced-motion setting did not survive a reload")
	}
	p.snap("settings")

	p.goTo("/rules/battleship")
	p.waitRulebook("main")
	p.snap("rulebook")
}
