package warfare

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestConcludedViewsSayTheGameIsOver is issue #32's point 6 for Medieval
// Warfare: after a resignation the views no longer name a seat to move
// ("Round 3 of 150 · Hal to play" stayed on the screen), and the state
// refuses moves like any ended game.
func TestConcludedViewsSayTheGameIsOver(t *testing.T) {
	s := scen{Map: []string{"0h 0 0s 1 1h 1 1 1"}}.load(t)
	evs := game.Conclude(s, game.Outcome{Winners: []game.Seat{1}, Reason: "seat 0 resigned"})
	if len(evs) != 1 || evs[0].Type != "over" {
		t.Fatalf("Conclude's events %+v, want one over", evs)
	}
	for _, seat := range []game.Seat{0, 1, game.Spectator} {
		v := s.View(seat).(View)
		if v.Turn != -1 || v.Outcome == nil || v.Outcome.Reason != "seat 0 resigned" {
			t.Errorf("seat %d's view after the resignation: turn %d, outcome %+v", seat, v.Turn, v.Outcome)
		}
	}
	if len(s.Turn()) != 0 || len(s.Legal(0)) != 0 {
		t.Errorf("after the end Turn() is %v and seat 0 has %d legal moves", s.Turn(), len(s.Legal(0)))
	}
	refuse(t, s, "end", "game-over")
}
