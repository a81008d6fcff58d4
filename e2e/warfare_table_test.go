package e2e

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// warSeatView is what these tests read of a Medieval Warfare view: more
// of each village than warView, for the upgrade and the wage warning.
type warSeatView struct {
	Turn  int `json:"turn"`
	Round int `json:"round"`
	Hexes []struct {
		Owner int    `json:"owner"`
		Thing string `json:"thing"`
		Done  bool   `json:"done"`
	} `json:"hexes"`
	Villages []struct {
		Hex    int    `json:"hex"`
		Owner  int    `json:"owner"`
		Level  string `json:"level"`
		Gold   int    `json:"gold"`
		Wood   int    `json:"wood"`
		Size   int    `json:"size"`
		Short  bool   `json:"short"`
		Locked int    `json:"locked"`
	} `json:"villages"`
}

// seatView reads the view the page holds and fails unless it holds
// exactly one, the given seat's: a person at an online table is sent
// their own seat's view and nobody else's.
func (p *page) seatView(seat int) warSeatView {
	p.t.Helper()
	if keys := evalAs[string](p, `Object.keys(window.parlorTable.state().views).join()`); keys != strconv.Itoa(seat) {
		p.fail("the page holds the views of seats %q, want only seat %d's", keys, seat)
	}
	return evalAs[warSeatView](p, fmt.Sprintf(`window.parlorTable.state().views[%q]`, strconv.Itoa(seat)))
}

// village finds the village on hex id in the page's view of seat.
func (p *page) village(seat, id int) (v warSeatView, i int) {
	p.t.Helper()
	v = p.seatView(seat)
	for i, x := range v.Villages {
		if x.Hex == id {
			return v, i
		}
	}
	p.fail("the view shows no village on hex %d", id)
	return v, -1
}

// waitWarTurn waits until the page's view says it is seat's turn in the
// given round and its End turn button is shown.
func (p *page) waitWarTurn(seat, round int) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf("seat %d's turn in round %d", seat, round), fmt.Sprintf(
		`(() => { const v = Object.values(window.parlorTable.state().views)[0]; return v && v.turn === %d && v.round === %d; })()`, seat, round))
	p.waitVisible("#wf-end")
}

// checkOwnPage checks what a person sees is their seat's own: one view,
// a village list of their villages only, and the End turn button only
// when it is their turn.
func (p *page) checkOwnPage(seat int) {
	p.t.Helper()
	v := p.seatView(seat)
	listed := evalAs[[]int](p, `[...document.querySelectorAll("#wf-villages button[data-village]")].map((b) => Number(b.dataset.village))`)
	var mine []int
	for _, x := range v.Villages {
		if x.Owner == seat {
			mine = append(mine, x.Hex)
		}
	}
	slices.Sort(listed)
	slices.Sort(mine)
	if !slices.Equal(listed, mine) {
		p.fail("the village list shows villages %v, want seat %d's own %v", listed, seat, mine)
	}
	if got := p.text("#wf-villages-title"); got != "Your villages" {
		p.fail("the village list is headed %q", got)
	}
	myTurn := v.Turn == seat
	if shown := evalAs[bool](p, p.visible("#wf-end")); shown != myTurn {
		p.fail("End turn shown %v on a page whose turn it is: %v", shown, myTurn)
	}
}

// pickTarget says which lit hex of a kind ("walk", "take", "act") the
// map offers first, or -1.
func (p *page) pickTarget(kind string) int {
	p.t.Helper()
	return evalAs[int](p, fmt.Sprintf(`(() => { const e = document.querySelector(".wf-target-ring.t-%s"); return e ? Number(e.dataset.target) : -1; })()`, kind))
}

