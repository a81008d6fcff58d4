package warfare

import (
	"context"
	"errors"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// LevelAntiyoy is the arena-only opponent that plays by the rules of
// thumb of Antiyoy's "Master" computer player, for `parlor arena`.
const LevelAntiyoy = "antiyoy"

// arenaLevels are the opponents only the arena plays: yardsticks from
// outside the project, never offered at a table.
var arenaLevels = []string{LevelAntiyoy}

// antiyoy plays Medieval Warfare as the Master AI of Antiyoy, an
// open-source game of the same family, plays its own: no search and no
// valuation of positions, only one-step rules, each with a "thirst" (an
// urge) worked out from the region as it stands. Antiyoy and this game
// differ (Antiyoy has farms bought with gold, towers bought with gold
// and no village levels or wood), so the rules are carried over in
// spirit, as written here, and each has a test:
//
//   - Lines. A region's first line is its hexes that touch an enemy's;
//     the second line, its other hexes that touch the first. Its neutral
//     border is the neutral hexes it touches.
//   - Affording a wage. A new wage w is affordable when it is below the
//     region's profit (income less wages) less 7; with over 200 gold,
//     below profit plus 20; with over 500, below profit plus 50.
//   - Merging peasants (once the neutral border is no longer than the
//     first line, so expansion is over): with 5 peasants or more and more
//     than twice as many peasants as other villagers, two free peasants
//     combine into infantry.
//   - Actions and spendings, by thirst, the thirstiest first, each tried
//     only at a thirst of 1 or more:
//   - defend (thirst 1.5 + 5 x danger, danger being an enemy villager's
//     strength over 4, when over 0.45): kill the strongest enemy
//     villager that touches the region with the weakest free villager
//     that can, else with a recruit just strong enough if its wage is
//     affordable, else cover the hex of ours it threatens most (its
//     village first) by a free villager or a bought infantry or peasant
//     on a free hex beside it. At a danger of 0.7 or more (a soldier or
//     knight at the border) nothing is spent on anything else.
//   - attack (thirst 2, when the first and second lines together
//     outnumber the neutral border): choose the enemy region to attack
//     (one six times smaller than ours with the weakest guard, else
//     among those near our village the one whose border hexes are least
//     guarded and richest in meadows), then its border hex that is least
//     guarded (a village first, then the hex touching most of our land);
//     take it with the free villager furthest from it that can, else by
//     combining two free villagers, else by recruiting onto it a
//     villager one stronger than its guard if the wage is affordable.
//   - expand (thirst 0.5 + 0.3 x the neutral border, at 3 neutral hexes
//     or more): a free peasant or infantry takes the neutral hex that
//     touches most of our land.
//   - cut trees (thirst 0.5 + 2 x the region's trees): a free peasant or
//     infantry gathers the wood of a tree of the region.
//   - buy a peasant (thirst 2 in a region under 5 hexes; otherwise, when
//     the profit pays a peasant's wage, the larger of 3.5 and half the
//     neutral border, less the peasants already there): beside a tree of
//     the region, else onto the neutral hex best for expansion, else on
//     a free hex of the first line, else on any free hex.
//   - build a watchtower (wood instead of Antiyoy's gold; thirst 0.5 +
//     the free unguarded hexes of the first line + 2 x those of the
//     second): on the free hex of the lines that guards most unguarded
//     hexes of ours, the second line first.
//   - upgrade the village (Antiyoy has no levels; a town is what lets a
//     region recruit soldiers, so the thirst is 1.5 whenever the wood is
//     there).
//   - Casual grab: a free villager gathers a tree of its region, else
//     takes any hex it is strong enough to take.
//   - Farming (Antiyoy's farms are Parlor's meadows, which cost a
//     peasant's time and not gold, so only idle peasants farm): while the
//     thirst 0.5 + max(10, 0.7 x size) - meadows - max(0, profit - 50)
//     is 1 or more and the profit at most 120, a free peasant away from
//     the first line starts a meadow.
//   - To the front: a free villager away from both lines walks to the
//     nearest hex of the first line it can reach, else to the nearest
//     hex beside neutral land.
//
// Regions play in order of their lowest hex, and each Choose plays the
// first region's first rule that yields a move, so a turn is the same
// sequence of one-step decisions Antiyoy makes. Ties go to the lowest hex
// id, so the same position always gives the same move. It never reads
// the state's generator. A villager walks at most once a turn, and a
// turn is cut at maxSteps moves, so its turns always end.
type antiyoy struct {
	turn   int // s.turns when the current turn's steps began
	steps  int
	walked map[int]bool // hexes villagers walked to this turn
	failed map[int]bool // villages whose defence found nothing to do this turn
}

func newAntiyoy() *antiyoy { return &antiyoy{turn: -1} }

// Choose plays one step of the turn.
func (a *antiyoy) Choose(ctx context.Context, st game.State, seat game.Seat) (game.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, errors.New("warfare: not a Medieval Warfare state")
	}
	if s.over || int(s.turn) != int(seat) {
		return nil, errors.New("warfare: the bot's seat has no move")
	}
	if s.turns != a.turn || a.walked == nil {
		a.turn, a.steps = s.turns, 0
		a.walked, a.failed = map[int]bool{}, map[int]bool{}
	}
	a.steps++
	if a.steps > maxSteps {
		return Move{Kind: End}, nil
	}
	p := int(seat)
	for r := range s.regs {
		if ctx.Err() != nil {
			break
		}
		if int(s.regs[r].owner) != p || s.regs[r].vil < 0 {
			continue
		}
		if m, ok := a.region(s, p, newProvince(s, r)); ok {
			return m, nil
		}
	}
	return Move{Kind: End}, nil
}

