package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// This file tests what the keyboard tests do not: play on a touch screen,
// what a screen reader is told, sound, and signals that do not rely on
// colour.

// newTouchPage opens a tab that behaves like a phone: a small portrait
// viewport whose only input is a touch screen.
func newTouchPage(t *testing.T, name string, w, h int64) *page {
	t.Helper()
	p := newPage(t, name, w, h)
	p.do("touch emulation", chromedp.EmulateViewport(w, h, chromedp.EmulateTouch, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	return p
}

// centre says where the centre of an element is on the screen, in CSS
// pixels, first scrolling it into view if it is not wholly in view.
func (p *page) centre(sel string) (x, y float64) {
	p.t.Helper()
	p.waitVisible(sel)
	c := evalAs[[2]float64](p, fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		let r = e.getBoundingClientRect();
		if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
			e.scrollIntoView({block: "center", inline: "center"});
			r = e.getBoundingClientRect();
		}
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, sel))
	return c[0], c[1]
}

// touch sends one touch event with one finger at (x, y); a touchEnd has
// no point. at, when not zero, is the time the event says it happened.
func (p *page) touch(typ input.DispatchTouchEventType, x, y float64, at time.Time) {
	p.t.Helper()
	params := input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{}}
	if typ != input.DispatchTouchEventTypeTouchEnd {
		id, radius := 1.0, 4.0
		params.TouchPoints = append(params.TouchPoints, &input.TouchPoint{X: x, Y: y, ID: &id, RadiusX: &radius, RadiusY: &radius})
	}
	if !at.IsZero() {
		params.Timestamp = input.TimeSinceEpoch(float64(at.UnixMicro()) / 1e6)
	}
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	defer cancel()
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, params); err != nil {
		p.fail("touch %s at %.0f,%.0f: %v", typ, x, y, err)
	}
}

// tapAt puts a finger down at (x, y) and lifts it.
func (p *page) tapAt(x, y float64) {
	p.t.Helper()
	p.touch(input.DispatchTouchEventTypeTouchStart, x, y, time.Time{})
	p.touch(input.DispatchTouchEventTypeTouchEnd, x, y, time.Time{})
}

// tap taps the middle of an element.
func (p *page) tap(sel string) {
	p.t.Helper()
	p.tapAt(p.centre(sel))
}

// swipe puts a finger down at one point, slides it to another and lifts
// it there after resting a moment, as a person placing something does.
// The events carry times a person's would have (the slide takes about
// half a second), set in the recent past rather than waited for: sent
// as fast as the test can, they would make a fling, and the browser
// would take the next tap as the one that stops the fling rather than as
// a click.
func (p *page) swipe(x0, y0, x1, y1 float64) {
	p.t.Helper()
	const steps = 12
	step := 40 * time.Millisecond
	at := time.Now().Add(-(steps + 10) * step)
	p.touch(input.DispatchTouchEventTypeTouchStart, x0, y0, at)
	for i := 1; i <= steps; i++ {
		f := float64(i) / steps
		at = at.Add(step)
		p.touch(input.DispatchTouchEventTypeTouchMove, x0+(x1-x0)*f, y0+(y1-y0)*f, at)
	}
	// The finger rests on the spot before it lifts.
	for i := 0; i < 5; i++ {
		at = at.Add(step)
		p.touch(input.DispatchTouchEventTypeTouchMove, x1, y1, at)
	}
	p.touch(input.DispatchTouchEventTypeTouchEnd, x1, y1, at.Add(step))
}

// fitsWidth fails the test when the page is wider than the screen, so
// that a phone would have to scroll sideways.
func (p *page) fitsWidth(what string) {
	p.t.Helper()
	if !evalAs[bool](p, `document.documentElement.scrollWidth <= innerWidth`) {
		p.fail("%s: the page is %d px wide on a %d px screen", what, evalAs[int](p, `document.documentElement.scrollWidth`), evalAs[int](p, `innerWidth`))
	}
}

