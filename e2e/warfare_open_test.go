package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// warfareSight measures the island as the page shows it: the width of a
// hex on screen, how many of the player's own hexes are in view out of
// how many they hold, and how many hexes of the island are in view out
// of all.
const warfareSight = `(() => {
  const svgEl = document.querySelector(".wf-map svg");
  const box = svgEl.getBoundingClientRect();
  const st = window.parlorTable.state();
  const seat = Number(Object.keys(st.views).find((k) => k !== "-1") ?? -1);
  const v = st.views[String(seat)] ?? st.views["-1"];
  const inView = (el) => { const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom && y <= innerHeight && x <= innerWidth; };
  const polys = [...document.querySelectorAll(".wf-land polygon[data-hex]")];
  const byId = new Map(polys.map((p) => [Number(p.dataset.hex), p]));
  const own = v.hexes.filter((c) => c.owner === seat).map((c) => byId.get(c.id)).filter(Boolean);
  const vb = svgEl.viewBox.baseVal;
  return { box: [Math.round(box.width), Math.round(box.height), Math.round(box.top)], vb: [Math.round(vb.width), Math.round(vb.height)], hex: Math.round(polys[0].getBoundingClientRect().width), own: own.length, ownSeen: own.filter(inView).length,
    all: polys.length, allSeen: polys.filter(inView).length };
})()`

type sight struct {
	Box     []int `json:"box"`
	VB      []int `json:"vb"`
	Hex     int   `json:"hex"`
	Own     int   `json:"own"`
	OwnSeen int   `json:"ownSeen"`
	All     int   `json:"all"`
	AllSeen int   `json:"allSeen"`
}

// TestWarfareOpensOnYourLand (issue 32, point 9): at 1280x800, 800x600
// and 390x844 a Medieval Warfare game opens with every hex of the
// player's own land in view, at a size a hex can be played on; one press
// of Fit shows the whole island, and at 1280x800 its hexes stay large
// enough to aim at.
func TestWarfareOpensOnYourLand(t *testing.T) {
	for _, size := range [][2]int64{{1280, 800}, {800, 600}, {390, 844}} {
		// The largest island of the first seeds (725 hexes, 36 by 38)
		// and the tallest (31 by 47), whose whole leaves hexes smallest.
		for _, c := range []struct{ players, seed int }{{2, 22}, {6, 2}} {
			players := c.players
			p := newPage(t, fmt.Sprintf("w%d-p%d", size[0], players), size[0], size[1])
			if size[0] < 500 {
				p.do("phone", chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
			}
			p.guest(uniqueName("Wf"))
			seats := []map[string]string{{"kind": "me"}}
			for range players - 1 {
				seats = append(seats, map[string]string{"kind": "bot", "level": "easy"})
			}
			id := evalAs[string](p, createTableJS("warfare", map[string]any{"players": players, "seed": c.seed}, seats))
			p.goTo("/t/" + id)
			p.waitFor("the island", `!!document.querySelector("#status.my-turn") && document.querySelectorAll(".wf-land polygon").length > 0`)
			p.snap("open")
			at := evalAs[sight](p, warfareSight)
			t.Logf("%dx%d, %d players, at the start: %+v", size[0], size[1], players, at)
			// The view is on the player's land: all of it, or, their land
			// being spread over the island, a part that holds more of their
			// land than of the island.
			mine := float64(at.OwnSeen) / float64(max(at.Own, 1))
			island := float64(at.AllSeen) / float64(max(at.All, 1))
			if at.OwnSeen == 0 || at.OwnSeen != at.Own && mine < island {
				p.fail("at %dx%d with %d players the game opens with %d of the player's %d hexes in view (%.2f), and %d of the island's %d (%.2f)", size[0], size[1], players, at.OwnSeen, at.Own, mine, at.AllSeen, at.All, island)
			}
			if at.Hex < 24 {
				p.fail("at %dx%d with %d players the game opens with hexes %d px wide, too small to play on", size[0], size[1], players, at.Hex)
			}
			p.click("#wf-zoom-fit")
			p.snap("fit")
			fit := evalAs[sight](p, warfareSight)
			t.Logf("%dx%d, %d players, after Fit: %+v", size[0], size[1], players, fit)
			if fit.AllSeen != fit.All {
				p.fail("at %dx%d with %d players Fit shows %d of the island's %d hexes", size[0], size[1], players, fit.AllSeen, fit.All)
			}
			if size[0] == 1280 && fit.Hex < 16 {
				p.fail("at 1280x800 with %d players Fit makes hexes %d px wide", players, fit.Hex)
			}
		}
	}
}