// province is what the rules read of one region of the bot's.
type province struct {
	reg, vh     int
	size        int
	gold, wood  int
	level       Level
	locked      bool
	profit      int
	hexes       []int
	first       []bool // by hex: in the first line
	second      []bool // by hex: in the second line
	nFirst      int
	nSecond     int
	neutral     []int // neutral hexes touching the region, by id
	peasants    int
	others      int
	trees       int
	meadows     int
	ready       []int // hexes of free villagers: not done, not working
	enemyRegion []int // enemy regions touching this one
}

func newProvince(s *State, r int) *province {
	rg := s.regs[r]
	vl := s.vils[rg.vil]
	st := s.stats()[r]
	pv := &province{
		reg: r, vh: int(vl.hex), size: int(rg.size), gold: int(vl.gold), wood: int(vl.wood),
		level: vl.level, locked: vl.lock > 0, profit: st.income - st.upkeep,
		first: make([]bool, len(s.cells)), second: make([]bool, len(s.cells)),
	}
	seenN := map[int]bool{}
	seenR := map[int]bool{}
	s.regionHexes(r, func(h int) {
		pv.hexes = append(pv.hexes, h)
		c := &s.cells[h]
		switch {
		case c.thing == peasant:
			pv.peasants++
		case c.thing.isUnit():
			pv.others++
		case c.thing == tree:
			pv.trees++
		}
		if c.ground&meadow != 0 {
			pv.meadows++
		}
		if c.thing.isUnit() && !c.done && c.left == 0 {
			pv.ready = append(pv.ready, h)
		}
		for _, y := range s.isl.nbr[h] {
			if y < 0 {
				continue
			}
			o := s.cells[y].owner
			switch {
			case o == Neutral:
				if !seenN[int(y)] {
					seenN[int(y)] = true
					pv.neutral = append(pv.neutral, int(y))
				}
			case int(o) != int(rg.owner):
				pv.first[h] = true
				if er := int(s.regOf[y]); !seenR[er] {
					seenR[er] = true
					pv.enemyRegion = append(pv.enemyRegion, er)
				}
			}
		}
	})
	for _, h := range pv.hexes {
		if pv.first[h] {
			pv.nFirst++
			continue
		}
		for _, y := range s.isl.nbr[h] {
			if y >= 0 && pv.first[y] && s.regOf[y] == int16(r) {
				pv.second[h] = true
				pv.nSecond++
				break
			}
		}
	}
	slices.Sort(pv.neutral)
	slices.Sort(pv.enemyRegion)
	return pv
}

