package battleship

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestCompleteFleetKeepsTheShipsLaid: the carrier and the battleship laid
// by hand stay where they are and the fleet completed around them is
// legal, with or without touching, for many draws.
func TestCompleteFleetKeepsTheShipsLaid(t *testing.T) {
	laid := []Placement{{Ship: "carrier", Row: 0, Col: 0, Dir: "h"}, {Ship: "battleship", Row: 2, Col: 3, Dir: "v"}}
	for _, touch := range []bool{true, false} {
		for seed := range uint64(200) {
			rng := game.NewRand(seed)
			fleet, err := CompleteFleet(&rng, laid, touch)
			if err != nil {
				t.Fatalf("touch %v seed %d: %v", touch, seed, err)
			}
			if _, err := ValidateFleet(fleet, touch); err != nil {
				t.Fatalf("touch %v seed %d: the completed fleet is illegal: %v", touch, seed, err)
			}
			for _, p := range laid {
				if fleet[shipIndex(p.Ship)] != p {
					t.Fatalf("touch %v seed %d: the %s laid at %v moved to %v", touch, seed, p.Ship, p, fleet[shipIndex(p.Ship)])
				}
			}
		}
	}
}
