package battleship

import (
	"context"
	"math"

	"github.com/parlor-games/parlor/game"
)

// The chance of a ship on each square is a share of all fleets consistent
// with what the shooter knows. Once hits and sinkings narrow the fleets to
// a few million they are counted one by one (exact); before that they are
// far too many (about 3e10 on an empty grid), and the chances are
// estimated by weighted sampling until the estimate's stated error is
// small enough. The stated error is boundSigmas standard errors of the
// estimate, measured from the draws themselves, so an estimate says how
// far from the truth it may be.

// chances is each square's chance of a ship over the fleets consistent
// with an observation.
type chances struct {
	p     [numSquares]float64 // chance of a ship on each unfired square; 0 on fired ones
	exact bool                // counted over every consistent fleet
	// bound is, for an estimate, the largest error it allows itself on any
	// square: boundSigmas standard errors of that square's estimate. 0
	// when exact.
	bound float64
	// fleets is the number of consistent fleets: counted when exact,
	// estimated otherwise.
	fleets float64
	draws  int // fleets drawn to make the estimate
}

// Tuning of the chances.
const (
	// reviewBound is the error the replay's map and the aid allow their
	// estimates: with the rounding to thousandths, at most half a
	// percentage point on every square.
	reviewBound = 0.0045
	// boundSigmas is how many standard errors an estimate's stated bound
	// spans: far enough that no square of a map strays past it, by chance,
	// in any but a tiny share of maps.
	boundSigmas = 4
	// exactFleets is the most consistent fleets, as estimated by a first
	// round of draws, that are counted one by one.
	exactFleets = 6_000_000
	// countWork caps the steps of one exact count (a step is a position
	// tried), so a count started on a low estimate still ends in tens of
	// milliseconds; past it the estimate stands.
	countWork = 60_000_000
	// stepsPerDraw is about how many steps of an exact count take the
	// time of one draw: a count may take the work of the draws allowed.
	stepsPerDraw = 200
	// roundDraws is how many fleets are drawn between two checks of the
	// estimate's error.
	roundDraws = 4000
	// reviewDraws caps the draws of one map for the replay and the aid.
	reviewDraws = 3_000_000
)

// chancesOf computes the chances for o: exactly when the consistent
// fleets are few enough, otherwise by drawing fleets until the stated
// error is at most bound or maxDraws fleets have been drawn.
func chancesOf(ctx context.Context, o *observation, rng *game.Rand, bound float64, maxDraws int) chances {
	sp := newSampler(o)
	est := newEstimate()
	est.run(ctx, sp, rng, min(roundDraws, maxDraws))
	if est.fleets() <= exactFleets {
		if c, ok := countFleets(ctx, sp, min(countWork, maxDraws*stepsPerDraw)); ok {
			return c
		}
	}
	return est.until(ctx, sp, rng, bound, maxDraws)
}

// until draws on, round by round, until the stated error is at most bound
// or maxDraws fleets have been drawn, and returns the estimate.
func (e *estimate) until(ctx context.Context, sp *sampler, rng *game.Rand, bound float64, maxDraws int) chances {
	for e.draws < maxDraws && ctx.Err() == nil {
		if c := e.chances(sp.o); c.fleets > 0 && c.bound <= bound {
			break
		}
		e.run(ctx, sp, rng, min(roundDraws, maxDraws-e.draws))
	}
	return e.chances(sp.o)
}

// estimate gathers weighted draws: each draw is a set of fleets (the last
// ship counted over all its open positions) with a weight W, and adds v(s),
// its weight on square s. The chance of s is Σv(s)/ΣW, and its variance,
// by the delta method for a ratio, Σ(v(s) - p(s)W)² / (ΣW)².
type estimate struct {
	draws    int
	sumW     float64
	sumV     [numSquares]float64
	sumVV    [numSquares]float64
	sumVW    [numSquares]float64
	sumWW    float64
	lastOpen [numSquares]float64 // scratch: the last ship's open positions through each square
}

func newEstimate() *estimate { return &estimate{} }

// fleets estimates the number of consistent fleets: the mean weight of a
// draw, dropped draws included, is an unbiased count.
func (e *estimate) fleets() float64 {
	if e.draws == 0 {
		return 0
	}
	return e.sumW / float64(e.draws)
}