// affords reports whether the region can take on a new wage of w
// (Antiyoy's rule, by treasury).
func (pv *province) affords(w int) bool {
	switch {
	case pv.gold > 500:
		return w < pv.profit+50
	case pv.gold > 200:
		return w < pv.profit+20
	}
	return w < pv.profit-7
}

// thirstRule is one action or spending with its thirst.
type thirstRule struct {
	thirst float64
	play   func() (Move, bool)
}

// region is the first move the rules give for one region, if any.
func (a *antiyoy) region(s *State, p int, pv *province) (Move, bool) {
	if m, ok := a.mergePeasants(s, p, pv); ok {
		return m, true
	}
	danger, threat := a.danger(s, p, pv)
	var rules []thirstRule
	if danger > 0.45 && !a.failed[pv.vh] {
		rules = append(rules, thirstRule{1.5 + 5*danger, func() (Move, bool) {
			m, ok := a.defend(s, p, pv, threat)
			if !ok {
				a.failed[pv.vh] = true
			}
			return m, ok
		}})
	}
	if pv.nFirst+pv.nSecond > len(pv.neutral) {
		rules = append(rules, thirstRule{2, func() (Move, bool) { return a.attack(s, p, pv) }})
	}
	if n := len(pv.neutral); n >= 3 {
		rules = append(rules, thirstRule{0.5 + 0.3*float64(n), func() (Move, bool) { return a.expand(s, p, pv) }})
	}
	if pv.trees > 0 {
		rules = append(rules, thirstRule{0.5 + 2*float64(pv.trees), func() (Move, bool) { return a.cutTree(s, p, pv) }})
	}
	if danger < 0.7 && !pv.locked {
		thirst := 0.0
		switch {
		case pv.size < 5:
			thirst = 2
		case pv.profit >= Peasant.Upkeep():
			thirst = max(3.5, 0.5*float64(len(pv.neutral))) - float64(pv.peasants)
		}
		rules = append(rules, thirstRule{thirst, func() (Move, bool) { return a.buyPeasant(s, p, pv) }})
		if pv.level.towers() && pv.wood >= TowerWood {
			rules = append(rules, thirstRule{0.5 + float64(a.unguarded(s, pv, pv.first)) + 2*float64(a.unguarded(s, pv, pv.second)),
				func() (Move, bool) { return a.tower(s, p, pv) }})
		}
		if pv.level < Fort && pv.wood >= UpgradeWood {
			rules = append(rules, thirstRule{1.5, func() (Move, bool) { return a.tryMove(s, p, Move{Kind: Upgrade, From: pv.vh}) }})
		}
	}
	// The thirstiest first; a stable sort keeps the order above on ties.
	slices.SortStableFunc(rules, func(x, y thirstRule) int {
		switch {
		case x.thirst > y.thirst:
			return -1
		case x.thirst < y.thirst:
			return 1
		}
		return 0
	})
	for _, r := range rules {
		if r.thirst < 1 {
			break
		}
		if m, ok := r.play(); ok {
			return m, true
		}
	}
	if m, ok := a.casualGrab(s, p, pv); ok {
		return m, true
	}
	if pv.profit <= 120 && 0.5+max(10, 0.7*float64(pv.size))-float64(pv.meadows)-float64(max(0, pv.profit-50)) >= 1 {
		if m, ok := a.farm(s, p, pv); ok {
			return m, true
		}
	}
	return a.toFront(s, p, pv)
}

// tryMove returns m when the rules allow it.
func (a *antiyoy) tryMove(s *State, p int, m Move) (Move, bool) {
	return m, s.check(p, m) == nil
}

// goes lists the Go moves of the villager on h, from the game's legal
// move generator.
func goes(s *State, p, h int) []Move {
	var out []Move
	for _, gm := range s.unitMoves(p, h, nil) {
		if m := gm.(Move); m.Kind == Go {
			out = append(out, m)
		}
	}
	return out
}

