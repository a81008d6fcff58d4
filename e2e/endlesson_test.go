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
// link that opens the replay. At 390x844 the lesson stands below the
// board (nothing above the board moves when it comes) and the page does
// not scroll sideways.
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

	ph := newTouchPage(t, "390x844", 390, 844)
	ph.guest(uniqueName("Herald"))
	ph.goTo("/t/" + id)
	ph.waitFor("the charts under the board", `document.querySelectorAll("#end-lesson .turn-chart svg.chart").length === 2`)
	if below := evalAs[bool](ph, `document.querySelector("#end-lesson").getBoundingClientRect().top >= document.querySelector(".board-area").getBoundingClientRect().bottom - 1`); !below {
		t.Errorf("at 390x844 the lesson is not below the board")
	}
	ph.fitsWidth("the end of a live game at 390x844")
	ph.checkAxe("the end of a live game at 390x844")
	evalAs[bool](ph, `(document.querySelector("#end-lesson").scrollIntoView(), true)`)
	ph.snap("end-lesson")

	// The link opens the replay, drawn with the same charts.
	p.click("#open-replay")
	p.waitFor("the replay", fmt.Sprintf(`location.pathname === "/replay/%s" && document.querySelectorAll("#replay-analysis .turn-chart svg.chart").length === 2`, match))
}
