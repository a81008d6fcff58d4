package battleship

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestSequentialFleetsAreLegal: the ship-by-ship placer used to compare with
// published figures makes only legal fleets, with and without touching.
func TestSequentialFleetsAreLegal(t *testing.T) {
	rng := game.NewRand(5)
	for _, touch := range []bool{true, false} {
		for range 2000 {
			f := SequentialFleet(&rng, touch)
			if _, err := ValidateFleet(f, touch); err != nil {
				t.Fatalf("touch %v: illegal fleet %v: %v", touch, f, err)
			}
		}
	}
}

// TestSequentialIsNotUniform shows why the arena draws whole fleets for its
// headline figures: placing the carrier first puts it on the border as
// often as its positions there allow (24 of 120, 20%), while over all
// fleets a carrier on the border, which leaves the others more room, is
// more common.
func TestSequentialIsNotUniform(t *testing.T) {
	const n = 40000
	border := func(f []Placement) bool {
		c := f[0]
		return (c.Dir == "h" && (c.Row == 0 || c.Row == 9)) || (c.Dir == "v" && (c.Col == 0 || c.Col == 9))
	}
	count := func(draw func(*game.Rand, bool) []Placement) float64 {
		rng := game.NewRand(9)
		k := 0
		for range n {
			if border(draw(&rng, true)) {
				k++
			}
		}
		return float64(k) / n
	}
	seq, uni := count(SequentialFleet), count(RandomFleet)
	t.Logf("carrier on the border: sequential %.4f, uniform %.4f", seq, uni)
	if seq < 0.19 || seq > 0.21 {
		t.Errorf("sequential placement puts the carrier on the border %.4f of the time, want about 0.20", seq)
	}
	if uni-seq < 0.01 {
		t.Errorf("uniform fleets should put the carrier on the border more often than sequential placement: %.4f vs %.4f", uni, seq)
	}
}