// canGo reports whether the villager on h may go to hex to now.
func canGo(s *State, p, h, to int) bool {
	return s.check(p, Move{Kind: Go, From: h, To: to}) == nil
}

// mergePeasants combines two free peasants once expansion is over and
// peasants crowd the region.
func (a *antiyoy) mergePeasants(s *State, p int, pv *province) (Move, bool) {
	if len(pv.neutral) > pv.nFirst || pv.peasants < 5 || pv.peasants-2*pv.others <= 0 || pv.level.maxRank() < Infantry {
		return Move{}, false
	}
	for _, h := range pv.ready {
		if s.cells[h].thing != peasant {
			continue
		}
		for _, o := range pv.ready {
			if o != h && s.cells[o].thing == peasant && canGo(s, p, o, h) {
				return Move{Kind: Go, From: o, To: h}, true
			}
		}
	}
	return Move{}, false
}

// danger is the strongest enemy villager touching the region, as its
// strength over 4, and the hex it stands on (-1 for none).
func (a *antiyoy) danger(s *State, p int, pv *province) (float64, int) {
	best, at := 0, -1
	for _, h := range pv.hexes {
		for _, y := range s.isl.nbr[h] {
			if y < 0 {
				continue
			}
			c := &s.cells[y]
			if c.owner < 0 || int(c.owner) == p || !c.thing.isUnit() || int(c.thing) < int(Infantry) {
				continue
			}
			if int(c.thing) > best || (int(c.thing) == best && int(y) < at) {
				best, at = int(c.thing), int(y)
			}
		}
	}
	return float64(best) / 4, at
}

// defend answers the enemy villager on hex e: kill it, else cover the
// hex of ours it threatens most.
func (a *antiyoy) defend(s *State, p int, pv *province, e int) (Move, bool) {
	// Kill it with the weakest free villager that can.
	var killer []int
	for _, h := range pv.ready {
		if canGo(s, p, h, e) {
			killer = append(killer, h)
		}
	}
	if len(killer) > 0 {
		slices.SortStableFunc(killer, func(x, y int) int { return int(s.cells[x].thing) - int(s.cells[y].thing) })
		return Move{Kind: Go, From: killer[0], To: e}, true
	}
	// Else with a recruit just strong enough, if its wage is affordable.
	if !pv.locked {
		if r := Rank(s.protection(e) + 1); r <= Knight && pv.affords(r.Upkeep()) {
			if m, ok := a.tryMove(s, p, Move{Kind: Buy, From: pv.vh, To: e, Unit: r}); ok {
				return m, true
			}
		}
	}
	// Else cover the threatened hex of ours: the village first, then the
	// least guarded, by a guard on a free hex beside it.
	var threatened []int
	for _, y := range s.isl.nbr[e] {
		if y >= 0 && int(s.regOf[y]) == pv.reg && s.protection(int(y)) < int(s.cells[e].thing) {
			threatened = append(threatened, int(y))
		}
	}
	slices.SortStableFunc(threatened, func(x, y int) int {
		vx, vy := s.cells[x].thing == village, s.cells[y].thing == village
		if vx != vy {
			if vx {
				return -1
			}
			return 1
		}
		return s.protection(x) - s.protection(y)
	})
	for _, t := range threatened {
		spots := []int{}
		if s.cells[t].thing == none {
			spots = append(spots, t)
		}
		for _, y := range s.isl.nbr[t] {
			if y >= 0 && int(s.regOf[y]) == pv.reg && s.cells[y].thing == none {
				spots = append(spots, int(y))
			}
		}
		for _, x := range spots {
			for _, h := range pv.ready {
				if !a.walked[h] && h != x && canGo(s, p, h, x) && !pv.first[h] {
					a.walked[x] = true
					return Move{Kind: Go, From: h, To: x}, true
				}
			}
			if pv.locked {
				continue
			}
			for _, r := range []Rank{Infantry, Peasant} {
				if pv.gold >= r.Cost() && (r == Peasant || pv.affords(r.Upkeep())) {
					if m, ok := a.tryMove(s, p, Move{Kind: Buy, From: pv.vh, To: x, Unit: r}); ok {
						return m, true
					}
				}
			}
		}
	}
	return Move{}, false
}

