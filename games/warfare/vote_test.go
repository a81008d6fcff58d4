package warfare

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// The players' vote: a passed turn is the stalled player's "end", and
// only the player to move can be passed.
func TestVotePassIsTheEnd(t *testing.T) {
	st, err := Definition.New(json.RawMessage(`{"players":3}`), game.NewRand(5))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	ended := s.clone()
	want, err := ended.Apply(0, Move{Kind: End})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.PassTurn(1); game.ErrorCode(err) != "not-your-turn" {
		t.Fatalf("passing the turn of a player not to move: %v", err)
	}
	evs, err := s.PassTurn(0)
	if err != nil {
		t.Fatal(err)
	}
	if !equalStates(s, ended) || s.turn != 1 {
		t.Fatalf("a passed turn differs from an ended one: turn %d", s.turn)
	}
	if evs[0].Type != "turnpassed" || len(evs) != len(want)+1 {
		t.Fatalf("events %+v, an end gives %+v", evs, want)
	}
	for p := range game.Seat(3) {
		if !s.InGame(p) {
			t.Errorf("seat %d out of a game that has just begun", p)
		}
	}
}
