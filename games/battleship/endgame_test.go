package battleship

import (
	"context"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// endgames plays hard against uniform fleets and collects the positions
// where at most two ships are left afloat.
func endgames(n int) []observation {
	var out []observation
	for i := range n {
		rng := game.NewRand(uint64(i) + 500)
		fleet := RandomFleet(&rng, true)
		owner, _ := ValidateFleet(fleet, true)
		tg := newTarget(owner)
		o := newObservation(true)
		for !o.allSunk() {
			if afloat(&o) <= 2 {
				out = append(out, o)
			}
			tg.answer(&o, hardHunter{}.shoot(context.Background(), &o, &rng))
		}
	}
	return out
}

func TestEndgamePlanNeverWorseThanGreedy(t *testing.T) {
	// With one or two ships left the expert weighs its next shot by the
	// exact expected number of shots to finish. Whatever it picks must
	// finish no slower, on average over every fleet still possible, than
	// firing at the likeliest square.
	n := 6
	if raceEnabled {
		n = 2
	}
	planned := 0
	for _, o := range endgames(n) {
		eg, ok := enumerate(context.Background(), &o)
		if !ok {
			continue
		}
		planned++
		all := make([]int, len(eg.hyps))
		for i := range all {
			all[i] = i
		}
		g := eg.greedy(all, o.fired)
		s := eg.best(context.Background(), &o)
		if s < 0 || o.fired.has(s) {
			t.Fatalf("planner chose %d, already fired or none", s)
		}
		if eg.hyps[0].w <= 0 {
			t.Fatal("hypothesis without weight")
		}
		fresh, _ := enumerate(context.Background(), &o)
		cg := fresh.costAfter(g, all, o.fired, o.hit)
		fresh.steps = 0
		cs := fresh.costAfter(s, all, o.fired, o.hit)
		if fresh.over {
			continue // too big to weigh exactly; the planner used greedy
		}
		if cs > cg+1e-6 {
			t.Errorf("after %d shots the plan fires %s expecting %.3f more shots; the likeliest square %s expects %.3f",
				o.nshots, Square(s/Size, s%Size), cs/eg.total(), Square(g/Size, g%Size), cg/eg.total())
		}
	}
	if planned == 0 {
		t.Fatal("no endgame could be planned")
	}
}
