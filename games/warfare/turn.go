package warfare

import (
	"github.com/parlor-games/parlor/game"
)

// endTurn ends the mover's turn and starts the next player's, with a new
// round (and its tree growth) when the order wraps.
func (s *State) endTurn(evs *[]game.Event) {
	s.turns++
	next := int(s.turn)
	for {
		next = (next + 1) % s.players
		if !s.out[next] {
			break
		}
	}
	if next <= int(s.turn) {
		if s.rounds > 0 && s.round >= s.rounds {
			s.endByCap(evs)
			return
		}
		s.round++
		s.growTrees(evs)
	}
	s.turn = int8(next)
	s.startTurn(evs)
}

// endByCap ends the game at the round cap: most land wins, ties share.
func (s *State) endByCap(evs *[]game.Event) {
	sc := s.Scores()
	best := -1
	for p := range s.players {
		if !s.out[p] && sc[p] > best {
			best = sc[p]
		}
	}
	s.winners = nil
	for p := range s.players {
		if !s.out[p] && sc[p] == best {
			s.winners = append(s.winners, game.Seat(p))
		}
	}
	s.over = true
	s.reason = "the round limit was reached; most land wins"
	*evs = append(*evs, game.Event{Type: "over", Seat: game.Spectator, Data: OverEvent{Winners: s.winners, Reason: s.reason}})
}

// growTrees is the tree growth phase: each tree standing when the phase
// begins picks one of its empty or meadow neighbours at random (no road,
// nothing standing there) and, with probability 1/2, a tree grows on it.
func (s *State) growTrees(evs *[]game.Event) {
	var trees []int
	for h := range s.cells {
		if s.cells[h].thing == tree {
			trees = append(trees, h)
		}
	}
	var grown []int
	var opts [6]int
	for _, h := range trees {
		k := 0
		for _, n := range s.isl.nbr[h] {
			if n >= 0 && s.cells[n].thing == none && s.cells[n].ground&road == 0 {
				opts[k] = int(n)
				k++
			}
		}
		if k == 0 {
			continue
		}
		n := opts[s.rng.IntN(k)]
		if s.rng.IntN(2) == 0 {
			s.cells[n].thing, s.cells[n].ground = tree, 0
			grown = append(grown, n)
		}
	}
	*evs = append(*evs, game.Event{Type: "trees", Seat: game.Spectator, Data: RoundEvent{Round: s.round, Hexes: grown}})
}

// startTurn runs the phases that open the turn of the seat to move:
// tombstones become trees, finished meadows and roads appear, villages
// earn their income and pay their villagers (or starve), upgrade locks
// count down, and the player's free villagers may move again.
func (s *State) startTurn(evs *[]game.Event) {
	p := s.turn
	*evs = append(*evs, game.Event{Type: "turn", Seat: game.Spectator, Data: TurnEvent{Seat: int(p), Round: s.round}})
	var trees, meadows, roads []int
	for h := range s.cells {
		c := &s.cells[h]
		if c.owner != p {
			continue
		}
		if c.thing == tomb {
			c.thing, c.ground = tree, 0
			trees = append(trees, h)
		}
		if c.thing.isUnit() {
			if c.left > 0 {
				c.left--
				if c.left == 0 {
					if c.work == workMeadow {
						c.ground |= meadow
						meadows = append(meadows, h)
					} else {
						c.ground |= road
						roads = append(roads, h)
					}
					c.work = workNone
				}
			}
			c.done = c.left > 0
		}
	}
	if len(trees) > 0 {
		*evs = append(*evs, game.Event{Type: "tombstones", Seat: game.Spectator, Data: HexesEvent{Hexes: trees}})
	}
	if len(meadows)+len(roads) > 0 {
		*evs = append(*evs, game.Event{Type: "built", Seat: game.Spectator, Data: BuiltEvent{Meadows: meadows, Roads: roads}})
	}
	var st []regionStat
	for v := range s.vils {
		vl := &s.vils[v]
		if s.cells[vl.hex].owner != p {
			continue
		}
		if vl.lock > 0 {
			vl.lock--
		}
		r := int(s.regOf[vl.hex])
		if st == nil {
			st = s.stats()
		}
		income, upkeep := st[r].income, st[r].upkeep
		vl.gold += int32(income)
		ev := IncomeEvent{Village: int(vl.hex), Income: income, Upkeep: upkeep}
		if int(vl.gold) >= upkeep {
			vl.gold -= int32(upkeep)
		} else {
			vl.gold = 0
			s.regionHexes(r, func(h int) {
				c := &s.cells[h]
				if c.thing.isUnit() {
					c.thing, c.done, c.work, c.left = tomb, false, workNone, 0
					ev.Starved = append(ev.Starved, h)
				}
			})
		}
		ev.Gold = int(vl.gold)
		*evs = append(*evs, game.Event{Type: "income", Seat: game.Spectator, Data: ev})
	}
}

// regionStat is a region's income, wages and villager strength.
type regionStat struct {
	income, upkeep, might, towers, units, top, trees int
}

// stats computes every region's regionStat in one pass over the island.
func (s *State) stats() []regionStat {
	out := make([]regionStat, len(s.regs))
	for h := range s.cells {
		r := s.regOf[h]
		if r < 0 {
			continue
		}
		c := &s.cells[h]
		st := &out[r]
		switch {
		case c.thing == tree:
			st.trees++
		case c.ground&meadow != 0:
			st.income += 2
		default:
			st.income++
		}
		if c.thing.isUnit() {
			st.upkeep += Rank(c.thing).Upkeep()
			st.might += int(c.thing)
			st.units++
			st.top = max(st.top, int(c.thing))
		} else if c.thing == tower {
			st.towers++
		}
	}
	return out
}
