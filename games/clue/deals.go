package clue

import (
	"context"
	"math"
	"slices"

	"github.com/parlor-games/parlor/game"
)

const (
	// dealSamples is how many consistent deals a decision looks at; the
	// estimate of a question's worth must be finer than the differences
	// between good questions, and a decision must stay quick at six seats.
	// The chance that an answer settles the case (solveWorth) is read
	// from how many deals agree, so it wants more deals than entropy
	// alone: with solveWorth at 20, 800 deals won 0.618 of 6000 games
	// where 200 won 0.606; at 50, 1500 deals won 0.626 and 800 0.624,
	// at a third of the time.
	dealSamples = 800
	// sweepsPerSample is how many proposed swaps per unknown card separate
	// two kept deals, so that they are not near copies of each other.
	sweepsPerSample = 2
	// burnInSamples is how many samples' worth of walking is thrown away
	// before the first weighted deal is kept.
	burnInSamples = 10
	// minSamples is the fewest deals worth choosing by, when time runs
	// short; with fewer the plain rules decide.
	minSamples = 100
)

// deals is a sample of deals consistent with a seat's knowledge: for each
// deal, the holder of every card (a seat, caseBit for the case file, or
// -1 for a card nobody can be asked about: the seat's own and the
// face-up cards).
type deals struct {
	holder [][numCards]int8
	// left[i][c] is how many places to the suggester's left the holder
	// of c sits in deal i (0 for the case file and cards nobody can
	// show); cf[i] is the deal's case file.
	left [][numCards]int8
	cf   [][3]Card
	// outcomes is how many answers a question can get; before is the
	// uncertainty (entropy) about the case file over the sample.
	outcomes int
	before   float64
}

// index fills left and cf for a suggester in seat with turn order order.
func (ds *deals) index(order []game.Seat, seat game.Seat) {
	n := len(order)
	i := slices.Index(order, seat)
	var dist [7]int8
	for j := 1; j < n; j++ {
		dist[order[(i+j)%n]] = int8(j)
	}
	ds.outcomes = 1 + 3*(n-1)
	ds.left = make([][numCards]int8, len(ds.holder))
	ds.cf = make([][3]Card, len(ds.holder))
	for k, d := range ds.holder {
		for c, h := range d {
			switch {
			case h == caseBit:
				ds.cf[k][Card(c).Kind()] = Card(c)
			case h >= 0:
				ds.left[k][c] = dist[h]
			}
		}
	}
	var all [numCards]float64
	for _, cf := range ds.cf {
		for _, c := range cf {
			all[c]++
		}
	}
	ds.before = entropy(&all, float64(len(ds.cf)))
}

// sampleDeals draws deals consistent with k by a random walk: starting
// from one consistent deal, it proposes to swap the holders of two
// unknown cards and keeps the swap when the deal stays consistent. The
// proposals are symmetric, so the walk treats every consistent deal
// alike; randomDeal alone would favour deals its search meets first.
//
// bias, when set, weighs deals: a deal's weight is the exponential of the
// sum of bias[holder][card] over the cards' holders, and the walk accepts
// a swap that lowers the weight only with the ratio of the weights as its
// chance, so that deals are drawn in proportion to their weight.
//
// When ctx ends first, the deals drawn so far make the sample, if there
// are at least minSamples of them.
func sampleDeals(ctx context.Context, k *knowledge, rng *game.Rand, n int, bias *[7][numCards]float64) (deals, bool) {
	sv := newSolver(k)
	if sv == nil {
		return deals{}, false
	}
	start, ok := randomDeal(k, rng)
	if !ok {
		return deals{}, false
	}
	w := newDealWalk(k, sv)
	for c, h := range start {
		w.cur[c] = int8(h)
	}
	cards := sv.cards
	out := deals{holder: make([][numCards]int8, 0, n)}
	steps := sweepsPerSample * len(cards)
	// The first deal comes from a search that knows nothing of bias: walk
	// a while before keeping any.
	burn := 0
	if bias != nil {
		burn = burnInSamples
	}
	for len(out.holder) < n {
		for range steps {
			if len(cards) < 2 {
				break
			}
			w.step(rng, bias)
		}
		if burn > 0 {
			burn--
			continue
		}
		out.holder = append(out.holder, w.cur)
		if ctx.Err() != nil {
			break
		}
	}
	return out, len(out.holder) >= min(n, minSamples)
}

// dealWalk is a walk among the deals the knowledge allows, by swaps of
// two cards' holders: cur is the deal it stands on, each card's holder
// (-1 for a card known to the seat).
type dealWalk struct {
	k   *knowledge
	sv  *solver
	cur [numCards]int8
	// some are the facts "holder holds one of these", by holder, keeping
	// only the unknown cards (a card known to the seat is not the
	// holder's).
	some [][][]Card
}

// newDealWalk starts a walk for k, standing nowhere yet.
func newDealWalk(k *knowledge, sv *solver) *dealWalk {
	w := &dealWalk{k: k, sv: sv, some: make([][][]Card, 7)}
	for c := range w.cur {
		w.cur[c] = -1
	}
	for _, f := range k.some {
		var cs []Card
		for _, c := range f.cards {
			if sv.unknown(c) {
				cs = append(cs, c)
			}
		}
		w.some[f.holder] = append(w.some[f.holder], cs)
	}
	return w
}

// step tries one swap of two cards drawn at random, kept when both
// holders may hold their new cards, the case file stays one of each kind
// and not a wrong accusation, and, with bias, by the Metropolis rule.
func (w *dealWalk) step(rng *game.Rand, bias *[7][numCards]float64) {
	cards, cur := w.sv.cards, &w.cur
	a, b := cards[rng.IntN(len(cards))], cards[rng.IntN(len(cards))]
	ha, hb := cur[a], cur[b]
	if ha == hb || w.sv.dom[a]&(1<<hb) == 0 || w.sv.dom[b]&(1<<ha) == 0 {
		return
	}
	if (ha == caseBit || hb == caseBit) && a.Kind() != b.Kind() {
		return
	}
	if bias != nil {
		if d := bias[hb][a] + bias[ha][b] - bias[ha][a] - bias[hb][b]; d < 0 && rng.Float64() >= math.Exp(d) {
			return
		}
	}
	cur[a], cur[b] = hb, ha
	if !w.holds(ha) || !w.holds(hb) || ((ha == caseBit || hb == caseBit) && !w.caseOK()) {
		cur[a], cur[b] = ha, hb
	}
}

// holds reports whether holder h, in the current deal, holds a card of
// each "one of these" fact about it.
func (w *dealWalk) holds(h int8) bool {
	if h == caseBit {
		return true
	}
	for _, cs := range w.some[h] {
		if !slices.ContainsFunc(cs, func(c Card) bool { return w.cur[c] == h }) {
			return false
		}
	}
	return true
}

// caseOK reports whether the current deal's case file is not one of the
// accusations known to be wrong.
func (w *dealWalk) caseOK() bool {
	if len(w.k.notCF) == 0 {
		return true
	}
	var cf [3]Card
	for _, c := range w.sv.cards {
		if w.cur[c] == caseBit {
			cf[c.Kind()] = c
		}
	}
	return !slices.Contains(w.k.notCF, cf)
}
