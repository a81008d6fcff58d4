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