func TestTouchDotsLineByTap(t *testing.T) {
	p := newTouchPage(t, "phone", 390, 844)
	p.guest(uniqueName("Tap"))
	p.createTable("dots", "hotseat", 4, "")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	if !evalAs[bool](p, `matchMedia("(pointer: coarse)").matches && navigator.maxTouchPoints > 0`) {
		p.fail("the page does not see a touch screen")
	}
	p.fitsWidth("the Dots board")
	p.snap("board")

	// A tap halfway between two dots draws the line that joins them.
	drawnBy := func(line string) string {
		return fmt.Sprintf(`document.querySelector('g.slot[data-line=%q] .ln').classList.contains("drawn")`, line)
	}
	p.centre("svg.dots-svg")
	for i, dots := range [][2]string{{"a1", "b1"}, {"b2", "b3"}} {
		ax, ay := p.centre(fmt.Sprintf(`circle[data-dot=%q]`, dots[0]))
		bx, by := p.centre(fmt.Sprintf(`circle[data-dot=%q]`, dots[1]))
		p.tapAt((ax+bx)/2, (ay+by)/2)
		line := dots[0] + "-" + dots[1]
		p.waitFor("line "+line+" drawn by a tap", drawnBy(line))
		if got := p.dots().Drawn; got != i+1 {
			p.fail("after %d taps %d lines are drawn", i+1, got)
		}
		p.snap("tapped-" + line)
	}
	p.waitFor("Player 1 to move again", `/Player 1.*your turn/.test(document.querySelector("#status").textContent)`)

	// A tap on a dot and then on its neighbour draws a line too.
	p.tap(`circle[data-dot="c3"]`)
	p.waitFor("the dot selected", `document.querySelector("#note").textContent.includes("c3 selected")`)
	p.tap(`circle[data-dot="c4"]`)
	p.waitFor("line c3-c4 drawn by two taps", drawnBy("c3-c4"))
	p.snap("two-dots")
}

// shipAt says which ship (by its class) a square of the ocean grid shows.
func (p *page) shipAt(sq string) string {
	p.t.Helper()
	return evalAs[string](p, fmt.Sprintf(`[...document.querySelector('#ocean .cell[data-sq=%q]').classList].find(c => c.startsWith("ship-"))?.slice(5) ?? ""`, sq))
}

