package warfare

import (
	"slices"

	"github.com/parlor-games/parlor/game"
)

// Neutral is the owner of land no player holds.
const Neutral = -1

// Rank is a villager's rank; its number is also its strength.
type Rank uint8

// The four villagers, weakest first. Their numbers are their strengths
// for protection and invasion, and combining two villagers adds them.
const (
	Peasant Rank = 1 + iota
	Infantry
	Soldier
	Knight
)

var rankNames = [...]string{"", "peasant", "infantry", "soldier", "knight"}

func (r Rank) String() string {
	if int(r) < len(rankNames) {
		return rankNames[r]
	}
	return "unknown"
}

// Cost is the gold to recruit the villager: 10 a rank.
func (r Rank) Cost() int { return 10 * int(r) }

// Upkeep is the villager's wage each turn.
func (r Rank) Upkeep() int { return [...]int{0, 2, 6, 18, 54}[r] }

func rankNamed(s string) Rank {
	for i, n := range rankNames {
		if i > 0 && n == s {
			return Rank(i)
		}
	}
	return 0
}

// Level is a village's level.
type Level uint8

// The village levels. A level's number is also the highest rank it can
// recruit or allow, plus one: a hovel has peasants and infantry, a town
// soldiers too, a fort knights too.
const (
	Hovel Level = 1 + iota
	Town
	Fort
)

var levelNames = [...]string{"", "hovel", "town", "fort"}

func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "unknown"
}

// maxRank is the highest rank a village of level l supports.
func (l Level) maxRank() Rank { return Rank(l) + 1 }

// Thing is what stands on a hex; a hex holds at most one.
type thing uint8

const (
	none    thing = 0
	peasant thing = 1 // 1 to 4: a villager of that rank
	knight  thing = 4
	tree    thing = 5
	tomb    thing = 6
	village thing = 7
	tower   thing = 8
)

func (t thing) isUnit() bool { return t >= peasant && t <= knight }

// Ground marks lie under whatever stands on a hex.
const (
	meadow uint8 = 1
	road   uint8 = 2
)

// Work a peasant may be doing, and how many of its turns it still takes.
const (
	workNone uint8 = iota
	workMeadow
	workRoad
)

// cell is one land hex: 8 bytes, so a 1,000-hex state copies in a blink.
type cell struct {
	owner  int8
	thing  thing
	ground uint8
	done   bool  // a villager that cannot move again this turn
	work   uint8 // workMeadow or workRoad while a peasant works
	left   uint8 // turns of work left
	vil    int16 // index in State.vils when thing == village
}

// vil is a village: its hex, level, treasury and lock.
type vil struct {
	hex   int16
	level Level
	lock  uint8 // turns of its owner, this one included, it stays locked after an upgrade
	gold  int32
	wood  int32
}

// region is a maximal connected group of one player's hexes.
type region struct {
	owner int8
	size  int16
	first int16 // lowest hex id, which names the region
	vil   int16 // its village, -1 while it has none
}

// State is a position. The island is shared between clones; everything
// else is copied.
type State struct {
	isl     *Island
	cells   []cell
	vils    []vil
	regs    []region
	regOf   []int16 // region of each hex, -1 for neutral
	players int
	turn    int8 // seat to move
	round   int  // counts from 1
	turns   int  // turns ended so far, all seats
	out     []bool
	rounds  int // round cap, 0 for none
	over    bool
	winners []game.Seat
	reason  string
	rng     game.Rand
}

// Clone copies the state; the island is shared.
func (s *State) Clone() game.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.cells = append([]cell(nil), s.cells...)
	c.vils = append([]vil(nil), s.vils...)
	c.regs = append([]region(nil), s.regs...)
	c.regOf = append([]int16(nil), s.regOf...)
	c.out = append([]bool(nil), s.out...)
	c.winners = slices.Clone(s.winners)
	return &c
}

// Island returns the island the match is played on.
func (s *State) Island() *Island { return s.isl }

// Seats is the number of players.
func (s *State) Seats() int { return s.players }

// Round is the current round, counting from 1.
func (s *State) Round() int { return s.round }

// Turn is the seat to move, or nothing once the game is over.
func (s *State) Turn() []game.Seat {
	if s.over {
		return nil
	}
	return []game.Seat{game.Seat(s.turn)}
}

