package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Replays that teach (issue 26): a finished game's replay draws the
// game's analysis beside the board. These tests let bots play a whole
// match at a table of bots only (it starts at once and plays itself),
// open its replay and read the annotations.

// botsOnly is a table.create seat list of n bots of level.
func botsOnly(n int, level string) []map[string]string {
	out := make([]map[string]string, n)
	for i := range out {
		out[i] = map[string]string{"kind": "bot", "level": level}
	}
	return out
}

// finishedMatch waits until table id's match is over and returns its id.
func finishedMatch(t *testing.T, id string) string {
	t.Helper()
	deadline := time.Now().Add(3 * wait)
	for {
		var v struct {
			Table struct {
				Status string `json:"status"`
				Match  string `json:"match"`
			} `json:"table"`
		}
		err := getJSON("/api/tables/"+id, &v)
		if err == nil && v.Table.Status == "over" && v.Table.Match != "" {
			return v.Table.Match
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bots' match at table %s is not over (status %q, %v)", id, v.Table.Status, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// replayStep shows replay step i through the replay's slider, as a
// person dragging it would.
func (p *page) replayStep(i int) {
	p.t.Helper()
	evalAs[bool](p, fmt.Sprintf(`(() => { const s = document.querySelector("#replay-slider"); s.value = "%d"; s.dispatchEvent(new Event("input", { bubbles: true })); return true; })()`, i))
	p.waitFor(fmt.Sprintf("replay step %d", i), fmt.Sprintf(`document.querySelector("#replay-slider").value === "%d"`, i))
}

// docShot writes the screen as docs/screens/<name>.png when
// PARLOR_SCREENS names the repository's root (as TestScreensForDocs
// does); otherwise it writes nothing there. scrollTo, when not empty,
// is the selector of what to scroll into view first (an analysis panel).
func (p *page) docShot(name, scrollTo string) {
	p.t.Helper()
	root := os.Getenv("PARLOR_SCREENS")
	if root == "" {
		return
	}
	if scrollTo != "" {
		evalAs[bool](p, fmt.Sprintf(`(document.querySelector(%q).scrollIntoView({ block: "start" }), document.activeElement?.blur(), new Promise((done) => setTimeout(() => done(true), 500)))`, scrollTo))
	}
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs", "screens", name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// TestReplayAnalysisClueNotebook: three expert bots play Clue-Less to the
// end. In the replay, at the step where a card was shown to a detective,
// that detective's notebook marks the card shown for the player who
// showed it, where a step earlier it did not; a bystander's notebook at
// the same step does not (only the suggester sees the card, spec 3.7).
// Each detective has its line on when it could have accused with
// certainty, and a click on a move named there shows that move.
func TestReplayAnalysisClueNotebook(t *testing.T) {
	p := newPage(t, "clue-study", 1280, 800)
	p.guest(uniqueName("Sleuth"))
	// The seed is the server's: a match may end before anyone shows a
	// card (a lucky first accusation), so the bots play until one has.
	var match string
	step, by, to, card := -1, 0, 0, ""
	for try := 0; step < 0; try++ {
		if try == 5 {
			t.Fatal("no card was shown in five whole matches")
		}
		id := evalAs[string](p, createTableJS("clue", map[string]any{}, botsOnly(3, "expert")))
		match = finishedMatch(t, id)
		var rep struct {
			Steps []struct {
				Events []struct {
					Type string          `json:"type"`
					Data json.RawMessage `json:"data"`
				} `json:"events"`
			} `json:"steps"`
		}
		if err := getJSON("/api/replays/"+match, &rep); err != nil {
			t.Fatal(err)
		}
		for i, s := range rep.Steps {
			for _, e := range s.Events {
				var d struct {
					By   int    `json:"by"`
					To   int    `json:"to"`
					Card string `json:"card"`
				}
				if e.Type == "card" && step < 0 && json.Unmarshal(e.Data, &d) == nil {
					step, by, to, card = i, d.By, d.To, d.Card
				}
			}
		}
	}
	bystander := 3 - by - to
	p.goTo("/replay/" + match)
	p.waitFor("a certainty line per detective", `document.querySelectorAll("#nb-certain li").length === 3`)
	p.choose("#nb-seat", fmt.Sprint(to))
	cell := func(seat int) string {
		p.choose("#nb-seat", fmt.Sprint(seat))
		sel := fmt.Sprintf(`.nb-table[data-seat="%d"] td[data-card=%q][data-holder="%d"]`, seat, card, by)
		p.waitVisible(sel)
		return evalAs[string](p, fmt.Sprintf(`document.querySelector(%q).dataset.mark`, sel))
	}
	p.replayStep(step - 1)
	if m := cell(to); m == "s" {
		t.Errorf("before the showing, seat %d's notebook already marks %s shown by seat %d", to, card, by)
	}
	p.replayStep(step)
	if m := cell(to); m != "s" {
		t.Errorf("after the showing, seat %d's notebook marks %s for seat %d %q, want s (shown)", to, card, by, m)
	}
	if !strings.Contains(p.text(".nb-table td.nb-shown"), "◆") {
		t.Errorf("the shown card's cell does not read ◆")
	}
	if m := cell(bystander); m == "s" || m == "o" {
		t.Errorf("bystander seat %d's notebook marks %s for seat %d %q: it did not see the card", bystander, card, by, m)
	}
	p.choose("#nb-seat", fmt.Sprint(to))
	p.checkAxe("the replay's notebook")
	p.snap("notebook")
	p.docShot("replay-clue", "#replay-analysis")

	// A move named in a certainty line shows that move when clicked.
	if evalAs[int](p, `document.querySelectorAll("#nb-certain button[data-step]").length`) == 0 {
		t.Fatal("no detective could accuse with certainty or accused, in a match the bots finished")
	}
	want := evalAs[string](p, `document.querySelector("#nb-certain button[data-step]").dataset.step`)
	p.click("#nb-certain button[data-step]")
	p.waitFor("the named move", fmt.Sprintf(`document.querySelector("#replay-slider").value === %q && document.querySelector(".nb-table").dataset.step === %q`, want, want))

	for _, size := range [][2]int64{{800, 600}, {390, 844}} {
		ph := newTouchPage(t, fmt.Sprintf("%dx%d", size[0], size[1]), size[0], size[1])
		ph.guest(uniqueName("Sleuth"))
		ph.goTo("/replay/" + match)
		ph.waitFor("the notebook", `!!document.querySelector(".nb-table")`)
		ph.fitsWidth("the replay's notebook")
		evalAs[bool](ph, `(document.querySelector(".nb-table").scrollIntoView(), true)`)
		ph.snap("notebook")
	}
}

// chartPoints reads a chart's points per seat from the page.
func (p *page) chartPoints(key string) [][]int {
	return evalAs[[][]int](p, fmt.Sprintf(`[...document.querySelectorAll('.turn-chart[data-chart=%q] g.chart-seat')].map((g) => [...g.querySelectorAll("circle")].map((c) => Number(c.dataset.value)))`, key))
}

// checkCharts checks the charts keys of a finished match in its replay:
// as checkChartPoints, and the marker on the first turn at the start.
func checkCharts(t *testing.T, p *page, match string, turns int, keys []string, final func(key string) []int) {
	t.Helper()
	p.goTo("/replay/" + match)
	checkChartPoints(t, p, "the replay's charts", turns, keys, final)
	p.snap("charts")
	p.click(`button[aria-label="First move"]`)
	p.waitFor("the first turn marked", `document.querySelector("#chart-status").dataset.turn === "1" && document.querySelectorAll("circle.at").length > 0`)
}

// checkChartPoints checks the charts keys on the page (where): turns
// points for every seat, the last one the final figure of final (nil:
// not checked), the last turn marked, and no serious axe-core finding.
func checkChartPoints(t *testing.T, p *page, where string, turns int, keys []string, final func(key string) []int) {
	t.Helper()
	p.waitFor("the charts", fmt.Sprintf(`document.querySelectorAll(".turn-chart svg[role=img] title").length === %d`, len(keys)))
	for _, k := range keys {
		pts := p.chartPoints(k)
		if n := evalAs[string](p, fmt.Sprintf(`document.querySelector('.turn-chart[data-chart=%q] svg.chart').dataset.points`, k)); n != fmt.Sprint(turns) {
			t.Errorf("chart %s has %s points, want one per turn: %d", k, n, turns)
		}
		want := final(k)
		for s, v := range pts {
			if len(v) != turns {
				t.Errorf("chart %s, seat %d: %d points, want %d", k, s, len(v), turns)
				continue
			}
			if want != nil && v[turns-1] != want[s] {
				t.Errorf("chart %s, seat %d ends at %d, the final figure is %d", k, s, v[turns-1], want[s])
			}
		}
	}
	if d := evalAs[string](p, `document.querySelector(".turn-chart svg.chart desc").textContent`); !strings.Contains(d, "one point per turn") {
		t.Errorf("the chart's description reads %q", d)
	}
	p.waitFor("the last turn marked", fmt.Sprintf(`document.querySelector("#chart-status").dataset.turn === "%d"`, turns))
	p.checkAxe(where)
}

// replaySteps reads a finished match's replay steps: their notation, the
// spectator's view and the scores after each.
func replaySteps(t *testing.T, match string) []replayStep {
	t.Helper()
	var rep struct {
		Steps []replayStep `json:"steps"`
	}
	if err := getJSON("/api/replays/"+match, &rep); err != nil {
		t.Fatal(err)
	}
	return rep.Steps
}

type replayStep struct {
	Move   json.RawMessage `json:"move"`
	Text   string          `json:"text"`
	Scores []int           `json:"scores"`
	Views  map[string]struct {
		Turns int `json:"turns"` // Buccaneer's turns finished
	} `json:"views"`
}

// TestReplayAnalysisBuccaneerChart: two hard bots play Buccaneer to a
// turn limit of 30 (or a win before it); the replay's treasure chart has
// one point per turn that the board counted, for each captain, the last
// being the treasure at home that the result counts.
func TestReplayAnalysisBuccaneerChart(t *testing.T) {
	p := newPage(t, "buc-study", 1280, 800)
	p.guest(uniqueName("Purser"))
	id := evalAs[string](p, createTableJS("buccaneer", map[string]any{"seats": 2, "turns": 30}, botsOnly(2, "hard")))
	match := finishedMatch(t, id)
	steps := replaySteps(t, match)
	last := steps[len(steps)-1]
	turns := last.Views["-1"].Turns
	if len(steps) > 1 && steps[len(steps)-2].Views["-1"].Turns == turns {
		turns++ // won during a turn the board had not counted as finished
	}
	checkCharts(t, p, match, turns, []string{"treasure"}, func(string) []int { return last.Scores })
	p.click(`button[aria-label="Last move"]`)
	p.docShot("replay-buccaneer", "#replay-analysis")
}

// TestReplayAnalysisWarfareCharts: two medium bots play Medieval Warfare
// on the small island to a cap of 8 rounds; the land and gold charts have
// one point per turn (a turn ends with "end", and a game decided during a
// turn counts that turn too) for each player, and the last land is the
// score.
func TestReplayAnalysisWarfareCharts(t *testing.T) {
	p := newPage(t, "war-study", 1280, 800)
	p.guest(uniqueName("Herald"))
	id := evalAs[string](p, createTableJS("warfare", map[string]any{"players": 2, "island": "pebble", "rounds": 8, "seed": 7}, botsOnly(2, "medium")))
	match := finishedMatch(t, id)
	steps := replaySteps(t, match)
	checkCharts(t, p, match, warfareTurns(steps), []string{"land", "gold"}, warfareFinal(steps))
	p.click(`button[aria-label="Last move"]`)
	p.docShot("replay-warfare", "#replay-analysis")
	for _, size := range [][2]int64{{800, 600}, {390, 844}} {
		ph := newTouchPage(t, fmt.Sprintf("%dx%d", size[0], size[1]), size[0], size[1])
		ph.guest(uniqueName("Herald"))
		ph.goTo("/replay/" + match)
		ph.waitFor("the charts", `document.querySelectorAll(".turn-chart svg.chart").length === 2`)
		ph.fitsWidth("the replay's charts")
		evalAs[bool](ph, `(document.querySelector(".turn-charts").scrollIntoView(), true)`)
		ph.snap("charts")
	}
}

// warfareTurns counts the turns of a finished Medieval Warfare match as
// its charts do: a turn ends with the move {"end":true}, and a game
// decided during a turn counts that turn too.
func warfareTurns(steps []replayStep) int {
	ends := func(s replayStep) bool { return string(s.Move) == `{"end":true}` }
	turns := 0
	for _, s := range steps {
		if ends(s) {
			turns++
		}
	}
	if !ends(steps[len(steps)-1]) {
		turns++
	}
	return turns
}

// warfareFinal is the last figures a Warfare match's charts must end
// on: the land is the score; the gold is not checked.
func warfareFinal(steps []replayStep) func(key string) []int {
	return func(k string) []int {
		if k == "land" {
			return steps[len(steps)-1].Scores
		}
		return nil
	}
}
