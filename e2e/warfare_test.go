package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// warView is the part of a Medieval Warfare view the test reads.
type warView struct {
	Turn  int `json:"turn"`
	Round int `json:"round"`
	Hexes []struct {
		ID     int    `json:"id"`
		Owner  int    `json:"owner"`
		Thing  string `json:"thing"`
		Done   bool   `json:"done"`
		Region int    `json:"region"`
	} `json:"hexes"`
	Villages []struct {
		Hex   int    `json:"hex"`
		Owner int    `json:"owner"`
		Level string `json:"level"`
		Gold  int    `json:"gold"`
		Size  int    `json:"size"`
	} `json:"villages"`
}

// warState reads the view the page holds, as the server sent it.
func (p *page) warState() warView {
	p.t.Helper()
	return evalAs[warView](p, `(() => { const vs = window.parlorTable.state().views; return vs["0"] ?? Object.values(vs)[0]; })()`)
}

func (p *page) clickHex(id int) {
	p.t.Helper()
	p.click(fmt.Sprintf(`.wf-land polygon[data-hex="%d"]`, id))
}

// TestWarfareAgainstBot: a player sets up Medieval Warfare against an easy
// bot in the create dialog, recruits a peasant from a village by clicking
// the village, the recruit button and a lit hex, walks it onto a lit hex
// by clicking, zooms the map, ends the turn and gets it back after the
// bot's; each step is checked against the view the server sends.
func TestWarfareAgainstBot(t *testing.T) {
	p := newPage(t, "lord", 1280, 900)
	p.guest(uniqueName("Lord"))
	p.click("#new-table")
	p.waitVisible("dialog.create")
	p.choose("#create-game", "warfare")
	p.click("#mode-bot")
	p.choose("#opt-island", "pebble")
	p.choose("#seat-1-level", "easy")
	// Create is clicked once the preview is drawn, as a person would
	// after looking at it: the drawing arriving moves the button down.
	p.previewShows("the island to play", `"island":"pebble"`)
	p.snap("create-dialog")
	p.click("#create-submit")
	p.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length >= 300`)
	p.waitFor("my turn", p.visible("#wf-end"))
	v := p.warState()
	if v.Turn != 0 || v.Round != 1 {
		t.Fatalf("the game opens on turn %d of round %d, want seat 0 in round 1", v.Turn, v.Round)
	}
	if n := evalAs[int](p, `document.querySelectorAll("#wf-villages button[data-village]").length`); n == 0 {
		t.Fatal("the village list is empty")
	}
	p.snap("start")
	// The whole island in view, so that every hex can be clicked.
	p.click("#wf-zoom-fit")

	// Recruit a peasant: the village, the button, a lit free hex. The
	// largest region leaves the recruit somewhere to go.
	vil, size := -1, 0
	for _, x := range v.Villages {
		if x.Owner == 0 && x.Gold >= 10 && x.Size > size {
			vil, size = x.Hex, x.Size
		}
	}
	if vil < 0 {
		t.Fatal("no village of mine can afford a peasant on the first turn")
	}
	p.clickHex(vil)
	p.click("#wf-buy-peasant")
	p.waitFor("hexes lit for the recruit", `document.querySelector(".wf-target-ring.t-walk") !== null`)
	at := evalAs[int](p, `Number(document.querySelector(".wf-target-ring.t-walk").dataset.target)`)
	p.clickHex(at)
	p.waitFor("the peasant on the board", fmt.Sprintf(`document.querySelector('[data-unit="%d"][data-rank="peasant"]') !== null`, at))
	v = p.warState()
	if h := v.Hexes[at]; h.Thing != "peasant" || h.Owner != 0 {
		t.Fatalf("after recruiting on hex %d the server shows %+v", at, h)
	}

	// Select the recruit and send it to a lit hex: land to take if there
	// is some, else a walk.
	p.clickHex(at)
	p.waitFor("the peasant's destinations", `document.querySelector(".wf-target-ring") !== null`)
	p.snap("destinations")
	to := evalAs[int](p, `Number((document.querySelector(".wf-target-ring.t-take") ?? document.querySelector(".wf-target-ring.t-walk") ?? document.querySelector(".wf-target-ring")).dataset.target)`)
	before := v.Hexes[to]
	p.clickHex(to)
	p.waitFor("the peasant moved", fmt.Sprintf(`document.querySelector('[data-unit="%d"]') !== null && document.querySelector('[data-unit="%d"]') === null`, to, at))
	v = p.warState()
	if h := v.Hexes[to]; h.Thing != "peasant" || h.Owner != 0 {
		t.Fatalf("after moving %d-%d the server shows hex %d as %+v (before %+v)", at, to, to, h, before)
	}
	if v.Hexes[at].Thing != "" {
		t.Fatalf("hex %d still holds %q after the peasant left", at, v.Hexes[at].Thing)
	}
	if before.Owner != 0 && !v.Hexes[to].Done {
		t.Fatalf("the peasant took hex %d but is not done", to)
	}

	// Zoom with the button and the keyboard: the map's viewBox narrows.
	box := func() string { return evalAs[string](p, `document.querySelector(".wf-svg").getAttribute("viewBox")`) }
	b0 := box()
	p.click("#wf-zoom-in")
	b1 := box()
	if b1 == b0 {
		t.Fatal("zoom in did not change the view")
	}
	evalAs[bool](p, `(document.querySelector(".wf-svg").focus(), true)`)
	p.do("zoom in with the keyboard", keys("+"))
	if b2 := box(); b2 == b1 {
		t.Fatal("the + key did not zoom")
	}
	p.snap("zoomed")
	// The mouse wheel zooms out again; a drag pans.
	b3 := evalAs[string](p, `(() => { const s = document.querySelector(".wf-svg"); const r = s.getBoundingClientRect();
		s.dispatchEvent(new WheelEvent("wheel", {deltaY: 300, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true, cancelable: true}));
		return s.getAttribute("viewBox"); })()`)
	if b3 == box() && b3 == b1 {
		t.Fatal("the mouse wheel did not zoom")
	}
	p.do("drag the map", chromedp.MouseEvent("mousePressed", 300, 500, chromedp.ButtonLeft),
		chromedp.MouseEvent("mouseMoved", 340, 520, chromedp.ButtonLeft), chromedp.MouseEvent("mouseMoved", 380, 540, chromedp.ButtonLeft),
		chromedp.MouseEvent("mouseReleased", 380, 540, chromedp.ButtonLeft))
	if b4 := box(); b4 == b3 {
		t.Fatal("dragging did not pan the map")
	}
	p.click("#wf-zoom-fit")
	p.snap("moved")

	// End the turn; the bot plays and the turn comes back in round 2.
	p.click("#wf-end")
	p.waitFor("my second turn", `(() => { const vs = window.parlorTable.state().views; const v = vs["0"] ?? Object.values(vs)[0]; return v.round === 2 && v.turn === 0; })()`)
	p.waitVisible("#wf-end")
	v = p.warState()
	if v.Hexes[to].Owner != 0 && v.Hexes[to].Thing == "peasant" {
		t.Fatalf("hex %d holds my peasant but is not mine", to)
	}
	p.snap("round-2")
}

// warScenario shows every kind of piece: a town with a road, a meadow, a
// tree, a tombstone and a watchtower; a hovel that cannot pay its wages,
// with a peasant busy on a meadow; the bot's fort with a knight. Hex ids
// are row*8+column (no sea tokens).
var warScenario = map[string]any{
	"players": 2, "turn": 0, "round": 1, "rounds": 0,
	"map": []string{
		"0t 0 0p 0* 0+ - 1f 1k",
		"0= 0m 0s 0w -* - 1 1m",
		"0p 0i 0 - -m 1 1+ 1",
		"- - - 0h 0p 0 - 1",
		"- - - 0i 0 - - -",
	},
	"villages": []map[string]int{{"hex": 0, "gold": 50, "wood": 13}, {"hex": 27, "gold": 0, "wood": 8}, {"hex": 6, "gold": 100}},
	"work":     []map[string]any{{"hex": 28, "work": "meadow", "left": 2}},
}

// createWarScenarioJS creates a Medieval Warfare table on a scenario
// against an easy bot over the page's own WebSocket (the create dialog
// does not offer scenarios) and resolves with the table's id.
func createWarScenarioJS(scenario map[string]any) string {
	return createWarTableJS(scenario, []map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}})
}

// TestWarfareVillageActions plays a set position: every symbol is drawn,
// the village list warns of the hovel that cannot pay, and the buttons
// train a peasant, upgrade the hovel and build a watchtower; a peasant
// joins an infantry and a soldier takes neutral land by clicks on lit
// hexes. The server's view confirms
// each step.
func TestWarfareVillageActions(t *testing.T) {
	p := newPage(t, "lord", 1280, 900)
	p.guest(uniqueName("Lord"))
	id := evalAs[string](p, createWarScenarioJS(warScenario))
	p.goTo("/t/" + id)
	p.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length === 40`)
	p.waitVisible("#wf-end")
	for _, sel := range []string{`[data-level="town"]`, `[data-level="hovel"]`, `[data-level="fort"]`, `path[data-thing="tree"]`,
		`use[data-thing="tombstone"]`, `use[data-thing="tower"]`, `[data-meadow="9"]`, `[data-road="8"]`,
		`[data-rank="knight"]`, `[data-rank="soldier"]`, `[data-rank="infantry"]`, `.wf-unit.working`, `.wf-village.short`} {
		if !evalAs[bool](p, fmt.Sprintf(`document.querySelector(%q) !== null`, sel)) {
			p.fail("the board draws no %s", sel)
		}
	}
	if got := p.text(`#wf-villages tr.short`); !strings.Contains(got, "cannot pay") {
		t.Fatalf("the village list's short row says %q", got)
	}
	p.snap("symbols")

	// Train the peasant on hex 2 to infantry from the town's gold.
	p.clickHex(2)
	p.click("#wf-train-infantry")
	p.waitFor("the infantry", `document.querySelector('[data-unit="2"][data-rank="infantry"]') !== null`)
	if v := p.warState(); v.Hexes[2].Thing != "infantry" || v.Villages[0].Gold != 40 {
		t.Fatalf("after training: hex 2 %+v, town %+v", v.Hexes[2], v.Villages[0])
	}

	// The peasant on 16 joins the infantry on 17: a soldier. (A click
	// on the selected infantry on 2 lets it go first, else 16 would be
	// its own lit hex to combine.)
	p.clickHex(2)
	p.waitFor("nothing selected", `document.querySelector(".wf-selected") === null`)
	p.clickHex(16)
	p.waitFor("the infantry lit to combine", `document.querySelector('.wf-target-ring.t-act[data-target="17"]') !== null`)
	p.clickHex(17)
	p.waitFor("the soldier", `document.querySelector('[data-unit="17"][data-rank="soldier"]') !== null`)
	if v := p.warState(); v.Hexes[17].Thing != "soldier" || v.Hexes[16].Thing != "" {
		t.Fatalf("after combining: hex 16 %+v, hex 17 %+v", v.Hexes[16], v.Hexes[17])
	}

	// Upgrade the hovel on 27 from the village list and its button.
	p.click(`#wf-villages button[data-village="27"]`)
	p.click("#wf-upgrade")
	p.waitFor("the new town", `document.querySelector('[data-village="27"][data-level="town"]') !== null`)

	// The town on 0 builds a watchtower on a lit hex.
	p.clickHex(0)
	p.click("#wf-tower")
	p.waitFor("hexes lit for the tower", `document.querySelector(".wf-target-ring") !== null`)
	at := evalAs[int](p, `Number(document.querySelector(".wf-target-ring").dataset.target)`)
	p.clickHex(at)
	p.waitFor("the watchtower", fmt.Sprintf(`(() => { const v = window.parlorTable.state().views["0"]; return v.hexes[%d].thing === "tower"; })()`, at))

	// The soldier on 10 takes the neutral hex 19 next to it.
	p.clickHex(10)
	p.waitFor("hex 19 lit for taking", `document.querySelector('.wf-target-ring.t-take[data-target="19"]') !== null`)
	if evalAs[bool](p, `document.querySelector('.wf-target-ring[data-target="6"]') !== null`) {
		t.Fatal("the soldier is offered the fort, which only a knight can take")
	}
	p.clickHex(19)
	p.waitFor("hex 19 taken", `(() => { const v = window.parlorTable.state().views["0"]; return v.hexes[19].owner === 0 && v.hexes[19].thing === "soldier"; })()`)
	p.snap("after")

	// Without the map: "Next villager" and the menu of lit hexes.
	p.click("#wf-next")
	p.waitVisible("#wf-targets")
	to := evalAs[int](p, `Number(document.querySelector("#wf-targets").value)`)
	p.click("#wf-targets-go")
	p.waitFor("the move from the menu", fmt.Sprintf(`(() => { const h = window.parlorTable.state().views["0"].hexes[%d]; return h.owner === 0 && ["peasant", "infantry", "soldier", "knight"].includes(h.thing); })()`, to))

	// On a phone the map and the village list still fit.
	p.do("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	p.clickHex(0)
	p.waitVisible("#wf-buy-peasant")
	p.snap("phone")
}

