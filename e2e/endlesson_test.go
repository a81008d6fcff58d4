package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestTableEndShowsAnalysisChart (issue 26): the end of a live game
// teaches. Two medium bots play Medieval Warfare on the small island
// while a guest watches their table; once the match is over, under the
// board, the table shows the land and gold charts of the replay at the
// last turn, one point per turn, the land ending on the score, and a
// link that opens the replay. At 800x600 and 390x844 the lesson stands
// below the board (nothing above the board moves when it comes) and the
// page does not scroll sideways.
func TestTableEndShowsAnalysisChart(t *testing.T) {
	p := newPage(t, "end-lesson", 1280, 800)
	p.guest(uniqueName("Herald"))
	id := evalAs[string](p, createTableJS("warfare", map[string]any{"players": 2, "island": "pebble", "rounds": 8, "seed": 7}, botsOnly(2, "medium")))
	p.goTo("/t/" + id)
	match := finishedMatch(t, id)
	p.waitVisible("#result")
	steps := replaySteps(t, match)
	checkChartPoints(t, p, "the end of a live game", warfareTurns(steps), []string{"land", "gold"}, warfareFinal(steps))
	if href := evalAs[string](p, `document.querySelector("#end-lesson #open-replay")?.getAttribute("href") ?? ""`); href != "/replay/"+match {
		t.Fatalf("the lesson's replay link goes to %q, want /replay/%s", href, match)
	}
	if !strings.Contains(p.text("#end-lesson h2"), "What the game teaches") {
		t.Errorf("the lesson's heading reads %q", p.text("#end-lesson h2"))
	}
	evalAs[bool](p, `(document.querySelector("#end-lesson").scrollIntoView(), true)`)
	p.snap("end-lesson")
	p.docShot("end-warfare", "#end-lesson")

	for _, size := range [][2]int64{{800, 600}, {390, 844}} {
		at := fmt.Sprintf("%dx%d", size[0], size[1])
		ph := newTouchPage(t, at, size[0], size[1])
		ph.guest(uniqueName("Herald"))
		ph.goTo("/t/" + id)
		ph.waitFor("the charts under the board", `document.querySelectorAll("#end-lesson .turn-chart svg.chart").length === 2`)
		if below := evalAs[bool](ph, `document.querySelector("#end-lesson").getBoundingClientRect().top >= document.querySelector(".board-area").getBoundingClientRect().bottom - 1`); !below {
			t.Errorf("at %s the lesson is not below the board", at)
		}
		ph.fitsWidth("the end of a live game at " + at)
		ph.checkAxe("the end of a live game at " + at)
		evalAs[bool](ph, `(document.querySelector("#end-lesson").scrollIntoView(), true)`)
		ph.snap("end-lesson")
	}

	// The link opens the replay, drawn with the same charts.
	p.click("#open-replay")
	p.waitFor("the replay", fmt.Sprintf(`location.pathname === "/replay/%s" && document.querySelectorAll("#replay-analysis .turn-chart svg.chart").length === 2`, match))
}

// TestTableEndClueStepOpensReplay (issue 26): at the end of a Clue-Less
// table of three expert bots, the lesson under the board names for each
// detective when it could have accused with certainty, the notebook shows
// the last step, and a move named there opens the replay at that step
// (/replay/{match}?step=N).
func TestTableEndClueStepOpensReplay(t *testing.T) {
	p := newPage(t, "end-clue", 1280, 800)
	p.guest(uniqueName("Sleuth"))
	id := evalAs[string](p, createTableJS("clue", map[string]any{}, botsOnly(3, "expert")))
	p.goTo("/t/" + id)
	match := finishedMatch(t, id)
	last := len(replaySteps(t, match)) - 1
	p.waitFor("a certainty line per detective", `document.querySelectorAll("#end-lesson #nb-certain li").length === 3`)
	p.waitFor("the notebook at the last step", fmt.Sprintf(`document.querySelector("#end-lesson .nb-table")?.dataset.step === "%d"`, last))
	p.checkAxe("the end of a Clue-Less game")
	p.snap("end-clue")
	if evalAs[int](p, `document.querySelectorAll("#end-lesson #nb-certain button[data-step]").length`) == 0 {
		t.Fatal("no detective could accuse with certainty or accused, in a match the bots finished")
	}
	step := evalAs[string](p, `document.querySelector("#end-lesson #nb-certain button[data-step]").dataset.step`)
	p.click("#end-lesson #nb-certain button[data-step]")
	p.waitFor("the replay at the named step", fmt.Sprintf(`location.pathname === "/replay/%s" && location.search === "?step=%s"`, match, step))
}
