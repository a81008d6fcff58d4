package tui

import (
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
)

// TestBuccaneerResignationShowsEveryHand: Buccaneer shows every hand after
// the end, and a resignation is an end; the terminal board lists the
// other captain's crew beside the sea.
func TestBuccaneerResignationShowsEveryHand(t *testing.T) {
	sc := `{"ships":[{"home":"London","hand":["R3","B1"]},{"home":"Genoa","hand":["B2","R2","R1"]}],"turn":0}`
	st := bucScenarioState(t, 2, sc)
	if out := plain(bucBoardFor(t, st, 0).render(100)); strings.Contains(out, "Bob (Genoa): ") {
		t.Fatalf("before the end Ann's board shows Genoa's crew:\n%s", out)
	}
	game.Conclude(st, game.Outcome{Winners: []game.Seat{0}, Reason: "seat 1 resigned"})
	out := plain(bucBoardFor(t, st, 0).render(100))
	if !strings.Contains(out, "The game is over.") || !strings.Contains(out, "Bob (Genoa): ") {
		t.Fatalf("after the resignation Ann's board does not list Genoa's crew:\n%s", out)
	}
}

// TestResultShowsTheScore: the result line gives the real score whatever
// ended the match, and none for a game that keeps no score.
func TestResultShowsTheScore(t *testing.T) {
	ts := &tableState{t: client.Table{Seats: []client.Seat{{Kind: client.SeatHuman, Name: "Ann"}, {Kind: client.SeatHuman, Name: "Bob"}}},
		outcome: &client.Outcome{Winners: []int{0}, Reason: "seat 1 resigned"}, scores: []int{2, 1}}
	if got := ts.result(); got != "Ann wins 2–1 (seat 1 resigned)" {
		t.Errorf("result %q", got)
	}
	ts.scores = nil
	if got := ts.result(); got != "Ann wins (seat 1 resigned)" {
		t.Errorf("result without scores %q", got)
	}
}
