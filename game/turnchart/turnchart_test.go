package turnchart_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/game/turnchart"
)

// nimSteps plays Nim from stones, one stone a move, as a replay's steps.
func nimSteps(t *testing.T, stones int) ([]game.ReplayStep, game.State) {
	t.Helper()
	st, err := gametest.Definition.New([]byte(fmt.Sprintf(`{"stones":%d}`, stones)), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	r := gametest.Record(t, st)
	for len(r.State().Turn()) > 0 {
		r.PlayText(r.State().Turn()[0], "t1")
	}
	return r.Steps, r.State()
}

var taken = turnchart.Measure[*gametest.State]{Key: "taken", Title: "Stones taken", Unit: "stones",
	Value: func(st *gametest.State, seat game.Seat) int { return st.Scores()[seat] }}

// TestOnePointPerTurn: a turn done in every move gives a point per move,
// each the figure at the end of that turn, and every step belongs to the
// turn it was played in.
func TestOnePointPerTurn(t *testing.T) {
	steps, final := nimSteps(t, 5)
	moves := func(st *gametest.State) int { return st.Scores()[0] + st.Scores()[1] }
	c, err := turnchart.Sample(context.Background(), steps, final, moves, taken)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Turns) != 5 || c.Turns[0] != 1 || c.Turns[4] != 5 {
		t.Fatalf("turns %v, want 1 to 5", c.Turns)
	}
	want := [][]int{{1, 1, 2, 2, 3}, {0, 1, 1, 2, 2}}
	for s, v := range c.Charts[0].Seats {
		for k := range v {
			if v[k] != want[s][k] {
				t.Fatalf("seat %d's series %v, want %v", s, v, want[s])
			}
		}
	}
	if got := c.StepTurn; len(got) != 6 || got[0] != 0 || got[1] != 0 || got[5] != 4 {
		t.Fatalf("step turns %v: step 0 and the first move belong to the first turn, the last move to the last", got)
	}
}

// TestAMatchEndedMidTurnHasItsLastPoint: when turns are rounds of two
// moves and the match ends inside a round, the end gives that round its
// point, so the last point is the final score.
func TestAMatchEndedMidTurnHasItsLastPoint(t *testing.T) {
	steps, final := nimSteps(t, 5)
	rounds := func(st *gametest.State) int { return (st.Scores()[0] + st.Scores()[1]) / 2 }
	c, err := turnchart.Sample(context.Background(), steps, final, rounds, taken)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Turns) != 3 {
		t.Fatalf("turns %v, want three rounds, the last unfinished", c.Turns)
	}
	for s, v := range c.Charts[0].Seats {
		if v[len(v)-1] != final.Scores()[s] {
			t.Fatalf("seat %d's last point %d, want the final score %d", s, v[len(v)-1], final.Scores()[s])
		}
	}
}

// TestAnotherGamesReplayIsRefused: a chart read as one game's positions
// refuses a replay of another, with an error rather than a panic.
func TestAnotherGamesReplayIsRefused(t *testing.T) {
	steps, final := nimSteps(t, 3)
	type other struct{ *gametest.State }
	_, err := turnchart.Sample(context.Background(), steps, final, func(*other) int { return 0 })
	if err == nil {
		t.Fatal("a Nim replay read as another game's was not refused")
	}
}