// Scores is the number of land hexes each seat holds.
func (s *State) Scores() []int {
	out := make([]int, s.players)
	for _, c := range s.cells {
		if c.owner >= 0 {
			out[c.owner]++
		}
	}
	return out
}

// Outcome is nil until one player is left or the round cap is reached.
func (s *State) Outcome() *game.Outcome {
	if !s.over {
		return nil
	}
	// A copy that keeps an empty list empty, not nil: an outcome the
	// match decided with no winner (Conclude) reads back as it was given.
	w := slices.Clone(s.winners)
	return &game.Outcome{Winners: w, Reason: s.reason}
}

// villageOf returns the village index of the region hex h lies in, or -1.
func (s *State) villageOf(h int) int {
	r := s.regOf[h]
	if r < 0 {
		return -1
	}
	return int(s.regs[r].vil)
}

// strength is how strongly the occupant of hex h guards: a villager by
// rank, a tower like infantry, a fort like a soldier, other villages and
// things not at all.
func (s *State) strength(h int) int {
	c := &s.cells[h]
	switch {
	case c.thing.isUnit():
		return int(c.thing)
	case c.thing == tower:
		return int(Infantry)
	case c.thing == village && s.vils[c.vil].level == Fort:
		return int(Soldier)
	}
	return 0
}

// protection is the strongest guard of hex h: its own occupant and those
// on the neighbouring hexes of the same colour. Neutral land has none.
func (s *State) protection(h int) int {
	o := s.cells[h].owner
	if o < 0 {
		return 0
	}
	p := s.strength(h)
	for _, n := range s.isl.nbr[h] {
		if n >= 0 && s.cells[n].owner == o {
			p = max(p, s.strength(int(n)))
		}
	}
	return p
}

// relabel recomputes the regions from the owners, numbering them in
// order of their lowest hex, and attaches each village to its region (a
// region holding several villages keeps the first; settle merges them).
func (s *State) relabel() {
	n := len(s.cells)
	if cap(s.regOf) < n {
		s.regOf = make([]int16, n)
	}
	s.regOf = s.regOf[:n]
	for i := range s.regOf {
		s.regOf[i] = -1
	}
	s.regs = s.regs[:0]
	var stack []int16
	for h := range n {
		o := s.cells[h].owner
		if o < 0 || s.regOf[h] >= 0 {
			continue
		}
		id := int16(len(s.regs))
		rg := region{owner: o, first: int16(h), vil: -1}
		s.regOf[h] = id
		stack = append(stack[:0], int16(h))
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			rg.size++
			if s.cells[x].thing == village && rg.vil < 0 {
				rg.vil = s.cells[x].vil
			}
			for _, y := range s.isl.nbr[x] {
				if y >= 0 && s.regOf[y] < 0 && s.cells[y].owner == o {
					s.regOf[y] = id
					stack = append(stack, y)
				}
			}
		}
		s.regs = append(s.regs, rg)
	}
}

// regionHexes calls f for each hex of region r.
func (s *State) regionHexes(r int, f func(h int)) {
	for h := int(s.regs[r].first); h < len(s.cells); h++ {
		if int(s.regOf[h]) == r {
			f(h)
		}
	}
}

// addVillage puts a new village of level lv on hex h.
func (s *State) addVillage(h int, lv Level, gold int) int {
	c := &s.cells[h]
	c.thing, c.ground, c.done, c.work, c.left = village, 0, false, workNone, 0
	c.vil = int16(len(s.vils))
	s.vils = append(s.vils, vil{hex: int16(h), level: lv, gold: int32(gold)})
	return int(c.vil)
}

// removeVillage takes village v off the board, leaving its hex empty; the
// last village takes its index.
func (s *State) removeVillage(v int) {
	h := s.vils[v].hex
	s.cells[h].thing, s.cells[h].vil = none, 0
	last := len(s.vils) - 1
	if v != last {
		s.vils[v] = s.vils[last]
		s.cells[s.vils[v].hex].vil = int16(v)
		for i := range s.regs {
			if int(s.regs[i].vil) == last {
				s.regs[i].vil = int16(v)
			}
		}
	}
	s.vils = s.vils[:last]
}

// freeForVillage reports whether a new village may go on hex h: it
// replaces whatever is there except a villager or a tower.
func (s *State) freeForVillage(h int) bool {
	t := s.cells[h].thing
	return !t.isUnit() && t != tower && t != village
}

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
