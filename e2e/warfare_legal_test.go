package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/games/warfare"
)

// The board lights the hexes, and enables the actions, that the view of
// the player to move lists (its "legal" member); the client holds no copy
// of the rules. These tests hold what the page offers to the game's own
// LegalFor on positions from real play, and play a lit hex to see the
// server take it.

// midGame plays bots on the small island until seat 0 opens a turn in
// round 8 or later with some villagers, and returns that position.
func midGame(t *testing.T, seed uint64) *warfare.State {
	t.Helper()
	opts, _ := json.Marshal(map[string]any{"players": 2, "island": "pebble", "rounds": 0})
	st, err := warfare.Definition.New(opts, game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*warfare.State)
	var bots []game.Bot
	for i, l := range []string{"medium", "hard"} {
		b, err := warfare.Definition.Bot(l, game.NewRand(seed+uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	for moves := 0; moves < 20000 && s.Outcome() == nil; moves++ {
		seat := s.Turn()[0]
		if seat == 0 && s.Round() >= 8 {
			units := 0
			for _, h := range s.View(0).(warfare.View).Hexes {
				if h.Owner == 0 && rankWord(h.Thing) && !h.Done {
					units++
				}
			}
			if units >= 4 {
				return s
			}
		}
		gametest.BotPlays(t, bots[seat], s, seat)
	}
	t.Fatalf("seed %d: no position with villagers for seat 0", seed)
	return nil
}

func rankWord(s string) bool {
	return s == "peasant" || s == "infantry" || s == "soldier" || s == "knight"
}

// scenarioOf writes the position seat 0 sees as a scenario, so that the
// server can set it up for the browser.
func scenarioOf(v warfare.View) map[string]any {
	grid := make([][]string, v.Height)
	for y := range grid {
		grid[y] = slices.Repeat([]string{"~"}, v.Width)
	}
	var work []map[string]any
	for _, h := range v.Hexes {
		tok := "-"
		if h.Owner >= 0 {
			tok = fmt.Sprint(h.Owner)
		}
		switch h.Thing {
		case "peasant", "infantry", "soldier", "knight":
			tok += h.Thing[:1]
		case "tree":
			tok += "*"
		case "tombstone":
			tok += "+"
		case "tower":
			tok += "w"
		}
		for _, vl := range v.Villages {
			if vl.Hex == h.ID {
				tok += vl.Level[:1]
			}
		}
		// A soldier or knight on a captured village's meadow is drawn
		// without it (a scenario cannot hold one); it changes no move.
		trampler := h.Thing == "soldier" || h.Thing == "knight"
		if h.Meadow && !(trampler && !h.Road) {
			tok += "m"
		}
		if h.Road {
			tok += "="
		}
		if h.Done && h.Left == 0 {
			tok += "!"
		}
		if h.Left > 0 {
			work = append(work, map[string]any{"hex": h.ID, "work": h.Work, "left": h.Left})
		}
		grid[h.Y][h.X] = tok
	}
	rows := make([]string, len(grid))
	for y, r := range grid {
		rows[y] = strings.Join(r, " ")
	}
	var vils []map[string]int
	for _, vl := range v.Villages {
		vils = append(vils, map[string]int{"hex": vl.Hex, "gold": vl.Gold, "wood": vl.Wood, "locked": vl.Locked})
	}
	return map[string]any{"players": v.Players, "turn": v.Turn, "round": v.Round, "map": rows, "villages": vils, "work": work}
}

// serverLit lists, for each piece of seat 0, what LegalFor offers, in
// the keys litJS uses.
func serverLit(t *testing.T, s *warfare.State) map[string][]int {
	t.Helper()
	out := map[string][]int{}
	add := func(k string, x int) { out[k] = append(out[k], x) }
	v := s.View(0).(warfare.View)
	for _, h := range v.Hexes {
		if h.Owner != 0 {
			continue
		}
		var q string
		switch {
		case rankWord(h.Thing):
			q = fmt.Sprintf("unit:%d", h.ID)
			out["go:"+fmt.Sprint(h.ID)] = []int{}
			out["act:"+fmt.Sprint(h.ID)] = []int{}
		case h.Thing == "village":
			q = fmt.Sprintf("village:%d", h.ID)
			for r := 1; r <= 4; r++ {
				out[fmt.Sprintf("buy:%d:%d", h.ID, r)] = []int{}
			}
			out["tower:"+fmt.Sprint(h.ID)] = []int{}
			out["upgrade:"+fmt.Sprint(h.ID)] = []int{}
		default:
			continue
		}
		ms, err := s.LegalFor(0, q)
		if err != nil {
			t.Fatal(err)
		}
		for _, gm := range ms {
			m := gm.(warfare.Move)
			switch m.Kind {
			case warfare.Go:
				add("go:"+fmt.Sprint(m.From), m.To)
			case warfare.Train:
				add("act:"+fmt.Sprint(m.From), 10+int(m.Unit))
			case warfare.Cultivate:
				add("act:"+fmt.Sprint(m.From), 1)
			case warfare.Road:
				add("act:"+fmt.Sprint(m.From), 2)
			case warfare.Buy:
				add(fmt.Sprintf("buy:%d:%d", m.From, m.Unit), m.To)
			case warfare.Tower:
				add("tower:"+fmt.Sprint(m.From), m.To)
			case warfare.Upgrade:
				add("upgrade:"+fmt.Sprint(m.From), 1)
			}
		}
	}
	for k := range out {
		slices.Sort(out[k])
	}
	return out
}

// litJS clicks every piece of seat 0 in turn and reads what the page
// offers: the lit hexes of a villager and its enabled buttons (train to
// rank r is 10+r, meadow 1, road 2), and for a village the lit hexes of
// each recruit and of a watchtower, and whether it can upgrade.
const litJS = `(() => {
	const out = {};
	const v = window.parlorTable.state().views["0"];
	const click = (id) => document.querySelector('.wf-land polygon[data-hex="' + id + '"]').dispatchEvent(new MouseEvent("click", {bubbles: true}));
	const lit = () => [...document.querySelectorAll(".wf-target-ring")].map((e) => Number(e.dataset.target)).sort((a, b) => a - b);
	const on = (sel) => { const b = document.querySelector(sel); return !!b && !b.disabled; };
	const ranks = ["", "peasant", "infantry", "soldier", "knight"];
	for (const h of v.hexes) {
		if (h.owner !== 0) continue;
		if (ranks.includes(h.thing) && h.thing) {
			click(h.id);
			out["go:" + h.id] = lit();
			const act = [];
			for (let r = 1; r <= 4; r++) if (on("#wf-train-" + ranks[r])) act.push(10 + r);
			if (on("#wf-meadow")) act.push(1);
			if (on("#wf-road")) act.push(2);
			out["act:" + h.id] = act.sort((a, b) => a - b);
			click(h.id);
		} else if (h.thing === "village") {
			click(h.id);
			for (let r = 1; r <= 4; r++) {
				const sel = "#wf-buy-" + ranks[r];
				if (!on(sel)) { out["buy:" + h.id + ":" + r] = []; continue; }
				document.querySelector(sel).click();
				out["buy:" + h.id + ":" + r] = lit();
				document.querySelector(sel).click();
			}
			if (on("#wf-tower")) {
				document.querySelector("#wf-tower").click();
				out["tower:" + h.id] = lit();
				document.querySelector("#wf-tower").click();
			} else out["tower:" + h.id] = [];
			out["upgrade:" + h.id] = on("#wf-upgrade") ? [1] : [];
			click(h.id);
		}
	}
	return out;
})()`

// TestWarfareLitHexesMatchServer sets up positions from bot games in the
// browser and checks, piece by piece, that the hexes the page lights and
// the actions it enables are exactly the moves the game allows; then it
// clicks a villager and one of its lit hexes, and the server plays it.
func TestWarfareLitHexesMatchServer(t *testing.T) {
	p := newPage(t, "lord", 1280, 900)
	p.guest(uniqueName("Lord"))
	for _, seed := range []uint64{3, 11} {
		s := midGame(t, seed)
		sc := scenarioOf(s.View(0).(warfare.View))
		raw, _ := json.Marshal(sc)
		// The server sets up the same position from the scenario.
		s2, err := warfare.LoadScenario(raw, game.NewRand(1))
		if err != nil {
			t.Fatalf("seed %d: the position does not load as a scenario: %v", seed, err)
		}
		want := serverLit(t, s2)
		if !slices.Equal(regions(s.View(0).(warfare.View)), regions(s2.View(0).(warfare.View))) {
			t.Fatalf("seed %d: the scenario does not give back the position", seed)
		}
		id := evalAs[string](p, createWarScenarioJS(sc))
		p.goTo("/t/" + id)
		p.waitVisible("#wf-end")
		p.click("#wf-zoom-fit")
		got := evalAs[map[string][]int](p, litJS)
		checked := 0
		for k, w := range want {
			g := got[k]
			if g == nil {
				g = []int{}
			}
			if !slices.Equal(g, w) {
				t.Errorf("seed %d, %s: the page offers %v, the game %v", seed, k, g, w)
			}
			checked++
		}
		for k := range got {
			if _, ok := want[k]; !ok {
				t.Errorf("seed %d: the page offers %s, a piece the game does not know", seed, k)
			}
		}
		t.Logf("seed %d: round %d, %d pieces' offers agree", seed, s.Round(), checked)
		p.snap(fmt.Sprintf("seed-%d", seed))
		// A villager's lit hex, clicked, is a move the server accepts.
		var from, to int = -1, -1
		for k, w := range want {
			if strings.HasPrefix(k, "go:") && len(w) > 0 {
				fmt.Sscanf(k, "go:%d", &from)
				to = w[len(w)-1]
				break
			}
		}
		if from < 0 {
			t.Fatalf("seed %d: no villager has a hex to go to", seed)
		}
		seq := evalAs[int](p, `window.parlorTable.state().seq`)
		p.click(fmt.Sprintf(`.wf-land polygon[data-hex="%d"]`, from))
		p.waitVisible(fmt.Sprintf(`.wf-target-ring[data-target="%d"]`, to))
		p.click(fmt.Sprintf(`.wf-land polygon[data-hex="%d"]`, to))
		p.waitFor("the move accepted", fmt.Sprintf(`window.parlorTable.state().seq > %d || !!document.querySelector("#note.note-error")`, seq))
		if evalAs[bool](p, `!!document.querySelector("#note.note-error")`) {
			t.Errorf("seed %d: the server refused the move from hex %d to lit hex %d: %s", seed, from, to, p.text("#note"))
		}
		if got := evalAs[int](p, fmt.Sprintf(`window.parlorTable.state().views["0"].hexes[%d].owner`, to)); got != 0 {
			t.Errorf("seed %d: after the move hex %d belongs to %d, not to the mover", seed, to, got)
		}
		if seed == 3 {
			// On a phone the lit hexes of the next villager show as well.
			p.do("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
			p.click("#wf-zoom-in")
			p.click("#wf-zoom-in")
			p.click("#wf-next")
			p.waitFor("lit hexes on a phone", `document.querySelectorAll(".wf-target-ring").length > 0`)
			p.fitsWidth("a villager selected on a phone")
			p.snap("phone-lit")
			p.do("desk size", chromedp.EmulateViewport(1280, 900))
		}
	}
}

// regions is each hex's owner, thing and region, to compare positions.
func regions(v warfare.View) []string {
	out := make([]string, len(v.Hexes))
	for i, h := range v.Hexes {
		out[i] = fmt.Sprintf("%d/%s/%d/%v", h.Owner, h.Thing, h.Region, h.Done)
	}
	return out
}
