package buccaneer

import (
	"slices"

	"github.com/parlor-games/parlor/game"
)

// Trading in port (FR15). In a port that is not its home a ship may, in
// any order and as often as it likes, until "done":
//
//   - trade: give crew cards and treasure of its own, take crew cards and
//     treasure of the port, of exactly equal worth (a crew card is worth its
//     value), with at most two treasures aboard afterwards. Safe treasure in
//     a captain's home port cannot be taken. Crew cards given in another
//     captain's home port go straight into that captain's hand; treasure
//     given stays in the port.
//   - play Long John Silver (21), where the port has crew cards: take crew
//     worth up to 5; Long John stays in the port.
//   - take Long John from the port, paying one treasure to the port.
//   - play Doubloons (23) or Pieces of Eight (24): take crew and treasure
//     of the port worth up to 5 or 4; the card goes under the chance pack.

// stockBundle is what the port offers: its cards and its unsafe treasure.
func (s *State) stockBundle(port int) bundle {
	st := &s.ports[port]
	b := bundle{treasure: st.treasure, cards: handCounts(st.cards)}
	if st.john {
		b.john = 1
	}
	return b
}

func (s *State) ownBundle(seat game.Seat) bundle {
	p := &s.players[seat]
	return bundle{treasure: holdTreasure(p.hold), cards: handCounts(p.hand)}
}

func within(a, b bundle) bool {
	for k := range a.treasure {
		if a.treasure[k] > b.treasure[k] {
			return false
		}
	}
	for t := range a.cards {
		if a.cards[t] > b.cards[t] {
			return false
		}
	}
	return a.john <= b.john
}

func (s *State) checkPort(seat game.Seat, m Move) error {
	port := portAt(s.players[seat].at)
	stock, own := s.stockBundle(port), s.ownBundle(seat)
	switch {
	case m.Done:
		return nil
	case m.Play != 0:
		if !s.holds(seat, m.Play) {
			return game.Illegal("not-held", "you do not hold chance card %d", m.Play)
		}
		take := toBundle(m.Take)
		if take.john > 0 {
			return game.Illegal("bad-item", "Long John is bought with one treasure: \"give pearl take john\"")
		}
		if !within(take, stock) {
			return game.Illegal("not-in-port", "%s does not hold all of %v", Ports[port].Name, m.Take)
		}
		limit := map[int]int{21: 5, 23: 5, 24: 4}[m.Play]
		if m.Play == 21 && take.treasure.total() > 0 {
			return game.Illegal("crew-only", "Long John Silver is traded for crew only")
		}
		if v := take.value(); v > limit {
			return game.Illegal("too-valuable", "that is worth %d; card %d allows up to %d", v, m.Play, limit)
		}
		if len(s.players[seat].hold)+take.treasure.total() > 2 {
			return game.Illegal("ship-full", "a ship carries at most two treasures")
		}
		return nil
	case m.Give != nil:
		give, take := toBundle(m.Give), toBundle(m.Take)
		if give.john > 0 {
			return game.Illegal("bad-item", "Long John is not given in a trade; play him with \"play 21 take ...\"")
		}
		if !within(give, own) {
			return game.Illegal("not-yours", "you do not have all of %v", m.Give)
		}
		if !within(take, stock) {
			if take.john > 0 && stock.john == 0 {
				return game.Illegal("no-john", "Long John is not in %s", Ports[port].Name)
			}
			return game.Illegal("not-in-port", "%s does not hold all of %v (safe treasure cannot be traded)", Ports[port].Name, m.Take)
		}
		if take.john > 0 {
			if take.john != 1 || take.value() != 0 || give.cardCount() != 0 || give.treasure.total() != 1 {
				return game.Illegal("john-price", "Long John costs exactly one treasure, alone: \"give pearl take john\"")
			}
			return nil
		}
		if overlap(give, take) {
			return game.Illegal("same-kind", "a trade may not give and take the same kind of item; leave it out of both sides")
		}
		if give.value() != take.value() {
			return game.Illegal("unequal", "you give worth %d and take worth %d: a trade must be of equal value", give.value(), take.value())
		}
		if len(s.players[seat].hold)-give.treasure.total()+take.treasure.total() > 2 {
			return game.Illegal("ship-full", "a ship carries at most two treasures")
		}
		return nil
	}
	return game.Illegal("wrong-step", "you are in %s: trade (\"give R2 take rum\"), play a card (\"play 23 take gold\") or finish (\"done\")", Ports[port].Name)
}

func (s *State) playPort(seat game.Seat, m Move) error {
	p := &s.players[seat]
	port := portAt(p.at)
	st := &s.ports[port]
	name := Ports[port].Name
	switch {
	case m.Done:
		s.endTurn()
		return nil
	case m.Play != 0:
		take := toBundle(m.Take)
		s.fromPort(seat, port, take)
		s.dropKept(seat, m.Play)
		if m.Play == 21 {
			st.john = true
			s.emit("card", seat, CardData{Seat: seat, Number: 21, To: name})
		} else {
			s.chance = append(s.chance, m.Play)
			s.emit("card", seat, CardData{Seat: seat, Number: m.Play, To: "chance pack"})
		}
	case m.Give != nil:
		give, take := toBundle(m.Give), toBundle(m.Take)
		if take.john > 0 {
			k := kindsOf(give.treasure)[0]
			removeHold(p, k)
			st.treasure[k]++
			st.john = false
			p.kept = append(p.kept, 21)
			s.treasureMoved([]Kind{k}, seatPlace(seat), name)
			s.emit("card", seat, CardData{Seat: seat, Number: 21, To: seatPlace(seat)})
			s.safeZone(port)
			break
		}
		// Give first, then take, so a ship with two treasures may swap one.
		cards := countedCards(give.cards)
		p.hand = removeCards(p.hand, give.cards)
		if o := s.owner(port); o >= 0 {
			s.giveCards(o, cards)
			s.crewMoved(cards, seatPlace(seat), seatPlace(o), seat, o, false)
		} else {
			st.cards = append(st.cards, cards...)
			sortHand(st.cards)
			s.crewMoved(cards, seatPlace(seat), name, seat, -1, true)
		}
		for _, k := range kindsOf(give.treasure) {
			removeHold(p, k)
			st.treasure[k]++
		}
		s.treasureMoved(kindsOf(give.treasure), seatPlace(seat), name)
		s.fromPort(seat, port, take)
		s.safeZone(port)
	}
	s.phase, s.who = phPort, seat
	return nil
}