// run makes n draws.
func (e *estimate) run(ctx context.Context, sp *sampler, rng *game.Rand, n int) {
	buf := make([]*position, 0, 200)
	var ships [numShips]board
	for i := range n {
		if i%256 == 255 && ctx.Err() != nil {
			return
		}
		e.draws++
		occ, w, last := sp.drawOpen(rng, buf, &ships)
		if w == 0 || len(last) == 0 {
			continue
		}
		nl := float64(len(last))
		W := w * nl
		e.sumW += W
		e.sumWW += W * W
		touched := occ
		for _, p := range last {
			touched = touched.or(p.mask)
			p.mask.each(func(s int) { e.lastOpen[s]++ })
		}
		touched.each(func(s int) {
			c := e.lastOpen[s]
			if occ.has(s) {
				c += nl
			}
			v := w * c
			e.sumV[s] += v
			e.sumVV[s] += v * v
			e.sumVW[s] += v * W
			e.lastOpen[s] = 0
		})
	}
}

// chances is the estimate so far, with its stated bound.
func (e *estimate) chances(o *observation) chances {
	c := chances{fleets: e.fleets(), draws: e.draws}
	if e.sumW == 0 {
		c.bound = 1
		return c
	}
	worst := 0.0
	for s := range numSquares {
		if o.fired.has(s) {
			continue
		}
		p := e.sumV[s] / e.sumW
		c.p[s] = p
		v := e.sumVV[s] - 2*p*e.sumVW[s] + p*p*e.sumWW
		worst = max(worst, v)
	}
	c.bound = boundSigmas * math.Sqrt(max(worst, 0)) / e.sumW
	return c
}

// drawOpen draws fleets by the three steps of expertHunter's doc, with
// the longest ship of the third step not drawn but counted: it returns
// the other ships' squares, the draw's weight before the last ship, and
// every open position of the last ship (none if the draw is dropped).
// Counting the last ship's positions instead of drawing one removes a
// draw's worth of noise and most dropped draws.
func (sp *sampler) drawOpen(rng *game.Rand, buf []*position, ships *[numShips]board) (board, float64, []*position) {
	d := fleetDraw{w: 1}
	buf, ok := sp.drawSunk(&d, rng, buf, ships)
	if !ok || !sp.drawHits(&d, rng, ships) {
		return board{}, 0, nil
	}
	last, ok := sp.drawFree(&d, rng, ships)
	if !ok {
		return board{}, 0, nil
	}
	buf = buf[:0]
	if last < 0 {
		// Every ship is placed: the draw is one fleet.
		return d.occ, d.w, append(buf, &noShip)
	}
	for _, p := range sp.free[last] {
		if sp.fits(p, d.occ, d.halo) {
			buf = append(buf, p)
		}
	}
	return d.occ, d.w, buf
}

// fleetDraw is a fleet being drawn: the squares its ships take and
// touch, which ships are placed, and the draw's weight so far.
type fleetDraw struct {
	occ, halo board
	placed    [numShips]bool
	w         float64
}

// put places ship k at p, drawn among choices positions.
func (d *fleetDraw) put(k int, p *position, ships *[numShips]board, choices int) {
	d.occ, d.halo = d.occ.or(p.mask), d.halo.or(p.halo)
	ships[k] = p.mask
	d.placed[k] = true
	d.w *= float64(choices)
}

// drawSunk is the first step: each sunk ship at one of its candidate
// positions that fits, buf holding them. It reports false when one has
// none.
func (sp *sampler) drawSunk(d *fleetDraw, rng *game.Rand, buf []*position, ships *[numShips]board) ([]*position, bool) {
	for k := range numShips {
		if !sp.o.sunk[k] {
			continue
		}
		buf = buf[:0]
		for _, p := range sp.cand[k] {
			if sp.fits(p, d.occ, d.halo) {
				buf = append(buf, p)
			}
		}
		if len(buf) == 0 {
			return buf, false
		}
		d.put(k, buf[rng.IntN(len(buf))], ships, len(buf))
	}
	return buf, true
}

// drawHits is the second step: while a hit is not covered, a ship not
// placed over the lowest such hit. It reports false when none fits.
func (sp *sampler) drawHits(d *fleetDraw, rng *game.Rand, ships *[numShips]board) bool {
	type choice struct {
		k int
		p *position
	}
	var choices [64]choice
	for {
		h := sp.o.hit.andNot(d.occ).first()
		if h < 0 {
			return true
		}
		cs := choices[:0]
		for k := range numShips {
			if d.placed[k] {
				continue
			}
			for _, p := range sp.byHit[k][h] {
				if sp.fits(p, d.occ, d.halo) {
					cs = append(cs, choice{k, p})
				}
			}
		}
		if len(cs) == 0 {
			return false
		}
		c := cs[rng.IntN(len(cs))]
		d.put(c.k, c.p, ships, len(cs))
	}
}