// recruitPeasant hires a peasant from the seat's richest large village
// by a click on its row of the village list, the recruit button and a
// lit free hex, and checks the server's view has it there; it returns
// the hex.
func (p *page) recruitPeasant(seat int) int {
	p.t.Helper()
	v := p.seatView(seat)
	vil, size := -1, 0
	for _, x := range v.Villages {
		if x.Owner == seat && x.Gold >= 10 && x.Locked == 0 && x.Size > size {
			vil, size = x.Hex, x.Size
		}
	}
	if vil < 0 {
		p.fail("no village of seat %d can hire a peasant", seat)
	}
	v, i := p.village(seat, vil)
	gold := v.Villages[i].Gold
	p.click(fmt.Sprintf(`#wf-villages button[data-village="%d"]`, vil))
	// The list centres the map on the village; the whole island again
	// keeps every lit hex in view to be clicked.
	p.click("#wf-zoom-fit")
	p.click("#wf-buy-peasant")
	p.waitFor("hexes lit for the recruit", `document.querySelector(".wf-target-ring.t-walk") !== null`)
	at := evalAs[int](p, roomyRecruitJS)
	p.clickHex(at)
	p.waitFor("the recruit on the map", fmt.Sprintf(`document.querySelector('[data-unit="%d"][data-rank="peasant"]') !== null`, at))
	v = p.seatView(seat)
	if h := v.Hexes[at]; h.Thing != "peasant" || h.Owner != seat {
		p.fail("after recruiting on hex %d the server shows %+v", at, h)
	}
	if v, i := p.village(seat, vil); v.Villages[i].Gold != gold-10 {
		p.fail("the village paid %d gold for a peasant, want 10", gold-v.Villages[i].Gold)
	}
	return at
}

// roomyRecruitJS picks, of the hexes lit for a recruit, one from which a
// peasant could both walk somewhere in its region and then take neutral
// land, so that the test can do both; else the first lit hex. It reads
// the island from the view as the server sent it.
const roomyRecruitJS = `(() => {
	const v = Object.values(window.parlorTable.state().views)[0];
	const byXY = new Map(v.hexes.map((c) => [c.y * v.width + c.x, c]));
	const step = [[[1, 0], [0, -1], [-1, -1], [-1, 0], [-1, 1], [0, 1]], [[1, 0], [1, -1], [0, -1], [-1, 0], [0, 1], [1, 1]]];
	const nbrs = (c) => step[c.y & 1].map(([dx, dy]) => [c.x + dx, c.y + dy])
		.filter(([x, y]) => x >= 0 && x < v.width && y >= 0).map(([x, y]) => byXY.get(y * v.width + x)).filter(Boolean);
	const lit = [...document.querySelectorAll(".wf-target-ring.t-walk")].map((e) => v.hexes[Number(e.dataset.target)]);
	const roomy = lit.find((start) => {
		const reach = new Set([start.id]);
		const queue = [start];
		while (queue.length) {
			for (const n of nbrs(queue.shift())) {
				if (reach.has(n.id) || n.region !== start.region || n.thing) continue;
				reach.add(n.id);
				queue.push(n);
			}
		}
		return reach.size > 1 && [...reach].some((id) => nbrs(v.hexes[id]).some((n) => n.owner < 0));
	});
	return (roomy ?? lit[0]).id;
})()`

// walkTo selects the villager on hex from and clicks the first lit hex of
// the kind; it waits for the server's view to show the villager there
// and returns the hex (or -1 when the map lights none of that kind).
func (p *page) walkTo(seat, from int, kind string) int {
	p.t.Helper()
	// A villager that only walked stays selected; a click on it again
	// would let it go.
	if evalAs[string](p, `document.querySelector("#wf-sel strong")?.textContent ?? ""`) != "Peasant on hex "+strconv.Itoa(from) {
		p.clickHex(from)
	}
	p.waitFor("the villager's lit hexes", fmt.Sprintf(`document.querySelector(".wf-selected") !== null && document.querySelector("#wf-sel").textContent.includes("hex %d")`, from))
	to := p.pickTarget(kind)
	if to < 0 {
		p.clickHex(from) // let it go again
		return -1
	}
	p.clickHex(to)
	p.waitFor("the villager on its new hex", fmt.Sprintf(`(() => { const v = window.parlorTable.state().views[%q]; return v.hexes[%d].thing === "peasant" && !v.hexes[%d].thing; })()`,
		strconv.Itoa(seat), to, from))
	v := p.seatView(seat)
	if h := v.Hexes[to]; h.Owner != seat {
		p.fail("the peasant went to hex %d but the server shows it as %+v", to, h)
	}
	if kind == "walk" {
		p.waitFor("the walker still selected", fmt.Sprintf(`document.querySelector("#wf-sel strong")?.textContent === "Peasant on hex %d"`, to))
	}
	return to
}

