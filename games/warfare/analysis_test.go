package warfare

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/game/turnchart"
)

func charts(t *testing.T, r *gametest.Recorder) *turnchart.Charts {
	t.Helper()
	return r.Analyze(Analyze).(*turnchart.Charts)
}

// villageGold adds up seat's treasuries hex by hex, as a player reading
// the map would: every village hex of its colour.
func villageGold(s *State, seat int) int {
	g := 0
	for h, c := range s.cells {
		if c.thing == village && int(c.owner) == seat {
			g += gold(s, h)
		}
	}
	return g
}

// The land and gold charts have one point per turn, a turn being one
// player's turn up to its "end" (the doc's "Turns"), and their last points
// are the final land (the score the round cap judges) and gold.
func TestAnalysisOnePointPerTurn(t *testing.T) {
	st, err := Definition.New(json.RawMessage(`{"players":2,"island":"pebble","rounds":5,"seed":7}`), game.NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	r := gametest.Record(t, st)
	if !r.PlayBots(Definition, "medium", 20000) {
		t.Fatal("the bots did not reach the round cap")
	}
	final := r.State().(*State)
	c := charts(t, r)
	if len(c.Turns) != final.turns || c.Turns[0] != 1 {
		t.Fatalf("%d points (turns %v) for %d turns", len(c.Turns), c.Turns, final.turns)
	}
	if len(c.Charts) != 2 || c.Charts[0].Key != "land" || c.Charts[1].Key != "gold" {
		t.Fatalf("charts %+v", c.Charts)
	}
	for seat := range 2 {
		land, gd := c.Charts[0].Seats[seat], c.Charts[1].Seats[seat]
		if len(land) != len(c.Turns) || len(gd) != len(c.Turns) {
			t.Fatalf("player %d: %d land and %d gold points for %d turns", seat, len(land), len(gd), len(c.Turns))
		}
		if land[len(land)-1] != final.Scores()[seat] || gd[len(gd)-1] != villageGold(final, seat) {
			t.Errorf("player %d ends with %d land and %d gold on the chart, %d and %d on the map", seat,
				land[len(land)-1], gd[len(gd)-1], final.Scores()[seat], villageGold(final, seat))
		}
	}
}

// A soldier takes the last rival village in the first turn and the game
// is won at once: one point, the winner holding the land it took.
func TestAnalysisWinMidTurn(t *testing.T) {
	s := scen{Map: []string{"0h 0 0s 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 10}, {Hex: 3, Gold: 0}}}.load(t)
	r := gametest.Record(t, s)
	r.PlayText(0, "2-3")
	if r.State().Outcome() == nil {
		t.Fatal("the capture did not win")
	}
	c := charts(t, r)
	if len(c.Turns) != 1 || c.Charts[0].Seats[0][0] != 4 || c.Charts[0].Seats[1][0] != 0 {
		t.Fatalf("turns %v, land %v; want one turn, player 1 holding 4 hexes and player 2 none", c.Turns, c.Charts[0].Seats)
	}
}
