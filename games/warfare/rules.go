package warfare

import (
	"github.com/parlor-games/parlor/game"
)

// Costs in wood.
const (
	UpgradeWood = 8
	TowerWood   = 5
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

func (s *State) thingName(h int) string {
	c := &s.cells[h]
	switch c.thing {
	case none:
		return "nothing"
	case tree:
		return "tree"
	case tomb:
		return "tombstone"
	case village:
		return s.vils[c.vil].level.String()
	case tower:
		return "watchtower"
	}
	return Rank(c.thing).String()
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

// ownUnit checks that seat has a villager on hex h that may still act.
func (s *State) ownUnit(seat, h int) error {
	if h < 0 || h >= len(s.cells) {
		return game.Illegal("no-hex", "there is no land hex %d on this island", h)
	}
	c := &s.cells[h]
	if !c.thing.isUnit() || int(c.owner) != seat {
		return game.Illegal("no-villager", "you have no villager on hex %d", h)
	}
	if c.left > 0 {
		return game.Illegal("busy", "the peasant on hex %d is busy working until a later turn", h)
	}
	return nil
}

// ownVillage checks that seat has a village on hex h, unlocked.
func (s *State) ownVillage(seat, h int) (int, error) {
	if h < 0 || h >= len(s.cells) {
		return -1, game.Illegal("no-hex", "there is no land hex %d on this island", h)
	}
	c := &s.cells[h]
	if c.thing != village || int(c.owner) != seat {
		return -1, game.Illegal("no-village", "you have no village on hex %d", h)
	}
	v := int(c.vil)
	if s.vils[v].lock > 0 {
		return -1, game.Illegal("village-locked", "the village on hex %d was upgraded and can do nothing more this turn and next", h)
	}
	return v, nil
}

// check validates m for seat without changing anything.
func (s *State) check(seat int, m Move) error {
	switch m.Kind {
	case End:
		return nil
	case Go:
		return s.checkGo(seat, m)
	case Buy:
		v, err := s.ownVillage(seat, m.From)
		if err != nil {
			return err
		}
		return s.checkBuy(seat, v, m.Unit, m.To)
	case Train:
		return s.checkTrain(seat, m)
	case Cultivate, Road:
		return s.checkWork(seat, m)
	case Upgrade:
		v, err := s.ownVillage(seat, m.From)
		if err != nil {
			return err
		}
		if s.vils[v].level == Fort {
			return game.Illegal("top-level", "a fort cannot be upgraded further")
		}
		if s.vils[v].wood < UpgradeWood {
			return game.Illegal("no-wood", "an upgrade costs %d wood; the village has %d", UpgradeWood, s.vils[v].wood)
		}
		return nil
	case Tower:
		return s.checkTower(seat, m)
	}
	return game.Illegal("bad-move", "that is not a Medieval Warfare move")
}

// checkGo checks a villager's walk (or attack) from m.From to m.To.
func (s *State) checkGo(seat int, m Move) error {
	if err := s.ownUnit(seat, m.From); err != nil {
		return err
	}
	if s.cells[m.From].done {
		return game.Illegal("done", "the villager on hex %d has already acted this turn", m.From)
	}
	if m.To < 0 || m.To >= len(s.cells) {
		return game.Illegal("no-hex", "there is no land hex %d on this island", m.To)
	}
	dist, _ := s.walk(m.From, m.To)
	_, err := s.planGo(seat, m.From, m.To, dist)
	return err
}

// checkTrain checks training the unit on m.From to the rank m.Unit.
func (s *State) checkTrain(seat int, m Move) error {
	if err := s.ownUnit(seat, m.From); err != nil {
		return err
	}
	cur := Rank(s.cells[m.From].thing)
	if m.Unit <= cur || m.Unit > Knight {
		return game.Illegal("not-higher", "a %s can only be trained to a higher rank", cur)
	}
	v := s.villageOf(m.From)
	if s.vils[v].lock > 0 {
		return game.Illegal("village-locked", "the village of this region was upgraded and can do nothing more this turn and next")
	}
	if lv := s.vils[v].level; m.Unit > lv.maxRank() {
		return game.Illegal("rank-too-high", "a %s cannot train a %s", lv, m.Unit)
	}
	if cost := cur.TrainCost(m.Unit); int(s.vils[v].gold) < cost {
		return game.Illegal("no-gold", "training a %s to a %s costs %d gold; the village has %d", cur, m.Unit, cost, s.vils[v].gold)
	}
	return nil
}

// checkWork checks a peasant's cultivating a meadow or building a road.
func (s *State) checkWork(seat int, m Move) error {
	if err := s.ownUnit(seat, m.From); err != nil {
		return err
	}
	c := &s.cells[m.From]
	if c.thing != peasant {
		return game.Illegal("peasants-only", "only a peasant cultivates meadows and builds roads")
	}
	if c.done {
		return game.Illegal("done", "the villager on hex %d has already acted this turn", m.From)
	}
	if m.Kind == Cultivate && c.ground != 0 {
		return game.Illegal("not-plain", "a meadow is cultivated only on plain land, with no meadow or road")
	}
	if m.Kind == Road && c.ground&road != 0 {
		return game.Illegal("has-road", "hex %d already has a road", m.From)
	}
	return nil
}

// checkTower checks a watchtower built by the village on m.From on m.To.
func (s *State) checkTower(seat int, m Move) error {
	v, err := s.ownVillage(seat, m.From)
	if err != nil {
		return err
	}
	if !s.vils[v].level.towers() {
		return game.Illegal("needs-town", "only a town or a fort builds watchtowers")
	}
	if s.vils[v].wood < TowerWood {
		return game.Illegal("no-wood", "a watchtower costs %d wood; the village has %d", TowerWood, s.vils[v].wood)
	}
	if m.To < 0 || m.To >= len(s.cells) || s.regOf[m.To] != s.regOf[m.From] {
		return game.Illegal("not-in-region", "a watchtower goes on a hex of the village's own region")
	}
	if s.cells[m.To].thing != none {
		return game.Illegal("occupied", "hex %d holds a %s; a watchtower needs a free hex", m.To, s.thingName(m.To))
	}
	return nil
}

// checkBuy checks a recruit of rank u from village v onto hex at.
func (s *State) checkBuy(seat, v int, u Rank, at int) error {
	if u < Peasant || u > Knight {
		return game.Illegal("bad-move", "unknown unit")
	}
	vl := &s.vils[v]
	if u > vl.level.maxRank() {
		return game.Illegal("rank-too-high", "a %s cannot recruit a %s", vl.level, u)
	}
	if int(vl.gold) < u.Cost() {
		return game.Illegal("no-gold", "a %s costs %d gold; the village has %d", u, u.Cost(), vl.gold)
	}
	if at < 0 || at >= len(s.cells) {
		return game.Illegal("no-hex", "there is no land hex %d on this island", at)
	}
	reg := s.regOf[vl.hex]
	if s.regOf[at] == reg {
		if s.cells[at].thing != none {
			return game.Illegal("occupied", "hex %d holds a %s; a recruit needs a free hex", at, s.thingName(at))
		}
		return nil
	}
	if int(s.cells[at].owner) == seat {
		return game.Illegal("other-region", "hex %d is in another region; recruit from that region's village", at)
	}
	next := false
	for _, n := range s.isl.nbr[at] {
		if n >= 0 && s.regOf[n] == reg {
			next = true
		}
	}
	if !next {
		return game.Illegal("not-adjacent", "hex %d is neither in the village's region nor next to it", at)
	}
	return s.canTake(seat, u, at)
}

// Apply validates m for seat and plays it.
func (s *State) Apply(seat game.Seat, gm game.Move) ([]game.Event, error) {
	if s.over {
		return nil, game.Illegal("game-over", "the game is over")
	}
	if int(seat) != int(s.turn) {
		return nil, game.NotYourTurn(seat)
	}
	m, ok := gm.(Move)
	if !ok {
		if p, isPtr := gm.(*Move); isPtr && p != nil {
			m, ok = *p, true
		}
	}
	if !ok {
		return nil, game.Illegal("bad-move", "that is not a Medieval Warfare move")
	}
	if err := s.check(int(seat), m); err != nil {
		return nil, err
	}
	return s.play(int(seat), m), nil
}

// play carries out a move that check accepted.
func (s *State) play(p int, m Move) []game.Event {
	evs := []game.Event{{Type: "move", Seat: game.Seat(p), Data: MoveEvent{Move: m.String(), Kind: kindNames[m.Kind], From: m.From, To: m.To, Unit: unitName(m.Unit)}}}
	switch m.Kind {
	case End:
		s.endTurn(&evs)
	case Go:
		s.playGo(p, m.From, m.To, &evs)
	case Buy:
		v := int(s.cells[m.From].vil)
		s.vils[v].gold -= int32(m.Unit.Cost())
		if s.regOf[m.To] == s.regOf[m.From] {
			c := &s.cells[m.To]
			c.thing, c.done = thing(m.Unit), false
			var tr []int
			s.trampleOn(m.To, &tr)
			trampleEvent(tr, p, &evs)
		} else {
			s.take(p, m.Unit, m.To, m.From, &evs)
		}
	case Train:
		c := &s.cells[m.From]
		v := s.villageOf(m.From)
		s.vils[v].gold -= int32(10 * int(m.Unit-Rank(c.thing)))
		c.thing = thing(m.Unit)
		var tr []int
		s.trampleOn(m.From, &tr)
		trampleEvent(tr, p, &evs)
	case Cultivate:
		c := &s.cells[m.From]
		c.work, c.left, c.done = workMeadow, 2, true
	case Road:
		c := &s.cells[m.From]
		c.work, c.left, c.done = workRoad, 1, true
	case Upgrade:
		v := &s.vils[s.cells[m.From].vil]
		v.wood -= UpgradeWood
		v.level++
		v.lock = 2
	case Tower:
		v := &s.vils[s.cells[m.From].vil]
		v.wood -= TowerWood
		c := &s.cells[m.To]
		c.thing, c.ground = tower, 0
	}
	return evs
}

func unitName(r Rank) string {
	if r == 0 {
		return ""
	}
	return r.String()
}

var kindNames = [...]string{"end", "move", "buy", "train", "cultivate", "road", "upgrade", "tower"}

func trampleEvent(hexes []int, p int, evs *[]game.Event) {
	if len(hexes) > 0 {
		*evs = append(*evs, game.Event{Type: "trampled", Seat: game.Seat(p), Data: HexesEvent{Hexes: hexes}})
	}
}

// playGo walks the villager on from along its best path and does what the
// target hex calls for.
func (s *State) playGo(p, from, to int, evs *[]game.Event) {
	dist, par := s.walk(from, to)
	pl, _ := s.planGo(p, from, to, dist)
	u := s.cells[from]
	// Step along the path to the stand hex, trampling as the rank does.
	var tr []int
	if u.thing >= thing(Soldier) {
		for x := pl.stand; x != from && x >= 0; x = int(par[x]) {
			if s.cells[x].ground == meadow {
				s.cells[x].ground = 0
				tr = append(tr, x)
			}
		}
	}
	s.cells[from].thing, s.cells[from].done = none, false
	t := &s.cells[to]
	switch pl.kind {
	case actWalk:
		t.thing, t.done = u.thing, u.done
	case actGather:
		s.vils[s.villageOf(to)].wood++
		t.thing, t.done = u.thing, true
	case actClear:
		t.thing, t.done = u.thing, true
	case actCombine:
		t.thing = t.thing + u.thing
	case actTake:
		trampleEvent(tr, p, evs)
		s.take(p, Rank(u.thing), to, int(s.vils[s.villageOf(from)].hex), evs)
		return
	}
	s.trampleOn(to, &tr)
	trampleEvent(tr, p, evs)
}

// take gives hex to to seat p with a villager of rank u standing on it,
// done for the turn: a tree there yields a wood, an enemy villager or
// watchtower is destroyed, a tombstone cleared, and an enemy village is
// looted and becomes a meadow. vh is the hex of the village whose region
// the villager comes from. Then regions merge and split as they must.
func (s *State) take(p int, u Rank, to, vh int, evs *[]game.Event) {
	before := s.sizesBefore()
	mine := int(s.cells[vh].vil)
	c := &s.cells[to]
	prev := int(c.owner)
	captured := false
	switch c.thing {
	case tree:
		s.vils[mine].wood++
	case village:
		ev := s.vils[c.vil]
		s.vils[mine].gold += ev.gold
		s.vils[mine].wood += ev.wood
		*evs = append(*evs, game.Event{Type: "captured", Seat: game.Seat(p), Data: CaptureEvent{Hex: to, Owner: prev, Gold: int(ev.gold), Wood: int(ev.wood)}})
		s.removeVillage(int(c.vil))
		captured = true
	}
	c.owner = int8(p)
	c.thing, c.done, c.work, c.left = thing(u), true, workNone, 0
	if captured {
		c.ground = meadow
	} else {
		var tr []int
		s.trampleOn(to, &tr)
		trampleEvent(tr, p, evs)
	}
	*evs = append(*evs, game.Event{Type: "taken", Seat: game.Seat(p), Data: TakeEvent{Hex: to, From: prev}})
	s.settle(before, vh, evs)
}

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
