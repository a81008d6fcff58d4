package clue

import (
	"math/bits"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// solver searches for a deal consistent with knowledge.
type solver struct {
	k     *knowledge
	cards []Card // unknown cards, most constrained first
	dom   [numCards]holders
	cap   [7]int // remaining places per holder; caseBit counts the case file's three
	// shuffle, when set, makes the search try holders in a random order.
	shuffle *game.Rand
}

func newSolver(k *knowledge) *solver {
	sv := &solver{k: k}
	all := holders(1)<<caseBit | (holders(1)<<k.n - 1)
	all &^= 1 << k.self
	for c := Card(0); int(c) < numCards; c++ {
		if slices.Contains(k.own, c) || slices.Contains(k.up, c) {
			continue
		}
		d := all &^ k.excl[c]
		if k.known != nil {
			if slices.Contains(k.known[:], c) {
				d = 1 << caseBit
			} else {
				d &^= 1 << caseBit
			}
		}
		sv.dom[c] = d
		sv.cards = append(sv.cards, c)
	}
	for _, f := range k.has {
		if sv.dom[f.card]&(1<<f.holder) == 0 {
			return nil
		}
		sv.dom[f.card] = 1 << f.holder
	}
	for p := range k.n {
		if game.Seat(p) != k.self {
			sv.cap[p] = k.size[p]
		}
	}
	sv.cap[caseBit] = 3
	slices.SortStableFunc(sv.cards, func(a, b Card) int {
		return bits.OnesCount8(uint8(sv.dom[a])) - bits.OnesCount8(uint8(sv.dom[b]))
	})
	return sv
}

// node is a partial deal during the search: each unknown card's holders
// still possible (one bit once decided), the places left per holder and
// the kinds the case file has.
type node struct {
	dom     [numCards]holders
	done    [numCards]bool
	capl    [7]int
	cfKinds [3]bool
}

// solve looks for a deal with card c held by h; it returns each unknown
// card's holder as a one-bit set.
func (sv *solver) solve(c Card, h holders) ([numCards]holders, bool) {
	nd := node{dom: sv.dom, capl: sv.cap}
	nd.dom[c] = h
	if !sv.search(&nd) {
		return nd.dom, false
	}
	return nd.dom, true
}

// search completes nd by propagation and, where that does not settle it,
// by trying each holder of the card with the fewest left.
func (sv *solver) search(nd *node) bool {
	if !sv.propagate(nd) {
		return false
	}
	best, bestN := Card(-1), 99
	for _, c := range sv.cards {
		if nd.done[c] {
			continue
		}
		if n := popcount(nd.dom[c]); n < bestN {
			best, bestN = c, n
		}
	}
	if best < 0 {
		return sv.complete(&nd.dom)
	}
	var tries [7]int
	n := 0
	for h := nd.dom[best]; h != 0; h &= h - 1 {
		tries[n] = bits.TrailingZeros8(uint8(h))
		n++
	}
	if sv.shuffle != nil {
		sv.shuffle.Shuffle(n, func(x, y int) { tries[x], tries[y] = tries[y], tries[x] })
	}
	for _, hb := range tries[:n] {
		child := *nd
		child.dom[best] = 1 << hb
		if sv.search(&child) {
			*nd = child
			return true
		}
	}
	return false
}

// propagate decides what the facts force, until nothing more follows: a
// card with one holder left goes to it; a full holder (or a case file
// that has a card of that kind) is struck from the other cards; a holder
// with exactly as many candidate cards as places left takes them all; a
// "holds one of these" fact with one candidate left takes it. It reports
// false on a contradiction.
func (sv *solver) propagate(nd *node) bool {
	for changed := true; changed; {
		var ok bool
		if changed, ok = sv.settleSingles(nd); !ok {
			return false
		}
		room, kindRoom := sv.room(nd)
		players, ok := sv.fillHolders(nd, room)
		if !ok {
			return false
		}
		caseFile, ok := sv.fillCaseFile(nd, kindRoom)
		if !ok {
			return false
		}
		last, ok := sv.takeLastCandidates(nd)
		if !ok {
			return false
		}
		changed = changed || players || caseFile || last
	}
	return true
}

// settleSingles strikes from each open card the holders that are full
// (and the case file where it has that kind already), and gives a card
// with one holder left to it.
func (sv *solver) settleSingles(nd *node) (changed, ok bool) {
	for _, c := range sv.cards {
		if nd.done[c] {
			continue
		}
		d := nd.dom[c]
		for h := d; h != 0; h &= h - 1 {
			hb := bits.TrailingZeros8(uint8(h))
			if nd.capl[hb] == 0 || (hb == caseBit && nd.cfKinds[c.Kind()]) {
				d &^= 1 << hb
			}
		}
		if d == 0 {
			return changed, false
		}
		nd.dom[c] = d
		if d&(d-1) == 0 {
			hb := bits.TrailingZeros8(uint8(d))
			nd.done[c] = true
			nd.capl[hb]--
			if hb == caseBit {
				nd.cfKinds[c.Kind()] = true
			}
			changed = true
		}
	}
	return changed, true
}

// room counts the open cards each holder may still take, and those of
// each kind the case file may.
func (sv *solver) room(nd *node) (room [7]int, kindRoom [3]int) {
	for _, c := range sv.cards {
		if nd.done[c] {
			continue
		}
		for h := nd.dom[c]; h != 0; h &= h - 1 {
			room[bits.TrailingZeros8(uint8(h))]++
		}
		if nd.dom[c]&(1<<caseBit) != 0 {
			kindRoom[c.Kind()]++
		}
	}
	return room, kindRoom
}

// fillHolders gives a player with exactly as many candidate cards as
// places left all of them; a player with fewer is a contradiction.
func (sv *solver) fillHolders(nd *node, room [7]int) (changed, ok bool) {
	for hb := range 7 {
		if nd.capl[hb] > room[hb] {
			return changed, false
		}
		if nd.capl[hb] > 0 && nd.capl[hb] == room[hb] && hb != caseBit {
			for _, c := range sv.cards {
				if !nd.done[c] && nd.dom[c]&(1<<hb) != 0 && nd.dom[c] != 1<<hb {
					nd.dom[c] = 1 << hb
					changed = true
				}
			}
		}
	}
	return changed, true
}

// fillCaseFile gives the case file the one card of a kind it may still
// take; a kind it has none of left is a contradiction.
func (sv *solver) fillCaseFile(nd *node, kindRoom [3]int) (changed, ok bool) {
	for kd := range 3 {
		if nd.cfKinds[kd] {
			continue
		}
		if kindRoom[kd] == 0 {
			return changed, false
		}
		if kindRoom[kd] == 1 {
			for _, c := range sv.cards {
				if !nd.done[c] && c.Kind() == Kind(kd) && nd.dom[c]&(1<<caseBit) != 0 && nd.dom[c] != 1<<caseBit {
					nd.dom[c] = 1 << caseBit
					changed = true
				}
			}
		}
	}
	return changed, true
}

// takeLastCandidates settles the "holds one of these" facts with one
// candidate card left: the holder takes it; none left is a contradiction.
func (sv *solver) takeLastCandidates(nd *node) (changed, ok bool) {
	for _, f := range sv.k.some {
		bit := holders(1) << f.holder
		sat, open, last := false, 0, Card(-1)
		for _, c := range f.cards {
			if sv.dom[c] == 0 { // known to the seat, so not the holder's
				continue
			}
			if nd.dom[c] == bit && nd.done[c] {
				sat = true
				break
			}
			if !nd.done[c] && nd.dom[c]&bit != 0 {
				open++
				last = c
			}
		}
		if sat {
			continue
		}
		if open == 0 {
			return changed, false
		}
		if open == 1 && nd.dom[last] != bit {
			nd.dom[last] = bit
			changed = true
		}
	}
	return changed, true
}

func (sv *solver) unknown(c Card) bool { return sv.dom[c] != 0 }

// complete checks the facts only a whole deal can: the case file is not a
// wrong accusation.
func (sv *solver) complete(a *[numCards]holders) bool {
	if len(sv.k.notCF) == 0 {
		return true
	}
	var cf [3]Card
	for _, c := range sv.cards {
		if a[c] == 1<<caseBit {
			cf[c.Kind()] = c
		}
	}
	for _, t := range sv.k.notCF {
		if t == cf {
			return false
		}
	}
	return true
}
