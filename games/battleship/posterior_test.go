package battleship

import (
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// huntPositions lets the hard hunter sink n uniform fleets (seeds from
// seed on) and returns every position it met, as the shooter's view and
// observation.
func huntPositions(t *testing.T, n int, seed uint64) ([]View, []observation) {
	t.Helper()
	var views []View
	var obs []observation
	for i := range n {
		rng := game.NewRand(seed + uint64(i))
		fleet := RandomFleet(&rng, true)
		owner, err := ValidateFleet(fleet, true)
		if err != nil {
			t.Fatal(err)
		}
		var hits [numShips]int
		o := newObservation(true)
		v := View{Seat: 0, Phase: "battle", Options: DefaultOptions()}
		for !o.allSunk() {
			views = append(views, View{Seat: 0, Phase: "battle", Options: v.Options, Shots: [2][]ShotRecord{append([]ShotRecord(nil), v.Shots[0]...)}})
			obs = append(obs, o)
			s := hardHunter{}.shoot(context.Background(), &o, &rng)
			r := ShotRecord{Row: s / Size, Col: s % Size, Square: Square(s/Size, s%Size), Result: "miss"}
			if k := int(owner[s]); k >= 0 {
				hits[k]++
				r.Result = "hit"
				if hits[k] == Fleet[k].Len {
					r.Result, r.Ship = "sunk", Fleet[k].Name
				}
			}
			o.record(s, r.Result, shipIndex(r.Ship))
			v.Shots[0] = append(v.Shots[0], r)
		}
	}
	return views, obs
}

// exactChances lists every fleet consistent with o (with the exact
// planner's listing, a plain walk over every ship's positions, not the
// count the map uses) and returns each unfired square's chance, or false
// when the fleets are more than a million. Its walk tries every position
// of every afloat ship, so it is for positions with three ships afloat at
// most.
func exactChances(o *observation) ([numSquares]float64, bool) {
	var c [numSquares]float64
	eg, ok := enumerateUpTo(context.Background(), o, 1<<20, 1<<20)
	if !ok {
		return c, false
	}
	all := make([]int, len(eg.hyps))
	for i := range all {
		all[i] = i
	}
	eg.density(all, o.fired, &c)
	t := eg.total()
	for s := range c {
		c[s] /= t
	}
	return c, true
}

// TestHeatMapIsExactWhereFleetsAreFew: where the fleets consistent with
// what the shooter knows are few enough to list, with three ships still
// afloat as well as in the endgame, the map a player sees (the aid,
// the same as a replay's) gives every square's chance within half a
// percentage point of a listing of those fleets (up to 100,000 of them
// here), and says it is exact.
// The map drawn from 3,000 weighted fleets missed by up to 10 points on
// such positions.
func TestHeatMapIsExactWhereFleetsAreFew(t *testing.T) {
	hunts, least := 8, 5
	if raceEnabled {
		hunts, least = 2, 1 // the race detector slows the counts many times over
	}
	views, obs := huntPositions(t, hunts, 900)
	checked, withThree := 0, 0
	for i := range views {
		if afloat(&obs[i]) > 3 {
			continue
		}
		// The listing is slow past some 100,000 fleets; the map's own count
		// says which positions are that small.
		if c, ok := countFleets(context.Background(), newSampler(&obs[i]), countWork); !ok || c.fleets > 100_000 {
			continue
		}
		exact, ok := exactChances(&obs[i])
		if !ok {
			continue
		}
		raw, err := json.Marshal(&views[i])
		if err != nil {
			t.Fatal(err)
		}
		got, err := Aid(context.Background(), raw)
		if err != nil {
			t.Fatal(err)
		}
		h := got.(Heat)
		if !h.Exact {
			t.Errorf("after %d shots the map says it is an estimate where the fleets can be counted", obs[i].nshots)
		}
		for s := range numSquares {
			if d := math.Abs(float64(h.Heat[s])/1000 - exact[s]); d > 0.005 {
				t.Errorf("after %d shots (%d afloat) %s: the map says %.1f%%, the count of fleets %.2f%%", obs[i].nshots, afloat(&obs[i]), Square(s/Size, s%Size), float64(h.Heat[s])/10, 100*exact[s])
			}
		}
		checked++
		if afloat(&obs[i]) >= 3 {
			withThree++
		}
	}
	t.Logf("%d positions counted, %d of them with three or more ships afloat", checked, withThree)
	if withThree < least {
		t.Fatalf("only %d positions with three ships afloat could be listed", withThree)
	}
}

// TestEstimateKeepsItsStatedBound: where the fleets are too many to count
// on every map, the chances are estimated and the estimate states how far
// off it may be. On positions where the count is possible but the
// estimate is made anyway, every square lies within the stated bound of
// the count, and the bound is the half point (with rounding) the map
// promises. The positions are those of a hunt with hits to explain, where
// the draws' weights are most uneven.
func TestEstimateKeepsItsStatedBound(t *testing.T) {
	_, obs := huntPositions(t, 6, 300)
	want, target := 8, reviewBound
	if raceEnabled {
		// The race detector slows the draws many times over: fewer
		// positions, estimated to a looser bound, whose keeping is checked
		// all the same.
		want, target = 2, 0.02
	}
	checked := 0
	for i := range obs {
		o := &obs[i]
		if checked == want {
			break
		}
		if !o.hit.andNot(resolveSunk(o)).any() || i%2 == 1 {
			continue // no hit to explain: every draw weighs the same
		}
		sp := newSampler(o)
		exact, ok := countFleets(context.Background(), sp, countWork/10)
		if !ok {
			continue
		}
		rng := game.NewRand(uint64(i))
		est := newEstimate().until(context.Background(), sp, &rng, target, reviewDraws)
		if est.bound > target {
			t.Errorf("after %d shots the estimate states an error of %.4f after %d draws, more than %.4f", o.nshots, est.bound, est.draws, target)
		}
		for s := range numSquares {
			if d := math.Abs(est.p[s] - exact.p[s]); d > est.bound {
				t.Errorf("after %d shots %s: estimated %.4f, counted %.4f, off by %.4f, more than the stated %.4f", o.nshots, Square(s/Size, s%Size), est.p[s], exact.p[s], d, est.bound)
			}
		}
		if r := est.fleets / exact.fleets; r < 0.8 || r > 1.25 {
			t.Errorf("after %d shots the estimate counts %.3g fleets, the count %.3g", o.nshots, est.fleets, exact.fleets)
		}
		checked++
	}
	if checked < want {
		t.Fatalf("only %d positions checked, want %d", checked, want)
	}
}

// TestCountKeepsTheTouchRule: at a table where ships may not touch, the
// map's count of fleets gives the same chances as the listing, which
// checks the rule its own way.
func TestCountKeepsTheTouchRule(t *testing.T) {
	checked := 0
	for i := range 3 {
		rng := game.NewRand(uint64(i) + 40)
		owner, err := ValidateFleet(RandomFleet(&rng, false), false)
		if err != nil {
			t.Fatal(err)
		}
		tg := newTarget(owner)
		o := newObservation(false)
		for !o.allSunk() {
			if afloat(&o) <= 3 {
				c, ok := countFleets(context.Background(), newSampler(&o), 1_000_000)
				if ok && c.fleets < 50_000 {
					exact, _ := exactChances(&o)
					for s := range numSquares {
						if math.Abs(exact[s]-c.p[s]) > 1e-9 {
							t.Fatalf("after %d shots %s: counted %.4f, listed %.4f", o.nshots, Square(s/Size, s%Size), c.p[s], exact[s])
						}
					}
					checked++
				}
			}
			tg.answer(&o, hardHunter{}.shoot(context.Background(), &o, &rng))
		}
	}
	if checked < 20 {
		t.Fatalf("only %d positions checked", checked)
	}
}