// createWarTableJS creates a Medieval Warfare table on a scenario with
// the given seats over the page's own WebSocket (the create dialog offers
// no scenarios) and resolves with the table's id.
func createWarTableJS(scenario map[string]any, seats []map[string]string) string {
	return createTableJS("warfare", map[string]any{"scenario": scenario}, seats)
}

// seatThree opens pages for Ann, Bob and Cy, signed in as guests. Ann's
// create makes a table and returns its id; Bob and Cy then sit in seats 1
// and 2 from their own pages, and Ann starts the game.
func seatThree(t *testing.T, create func(ann *page) string) (pages []*page, id string) {
	t.Helper()
	ann := newPage(t, "ann", 1280, 900)
	bob := newPage(t, "bob", 1280, 900)
	cy := newPage(t, "cy", 1280, 900)
	pages = []*page{ann, bob, cy}
	for i, p := range pages {
		p.guest(uniqueName([]string{"Ann", "Bob", "Cy"}[i]))
	}
	id = create(ann)
	ann.goTo("/t/" + id)
	for i, p := range pages[1:] {
		p.goTo("/t/" + id)
		p.click(fmt.Sprintf(`[data-seat="%d"] button`, i+1))
		p.waitFor("my seat", fmt.Sprintf(`document.querySelector('[data-seat="%d"] .seat-name')?.textContent === "you"`, i+1))
	}
	ann.click("#start-game")
	for _, p := range pages {
		p.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length > 0`)
		p.click("#wf-zoom-fit")
	}
	return pages, id
}

// TestWarfareThreePeopleOnline: Ann makes an online table for three on
// a ready island ("Distribution and Game Server": three players over a
// network), Bob and Cy sit down from their own browsers, and they play
// more than two rounds. Each page holds its own seat's view only, lists
// only its own villages and offers End turn only on its turn. Ann
// recruits a peasant, walks it and takes neutral land with it
// ("Villagers", "Moving Villagers", "Invading"); Bob and Cy recruit too.
// In round 2 Bob saves ("Saving"), resumes the bookmark from Saved games
// and play goes on into round 3. Cy reads the rulebook in Help while
// another player moves.
func TestWarfareThreePeopleOnline(t *testing.T) {
	pages, _ := seatThree(t, func(ann *page) string {
		ann.click("#new-table")
		ann.waitVisible("dialog.create")
		ann.choose("#create-game", "warfare")
		ann.click("#mode-online")
		evalAs[bool](ann, `(() => { const e = document.querySelector("#opt-players"); e.value = "3"; e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
		ann.waitFor("three seats", `document.querySelectorAll(".seat-row").length === 3`)
		for i := 1; i < 3; i++ {
			if got := evalAs[string](ann, fmt.Sprintf(`document.querySelector("#seat-%d-kind input:checked")?.value ?? ""`, i)); got != "open" {
				ann.fail("seat %d is %q, want an open seat for a person", i, got)
			}
		}
		ann.choose("#opt-island", "pebble")
		// A seed of the test's own gives every run the same start: some
		// seeds the dialog draws leave Ann no hex to recruit on from which
		// the recruit could both walk and take land.
		ann.typeInto("#opt-seed", "31337")
		// Create is clicked once the preview is drawn, as a person would
		// after looking at it: the drawing arriving moves the button down.
		ann.previewShows("the island to play", `"seed":31337`)
		ann.snap("create-dialog")
		ann.click("#create-submit")
		ann.waitFor("the table screen", `location.pathname.startsWith("/t/")`)
		return evalAs[string](ann, `location.pathname.slice(3)`)
	})
	ann, bob, cy := pages[0], pages[1], pages[2]
	for i, p := range pages {
		p.waitFor("the whole island", `document.querySelectorAll(".wf-land polygon").length >= 300`)
		p.checkOwnPage(i)
	}
	ann.waitWarTurn(0, 1)
	ann.snap("start")
	bob.snap("start")

	// Round 1. Ann recruits, walks the recruit inside her region and
	// takes neutral land next to it.
	at := ann.recruitPeasant(0)
	if to := ann.walkTo(0, at, "walk"); to < 0 {
		ann.fail("the recruit on hex %d has nowhere to walk in its region", at)
	} else {
		at = to
	}
	took := ann.walkTo(0, at, "take")
	if took < 0 {
		ann.fail("the peasant on hex %d is offered no neutral land to take", at)
	}
	if v := ann.seatView(0); !v.Hexes[took].Done {
		ann.fail("the peasant took hex %d and may still move", took)
	}
	ann.snap("took-land")
	// The others see the land change hands; their pages still hold only
	// their own seat's view.
	for i, p := range pages[1:] {
		p.waitFor("Ann's new hex", fmt.Sprintf(`Object.values(window.parlorTable.state().views)[0].hexes[%d].owner === 0`, took))
		p.checkOwnPage(i + 1)
	}
	ann.click("#wf-end")

	// Cy opens the rulebook while Bob plays: it is beside the map, not in
	// the way of play.
	cy.waitFor("Bob's turn", `Object.values(window.parlorTable.state().views)[0].turn === 1`)
	cy.click("#help")
	cy.waitVisible(".rules-panel")
	cy.waitRulebook(".rules-panel")
	if got := cy.text(".rules-panel h2"); got != "Help: Medieval Warfare" {
		cy.fail("the help panel is headed %q", got)
	}
	rules := cy.text(".rules-panel")
	for _, want := range []string{"A round, phase by phase", "Income, wages and starvation", "Villages and their levels",
		"Guarding and invading", "Regions joining and splitting", "8 wood", "tombstone", "meadow", "road", "knight"} {
		if !strings.Contains(rules, want) {
			cy.fail("the rulebook does not mention %q", want)
		}
	}
	cy.snap("help")

	bob.waitWarTurn(1, 1)
	bob.recruitPeasant(1)
	bob.click("#wf-end")
	cy.waitWarTurn(2, 1)
	cy.click(".rules-panel button.close")
	cy.waitFor("the help closed", `document.querySelector(".rules-panel") === null`)
	cy.recruitPeasant(2)
	cy.click("#wf-end")

	// Round 2: Ann plays on, and Bob saves in the middle of his turn.
	ann.waitWarTurn(0, 2)
	for i, p := range pages {
		p.checkOwnPage(i)
	}
	if v := ann.seatView(0); v.Hexes[took].Owner != 0 {
		ann.fail("hex %d, taken in round 1, is no longer Ann's: %+v", took, v.Hexes[took])
	}
	ann.click("#wf-end")
	bob.waitWarTurn(1, 2)
	bob.click("#save")
	bob.typeInto("#save-name", "Round two")
	bob.click("#save-ok")
	bob.waitFor("the saved notice", `[...document.querySelectorAll(".toast")].some(t => t.textContent.includes("Round two"))`)
	before := bob.seatView(1)
	bob.goTo("/saves")
	bob.waitVisible(`tr[data-save="Round two"]`)
	bob.snap("saves")
	if got := bob.text(`tr[data-save="Round two"] button[data-load]`); got != "Resume" {
		bob.fail("the save of a game still being played offers %q, want Resume", got)
	}
	bob.click(`tr[data-save="Round two"] button[data-load]`)
	bob.waitFor("the island again", `location.pathname.startsWith("/t/") && document.querySelectorAll(".wf-land polygon").length >= 300`)
	bob.waitWarTurn(1, 2)
	after := bob.seatView(1)
	for i := range before.Hexes {
		if before.Hexes[i] != after.Hexes[i] {
			bob.fail("hex %d was %+v before saving and is %+v after loading", i, before.Hexes[i], after.Hexes[i])
		}
	}
	bob.click("#wf-zoom-fit")
	bob.snap("resumed")
	bob.checkOwnPage(1)
	bob.recruitPeasant(1)
	bob.click("#wf-end")
	cy.waitWarTurn(2, 2)
	cy.click("#wf-end")

	// Round 3 comes to Ann, and she can still play.
	ann.waitWarTurn(0, 3)
	for i, p := range pages {
		p.checkOwnPage(i)
	}
	ann.recruitPeasant(0)
	ann.snap("round-3")
	cy.snap("round-3")

	// The same rulebook reads as a page of its own.
	cy.goTo("/rules/warfare")
	cy.waitRulebook("main")
	if got := cy.text("h1"); got != "Rules of Medieval Warfare" {
		cy.fail("the rules page is headed %q", got)
	}
	if got := cy.text(".rulebook"); !strings.Contains(got, "Only a soldier or a knight can take a village") {
		cy.fail("the rules page does not say who takes villages: %.200q", got)
	}
}

// TestWarfareUpgradeAndWages: three people at a set position. Ann's hovel
// has 8 wood, Cy's hovel cannot pay its infantry. Cy's village list warns
// of it ("User Interface Assistance": villages having trouble supporting
// their villagers), the others' lists do not show Cy's villages at all;
// Ann recruits, walks a peasant, takes neutral land and upgrades her
// hovel to a town ("Upgrading Villages"), each step checked against the
// server's view; when Cy's turn comes the infantry has starved into a
// tombstone ("Turn Overview", payment phase).
func TestWarfareUpgradeAndWages(t *testing.T) {
	scenario := map[string]any{
		"players": 3, "turn": 0, "round": 1, "rounds": 0,
		"map": []string{
			"0h 0 0 0p - 1h 1 1",
			"0 0 - - - 1 1i 1",
			"2h 2 2i - - - - -",
		},
		"villages": []map[string]int{{"hex": 0, "gold": 30, "wood": 8}, {"hex": 5, "gold": 10}, {"hex": 16, "gold": 0}},
	}
	pages, _ := seatThree(t, func(ann *page) string {
		return evalAs[string](ann, createWarTableJS(scenario, []map[string]string{{"kind": "me"}, {"kind": "open"}, {"kind": "open"}}))
	})
	ann, bob, cy := pages[0], pages[1], pages[2]
	ann.waitWarTurn(0, 1)
	for i, p := range pages {
		p.checkOwnPage(i)
	}
	cy.waitVisible(`#wf-villages tr.short`)
	if got := cy.text(`#wf-villages tr.short`); !strings.Contains(got, "cannot pay") {
		cy.fail("Cy's short village's row says %q", got)
	}
	cy.snap("warning")
	for _, p := range []*page{ann, bob} {
		if n := evalAs[int](p, `document.querySelectorAll("#wf-villages tr.short").length`); n != 0 {
			p.fail("%d of this player's villages are marked as unable to pay, want none", n)
		}
	}

	// Ann hires a peasant, walks the old one and takes neutral land.
	ann.recruitPeasant(0)
	to := ann.walkTo(0, 3, "walk")
	if to < 0 {
		ann.fail("the peasant on hex 3 has nowhere to walk")
	}
	took := ann.walkTo(0, to, "take")
	if took < 0 {
		ann.fail("the peasant on hex %d is offered no neutral land", to)
	}
	// Then the upgrade, from the village's own buttons.
	ann.click(`#wf-villages button[data-village="0"]`)
	ann.click("#wf-upgrade")
	ann.waitFor("the town", `document.querySelector('[data-village="0"][data-level="town"]') !== null`)
	v, i := ann.village(0, 0)
	town := v.Villages[i]
	if town.Level != "town" || town.Wood != 0 || town.Locked == 0 {
		ann.fail("after the upgrade the server shows the village as %+v", town)
	}
	if !strings.Contains(ann.text(`#wf-villages`), "locked") {
		ann.fail("the village list does not say the new town is locked: %q", ann.text(`#wf-villages`))
	}
	if evalAs[bool](ann, `!document.querySelector("#wf-buy-peasant").disabled`) {
		ann.fail("the town just upgraded still offers to recruit")
	}
	ann.snap("town")
	bob.waitFor("Ann's town", `Object.values(window.parlorTable.state().views)[0].villages.some((x) => x.hex === 0 && x.level === "town")`)
	// Below the map, "How to play" leads to the whole rulebook.
	bob.click(".wf-help summary")
	bob.click("#wf-rules")
	bob.waitVisible(".rules-panel")
	bob.waitRulebook(".rules-panel")
	if got := bob.text(".rules-panel"); !strings.Contains(got, "Town: upgrade a hovel for 8 wood") {
		bob.fail("the rulebook opened from How to play does not give the town's cost: %.200q", got)
	}
	ann.click("#wf-end")
	bob.waitWarTurn(1, 1)
	bob.click("#wf-end")

	// Cy's turn: the wages could not be paid.
	cy.waitWarTurn(2, 1)
	cy.waitFor("the tombstone", `Object.values(window.parlorTable.state().views)[0].hexes[18].thing === "tombstone"`)
	cy.waitFor("the news", `document.querySelector("#note").textContent.includes("starved")`)
	cy.waitVisible(`use[data-thing="tombstone"]`)
	cy.snap("starved")
	cy.checkOwnPage(2)
}
