package buccaneer

import (
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/game/turnchart"
)

func charts(t *testing.T, r *gametest.Recorder) *turnchart.Charts {
	t.Helper()
	return r.Analyze(Analyze).(*turnchart.Charts)
}

// The treasure chart has one point per captain's turn, as the turn limit
// counts them ("After this many turns in all, the most treasure at home
// wins"), and its last point is the final treasure at home, the score
// that decided the match.
func TestAnalysisOnePointPerTurn(t *testing.T) {
	const limit = 24
	r := gametest.Record(t, start(t, `{"seats":3,"turns":24}`, 5))
	if !r.PlayBots(Definition, "hard", 20000) {
		t.Fatal("the bots did not reach the turn limit")
	}
	c := charts(t, r)
	if len(c.Turns) != limit || c.Turns[0] != 1 || c.Turns[limit-1] != limit {
		t.Fatalf("turns %v, want 1 to %d", c.Turns, limit)
	}
	tr := c.Charts[0]
	if tr.Key != "treasure" || len(tr.Seats) != 3 {
		t.Fatalf("chart %q with %d seats", tr.Key, len(tr.Seats))
	}
	final := r.State().Scores()
	for s, v := range tr.Seats {
		if len(v) != limit || v[limit-1] != final[s] {
			t.Errorf("captain %d: %d points ending %v, want %d ending %d", s, len(v), v[len(v)-1:], limit, final[s])
		}
	}
	if len(c.StepTurn) != len(r.Steps) || c.StepTurn[0] != 0 || c.StepTurn[len(r.Steps)-1] != limit-1 || !slices.IsSorted(c.StepTurn) {
		t.Errorf("step turns %v: want one per step, from the first turn to the last", c.StepTurn)
	}
}

// A match won in the middle of a turn (London sails home and unloads the
// treasure that makes 20) ends with a point for that turn: the winning
// treasure.
func TestAnalysisWinMidTurn(t *testing.T) {
	st := scenario(t, `{"ships":[{"home":"London","at":[3,14],"facing":"W","hand":["R1","B1"],"treasure":["diamond","ruby"]},{"home":"Genoa"}],
		"ports":{"London":{"treasure":["gold","gold","pearl"]}},"turn":0}`)
	r := gametest.Record(t, st)
	r.PlayText(0, "sail 1,14")
	if r.State().Outcome() == nil {
		t.Fatal("London did not win")
	}
	c := charts(t, r)
	if len(c.Turns) != 1 || c.Charts[0].Seats[0][0] != r.State().Scores()[0] || c.Charts[0].Seats[0][0] < 20 {
		t.Fatalf("turns %v, London's treasure %v; want one turn ending with the winning %d", c.Turns, c.Charts[0].Seats[0], r.State().Scores()[0])
	}
}
