package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/game/turnchart"
	"github.com/parlor-games/parlor/games/buccaneer"
	"github.com/parlor-games/parlor/games/clue"
	"github.com/parlor-games/parlor/server/servertest"
)

// overTheWire passes v through JSON into out, as the server sends it and
// the client reads it.
func overTheWire(t *testing.T, v, out any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("the analysis does not read back: %v\n%s", err, b)
	}
}

// A sparkline keeps to sparkWidth letters however long the match, rises
// with the figures and ends on the last one.
func TestSparkline(t *testing.T) {
	v := make([]int, 100)
	for i := range v {
		v[i] = i
	}
	s := sparkline(v, 99)
	if n := utf8.RuneCountInString(s); n > sparkWidth || n < sparkWidth/2 {
		t.Errorf("100 turns draw %d letters: %q", n, s)
	}
	if !strings.HasPrefix(s, "▁") || !strings.HasSuffix(s, "█") {
		t.Errorf("a rising series draws %q", s)
	}
	if got := sparkline([]int{0, 5, 10}, 10); got != "▁▄█" {
		t.Errorf("three turns draw %q, want ▁▄█", got)
	}
}

// At the end of a Buccaneer match the moves panel gets the treasure at
// home per captain over the turns, each line ending with the treasure the
// result counted.
func TestLessonsBuccaneerChart(t *testing.T) {
	st, err := buccaneer.Definition.New(json.RawMessage(`{"seats":2,"turns":40}`), game.NewRand(9))
	if err != nil {
		t.Fatal(err)
	}
	r := gametest.Record(t, st)
	if !r.PlayBots(buccaneer.Definition, "hard", 20000) {
		t.Fatal("the bots did not finish")
	}
	v := r.Analyze(buccaneer.Analyze)
	var c turnchart.Charts
	overTheWire(t, v, &c)
	lines := chartLessons(&c, []string{"Ann", "Bob"})
	t.Logf("the moves panel gets:\n%s", strings.Join(lines, "\n"))
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "Treasure at home (points), turns 1-") {
		t.Fatalf("lines %q", lines)
	}
	for s, name := range []string{"Ann", "Bob"} {
		want := fmt.Sprintf(" %d", r.State().Scores()[s])
		if !strings.Contains(lines[1+s], name) || !strings.HasSuffix(lines[1+s], want) {
			t.Errorf("%s's line %q does not end with the final treasure%s", name, lines[1+s], want)
		}
	}
}

// At the end of a Clue-Less match the moves panel says, for each
// detective, when it could have accused with certainty and when it did.
func TestLessonsClueCertainty(t *testing.T) {
	st, err := clue.Definition.New(json.RawMessage(`{"players":3}`), game.NewRand(4))
	if err != nil {
		t.Fatal(err)
	}
	r := gametest.Record(t, st)
	if !r.PlayBots(clue.Definition, "expert", 5000) {
		t.Fatal("the bots did not finish")
	}
	v := r.Analyze(clue.Analyze)
	var a clue.Analysis
	overTheWire(t, v, &a)
	lines := clueLessons(&a, []string{"Ann", "Bob", "Cy"})
	t.Logf("the moves panel gets:\n%s", strings.Join(lines, "\n"))
	if len(lines) != 3 {
		t.Fatalf("lines %q", lines)
	}
	win := r.State().Outcome().Winners
	if len(win) != 1 {
		t.Fatalf("outcome %+v", r.State().Outcome())
	}
	sa := a.Seats[win[0]]
	want := fmt.Sprintf("(accused rightly at move %d).", sa.AccusedAt)
	if !strings.HasSuffix(lines[win[0]], want) || !strings.Contains(lines[win[0]], fmt.Sprintf("from move %d", sa.CertainAt)) {
		t.Errorf("the winner's line %q, want certainty from move %d and %q", lines[win[0]], sa.CertainAt, want)
	}
}

// waitLog handles messages until the table's moves panel holds a line
// containing want, and returns the panel.
func (d *driver) waitLog(want string) []string {
	d.t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		if ts := d.m.table; ts != nil {
			for _, l := range ts.log {
				if strings.Contains(l, want) {
					return ts.log
				}
			}
		}
		select {
		case msg := <-d.msgs:
			d.handle(msg)
		case <-deadline:
			d.t.Fatalf("the moves panel never got %q:\n%s", want, d.screen())
		}
	}
}

// TestModelWarfareLessonsAtTheEnd: a Medieval Warfare game against the
// computer, one turn played and then resigned; at the end the moves
// panel gets the land and gold of each player over the turns, from the
// server's analysis of the match.
func TestModelWarfareLessonsAtTheEnd(t *testing.T) {
	ann := warfareTurnThenResign(t)
	ann.waitFor("Game over")
	log := ann.waitLog("Land (hexes), turns 1-3:")
	joined := strings.Join(log, "\n")
	if !strings.Contains(joined, "Gold, turns 1-3:") || !strings.Contains(joined, "  Ann ") {
		t.Fatalf("the moves panel at the end:\n%s", joined)
	}
}

// warfareTurnThenResign has Ann play one turn of Medieval Warfare against
// the computer, then resign; it returns her terminal at the result.
func warfareTurnThenResign(t *testing.T) *driver {
	t.Helper()
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	ann.waitFor("Ann*")
	ann.newTable("Medieval Warfare")
	ann.keys("enter")
	ann.waitFor("Your turn: Enter selects")
	ann.keys("e")
	ann.waitFor("Ann: end")
	ann.waitFor("Your turn: Enter selects")
	ann.keys("R")
	ann.waitFor("Really resign? y / n")
	ann.keys("y")
	return ann
}
