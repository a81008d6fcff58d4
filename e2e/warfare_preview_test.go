package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// previewShows waits until the preview panel shows a drawn island for
// options that hold want, and returns its hexes' owner classes in order.
func (p *page) previewShows(what, want string) []string {
	p.t.Helper()
	p.waitFor(what, fmt.Sprintf(`(() => { const f = document.querySelector("#game-preview"); return f && !f.hidden && f.dataset.state === "shown" && f.dataset.options.includes(%q) && f.querySelector(".wf-preview") !== null; })()`, want))
	return evalAs[[]string](p, `[...document.querySelectorAll("#game-preview .wf-pv-land polygon")].map(e => e.getAttribute("class"))`)
}

// TestWarfarePreview: in the create dialog the island preview follows the
// choice of island and seed, and says so when seed 0 leaves the island to
// the match; at the table before the start both people see the same
// preview, and the match then starts on exactly that land and colouring.
func TestWarfarePreview(t *testing.T) {
	ann := newPage(t, "ann", 1280, 1000)
	ann.guest(uniqueName("Ann"))
	ann.click("#new-table")
	ann.waitVisible("dialog.create")
	ann.choose("#create-game", "warfare")
	ann.click("#mode-online")
	ann.choose("#opt-island", "pebble")
	pebble := ann.previewShows("the pebble's preview", `"island":"pebble"`)
	if len(pebble) < 300 {
		t.Fatalf("the pebble's preview has %d hexes, want an island of at least 300", len(pebble))
	}
	ann.snap("create-pebble")
	ann.choose("#opt-island", "random")
	random := ann.previewShows("the random island's preview", `"island":"random"`)
	if strings.Join(random, ",") == strings.Join(pebble, ",") {
		t.Fatal("the preview did not change from the pebble to a random island")
	}

	// Seed 0 leaves the island to the match: nothing to show, and why.
	ann.typeInto("#opt-seed", "0")
	ann.waitFor("the note for seed 0", `(() => { const f = document.querySelector("#game-preview"); return f.dataset.state === "note" && f.dataset.options.includes('"seed":0') && /new each game/.test(f.textContent); })()`)
	ann.snap("create-seed-0")
	ann.typeInto("#opt-seed", "31337")
	seeded := ann.previewShows("the seeded island", `"seed":31337`)
	ann.click("#opt-seed-new")
	ann.waitFor("another seed", `document.querySelector("#opt-seed").value !== "31337"`)
	other := ann.previewShows("the other seed's island", `"seed":`+evalAs[string](ann, `document.querySelector("#opt-seed").value`))
	if strings.Join(other, ",") == strings.Join(seeded, ",") {
		t.Fatal("another seed previews the same island")
	}
	ann.typeInto("#opt-seed", "31337")
	ann.previewShows("the seeded island again", `"seed":31337`)
	ann.snap("create-seeded")
	ann.click("#create-submit")
	ann.waitFor("the table screen", `location.pathname.startsWith("/t/")`)
	id := evalAs[string](ann, `location.pathname.slice(3)`)

	// Before the start, Ann and Bob at the table see the island they
	// agree on.
	atAnn := ann.previewShows("the preview at Ann's table", `"seed":31337`)
	bob := newPage(t, "bob", 1280, 1000)
	bob.guest(uniqueName("Bob"))
	bob.goTo("/t/" + id)
	bob.click(`[data-seat="1"] button`)
	bob.waitFor("my seat", `document.querySelector('[data-seat="1"] .seat-name')?.textContent === "you"`)
	atBob := bob.previewShows("the preview at Bob's table", `"seed":31337`)
	bob.snap("table-preview")
	if strings.Join(atAnn, ",") != strings.Join(seeded, ",") || strings.Join(atBob, ",") != strings.Join(seeded, ",") {
		t.Fatal("the table's preview is not the island chosen in the dialog")
	}

	// The match starts on the previewed land, hex by hex.
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length > 0`)
		p.waitFor("the preview gone", `document.querySelector("#game-preview").hidden`)
		board := evalAs[[]string](p, `[...document.querySelectorAll(".wf-map .wf-land polygon")].map(e => e.getAttribute("class"))`)
		if strings.Join(board, ",") != strings.Join(seeded, ",") {
			t.Fatalf("%s's board at the start differs from the preview (%d hexes, preview %d)", p.name, len(board), len(seeded))
		}
	}
	ann.snap("started")
}

// watchReplayJS starts recording, on the page, whether the replay of
// another player's turn marks hexes on the map and what its line says,
// so that a test sees it however briefly it shows.
const watchReplayJS = `(() => {
	const rec = window.__replay = { marked: 0, lines: [] };
	const layer = document.querySelector(".wf-anim");
	const line = document.querySelector("#wf-anim-line .wf-anim-text");
	new MutationObserver(() => { rec.marked = Math.max(rec.marked, layer.querySelectorAll("[data-anim]").length); }).observe(layer, { childList: true });
	new MutationObserver(() => { if (line.textContent && !rec.lines.includes(line.textContent)) rec.lines.push(line.textContent); }).observe(line, { childList: true, characterData: true, subtree: true });
	return true;
})()`

// TestWarfareReplaysOthersTurns: when the bot's turn ends, what it did is
// replayed on the map, its hexes marked one action after another with a
// line naming each action, and the marks go when the replay ends. At a
// table of two people, the other's turn is replayed and Skip ends the
// replay at once, while a player's own actions are never replayed to
// them. With reduced motion nothing flashes: the line alone says what
// happened.
func TestWarfareReplaysOthersTurns(t *testing.T) {
	p := newPage(t, "lord", 1280, 900)
	p.guest(uniqueName("Lord"))
	id := evalAs[string](p, createWarScenarioJS(warScenario))
	p.goTo("/t/" + id)
	p.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length === 40`)
	p.waitVisible("#wf-end")
	evalAs[bool](p, watchReplayJS)
	p.click("#wf-end")
	p.waitFor("the bot's actions marked on the map", `window.__replay.marked > 0`)
	p.snap("bot-turn-replay")
	p.waitFor("the replay over and my turn back", `window.__replay.lines.length > 0 && document.querySelectorAll(".wf-anim [data-anim]").length === 0 && document.querySelector("#wf-anim-line").hidden && document.querySelector("#wf-end") && !document.querySelector("#wf-end").disabled && Object.values(window.parlorTable.state().views)[0].turn === 0`)
	lines := evalAs[[]string](p, `window.__replay.lines`)
	for _, l := range lines {
		if !regexp.MustCompile(`^.+: (moved|recruited|trained|started|upgraded|built|took)\b`).MatchString(l) {
			t.Errorf("the replay's line says %q, want who did what", l)
		}
	}
	p.snap("after-replay")

	// Skip ends the replay at once. Ann recruits twice at a table she
	// shares with Bob, so her turn holds more than one action; Bob presses
	// Skip as soon as the first one shows, and no other is marked after.
	ann := newPage(t, "ann", 1280, 900)
	ann.guest(uniqueName("Ann"))
	id = evalAs[string](ann, createWarTableJS(warScenario, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	ann.goTo("/t/" + id)
	bob := newPage(t, "bob", 1280, 900)
	bob.guest(uniqueName("Bob"))
	bob.goTo("/t/" + id)
	bob.click(`[data-seat="1"] button`)
	bob.waitFor("my seat", `document.querySelector('[data-seat="1"] .seat-name')?.textContent === "you"`)
	ann.click("#start-game")
	ann.waitWarTurn(0, 1)
	bob.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length === 40`)
	evalAs[bool](bob, `(() => {
		const rec = window.__skip = { skipped: false, cleared: false, after: 0, line: "" };
		const layer = document.querySelector(".wf-anim");
		new MutationObserver(() => {
			const marks = layer.querySelectorAll("[data-anim]").length;
			if (rec.skipped) { rec.after = Math.max(rec.after, marks); return; }
			if (!marks) return;
			rec.line = document.querySelector("#wf-anim-line").textContent;
			document.querySelector("#wf-anim-skip").click();
			rec.skipped = true;
			rec.cleared = layer.querySelectorAll("[data-anim]").length === 0 && document.querySelector("#wf-anim-line").hidden;
		}).observe(layer, { childList: true });
		return true;
	})()`)
	ann.click("#wf-zoom-fit")
	ann.recruitPeasant(0)
	ann.recruitPeasant(0)
	// Ann's own actions are not replayed to her.
	if n := evalAs[int](ann, `document.querySelectorAll(".wf-anim [data-anim]").length`); n != 0 || !evalAs[bool](ann, `document.querySelector("#wf-anim-line").hidden`) {
		t.Fatal("Ann's own actions are replayed to her")
	}
	ann.click("#wf-end")
	bob.waitWarTurn(1, 1)
	bob.waitFor("the replay skipped", `window.__skip.skipped`)
	if !evalAs[bool](bob, `window.__skip.cleared`) {
		t.Fatal("Skip left the replay's marks or line on the screen")
	}
	if line := evalAs[string](bob, `window.__skip.line`); !strings.Contains(line, "recruited a peasant") {
		t.Fatalf("Bob's replay of Ann's turn began with %q, want her first recruit", line)
	}
	// Ann's second recruit would be the next step: wait past when it
	// would have shown (the replay's whole length) by waiting for a
	// later event, Bob's own move, then check nothing was marked.
	bob.recruitPeasant(1)
	if n := evalAs[int](bob, `window.__skip.after`); n != 0 {
		t.Fatalf("after Skip the replay still marked %d hexes", n)
	}

	// With reduced motion the bot's turn is named, not animated (at a
	// new table of the same position: the bot's turn there is again one
	// with actions).
	evalAs[bool](p, `(localStorage.setItem("parlor.settings", JSON.stringify({ sound: false, reducedMotion: true })), true)`)
	id = evalAs[string](p, createWarScenarioJS(warScenario))
	p.goTo("/t/" + id)
	p.waitFor("my turn", `document.querySelector("#wf-end") && !document.querySelector("#wf-end").disabled && document.querySelectorAll(".wf-land polygon").length === 40`)
	evalAs[bool](p, watchReplayJS)
	p.click("#wf-end")
	p.waitFor("the line naming the bot's turn", `!document.querySelector("#wf-anim-line").hidden && /: (moved|recruited|trained|started|upgraded|built|took)\b/.test(document.querySelector("#wf-anim-line").textContent)`)
	if n := evalAs[int](p, `window.__replay.marked`); n != 0 {
		t.Fatalf("with reduced motion the replay still marked %d hexes", n)
	}
	p.snap("reduced-motion")
}

// TestWarfareReplayLineKeepsMapStill: the line naming another player's
// turn comes and goes above the map; the map must not move when it does,
// or a click aimed at one hex lands on another (Bob's recruit once landed
// two rows lower when the replay of Ann's turn ended just before his
// click). With reduced motion the line stays until Bob acts, so the map's
// place is read with the line shown and again once it has gone.
func TestWarfareReplayLineKeepsMapStill(t *testing.T) {
	scenario := map[string]any{
		"players": 2, "turn": 0, "round": 1, "rounds": 0,
		"map": []string{
			"0h 0 0 0 - 1h 1 1 1",
			"0 0 0 0 - 1 1 1 1",
			"0 0 0 0 - 1 1 1 1",
		},
		"villages": []map[string]int{{"hex": 0, "gold": 30}, {"hex": 5, "gold": 30}},
	}
	ann := newPage(t, "ann", 1280, 900)
	bob := newPage(t, "bob", 1280, 900)
	ann.guest(uniqueName("Ann"))
	bob.guest(uniqueName("Bob"))
	evalAs[bool](bob, `(localStorage.setItem("parlor.settings", JSON.stringify({ sound: false, reducedMotion: true })), true)`)
	id := evalAs[string](ann, createWarTableJS(scenario, []map[string]string{{"kind": "me"}, {"kind": "open"}}))
	ann.goTo("/t/" + id)
	bob.goTo("/t/" + id)
	bob.click(`[data-seat="1"] button`)
	bob.waitFor("my seat", `document.querySelector('[data-seat="1"] .seat-name')?.textContent === "you"`)
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length > 0`)
		p.click("#wf-zoom-fit")
	}
	ann.waitWarTurn(0, 1)
	ann.recruitPeasant(0)
	ann.click("#wf-end")
	bob.waitWarTurn(1, 1)
	bob.click(`#wf-villages button[data-village="5"]`)
	bob.click("#wf-zoom-fit")
	bob.click("#wf-buy-peasant")
	bob.waitFor("hexes lit for the recruit", `document.querySelector('.wf-target-ring[data-target="16"]') !== null`)
	if evalAs[bool](bob, `document.querySelector("#wf-anim-line").hidden`) {
		bob.fail("the line naming Ann's turn is not shown")
	}
	where := `(() => { const r = document.querySelector('.wf-land polygon[data-hex="16"]').getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round).join(" "); })()`
	before := evalAs[string](bob, where)
	bob.clickHex(16)
	bob.waitFor("the recruit on the map", `document.querySelector('[data-unit="16"][data-rank="peasant"]') !== null`)
	bob.waitFor("the line gone once Bob acts", `document.querySelector("#wf-anim-line").hidden`)
	if after := evalAs[string](bob, where); after != before {
		bob.fail("hex 16 was at %s with the line shown and is at %s without it", before, after)
	}
}