func (p *page) wantShips(what string, want map[string]string) {
	p.t.Helper()
	js := make([]string, 0, len(want))
	for sq, ship := range want {
		cls := "ship-" + ship
		if ship == "" {
			js = append(js, fmt.Sprintf(`![...document.querySelector('#ocean .cell[data-sq=%q]').classList].some(c => c.startsWith("ship-"))`, sq))
		} else {
			js = append(js, fmt.Sprintf(`document.querySelector('#ocean .cell[data-sq=%q]').classList.contains(%q)`, sq, cls))
		}
	}
	sort.Strings(js)
	deadline := time.Now().Add(wait)
	for !evalAs[bool](p, strings.Join(js, " && ")) {
		if time.Now().After(deadline) {
			got := map[string]string{}
			for sq := range want {
				got[sq] = p.shipAt(sq)
			}
			p.fail("%s: squares show %v, want %v", what, got, want)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

func TestTouchBattleshipDragAndRotate(t *testing.T) {
	p := newTouchPage(t, "phone", 390, 844)
	p.guest(uniqueName("Drag"))
	p.goTo("/battleship")
	p.tap("#bs-new")
	p.waitVisible("#bs-level")
	p.choose("#bs-level", "easy")
	p.tap("#bs-start")
	p.waitFor("placement", `!!document.querySelector(".bs.placing")`)
	p.fitsWidth("Battleship placement")
	p.snap("placement")

	// Taps place the fleet one ship after another, each across.
	for _, sq := range []string{"A1", "A3", "A5", "A7", "A9"} {
		p.tap(fmt.Sprintf(`#ocean .cell[data-sq=%q]`, sq))
	}
	p.waitFor("the whole fleet placed by taps", `document.querySelectorAll("#ocean .cell.ship").length === 17 && !document.querySelector("#start-battle").disabled`)
	p.wantShips("the destroyer placed by a tap", map[string]string{"A9": "destroyer", "B9": "destroyer", "C9": ""})
	p.snap("fleet-tapped")

	// The finger takes the destroyer by its bow and lifts over H6.
	p.centre("#ocean")
	x0, y0 := p.centre(`#ocean .cell[data-sq="A9"]`)
	x1, y1 := p.centre(`#ocean .cell[data-sq="H6"]`)
	p.swipe(x0, y0, x1, y1)
	p.wantShips("the destroyer dragged to H6", map[string]string{"H6": "destroyer", "I6": "destroyer", "A9": "", "B9": "", "H7": ""})
	p.snap("dragged")

	// The on-screen button turns the ship that was just moved.
	p.tap("#rotate")
	p.wantShips("the destroyer turned down from H6", map[string]string{"H6": "destroyer", "H7": "destroyer", "I6": ""})
	if n := evalAs[int](p, `document.querySelectorAll("#ocean .cell.ship").length`); n != 17 {
		p.fail("%d squares hold ships after the drag and the turn, want 17", n)
	}
	p.snap("rotated")

	p.tap("#start-battle")
	p.waitFor("the battle", `!document.querySelector(".bs").classList.contains("placing") && !!document.querySelector("#target.armed")`)
	p.wantShips("the fleet as placed in the battle", map[string]string{"H6": "destroyer", "H7": "destroyer", "A1": "carrier"})
	// A tap on the target grid fires.
	p.tap(`#target .cell[data-sq="J10"]`)
	p.waitFor("the shot fired by a tap answered", `document.querySelector('#target .cell[data-sq="J10"]').matches(".hit, .miss")`)
	p.fitsWidth("the Battleship battle")
	p.snap("fired")
}

// axNode is one node of the browser's accessibility tree: what a screen
// reader is told.
type axNode struct {
	id, parent string
	role, name string
	live       string
	ignored    bool
	children   []string
}

type axTree map[string]*axNode

func axString(v *accessibility.Value) string {
	if v == nil || len(v.Value) == 0 {
		return ""
	}
	var s string
	if err := json.Unmarshal([]byte(v.Value), &s); err != nil {
		return string(v.Value)
	}
	return s
}

// ax reads the page's whole accessibility tree.
func (p *page) ax() axTree {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	defer cancel()
	res, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		p.fail("reading the accessibility tree: %v", err)
	}
	tree := axTree{}
	for _, n := range res.Nodes {
		a := &axNode{id: string(n.NodeID), parent: string(n.ParentID), role: axString(n.Role), name: axString(n.Name), ignored: n.Ignored}
		for _, c := range n.ChildIDs {
			a.children = append(a.children, string(c))
		}
		for _, pr := range n.Properties {
			if pr.Name == accessibility.PropertyNameLive {
				a.live = axString(pr.Value)
			}
		}
		tree[a.id] = a
	}
	return tree
}

// find gives the nodes a screen reader would meet with this role and name.
func (tr axTree) find(role, name string) []*axNode {
	var out []*axNode
	for _, n := range tr {
		if !n.ignored && n.role == role && n.name == name {
			out = append(out, n)
		}
	}
	return out
}

// under gives the nodes a screen reader would meet inside n.
func (tr axTree) under(n *axNode) []*axNode {
	var out []*axNode
	var walk func(id string)
	walk = func(id string) {
		for _, c := range tr[id].children {
			if k := tr[c]; k != nil {
				if !k.ignored {
					out = append(out, k)
				}
				walk(c)
			}
		}
	}
	walk(n.id)
	return out
}

// text is what a screen reader reads inside n.
func (tr axTree) text(n *axNode) string {
	var parts []string
	for _, k := range tr.under(n) {
		if k.role == "StaticText" {
			parts = append(parts, k.name)
		}
	}
	return strings.Join(parts, "")
}

// names reads the accessible names of the nodes of one role inside the
// only node with the role and name given.
func (p *page) names(role, name, of string) []string {
	p.t.Helper()
	tr := p.ax()
	found := tr.find(role, name)
	if len(found) != 1 {
		p.fail("the accessibility tree has %d nodes %s %q, want 1", len(found), role, name)
	}
	var out []string
	for _, n := range tr.under(found[0]) {
		if n.role == of {
			out = append(out, n.name)
		}
	}
	return out
}

// waitName waits until the accessibility tree names something inside a
// container with the given name, and returns that name.
func (p *page) waitName(what, role, name, of string, match *regexp.Regexp) string {
	p.t.Helper()
	deadline := time.Now().Add(wait)
	var got []string
	for {
		got = p.names(role, name, of)
		for _, n := range got {
			if match.MatchString(n) {
				return n
			}
		}
		if time.Now().After(deadline) {
			p.fail("waiting for %s: no %s named like %s among %q", what, of, match, got)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// liveRegions gives the text of every live region in the accessibility
// tree, keyed by an id of the region, with its politeness.
func (p *page) liveRegions() map[string][2]string {
	p.t.Helper()
	tr := p.ax()
	out := map[string][2]string{}
	for _, n := range tr {
		// A live region's descendants say they are in one too; the
		// region is the node whose parent is not live.
		if n.ignored || n.live == "" || n.live == "off" {
			continue
		}
		if par := tr[n.parent]; par != nil && par.live == n.live {
			continue
		}
		out[n.id] = [2]string{n.live, tr.text(n)}
	}
	return out
}

// recordAnnouncements keeps, in the page, every text that appears in an
// element marked as a live region, with the region's politeness, so that
// a message replaced a moment later by the next one is not lost.
const recordAnnouncements = `(() => {
	window.__heard = [];
	const live = (el) => el && el.closest && el.closest('[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]');
	new MutationObserver((ms) => {
		for (const m of ms) {
			const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
			const region = live(el);
			const text = region?.textContent.trim();
			if (text) window.__heard.push({text, id: region.id, politeness: region.getAttribute("aria-live") || region.getAttribute("role")});
		}
	}).observe(document.body, {childList: true, subtree: true, characterData: true});
	return true;
})()`

type heard struct {
	Text       string `json:"text"`
	ID         string `json:"id"`
	Politeness string `json:"politeness"`
}

// waitHeard waits until a live region has said something matching re.
func (p *page) waitHeard(what string, re *regexp.Regexp) heard {
	p.t.Helper()
	deadline := time.Now().Add(wait)
	for {
		all := evalAs[[]heard](p, `window.__heard`)
		for _, h := range all {
			if re.MatchString(h.Text) {
				return h
			}
		}
		if time.Now().After(deadline) {
			p.fail("waiting for %s: no live region said %s; they said %q", what, re, all)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

var lineName = regexp.MustCompile(`^Line ([a-d][1-4]) to ([a-d][1-4]), (free|drawn by .+)$`)

func TestScreenReaderDotsLines(t *testing.T) {
	p := newPage(t, "reader", 1024, 768)
	p.guest(uniqueName("Ear"))
	p.createTable("dots", "hotseat", 4, "")
	p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	_ = evalAs[bool](p, recordAnnouncements)
	board := evalAs[string](p, `document.querySelector("svg.dots-svg").getAttribute("aria-label")`)

	// Every line has a name that says which dots it joins and that it is
	// free, and the names cover every line of the board once.
	names := p.names("group", board, "button")
	if len(names) != 24 {
		p.fail("a screen reader meets %d lines on the board, want 24: %q", len(names), names)
	}
	var got []string
	for _, n := range names {
		m := lineName.FindStringSubmatch(n)
		if m == nil || m[3] != "free" {
			p.fail("line named %q, want \"Line <dot> to <dot>, free\"", n)
		}
		got = append(got, m[1]+"-"+m[2])
	}
	want := evalAs[[]string](p, `[...document.querySelectorAll("g.slot")].map(g => g.dataset.line)`)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		p.fail("the lines' names name %q, the board has %q", got, want)
	}

	// Drawing a line changes its name, and the move is announced.
	p.drawLine("b2-b3")
	n := p.waitName("the drawn line's new name", "group", board, "button", regexp.MustCompile(`^Line b2 to b3, drawn by `))
	if !strings.Contains(n, "Player 1") {
		p.fail("the drawn line is named %q, which does not say who drew it", n)
	}
	if free := p.names("group", board, "button"); slices.Contains(free, "Line b2 to b3, free") {
		p.fail("the drawn line is still named free")
	}
	h := p.waitHeard("the move announced", regexp.MustCompile(`^Player 1\b.* drew the line b2 to b3\.`))
	p.t.Logf("announced %q in #%s (%s)", h.Text, h.ID, h.Politeness)
	p.snap("line-drawn")
}

// startBattleVsBot starts a Battleship game against the easy bot with a
// random fleet, and returns the match's id once the player may fire.
func (p *page) startBattleVsBot() string {
	p.t.Helper()
	p.goTo("/battleship")
	p.click("#bs-new")
	p.choose("#bs-level", "easy")
	p.click("#bs-start")
	p.waitFor("placement", `!!document.querySelector(".bs.placing")`)
	p.click("#random-fleet")
	p.waitFor("a full fleet", `document.querySelectorAll("#ocean .cell.ship").length === 17 && !document.querySelector("#start-battle").disabled`)
	p.click("#start-battle")
	p.waitFor("the battle", `!document.querySelector(".bs").classList.contains("placing") && !!document.querySelector("#target.armed")`)
	return evalAs[string](p, `document.querySelector(".table-screen").dataset.match`)
}

const targetGrid = "Target grid: enemy waters"

var squareName = regexp.MustCompile(`^([A-J](?:10|[1-9])), (.+)$`)

// targetNames reads the target grid's squares as a screen reader meets
// them: square -> what its name says after the square.
func (p *page) targetNames() map[string]string {
	p.t.Helper()
	out := map[string]string{}
	for _, n := range p.names("grid", targetGrid, "button") {
		m := squareName.FindStringSubmatch(n)
		if m == nil {
			p.fail("target square named %q: the name does not start with the square", n)
		}
		if _, dup := out[m[1]]; dup {
			p.fail("two target squares are named %s", m[1])
		}
		out[m[1]] = m[2]
	}
	return out
}

// waitFired waits for the bot's answer after a shot, so that the next
// shot is on the player's turn.
func (p *page) waitFired() {
	p.t.Helper()
	p.waitFor("my turn again or the end", `!!document.querySelector("#target.armed") || !!document.querySelector("#result:not([hidden])")`)
}

func TestScreenReaderBattleshipShots(t *testing.T) {
	p := newPage(t, "reader", 1280, 900)
	p.guest(uniqueName("Sonar"))
	match := p.startBattleVsBot()
	_ = evalAs[bool](p, recordAnnouncements)

	// Before any shot every square says where it is and that it was not
	// fired at.
	names := p.targetNames()
	if len(names) != 100 {
		p.fail("a screen reader meets %d target squares, want 100", len(names))
	}
	for sq, state := range names {
		if state != "not fired at" {
			p.fail("before any shot %s is named %q", sq, state)
		}
	}

	fleet := botFleet(t, match, 1)
	water := ""
	for r := 10; r >= 1 && water == ""; r-- {
		for c := 'J'; c >= 'A'; c-- {
			if sq := fmt.Sprintf("%c%d", c, r); !slices.Contains(fleet, sq) {
				water = sq
				break
			}
		}
	}

	// A miss: the square's name and the live region say so.
	p.fire(water)
	p.waitName("the missed square's name", "grid", targetGrid, "button", regexp.MustCompile(`^`+water+`, miss$`))
	h := p.waitHeard("the miss announced", regexp.MustCompile(`fired at `+water+`: miss`))
	if h.Politeness != "assertive" && h.Politeness != "polite" && h.Politeness != "status" && h.Politeness != "alert" {
		p.fail("the miss was announced in %q, not a live region", h.Politeness)
	}
	p.waitFired()

	// Hits on the bot's first ship until it sinks; the bot's fleet is
	// listed ship by ship.
	var hit, sank string
	for _, sq := range fleet[:5] {
		p.fire(sq)
		n := p.waitName("the fired square's name", "grid", targetGrid, "button", regexp.MustCompile(`^`+sq+`, hit`))
		p.waitHeard("the shot at "+sq+" announced", regexp.MustCompile(`fired at `+sq+`: (hit|you sank)`))
		if strings.Contains(n, "sank") {
			sank = n
			break
		}
		if hit == "" {
			hit = sq
		}
		p.waitFired()
	}
	if sank == "" || hit == "" {
		p.fail("no hit and sinking among the first ship's squares %q (sank %q)", fleet[:5], sank)
	}
	p.waitHeard("the sinking announced", regexp.MustCompile(`you sank the enemy (carrier|battleship|cruiser|submarine|destroyer)`))

	// The live regions are live in the accessibility tree too: the status
	// region the client announces through is one of them.
	regions := p.liveRegions()
	found := false
	for _, r := range regions {
		if r[0] == "assertive" || r[0] == "polite" {
			found = true
		}
	}
	if !found {
		p.fail("the accessibility tree has no live region: %q", regions)
	}
	p.snap("after-sinking")

	// Colour is not the only signal: a hit and a miss have names that
	// differ in words, and marks that differ in shape when seen without
	// colour.
	after := p.targetNames()
	if after[water] != "miss" || !strings.HasPrefix(after[hit], "hit") || after[hit] == after[water] {
		p.fail("miss %s is named %q and hit %s %q", water, after[water], hit, after[hit])
	}
	compareMarks(p, hit, water)
}

// compareMarks looks at a hit square, a missed square and a square not
// fired at as someone who sees no colour at all, and checks that each has
// its own mark: the hit's and the miss's differ in shape, and the square
// not fired at has none.
func compareMarks(p *page, hit, miss string) {
	p.t.Helper()
	unfired := ""
	for sq, state := range p.targetNames() {
		if state == "not fired at" && sq != "A1" {
			unfired = sq
			break
		}
	}
	p.waitFor("the shots' animations over", `!document.querySelector(".cell.boom, .cell.splash")`)
	p.do("move the mouse away", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))
	_ = evalAs[bool](p, `(document.activeElement?.blur(), document.querySelector("#target").scrollIntoView({block: "center"}), true)`)
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	defer cancel()
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedVisionDeficiency, emulation.SetEmulatedVisionDeficiencyParams{Type: emulation.SetEmulatedVisionDeficiencyTypeAchromatopsia}); err != nil {
		p.fail("emulating achromatopsia: %v", err)
	}
	defer func() {
		_, _ = chromedp.Call(ctx, emulation.SetEmulatedVisionDeficiency, emulation.SetEmulatedVisionDeficiencyParams{Type: emulation.SetEmulatedVisionDeficiencyTypeNone})
	}()
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.fail("screenshot: %v", err)
	}
	p.snap("no-colour")
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		p.fail("decoding the screenshot: %v", err)
	}
	masks := map[string][]bool{}
	sizes := map[string][2]int{}
	for _, sq := range []string{hit, miss, unfired} {
		r := evalAs[[4]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector('#target .cell[data-sq=%q]').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, sq))
		masks[sq], sizes[sq] = markMask(img, r)
	}
	share := func(m []bool) float64 {
		n := 0
		for _, b := range m {
			if b {
				n++
			}
		}
		return float64(n) / float64(len(m))
	}
	if s := share(masks[hit]); s < 0.04 {
		p.fail("the hit at %s shows no mark without colour (%.0f%% of the square)", hit, 100*s)
	}
	if s := share(masks[miss]); s < 0.04 {
		p.fail("the miss at %s shows no mark without colour (%.0f%% of the square)", miss, 100*s)
	}
	if s := share(masks[unfired]); s > 0.01 {
		p.fail("the square %s, not fired at, shows a mark (%.0f%% of the square)", unfired, 100*s)
	}
	// Where each mark lies, by distance and direction from the square's
	// centre: the same mark in another colour lies in the same places.
	differ := shapeDistance(masks[hit], masks[miss], sizes[hit], sizes[miss])
	p.t.Logf("without colour the marks of hit %s and miss %s differ by %.2f (0 alike, 2 wholly apart)", hit, miss, differ)
	if differ < 0.25 {
		p.fail("without colour the hit at %s and the miss at %s look alike: their marks differ by only %.2f", hit, miss, differ)
	}
}

// shapeDistance compares where two marks lie in their squares: each mark
// becomes the share of its pixels in each of 3 rings around the centre
// times 8 directions (along the axes and the diagonals), and the distance is the sum of the differences of
// the shares (0 for marks alike, 2 for marks with no place in common).
func shapeDistance(a, b []bool, wa, wb [2]int) float64 {
	hist := func(m []bool, size [2]int) [24]float64 {
		var out [24]float64
		w, h := size[0], size[1]
		cx, cy := float64(w-1)/2, float64(h-1)/2
		half := min(cx, cy)
		n := 0
		for j := 0; j < h; j++ {
			for i := 0; i < w; i++ {
				if !m[j*w+i] {
					continue
				}
				dx, dy := float64(i)-cx, float64(j)-cy
				ring := min(2, int(3*math.Hypot(dx, dy)/half))
				// The directions are centred on the axes and the diagonals.
				dir := int(math.Floor((math.Atan2(dy, dx)+math.Pi+math.Pi/8)/(math.Pi/4))) % 8
				out[ring*8+dir]++
				n++
			}
		}
		for k := range out {
			out[k] /= float64(max(n, 1))
		}
		return out
	}
	ha, hb := hist(a, wa), hist(b, wb)
	d := 0.0
	for k := range ha {
		d += math.Abs(ha[k] - hb[k])
	}
	return d
}

// markMask says which pixels inside a square stand out in lightness from
// the square's own background, taken as the median lightness of a ring
// just inside its border. r is the square's box in CSS pixels; the
// screenshot has one pixel per CSS pixel.
func markMask(img image.Image, r [4]float64) ([]bool, [2]int) {
	const inset = 3
	x0, y0 := int(r[0])+inset, int(r[1])+inset
	w, h := int(r[2])-2*inset, int(r[3])-2*inset
	light := func(x, y int) float64 {
		cr, cg, cb, _ := img.At(x, y).RGBA()
		return (0.2126*float64(cr) + 0.7152*float64(cg) + 0.0722*float64(cb)) / 257
	}
	var ring []float64
	for i := 0; i < w; i++ {
		ring = append(ring, light(x0+i, y0), light(x0+i, y0+h-1))
	}
	for j := 0; j < h; j++ {
		ring = append(ring, light(x0, y0+j), light(x0+w-1, y0+j))
	}
	sort.Float64s(ring)
	bg := ring[len(ring)/2]
	// Any pixel a person would see as a different grey belongs to the mark.
	const limit = 12
	mask := make([]bool, 0, w*h)
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			mask = append(mask, math.Abs(light(x0+i, y0+j)-bg) > limit)
		}
	}
	return mask, [2]int{w, h}
}