func removeHold(p *player, k Kind) {
	for i, h := range p.hold {
		if h == k {
			p.hold = append(p.hold[:i:i], p.hold[i+1:]...)
			return
		}
	}
}

// fromPort moves take from the port to seat's ship and hand.
func (s *State) fromPort(seat game.Seat, port int, take bundle) {
	st := &s.ports[port]
	cards := countedCards(take.cards)
	st.cards = removeCards(st.cards, take.cards)
	s.giveCards(seat, cards)
	s.crewMoved(cards, Ports[port].Name, seatPlace(seat), -1, seat, true)
	for k, c := range take.treasure {
		st.treasure[k] -= c
	}
	s.addHold(seat, take.treasure)
	s.treasureMoved(kindsOf(take.treasure), Ports[port].Name, seatPlace(seat))
}

// subBundles lists every sub-bundle of b (treasure and cards, not John),
// with its value.
func subBundles(b bundle) []bundle {
	out := []bundle{{}}
	for k := range b.treasure {
		var next []bundle
		for _, x := range out {
			for c := 0; c <= b.treasure[k]; c++ {
				y := x
				y.treasure[k] = c
				next = append(next, y)
			}
		}
		out = next
	}
	for t := range b.cards {
		var next []bundle
		for _, x := range out {
			for c := 0; c <= b.cards[t]; c++ {
				y := x
				y.cards[t] = c
				next = append(next, y)
			}
		}
		out = next
	}
	return out
}

// kinds has a bit for each kind of item b holds: treasure kinds, then
// crew card types.
func (b bundle) kinds() uint16 {
	var k uint16
	for i, c := range b.treasure {
		if c > 0 {
			k |= 1 << i
		}
	}
	for i, c := range b.cards {
		if c > 0 {
			k |= 1 << (numKinds + i)
		}
	}
	return k
}

// overlap reports whether a and b share a kind of item. A trade that
// gives and takes the same kind is the smaller trade without it, so the
// rules ask for the smaller one.
func overlap(a, b bundle) bool {
	for k := range a.treasure {
		if a.treasure[k] > 0 && b.treasure[k] > 0 {
			return true
		}
	}
	for t := range a.cards {
		if a.cards[t] > 0 && b.cards[t] > 0 {
			return true
		}
	}
	return false
}

// portMoves lists every legal step in port: each trade of equal value,
// each use of a kept card, buying Long John, and "done".
func (s *State) portMoves(seat game.Seat) []game.Move {
	p := &s.players[seat]
	port := portAt(p.at)
	stock, own := s.stockBundle(port), s.ownBundle(seat)
	hold := len(p.hold)
	takes := subBundles(bundle{treasure: stock.treasure, cards: stock.cards})
	var out []game.Move
	if !stock.empty() {
		// Gives grouped by value and by the kinds they use, so each take
		// meets only the gives of its value that use none of its kinds.
		type group struct {
			kinds uint16
			gives []bundle
		}
		byValue := map[int][]group{}
		for _, g := range subBundles(own) {
			if g.empty() {
				continue
			}
			v, k := g.value(), g.kinds()
			i := slices.IndexFunc(byValue[v], func(x group) bool { return x.kinds == k })
			if i < 0 {
				byValue[v] = append(byValue[v], group{kinds: k})
				i = len(byValue[v]) - 1
			}
			byValue[v][i].gives = append(byValue[v][i].gives, g)
		}
		for _, t := range takes {
			if t.empty() {
				continue
			}
			tk := t.kinds()
			for _, gr := range byValue[t.value()] {
				if gr.kinds&tk != 0 {
					continue
				}
				for _, g := range gr.gives {
					if hold-g.treasure.total()+t.treasure.total() <= 2 {
						out = append(out, Move{Give: g.items(), Take: t.items()})
					}
				}
			}
		}
	}
	if stock.john > 0 {
		for k := range own.treasure {
			if own.treasure[k] > 0 {
				out = append(out, Move{Give: []string{kindNames[k]}, Take: []string{itemJohn}})
			}
		}
	}
	for _, c := range []int{21, 23, 24} {
		if !s.holds(seat, c) {
			continue
		}
		limit := map[int]int{21: 5, 23: 5, 24: 4}[c]
		for _, t := range takes {
			if t.empty() || t.value() > limit || hold+t.treasure.total() > 2 || c == 21 && t.treasure.total() > 0 {
				continue
			}
			out = append(out, Move{Play: c, Take: t.items()})
		}
	}
	return append(out, Done)
}
