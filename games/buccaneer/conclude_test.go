package buccaneer

import (
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestConcludeShowsEveryHand: the package's rule "after the end every
// hand is shown" holds when the match ends by a resignation or a forfeit
// too, and the score is still the treasure at home.
func TestConcludeShowsEveryHand(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","hand":["R3","B1"]},{"home":"Cadiz","hand":["B2","B2","R1"]}]}`)
	if v := s.View(0).(View); v.Players[1].Hand != nil {
		t.Fatalf("before the end seat 0 sees seat 1's hand %v", v.Players[1].Hand)
	}
	scores := s.Scores()
	game.Conclude(s, game.Outcome{Winners: []game.Seat{1}, Reason: "seat 0 resigned"})
	if o := s.Outcome(); o == nil || !slices.Equal(o.Winners, []game.Seat{1}) || o.Reason != "seat 0 resigned" {
		t.Fatalf("outcome %+v, want the match's decision", o)
	}
	if !slices.Equal(s.Scores(), scores) {
		t.Errorf("scores %v changed from %v at the end", s.Scores(), scores)
	}
	for _, seat := range []game.Seat{0, 1, game.Spectator} {
		v := s.View(seat).(View)
		if v.Step.Name != "over" || v.Step.Owes != -1 {
			t.Errorf("%d's view: step %+v, want over", seat, v.Step)
		}
		for i, p := range v.Players {
			if len(p.Hand) != len(s.players[i].hand) {
				t.Errorf("seat %d's view shows hand %v of seat %d, want all %d cards", seat, p.Hand, i, len(s.players[i].hand))
			}
		}
	}
	if _, err := s.Apply(s.who, Move{Done: true}); err == nil {
		t.Error("a move after the end was accepted")
	}
}