// drawFree is the third step: every ship not yet placed but the longest
// at one of its free positions; it returns the longest, -1 if there is
// none left, and false when a drawn position does not fit.
func (sp *sampler) drawFree(d *fleetDraw, rng *game.Rand, ships *[numShips]board) (int, bool) {
	last := -1
	for k := range numShips {
		if d.placed[k] {
			continue
		}
		if last < 0 {
			last = k // the longest unplaced ship, Fleet being longest first
			continue
		}
		f := sp.free[k]
		if len(f) == 0 {
			return last, false
		}
		p := f[rng.IntN(len(f))]
		if !sp.fits(p, d.occ, d.halo) {
			return last, false
		}
		d.put(k, p, ships, len(f))
	}
	return last, true
}

// noShip is the empty position, standing for the last ship when every
// ship is already placed.
var noShip position

// countFleets counts every fleet consistent with sp's observation, in the
// sampler's order (sunk ships, then ships covering the lowest uncovered
// hit, then the rest on unfired squares), so that each fleet is met once.
// The last ship is counted over its open positions rather than visited.
// It gives up (false) after work steps or when ctx ends.
func countFleets(ctx context.Context, sp *sampler, work int) (chances, bool) {
	fc := &fleetCount{ctx: ctx, sp: sp, work: work}
	if !fc.rec(board{}, board{}) || fc.total == 0 {
		return chances{}, false
	}
	c := chances{exact: true, fleets: fc.total}
	for s := range numSquares {
		if !sp.o.fired.has(s) {
			c.p[s] = fc.per[s] / fc.total
		}
	}
	return c, true
}

// fleetCount is countFleets' search: the steps taken, the ships placed,
// and the fleets found so far, in all (total) and by square (per).
type fleetCount struct {
	ctx         context.Context
	sp          *sampler
	work, steps int
	placed      [numShips]bool
	per         [numSquares]float64
	total       float64
}

// rec counts the fleets that complete occ (the squares taken, halo those
// touched), in the sampler's order; false means the search gave up.
func (fc *fleetCount) rec(occ, halo board) bool {
	fc.steps++
	if fc.steps > fc.work || (fc.steps%4096 == 0 && fc.ctx.Err() != nil) {
		return false
	}
	o := fc.sp.o
	for k := range numShips {
		if !o.sunk[k] || fc.placed[k] {
			continue
		}
		return fc.each(k, fc.sp.cand[k], occ, halo)
	}
	if h := o.hit.andNot(occ).first(); h >= 0 {
		for k := range numShips {
			if !fc.placed[k] && !fc.each(k, fc.sp.byHit[k][h], occ, halo) {
				return false
			}
		}
		return true
	}
	return fc.rest(occ, halo)
}

// each places ship k at each position of ps that fits, in turn, and
// counts on from there.
func (fc *fleetCount) each(k int, ps []*position, occ, halo board) bool {
	fc.placed[k] = true
	for _, p := range ps {
		fc.steps++
		if fc.sp.fits(p, occ, halo) && !fc.rec(occ.or(p.mask), halo.or(p.halo)) {
			return false
		}
	}
	fc.placed[k] = false
	return true
}

// rest counts the fleets once every hit is covered: the ships left on
// unfired squares, the last one counted over its open positions.
func (fc *fleetCount) rest(occ, halo board) bool {
	var rest []int
	for k := range numShips {
		if !fc.placed[k] {
			rest = append(rest, k)
		}
	}
	switch len(rest) {
	case 0:
		fc.total++
		occ.each(func(s int) { fc.per[s]++ })
		return true
	case 1:
		n := 0.0
		for _, p := range fc.sp.free[rest[0]] {
			fc.steps++
			if fc.sp.fits(p, occ, halo) {
				n++
				p.mask.each(func(s int) { fc.per[s]++ })
			}
		}
		if n > 0 {
			fc.total += n
			occ.each(func(s int) { fc.per[s] += n })
		}
		return true
	}
	k := rest[len(rest)-1] // the shortest first, leaving the longest to count
	return fc.each(k, fc.sp.free[k], occ, halo)
}