// attack takes a hex of the most tempting enemy region.
func (a *antiyoy) attack(s *State, p int, pv *province) (Move, bool) {
	target := a.targetRegion(s, p, pv)
	if target < 0 {
		return Move{}, false
	}
	// Its border hexes, the least guarded first, a village first among
	// equals, then the one touching most of our land.
	type cand struct{ h, guard, touch int }
	var cs []cand
	for h := range s.cells {
		if int(s.regOf[h]) != target {
			continue
		}
		touch := 0
		for _, y := range s.isl.nbr[h] {
			if y >= 0 && int(s.regOf[y]) == pv.reg {
				touch++
			}
		}
		if touch > 0 {
			cs = append(cs, cand{h, s.protection(h), touch})
		}
	}
	slices.SortStableFunc(cs, func(x, y cand) int {
		if x.guard != y.guard {
			return x.guard - y.guard
		}
		vx, vy := s.cells[x.h].thing == village, s.cells[y.h].thing == village
		if vx != vy {
			if vx {
				return -1
			}
			return 1
		}
		return y.touch - x.touch
	})
	for _, c := range cs {
		if m, ok := a.capture(s, p, pv, c.h); ok {
			return m, true
		}
	}
	return Move{}, false
}

// targetRegion picks the enemy region to attack, or -1.
func (a *antiyoy) targetRegion(s *State, p int, pv *province) int {
	avgGuard := func(r int, border bool) float64 {
		sum, n := 0, 0
		s.regionHexes(r, func(h int) {
			if border && !touchesRegion(s, h, pv.reg) {
				return
			}
			sum += s.protection(h)
			n++
		})
		if n == 0 {
			return 4
		}
		return float64(sum) / float64(n)
	}
	// A much smaller neighbour, the weakest guarded.
	best, bestG := -1, 0.0
	for _, r := range pv.enemyRegion {
		if 6*int(s.regs[r].size) >= pv.size {
			continue
		}
		if g := avgGuard(r, false); best < 0 || g < bestG {
			best, bestG = r, g
		}
	}
	if best >= 0 {
		return best
	}
	// Else, among the neighbours near our village, the most tempting.
	dist := map[int]int{}
	near := -1
	for _, r := range pv.enemyRegion {
		d := 1 << 30
		s.regionHexes(r, func(h int) { d = min(d, s.isl.hexDist(h, pv.vh)) })
		dist[r] = d
		if near < 0 || d < near {
			near = d
		}
	}
	limit := max(3*near/2, 5)
	bestT := 0.0
	for _, r := range pv.enemyRegion {
		if dist[r] > limit {
			continue
		}
		meadows, n := 0, 0
		s.regionHexes(r, func(h int) {
			if touchesRegion(s, h, pv.reg) {
				n++
				if s.cells[h].ground&meadow != 0 {
					meadows++
				}
			}
		})
		t := 1 - avgGuard(r, true)/4 + float64(meadows)/float64(max(n, 1))
		if best < 0 || t > bestT {
			best, bestT = r, t
		}
	}
	return best
}

func touchesRegion(s *State, h, r int) bool {
	for _, y := range s.isl.nbr[h] {
		if y >= 0 && int(s.regOf[y]) == r {
			return true
		}
	}
	return false
}

