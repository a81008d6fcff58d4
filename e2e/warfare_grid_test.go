package e2e

import (
	"regexp"
	"strings"
	"testing"
)

// TestWarfareGridNamesTheHexes (issue 32, point 1): the moves' sentences
// name Medieval Warfare's hexes by the island's grid ("F7"); the board
// carries that grid, column letters along the top and row numbers down
// the left, and a hex's tooltip begins with its grid name, so that a
// hex a sentence names can be found on the island.
func TestWarfareGridNamesTheHexes(t *testing.T) {
	p := newPage(t, "lord", 1280, 800)
	p.guest(uniqueName("Lord"))
	id := evalAs[string](p, createTableJS("warfare", map[string]any{"island": "pebble"}, []map[string]string{{"kind": "me"}, {"kind": "bot", "level": "easy"}}))
	p.goTo("/t/" + id)
	p.waitFor("the island", `document.querySelectorAll(".wf-land polygon").length >= 300`)
	p.click("#wf-zoom-fit")
	labels := evalAs[[]string](p, `[...document.querySelectorAll(".wf-grid text")].map((t) => t.textContent)`)
	joined := " " + strings.Join(labels, " ") + " "
	letters, numbers := 0, 0
	for _, l := range labels {
		if regexp.MustCompile(`^[A-Z]+$`).MatchString(l) {
			letters++
		} else if regexp.MustCompile(`^[1-9][0-9]*$`).MatchString(l) {
			numbers++
		}
	}
	if letters < 10 || numbers < 10 || letters+numbers != len(labels) {
		t.Fatalf("the grid's labels %v: want a letter for each column and a number for each row of land", labels)
	}
	// A hex's tooltip names its column and row, both labelled.
	tip := evalAs[string](p, `(() => {
		const hex = document.querySelector(".wf-land polygon");
		hex.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
		return hex.querySelector("title")?.textContent ?? "";
	})()`)
	m := regexp.MustCompile(`^([A-Z]+)(\d+): `).FindStringSubmatch(tip)
	if m == nil || !strings.Contains(joined, " "+m[1]+" ") || !strings.Contains(joined, " "+m[2]+" ") {
		t.Fatalf("a hex's tooltip reads %q, want its grid name among the labels %v", tip, labels)
	}
	p.snap("grid")
}
