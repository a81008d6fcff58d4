package warfare

import (
	"github.com/parlor-games/parlor/game"
)

// settle restores the region invariants after land changed hands: every
// player region has exactly one village and at least 3 hexes. Regions
// holding several villages merge into one (see the package doc for which
// survives); a region without a village gets a new empty hovel when it
// has 3 or more hexes and a hex free of villagers and towers; any other
// region without a village, and any region under 3 hexes, turns neutral:
// its villagers die (tombstones), its towers go and its village becomes a
// tree. before gives each village's region size before the change, and
// mover the hex of the village of the mover's region, for the merge
// order.
func (s *State) settle(before map[int16]int16, mover int, evs *[]game.Event) {
	s.relabel()
	s.mergeVillages(before, mover, evs)
	changed := false
	for r := range s.regs {
		rg := s.regs[r]
		if rg.vil >= 0 && rg.size >= 3 {
			continue
		}
		if rg.vil < 0 && rg.size >= 3 && s.foundVillage(r, evs) {
			continue
		}
		// Too small, or no room for a village: neutral.
		s.neutralize(r, evs)
		changed = true
	}
	if changed {
		s.relabel()
	}
	s.checkEliminations(evs)
}

// mergeVillages merges the villages of a region that holds several into
// the one mergeBeats chooses, which takes their gold and wood; the others
// become meadows.
func (s *State) mergeVillages(before map[int16]int16, mover int, evs *[]game.Event) {
	byReg := map[int16][]int{}
	for v := range s.vils {
		r := s.regOf[s.vils[v].hex]
		byReg[r] = append(byReg[r], v)
	}
	var gone []int
	for r := range s.regs {
		vs := byReg[int16(r)]
		if len(vs) < 2 {
			continue
		}
		best := vs[0]
		for _, v := range vs[1:] {
			if s.mergeBeats(v, best, before, mover) {
				best = v
			}
		}
		for _, v := range vs {
			if v == best {
				continue
			}
			s.vils[best].gold += s.vils[v].gold
			s.vils[best].wood += s.vils[v].wood
			h := int(s.vils[v].hex)
			*evs = append(*evs, game.Event{Type: "merge", Seat: game.Spectator,
				Data: MergeEvent{Into: int(s.vils[best].hex), From: h, Gold: int(s.vils[v].gold), Wood: int(s.vils[v].wood)}})
			gone = append(gone, v)
		}
	}
	if len(gone) > 0 {
		// Remove from the highest index down so that indices stay valid.
		slicesSortDesc(gone)
		for _, v := range gone {
			h := int(s.vils[v].hex)
			s.removeVillage(v)
			s.cells[h].ground = meadow
		}
		s.relabel()
	}
}

// foundVillage puts a hovel on a free hex, drawn at random, of region r,
// which has none; false when no hex is free for it.
func (s *State) foundVillage(r int, evs *[]game.Event) bool {
	var free []int
	s.regionHexes(r, func(h int) {
		if s.freeForVillage(h) {
			free = append(free, h)
		}
	})
	if len(free) == 0 {
		return false
	}
	h := free[s.rng.IntN(len(free))]
	v := s.addVillage(h, Hovel, 0)
	s.regs[r].vil = int16(v)
	*evs = append(*evs, game.Event{Type: "village", Seat: game.Spectator, Data: HexEvent{Hex: h, Owner: int(s.regs[r].owner)}})
	return true
}

// neutralize makes region r neutral land: its units die, its watchtowers
// fall and its village becomes a tree.
func (s *State) neutralize(r int, evs *[]game.Event) {
	var hexes []int
	s.regionHexes(r, func(h int) {
		c := &s.cells[h]
		hexes = append(hexes, h)
		c.owner = Neutral
		switch {
		case c.thing.isUnit():
			c.thing, c.done, c.work, c.left = tomb, false, workNone, 0
		case c.thing == tower:
			c.thing = none
		}
	})
	if v := s.regs[r].vil; v >= 0 {
		h := int(s.vils[v].hex)
		s.removeVillage(int(v))
		s.cells[h].thing = tree
		s.cells[h].ground = 0
	}
	*evs = append(*evs, game.Event{Type: "neutral", Seat: game.Spectator, Data: HexesEvent{Hexes: hexes}})
}

// mergeBeats reports whether village a survives a merge ahead of b: the
// higher level, then the larger region before the move, then the mover's
// region, then the lower hex id.
func (s *State) mergeBeats(a, b int, before map[int16]int16, mover int) bool {
	va, vb := s.vils[a], s.vils[b]
	if va.level != vb.level {
		return va.level > vb.level
	}
	if sa, sb := before[va.hex], before[vb.hex]; sa != sb {
		return sa > sb
	}
	if (int(va.hex) == mover) != (int(vb.hex) == mover) {
		return int(va.hex) == mover
	}
	return va.hex < vb.hex
}

func slicesSortDesc(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] > xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// sizesBefore records each village's region size, keyed by its hex.
func (s *State) sizesBefore() map[int16]int16 {
	m := make(map[int16]int16, len(s.vils))
	for _, v := range s.vils {
		m[v.hex] = s.regs[s.regOf[v.hex]].size
	}
	return m
}

// checkEliminations marks players without land as out and ends the game
// when one player is left.
func (s *State) checkEliminations(evs *[]game.Event) {
	has := make([]bool, s.players)
	for _, c := range s.cells {
		if c.owner >= 0 {
			has[c.owner] = true
		}
	}
	left := 0
	for p := range s.players {
		if !s.out[p] && !has[p] {
			s.out[p] = true
			*evs = append(*evs, game.Event{Type: "eliminated", Seat: game.Spectator, Data: SeatEvent{Seat: p}})
		}
		if !s.out[p] {
			left++
		}
	}
	if left <= 1 && !s.over {
		s.over = true
		s.winners = nil
		for p := range s.players {
			if !s.out[p] {
				s.winners = append(s.winners, game.Seat(p))
			}
		}
		s.reason = "every other player was eliminated"
		*evs = append(*evs, game.Event{Type: "over", Seat: game.Spectator, Data: OverEvent{Winners: s.winners, Reason: s.reason}})
	}
}
