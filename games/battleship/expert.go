package battleship

import (
	"context"

	"github.com/parlor-games/parlor/game"
)

// Budget of the expert bot's chances (posterior.go). A decision draws at
// most drawsPerMS fleets for each millisecond of its budget
// (game.Budget), and stops sooner once its estimate is within botBound of
// the truth on every square: finer than that rarely changes which square
// is hottest.
const (
	drawsPerMS = 400
	botBound   = 0.01
)

// expertPlanShips is the most afloat ships for which the expert plans
// exactly rather than sampling: with two the joint positions number a few
// thousand at most, with three they can run to millions.
var expertPlanShips = 2

// expertHunter fires at the square most likely to hold a ship, judged over
// whole fleets consistent with everything the seat knows.
//
// Its chances are counted exactly once the consistent fleets are few
// enough, and estimated from fleets drawn as follows before that
// (chancesOf, posterior.go). The fleets are drawn by sequential
// importance sampling, in three steps with a fixed order so that every
// fleet has exactly one way to be drawn:
//
//  1. each sunk ship, in fleet order, takes a position uniformly among
//     those still open to it (through its sinking square, only hits fired
//     no later than that shot);
//  2. while some hit is not covered, the lowest such hit is covered by a
//     uniformly chosen (afloat ship, position through that hit) pair;
//  3. every remaining ship takes a position uniformly among those on
//     unfired squares only, and the fleet is dropped if two overlap (or
//     touch when the table forbids it); the longest of them is not drawn
//     but counted over all its open positions (drawOpen).
//
// The weight of a fleet is the product of the numbers of choices at each
// step, the inverse of its chance of being drawn, so weighted counts
// estimate each square's share of all consistent fleets. Dropped fleets
// weigh nothing and are never retried piecemeal, which would bias the
// estimate.
//
// With at most expertPlanShips ships afloat it samples nothing: it lists
// every consistent fleet and plans its shot exactly (see endgame).
type expertHunter struct {
	// bound is the error on any square the estimate stops at; maxDraws,
	// if not 0, caps its draws, which otherwise follow the budget.
	bound    float64
	maxDraws int
}

// draws is the most fleets a decision may draw.
func (e expertHunter) draws(ctx context.Context) int {
	if e.maxDraws > 0 {
		return e.maxDraws
	}
	return int(game.Work(ctx, drawsPerMS))
}

// sampler holds the per-shot candidate positions of each ship.
type sampler struct {
	o      *observation
	cand   [numShips][]*position // positions consistent with the ship's own facts
	free   [numShips][]*position // of those, the ones on unfired squares only
	byHit  [numShips][numSquares][]*position
	hitSqs []int
}

func newSampler(o *observation) *sampler {
	sp := &sampler{o: o}
	sunkSquares := board{}
	for k := range numShips {
		if o.sunk[k] {
			sunkSquares = sunkSquares.or(bit(o.sunkAt[k]))
		}
	}
	for k := range numShips {
		if o.sunk[k] {
			sp.cand[k] = sunkCandidates(o, k, board{})
			continue
		}
		ps := positions[Fleet[k].Len]
		for i := range ps {
			p := &ps[i]
			// An afloat ship avoids misses, the sinking squares of sunk
			// ships, and cannot be hit on every square.
			if p.mask.and(o.miss.or(sunkSquares)).any() || p.mask.subsetOf(o.hit) {
				continue
			}
			sp.cand[k] = append(sp.cand[k], p)
			if !p.mask.and(o.fired).any() {
				sp.free[k] = append(sp.free[k], p)
			}
			p.mask.and(o.hit).each(func(s int) {
				sp.byHit[k][s] = append(sp.byHit[k][s], p)
			})
		}
	}
	return sp
}

func (sp *sampler) fits(p *position, occ, halo board) bool {
	if p.mask.and(occ).any() {
		return false
	}
	return sp.o.touch || !p.mask.and(halo).any()
}

func (e expertHunter) shoot(ctx context.Context, o *observation, rng *game.Rand) int {
	return e.heat(ctx, o, rng).shot
}

// heatMap is what the expert thinks of the grid it fires at: each
// unfired square's chance of holding a ship, over the fleets consistent
// with what the shooter knows, and the square it fires at. That is the
// hottest square, except with few ships afloat, when the expert plans its
// shots (planned) and may fire elsewhere to finish sooner on average.
type heatMap struct {
	chance  [numSquares]float64
	shot    int
	planned bool
	exact   bool    // chance counts every consistent fleet
	bound   float64 // else, the estimate's stated largest error
}

// heat is the expert's map and shot for o.
func (e expertHunter) heat(ctx context.Context, o *observation, rng *game.Rand) heatMap {
	var h heatMap
	if afloat(o) <= expertPlanShips {
		if eg, ok := enumerate(ctx, o); ok {
			if s := eg.best(ctx, o); s >= 0 {
				all := make([]int, len(eg.hyps))
				for i := range all {
					all[i] = i
				}
				eg.density(all, o.fired, &h.chance)
				if t := eg.total(); t > 0 {
					for i := range h.chance {
						h.chance[i] /= t
					}
				}
				h.shot = s
				h.exact = true
				h.planned = h.chance[s] < h.chance[hottest(&h.chance, o.fired)]
				return h
			}
		}
	}
	c := chancesOf(ctx, o, rng, e.bound, e.draws(ctx))
	if c.fleets == 0 {
		// No consistent fleet found in the budget (only possible in rare,
		// tightly constrained positions): fall back to the density hunter,
		// whose map is not one of chances.
		h.shot = hardHunter{}.shoot(ctx, o, rng)
		return h
	}
	h.chance, h.exact, h.bound = c.p, c.exact, c.bound
	h.shot = pickMax(&h.chance, o.fired, rng)
	return h
}

// hottest is the unfired square of largest chance, the lowest on ties.
func hottest(chance *[numSquares]float64, fired board) int {
	best := -1
	for s := range numSquares {
		if !fired.has(s) && (best < 0 || chance[s] > chance[best]) {
			best = s
		}
	}
	return best
}

// expertPlacer draws many uniform fleets and keeps the one whose squares a
// density hunter rates least likely, summed over its squares: such fleets
// hug edges and corners, where hunters look last.
type expertPlacer struct{}

const placerCandidates = 200

// prior is the number of positions of all five ships covering each square
// of an empty grid: the first density a hunter fires by.
var prior = func() [numSquares]float64 {
	var d [numSquares]float64
	for _, sh := range Fleet {
		for _, p := range positions[sh.Len] {
			p.mask.each(func(s int) { d[s]++ })
		}
	}
	return d
}()

func (expertPlacer) place(rng *game.Rand, touch bool) []Placement {
	var best []Placement
	bestScore := 0.0
	for range placerCandidates {
		f := RandomFleet(rng, touch)
		sc := 0.0
		for _, p := range f {
			sqs, _ := p.squares(Fleet[shipIndex(p.Ship)].Len)
			for _, s := range sqs {
				sc += prior[s]
			}
		}
		if best == nil || sc < bestScore {
			best, bestScore = f, sc
		}
	}
	return best
}

// afloat counts the ships not yet sunk.
func afloat(o *observation) int {
	n := 0
	for _, s := range o.sunk {
		if !s {
			n++
		}
	}
	return n
}
