package battleship

import (
	"cmp"
	"context"
	"math"
	"slices"
)

// When few ships are still afloat the expert plans exactly instead of
// sampling. Every future answer depends only on where the afloat ships lie,
// so the posterior is a weighted list of their joint positions, short once
// one or two ships remain, and the shots a policy needs can be averaged
// over all of it with no sampling noise. Hunting the last ships is where
// the greedy hunter loses most: over a third of its shots are misses spent
// looking for the last two ships.

// hypothesis is one joint position of the afloat ships.
type hypothesis struct {
	ships [numShips]board // afloat ships' squares; sunk ships' are empty
	occ   board           // their union
	w     float64         // number of whole fleets with these positions
}

// endgame is the exact posterior over the afloat ships.
type endgame struct {
	hyps  []hypothesis
	steps int  // work done evaluating, to stay within the budget
	over  bool // the budget ran out mid-evaluation
}

// Limits of the exact planner. maxFleets caps the enumeration of
// consistent fleets and maxHyps the distinct joint positions; beyond them
// the expert samples as usual. planBudget bounds the hypotheses visited
// while weighing candidate shots, which keeps a decision to a few
// milliseconds.
const (
	maxFleets = 1 << 16
	maxHyps   = 4000
)

var planBudget = 1_000_000

// lastCands is the most candidate shots the planner weighs.
var lastCands = 100

// enumerate lists every fleet consistent with o, merging fleets whose
// afloat ships lie alike. It gives up (false) past the limits.
func enumerate(ctx context.Context, o *observation) (*endgame, bool) {
	return enumerateUpTo(ctx, o, maxFleets, maxHyps)
}

// enumerateUpTo is enumerate with limits of its own.
func enumerateUpTo(ctx context.Context, o *observation, maxFleets, maxHyps int) (*endgame, bool) {
	var order []int // sunk ships first, then afloat
	var cands [numShips][]*position
	for k := range numShips {
		if o.sunk[k] {
			order = append(order, k)
			cands[k] = sunkCandidates(o, k, board{})
		}
	}
	for k := range numShips {
		if o.sunk[k] {
			continue
		}
		order = append(order, k)
		ps := positions[Fleet[k].Len]
		for i := range ps {
			p := &ps[i]
			if !p.mask.and(o.miss).any() && !p.mask.subsetOf(o.hit) {
				cands[k] = append(cands[k], p)
			}
		}
	}
	eg := &endgame{}
	index := map[[numShips]board]int{}
	fleets := 0
	var cur [numShips]board
	var rec func(i int, occ, halo board) bool
	rec = func(i int, occ, halo board) bool {
		if i == len(order) {
			if !o.hit.subsetOf(occ) {
				return true
			}
			fleets++
			var key [numShips]board
			var afloat board
			for k := range numShips {
				if !o.sunk[k] {
					key[k] = cur[k]
					afloat = afloat.or(cur[k])
				}
			}
			n, ok := index[key]
			if !ok {
				if len(eg.hyps) == maxHyps {
					return false
				}
				n = len(eg.hyps)
				index[key] = n
				eg.hyps = append(eg.hyps, hypothesis{ships: key, occ: afloat})
			}
			eg.hyps[n].w++
			return fleets < maxFleets
		}
		k := order[i]
		for _, p := range cands[k] {
			if p.mask.and(occ).any() || (!o.touch && p.mask.and(halo).any()) {
				continue
			}
			cur[k] = p.mask
			if !rec(i+1, occ.or(p.mask), halo.or(p.halo)) {
				return false
			}
		}
		return ctx.Err() == nil
	}
	if !rec(0, board{}, board{}) || len(eg.hyps) == 0 {
		return nil, false
	}
	return eg, true
}

// density is the posterior weight of the live hypotheses on each unfired
// square.
func (eg *endgame) density(live []int, fired board, score *[numSquares]float64) {
	for _, i := range live {
		h := &eg.hyps[i]
		h.occ.andNot(fired).each(func(s int) { score[s] += h.w })
	}
	eg.steps += len(live)
}

// greedy is the unfired square of largest weight, the lowest on ties; -1
// if none.
func (eg *endgame) greedy(live []int, fired board) int {
	var score [numSquares]float64
	eg.density(live, fired, &score)
	best, bs := -1, 0.0
	for s := range numSquares {
		if score[s] > bs {
			best, bs = s, score[s]
		}
	}
	return best
}

// costAfter is the weighted total, over the live hypotheses, of the shots
// needed to sink every afloat ship when the next shot is at sq and the
// greedy rule plays on. All live hypotheses agree with every answer so far.
func (eg *endgame) costAfter(sq int, live []int, fired, hit board) float64 {
	eg.steps += len(live)
	if eg.steps > planBudget {
		eg.over = true
		return 0
	}
	// Split live by the answer at sq: miss, hit, or sunk ship k.
	var groups [numShips + 2][]int
	h := hit.or(bit(sq))
	total := 0.0
	for _, i := range live {
		hy := &eg.hyps[i]
		total += hy.w
		g := 0
		if hy.occ.has(sq) {
			g = 1
			for k := range numShips {
				if hy.ships[k].has(sq) && hy.ships[k].subsetOf(h) {
					g = 2 + k
				}
			}
		}
		if g >= 2 && hy.occ.subsetOf(h) {
			continue // the last afloat ship sank: nothing more to pay
		}
		groups[g] = append(groups[g], i)
	}
	fired = fired.or(bit(sq))
	cost := total
	for g, grp := range groups {
		if len(grp) == 0 {
			continue
		}
		nh := hit
		if g > 0 {
			nh = h
		}
		if s := eg.greedy(grp, fired); s >= 0 {
			cost += eg.costAfter(s, grp, fired, nh)
		}
	}
	return cost
}

// best is the shot that minimises the expected number of shots to finish
// when the greedy rule plays on after it: one step of policy improvement
// over the greedy rule, computed exactly. Candidates are tried from the
// likeliest square down while the work budget lasts; ties keep the
// likelier square. It returns -1 if no candidate could be weighed.
func (eg *endgame) best(ctx context.Context, o *observation) int {
	live := make([]int, len(eg.hyps))
	for i := range live {
		live[i] = i
	}
	var score [numSquares]float64
	eg.density(live, o.fired, &score)
	order := make([]int, 0, numSquares)
	for s := range numSquares {
		if score[s] > 0 {
			order = append(order, s)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(score[b], score[a]) })
	if len(order) > lastCands {
		order = order[:lastCands]
	}
	best, bc := -1, math.Inf(1)
	for _, s := range order {
		if ctx.Err() != nil {
			break
		}
		c := eg.costAfter(s, live, o.fired, o.hit)
		if eg.over {
			break
		}
		if c < bc-1e-9 {
			best, bc = s, c
		}
	}
	if len(order) > 0 && best < 0 {
		return order[0]
	}
	return best
}

// total is the weight of all hypotheses.
func (eg *endgame) total() float64 {
	t := 0.0
	for _, h := range eg.hyps {
		t += h.w
	}
	return t
}
