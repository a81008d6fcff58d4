package tui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/battleship"
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
	if got := ts.result(); got != "Ann wins 2–1 (Bob resigned)" {
		t.Errorf("result %q", got)
	}
	// The winner's score comes first, as the sentence reads (issue #32,
	// point 2: "Bob wins 1–0 (Ann resigned)" was Ann's 1, Bob's 0).
	ts.outcome = &client.Outcome{Winners: []int{1}, Reason: "seat 0 resigned"}
	ts.scores = []int{1, 0}
	if got := ts.result(); got != "Bob wins 0–1 (Ann resigned)" {
		t.Errorf("result %q, want Bob's 0 first", got)
	}
	ts.t.Seats = append(ts.t.Seats, client.Seat{Kind: client.SeatHuman, Name: "Cy"})
	ts.outcome = &client.Outcome{Winners: []int{2}, Reason: "most land"}
	ts.scores = []int{3, 1, 5}
	if got := ts.result(); got != "Cy wins: Cy 5, Ann 3, Bob 1 (most land)" {
		t.Errorf("result %q, want every score named, the winner's first", got)
	}
	ts.outcome = &client.Outcome{Winners: []int{0}, Reason: "seat 1 resigned"}
	ts.t.Seats = ts.t.Seats[:2]
	ts.scores = nil
	if got := ts.result(); got != "Ann wins (Bob resigned)" {
		t.Errorf("result without scores %q", got)
	}
}

// TestBattleshipResignationShowsTheEnemyFleet: "at the end the enemy's
// fleet is revealed", and a resignation is an end: the terminal target
// grid marks every square of the enemy fleet.
func TestBattleshipResignationShowsTheEnemyFleet(t *testing.T) {
	st, err := battleship.Definition.New(nil, game.NewRand(5))
	if err != nil {
		t.Fatal(err)
	}
	for seat, fleet := range []string{
		"carrier A1 h, battleship A3 h, cruiser A5 h, submarine A7 h, destroyer A9 h",
		"carrier J1 v, battleship H1 v, cruiser F1 v, submarine D6 v, destroyer J9 v",
	} {
		if err := game.Play(st, game.Seat(seat), []byte(fleet)); err != nil {
			t.Fatal(err)
		}
	}
	ships := func() int {
		t.Helper()
		v, err := json.Marshal(st.View(0))
		if err != nil {
			t.Fatal(err)
		}
		b := newBattleship(nil, newStyles(true))
		if err := b.set(v, 0, false); err != nil {
			t.Fatal(err)
		}
		// Every "#" but the legend's is a ship's square.
		return strings.Count(plain(b.render(80)), "#") - 1
	}
	if n := ships(); n != 17 {
		t.Fatalf("before the end Ann's screen marks %d ship squares, want her own 17", n)
	}
	game.Conclude(st, game.Outcome{Winners: []game.Seat{0}, Reason: "seat 1 resigned"})
	if n := ships(); n != 34 {
		t.Fatalf("after the resignation Ann's screen marks %d ship squares, want both fleets' 34", n)
	}
}