// capture takes enemy hex t: by the free villager furthest from it that
// can, else by combining two free villagers into one that can, else by
// a recruit one stronger than its guard.
func (a *antiyoy) capture(s *State, p int, pv *province, t int) (Move, bool) {
	guard := s.protection(t)
	by, far := -1, -1
	for _, h := range pv.ready {
		if canGo(s, p, h, t) {
			if d := s.isl.hexDist(h, t); d > far {
				by, far = h, d
			}
		}
	}
	if by >= 0 {
		return Move{Kind: Go, From: by, To: t}, true
	}
	for _, h := range pv.ready {
		u := int(s.cells[h].thing)
		// The weakest partner that makes it strong enough, with an
		// affordable change of wages.
		mate, mateR := -1, 0
		for _, o := range pv.ready {
			r := int(s.cells[o].thing)
			if o == h || u+r <= guard || u+r > int(Knight) {
				continue
			}
			change := Rank(u+r).Upkeep() - Rank(u).Upkeep() - Rank(r).Upkeep()
			if !pv.affords(change+2) || !canGo(s, p, o, h) {
				continue
			}
			if mate < 0 || r < mateR {
				mate, mateR = o, r
			}
		}
		if mate < 0 {
			continue
		}
		// The combined villager must then reach the target.
		c := s.clone()
		c.play(p, Move{Kind: Go, From: mate, To: h})
		if canGo(c, p, h, t) {
			return Move{Kind: Go, From: mate, To: h}, true
		}
	}
	if pv.locked {
		return Move{}, false
	}
	r := Rank(guard + 1)
	if s.cells[t].owner >= 0 && r < Infantry {
		r = Infantry
	}
	if s.cells[t].thing == village && r < Soldier {
		r = Soldier
	}
	if r > Knight || pv.gold < r.Cost() || !pv.affords(r.Upkeep()+2) {
		return Move{}, false
	}
	return a.tryMove(s, p, Move{Kind: Buy, From: pv.vh, To: t, Unit: r})
}

// attractive is how much a neutral hex is worth taking: the hexes of
// ours it touches.
func attractive(s *State, h, reg int) int {
	n := 0
	for _, y := range s.isl.nbr[h] {
		if y >= 0 && int(s.regOf[y]) == reg {
			n++
		}
	}
	return n
}

// expand takes the most attractive neutral hex a free peasant or
// infantry can.
func (a *antiyoy) expand(s *State, p int, pv *province) (Move, bool) {
	order := slices.Clone(pv.neutral)
	slices.SortStableFunc(order, func(x, y int) int { return attractive(s, y, pv.reg) - attractive(s, x, pv.reg) })
	for _, t := range order {
		for _, h := range pv.ready {
			if s.cells[h].thing <= thing(Infantry) && canGo(s, p, h, t) {
				return Move{Kind: Go, From: h, To: t}, true
			}
		}
	}
	return Move{}, false
}

// cutTree sends a free peasant or infantry to a tree of the region.
func (a *antiyoy) cutTree(s *State, p int, pv *province) (Move, bool) {
	for _, t := range pv.hexes {
		if s.cells[t].thing != tree {
			continue
		}
		for _, h := range pv.ready {
			if s.cells[h].thing <= thing(Infantry) && canGo(s, p, h, t) {
				return Move{Kind: Go, From: h, To: t}, true
			}
		}
	}
	return Move{}, false
}

// farm has a free peasant away from the first line start a meadow.
func (a *antiyoy) farm(s *State, p int, pv *province) (Move, bool) {
	for _, h := range pv.ready {
		if s.cells[h].thing == peasant && !pv.first[h] {
			if m, ok := a.tryMove(s, p, Move{Kind: Cultivate, From: h}); ok {
				return m, true
			}
		}
	}
	return Move{}, false
}

// buyPeasant recruits a peasant where Antiyoy's Master puts one.
func (a *antiyoy) buyPeasant(s *State, p int, pv *province) (Move, bool) {
	if pv.gold < Peasant.Cost() {
		return Move{}, false
	}
	buy := func(h int) (Move, bool) {
		return a.tryMove(s, p, Move{Kind: Buy, From: pv.vh, To: h, Unit: Peasant})
	}
	for _, h := range pv.hexes {
		if s.cells[h].thing == none && s.besideTree(h) {
			if m, ok := buy(h); ok {
				return m, true
			}
		}
	}
	order := slices.Clone(pv.neutral)
	slices.SortStableFunc(order, func(x, y int) int { return attractive(s, y, pv.reg) - attractive(s, x, pv.reg) })
	for _, h := range order {
		if m, ok := buy(h); ok {
			return m, true
		}
	}
	for _, line := range [][]bool{pv.first, nil} {
		for _, h := range pv.hexes {
			if (line == nil || line[h]) && s.cells[h].thing == none {
				if m, ok := buy(h); ok {
					return m, true
				}
			}
		}
	}
	return Move{}, false
}