// TestWarfareWinAndReplay: a soldier takes the bot's only village, the
// rest of its land is too small to keep and turns neutral, and the game
// is won; the replay then shows the island at the start and at the end.
func TestWarfareWinAndReplay(t *testing.T) {
	p := newPage(t, "lord", 1280, 900)
	p.guest(uniqueName("Lord"))
	scenario := map[string]any{"players": 2, "turn": 0, "round": 1, "rounds": 0,
		"map":      []string{"0h 0 0s 1h 1 1"},
		"villages": []map[string]int{{"hex": 0, "gold": 10}, {"hex": 3, "gold": 0}}}
	id := evalAs[string](p, createWarScenarioJS(scenario))
	p.goTo("/t/" + id)
	p.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length === 6`)
	p.clickHex(2)
	p.waitFor("the village lit for taking", `document.querySelector('.wf-target-ring.t-take[data-target="3"]') !== null`)
	p.clickHex(3)
	p.waitFor("the result", `!!document.querySelector("#result:not([hidden])")`)
	v := p.warState()
	if v.Turn != -1 || v.Hexes[3].Owner != 0 || v.Hexes[4].Owner != -1 || v.Hexes[5].Owner != -1 {
		t.Fatalf("after the capture the server shows turn %d, hexes %+v", v.Turn, v.Hexes)
	}
	if got := p.text(".wf-round"); !strings.Contains(got, "Game over") {
		t.Fatalf("the map's heading says %q", got)
	}
	p.snap("won")
	keptBoardIsServers(p) // the views came as patches (protocol v5)
	p.click(`a[href^="/replay/"]`)
	p.waitFor("the replay's island", `document.querySelectorAll(".replay .wf-land polygon").length === 6`)
	p.waitFor("the end position", `document.querySelector('.replay [data-unit="3"][data-rank="soldier"]') !== null`)
	p.click(`button[aria-label="First move"]`)
	p.waitFor("the start position", `document.querySelector('.replay [data-village="3"]') !== null && document.querySelector('.replay [data-unit="2"]') !== null`)
	p.snap("replay-start")
}

// TestWarfareStarvation: a hovel that cannot pay its infantry is marked
// on the map and in the list; when the turn comes back the infantry has
// become a tombstone and the player is told.
func TestWarfareStarvation(t *testing.T) {
	p := newPage(t, "lord", 1280, 900)
	p.guest(uniqueName("Lord"))
	scenario := map[string]any{"players": 2, "turn": 0, "round": 1, "rounds": 0,
		"map":      []string{"0h 0 0i - - 1h 1 1"},
		"villages": []map[string]int{{"hex": 0, "gold": 0}, {"hex": 5, "gold": 0}}}
	id := evalAs[string](p, createWarScenarioJS(scenario))
	p.goTo("/t/" + id)
	p.waitVisible("#wf-end")
	p.waitVisible(`.wf-village.short[data-village="0"]`)
	if got := p.text(`#wf-villages tr.short`); !strings.Contains(got, "cannot pay") {
		t.Fatalf("the village list's row says %q", got)
	}
	p.click("#wf-end")
	p.waitFor("the tombstone", `(() => { const v = window.parlorTable.state().views["0"]; return v.round === 2 && v.turn === 0 && v.hexes[2].thing === "tombstone"; })()`)
	p.waitFor("the news", `document.querySelector("#note").textContent.includes("starved")`)
	p.waitVisible(`use[data-thing="tombstone"]`)
	p.snap("starved")
}
