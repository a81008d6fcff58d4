package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// previewShows waits until the preview panel shows a drawn island for
// options that hold want, and returns its hexes' owner classes in order.
func (p *page) previewShows(what, want string) []string {
	p.t.Helper()
	p.waitFor(what, fmt.Sprintf(`(() => { const f = document.querySelector("#game-preview"); return f && !f.hidden && f.dataset.state === "shown" && f.dataset.options.includes(%q) && f.querySelector(".wf-preview") !== null; })()`, want))
	return evalAs[[]string](p, `[...document.querySelectorAll("#game-preview .wf-land polygon")].map(e => e.getAttribute("class"))`)
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