// unguarded counts the free hexes of a line guarded below infantry.
func (a *antiyoy) unguarded(s *State, pv *province, line []bool) int {
	n := 0
	for _, h := range pv.hexes {
		if line[h] && s.cells[h].thing == none && s.protection(h) < int(Infantry) {
			n++
		}
	}
	return n
}

// tower builds a watchtower on the free hex of the lines that would
// guard most hexes of ours now guarded below infantry, the second line
// first on a tie.
func (a *antiyoy) tower(s *State, p int, pv *province) (Move, bool) {
	best, bestGain := -1, 0
	for _, line := range [][]bool{pv.second, pv.first} {
		for _, h := range pv.hexes {
			if !line[h] || s.cells[h].thing != none {
				continue
			}
			gain := 0
			if s.protection(h) < int(Infantry) {
				gain++
			}
			for _, y := range s.isl.nbr[h] {
				if y >= 0 && int(s.regOf[y]) == pv.reg && s.protection(int(y)) < int(Infantry) {
					gain++
				}
			}
			if gain > bestGain {
				best, bestGain = h, gain
			}
		}
	}
	if best < 0 {
		return Move{}, false
	}
	return a.tryMove(s, p, Move{Kind: Tower, From: pv.vh, To: best})
}

// casualGrab: a free villager gathers a tree of its region, else takes
// any hex it can.
func (a *antiyoy) casualGrab(s *State, p int, pv *province) (Move, bool) {
	for _, h := range pv.ready {
		var take []Move
		for _, m := range goes(s, p, h) {
			t := &s.cells[m.To]
			if int(t.owner) == p && t.thing == tree {
				return m, true
			}
			if int(t.owner) != p {
				take = append(take, m)
			}
		}
		if len(take) > 0 {
			return take[0], true
		}
	}
	return Move{}, false
}

// toFront walks a free villager away from both lines to the nearest hex
// of the first line it can reach, else the nearest beside neutral land.
func (a *antiyoy) toFront(s *State, p int, pv *province) (Move, bool) {
	for _, h := range pv.ready {
		if pv.first[h] || pv.second[h] || a.walked[h] {
			continue
		}
		for _, want := range []func(int) bool{
			func(x int) bool { return pv.first[x] },
			func(x int) bool { return touchesNeutral(s, x) },
		} {
			best, bestD := -1, 0
			for _, m := range goes(s, p, h) {
				x := m.To
				if int(s.regOf[x]) != pv.reg || s.cells[x].thing != none || !want(x) {
					continue
				}
				if d := s.isl.hexDist(h, x); best < 0 || d < bestD {
					best, bestD = x, d
				}
			}
			if best >= 0 {
				a.walked[best] = true
				return Move{Kind: Go, From: h, To: best}, true
			}
		}
	}
	return Move{}, false
}

func touchesNeutral(s *State, h int) bool {
	for _, y := range s.isl.nbr[h] {
		if y >= 0 && s.cells[y].owner == Neutral {
			return true
		}
	}
	return false
}

// hexDist is the number of steps between land hexes a and b on the
// odd-r grid.
func (is *Island) hexDist(a, b int) int {
	cube := func(h int) (int, int) {
		x, y := int(is.X[h]), int(is.Y[h])
		return x - (y-(y&1))/2, y
	}
	qa, ra := cube(a)
	qb, rb := cube(b)
	dq, dr := qa-qb, ra-rb
	return (iabs(dq) + iabs(dr) + iabs(dq+dr)) / 2
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
