package warfare

import (
	"github.com/parlor-games/parlor/game"
)

// walk finds where the villager on hex h can go inside its region: the
// hexes reachable along paths of free hexes (nothing on them but maybe a
// meadow or a road). For a soldier or knight, dist counts the meadows
// without a road such a path tramples, and paths trampling fewest are
// preferred; for others dist is 0 on every reachable hex. Unreachable
// hexes have dist -1. par gives each reachable hex's previous hex on a
// best path. When stop is a hex, the search ends as soon as stop or one
// of its neighbours settles: that neighbour is a cheapest place to step
// into stop from, and stop's own cost follows from it, which is all a
// move to stop needs. With stop -1 it covers the region.
func (s *State) walk(h, stop int) (dist, par []int16) {
	n := len(s.cells)
	buf := make([]int16, 2*n)
	dist, par = buf[:n:n], buf[n:]
	for i := range dist {
		dist[i] = -1
	}
	tramples := s.cells[h].thing >= thing(Soldier)
	reg := s.regOf[h]
	final := make([]bool, n)
	dist[h], par[h] = 0, -1
	goal := func(x int16) bool {
		if stop < 0 {
			return false
		}
		if int(x) == stop {
			return true
		}
		for _, y := range s.isl.nbr[stop] {
			if y == x {
				return true
			}
		}
		return false
	}
	// Breadth-first search in layers of equal cost: steps onto meadows
	// cost 1 for a trampling villager and wait for the next layer.
	cur, next := []int16{int16(h)}, []int16(nil)
	for d := int16(0); len(cur) > 0; d++ {
		for i := 0; i < len(cur); i++ {
			x := cur[i]
			if final[x] {
				continue
			}
			final[x] = true
			for _, y := range s.isl.nbr[x] {
				if y < 0 || final[y] || s.regOf[y] != reg || s.cells[y].thing != none {
					continue
				}
				if tramples && s.cells[y].ground == meadow {
					if dist[y] < 0 || dist[y] > d+1 {
						dist[y], par[y] = d+1, x
						next = append(next, y)
					}
				} else if dist[y] < 0 || dist[y] > d {
					dist[y], par[y] = d, x
					cur = append(cur, y)
				}
			}
			if goal(x) {
				// x is the first of stop's neighbours (or stop) to settle,
				// at the least cost any can have, and stop itself has
				// just been priced from it.
				return dist, par
			}
		}
		cur, next = next, cur[:0]
	}
	return dist, par
}

// plan is what a Go move would do, worked out before anything changes.
type plan struct {
	kind  action
	stand int // hex the villager steps into the target from (the target itself for a walk)
}

type action uint8

const (
	actWalk action = iota
	actGather
	actClear
	actCombine
	actTake
)

// planGo checks the move of the villager on from to hex to for seat and
// says what it would do. dist comes from walk(from).
func (s *State) planGo(seat int, from, to int, dist []int16) (plan, error) {
	if to < 0 || to >= len(s.cells) {
		return plan{}, game.Illegal("no-hex", "there is no land hex %d on this island", to)
	}
	if to == from {
		return plan{}, game.Illegal("same-hex", "the villager is already on hex %d", to)
	}
	u := Rank(s.cells[from].thing)
	t := &s.cells[to]
	// The best hex to step in from: reachable (or the start) and next to
	// the target, trampling fewest meadows, lowest id on a tie.
	stand := -1
	for _, n := range s.isl.nbr[to] {
		if n >= 0 && dist[n] >= 0 && (stand < 0 || dist[n] < dist[stand] || (dist[n] == dist[stand] && int(n) < stand)) {
			stand = int(n)
		}
	}
	if int(t.owner) == seat && s.regOf[to] == s.regOf[from] {
		switch {
		case t.thing == none:
			if dist[to] < 0 {
				return plan{}, game.Illegal("no-path", "the %s on hex %d has no free path to hex %d inside its region", u, from, to)
			}
			return plan{actWalk, to}, nil
		case stand < 0:
			return plan{}, game.Illegal("no-path", "the %s on hex %d has no free path to hex %d inside its region", u, from, to)
		case t.thing == tree:
			if u == Knight {
				return plan{}, game.Illegal("knight-forest", "a knight does not enter the forest or gather wood")
			}
			return plan{actGather, stand}, nil
		case t.thing == tomb:
			if u == Knight {
				return plan{}, game.Illegal("knight-tombstone", "a knight does not clear tombstones")
			}
			return plan{actClear, stand}, nil
		case t.thing.isUnit():
			if err := s.canCombine(from, to); err != nil {
				return plan{}, err
			}
			return plan{actCombine, stand}, nil
		default:
			return plan{}, game.Illegal("occupied", "hex %d holds a %s; a villager cannot go there", to, s.thingName(to))
		}
	}
	if int(t.owner) == seat {
		return plan{}, game.Illegal("other-region", "hex %d is in another of your regions; a villager moves only inside its own", to)
	}
	if stand < 0 {
		return plan{}, game.Illegal("not-adjacent", "hex %d is not next to any hex the %s on hex %d can reach", to, u, from)
	}
	if err := s.canTake(seat, u, to); err != nil {
		return plan{}, err
	}
	return plan{actTake, stand}, nil
}

// canCombine checks that the villager on from may join the one on to.
func (s *State) canCombine(from, to int) error {
	a, b := Rank(s.cells[from].thing), Rank(s.cells[to].thing)
	if s.cells[to].left > 0 {
		return game.Illegal("busy", "the peasant on hex %d is busy working and cannot combine", to)
	}
	sum := a + b
	if sum > Knight {
		return game.Illegal("combine-too-strong", "a %s and a %s would make more than a knight; they cannot combine", a, b)
	}
	v := s.villageOf(to)
	if lv := s.vils[v].level; sum > lv.maxRank() {
		return game.Illegal("rank-too-high", "a %s and a %s make a %s, which a %s cannot support", a, b, sum, lv)
	}
	return nil
}

// canTake checks that a villager of rank u, or a recruit of that rank,
// may take hex to for seat. Neutral land anyone may take; enemy land
// needs infantry or better, stronger than every guard of the hex; an
// enemy village needs a soldier or knight; knights never take a tree or
// a tombstone.
func (s *State) canTake(seat int, u Rank, to int) error {
	t := &s.cells[to]
	if u == Knight && (t.thing == tree || t.thing == tomb) {
		return game.Illegal("knight-forest", "a knight does not enter the forest or clear tombstones")
	}
	if t.owner == Neutral {
		return nil
	}
	if u == Peasant {
		return game.Illegal("peasant-invade", "a peasant takes only neutral land, never an enemy's")
	}
	if t.thing == village && u < Soldier {
		return game.Illegal("village-needs-soldier", "only a soldier or a knight can invade a village")
	}
	if p := s.protection(to); p >= int(u) {
		return game.Illegal("protected", "hex %d is guarded at strength %d; a %s (strength %d) cannot take it", to, p, u, u)
	}
	return nil
}

// trampleOn destroys the meadow on hex h if a soldier or knight stands
// there and no road protects it.
func (s *State) trampleOn(h int, trampled *[]int) {
	c := &s.cells[h]
	if c.thing >= thing(Soldier) && c.thing.isUnit() && c.ground == meadow {
		c.ground = 0
		*trampled = append(*trampled, h)
	}
}
