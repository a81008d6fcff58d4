package battleship

import (
	"context"
	"math"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestSamplerMatchesExactCount: the expert's chance of a ship on each
// square, estimated by sampling whole fleets, agrees with an exact count
// of every fleet consistent with the misses, hits and named sinkings. A
// sampler that favoured some fleets (a retried draw, a draw whose weight
// leaves out one of its choices) would hunt by a wrong posterior and waste
// shots; such a bias shows here as a gap beyond the error the estimate
// states for itself.
func TestSamplerMatchesExactCount(t *testing.T) {
	// Positions from play, with hits to explain, and a fleet squeezed into
	// the bottom left corner where two hits may belong to one ship or two.
	var obs []observation
	for i, o := range endgames(4) {
		if i%3 == 0 && o.hit.andNot(resolveSunk(&o)).any() {
			obs = append(obs, o)
		}
	}
	corner := newObservation(true)
	for s := range numSquares {
		if s/Size < 7 || s%Size > 5 {
			corner.record(s, "miss", -1)
		}
	}
	corner.record(7*Size+3, "hit", -1)
	corner.record(8*Size+3, "hit", -1)
	obs = append(obs, corner)
	corner.record(9*Size+3, "sunk", shipIndex("submarine"))
	obs = append(obs, corner)
	checked := 0
	for i, o := range obs {
		eg, ok := enumerate(context.Background(), &o)
		if !ok {
			continue
		}
		all := make([]int, len(eg.hyps))
		for j := range all {
			all[j] = j
		}
		var exact [numSquares]float64
		eg.density(all, o.fired, &exact)
		total := eg.total()
		rng := game.NewRand(uint64(i))
		est := newEstimate()
		est.run(context.Background(), newSampler(&o), &rng, 100_000)
		c := est.chances(&o)
		if c.fleets == 0 {
			t.Fatalf("after %d shots the sampler found no fleet", o.nshots)
		}
		for s := range numSquares {
			p, q := exact[s]/total, c.p[s]
			if math.Abs(p-q) > c.bound {
				t.Errorf("after %d shots %s: exact chance %.3f, sampled %.3f, beyond the stated error %.3f", o.nshots, Square(s/Size, s%Size), p, q, c.bound)
			}
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("only %d positions could be counted exactly", checked)
	}
}