// countSounds replaces the page's AudioContext, before any page script
// runs, with one that counts the oscillators and buffer sources started.
const countSounds = `(() => {
	const Real = window.AudioContext;
	window.__sounds = 0;
	if (!Real) return;
	const counted = (node) => {
		const start = node.start.bind(node);
		node.start = (...args) => { window.__sounds++; return start(...args); };
		return node;
	};
	window.AudioContext = class extends Real {
		createOscillator() { return counted(super.createOscillator()); }
		createBufferSource() { return counted(super.createBufferSource()); }
	};
})();`

func TestBattleshipSoundFollowsSetting(t *testing.T) {
	p := newPage(t, "listener", 1280, 900)
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: countSounds}); err != nil {
		t.Fatalf("adding the sound counter: %v", err)
	}
	cancel()
	p.guest(uniqueName("Ears"))
	p.startBattleVsBot()
	table := evalAs[string](p, `location.pathname`)
	if !evalAs[bool](p, `typeof window.__sounds === "number"`) {
		p.fail("the sound counter is not in the page")
	}

	// With sound on (the default) a shot is heard.
	before := evalAs[int](p, `window.__sounds`)
	p.fire("A1")
	p.waitFor("a sound for the shot", fmt.Sprintf(`window.__sounds > %d`, before))
	p.waitFired()

	// Sound off in Settings, back to the table: the next shot, its answer
	// and the bot's reply are silent.
	p.click(`a[href="/settings"]`)
	p.waitVisible("#set-sound")
	if !evalAs[bool](p, `document.querySelector("#set-sound").checked`) {
		p.fail("sound is off before it was switched off")
	}
	p.click("#set-sound")
	p.waitFor("the setting saved", `!document.querySelector("#set-sound").checked && document.querySelector(".card").textContent.includes("Saved")`)
	p.snap("sound-off")
	_ = evalAs[bool](p, `(history.back(), true)`)
	p.waitFor("the table again", fmt.Sprintf(`location.pathname === %q && !!document.querySelector("#target.armed")`, table))
	silent := evalAs[int](p, `window.__sounds`)
	oceanShots := evalAs[int](p, `document.querySelectorAll("#ocean .cell.hit, #ocean .cell.miss").length`)
	p.fire("J10")
	p.waitFor("the bot's reply on my grid", fmt.Sprintf(`document.querySelectorAll("#ocean .cell.hit, #ocean .cell.miss").length > %d || !!document.querySelector("#result:not([hidden])")`, oceanShots))
	if got := evalAs[int](p, `window.__sounds`); got != silent {
		p.fail("%d sounds started after sound was switched off", got-silent)
	}
	p.snap("silent-shot")
}
