package warfare

import (
	"github.com/parlor-games/parlor/game"
)

// Costs in wood.
const (
	UpgradeWood = 8
	TowerWood   = 5
)

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
