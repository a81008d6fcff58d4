package buccaneer

import (
	"slices"

	"github.com/parlor-games/parlor/game"
)

// drawChance is FR13: the top chance card, done at once. Cards that are
// not kept go back under the pack as soon as they are drawn; what they ask
// is done from the card's number alone.
func (s *State) drawChance(seat game.Seat) {
	if len(s.chance) == 0 {
		s.note(seat, "the chance pack is empty")
		s.endTurn()
		return
	}
	n := s.chance[0]
	s.chance = s.chance[1:]
	c := Chance[n-1]
	s.last = &drawn{seat: seat, card: n}
	s.emit("chance", seat, ChanceData{Seat: seat, Number: n, Title: c.Title, Text: c.Text})
	if c.Keep {
		p := &s.players[seat]
		p.kept = append(p.kept, n)
		slices.Sort(p.kept)
		s.emit("card", seat, CardData{Seat: seat, Number: n, To: seatPlace(seat)})
		s.endTurn()
		return
	}
	s.chance = append(s.chance, n)
	s.card = n
	s.playChance(seat, n)
}

// playChance does what chance card n says, drawn by seat and not kept.
func (s *State) playChance(seat game.Seat, n int) {
	p := &s.players[seat]
	switch n {
	case 1:
		s.blowOff(seat)
		s.lowCrew(seat)
		s.phase, s.who, s.then = phFace, seat, thenBlown
	case 2:
		s.askSeat(seat, n, s.others(seat))
	case 3, 4:
		to := MudBay
		if n == 4 {
			to = CliffCreek
		}
		s.blowTo(seat, to)
		s.lowCrew(seat)
		s.phase, s.who, s.then = phFace, seat, thenBlown
	case 5, 6:
		port := p.home
		if n == 6 {
			port = portAhead(p.at, p.facing)
		}
		s.blowTo(seat, Ports[port].At)
		s.lowCrew(seat)
		s.arrivePort(seat, port)
	case 7:
		s.washToNearest(seat)
		s.endTurn()
	case 8, 9:
		s.washToFlat(seat, n == 9)
		s.endTurn()
	case 10:
		if len(p.hand) > 0 {
			best, rest := takeCards(p.hand, 1, true)
			s.handToPirates(seat, best, rest)
		}
		s.endTurn()
	case 11, 13:
		s.offer(seat, 5, 2)
	case 12:
		s.offer(seat, 4, 2)
	case 14:
		s.offer(seat, 7, 3)
	case 27:
		s.offer(seat, 5, 3)
	case 15, 28:
		s.c1(seat, 2)
		s.endTurn()
	case 16, 17:
		limit := 10
		if n == 17 {
			limit = 11
		}
		removed, rest := reduceTo(p.hand, limit)
		if len(removed) > 0 {
			s.handToPirates(seat, removed, rest)
		}
		s.offer(seat, 7-(n-16), 0)
	case 18:
		if crewTotal(p.hand) <= 7 {
			s.c1(seat, 2)
		}
		s.offer(seat, 4, 0)
	case 19:
		old := p.hand
		s.handToPirates(seat, old, nil)
		s.c1(seat, len(old))
	case 20:
		s.nearTreasureIsland(seat, n)
	case 22:
		for i := range s.players {
			q := &s.players[i]
			if len(q.hand) > 7 {
				low, rest := takeCards(q.hand, len(q.hand)-7, false)
				s.handToPirates(game.Seat(i), low, rest)
			}
		}
		s.endTurn()
	}
}

// handToPirates sends cards from seat's hand to Pirate Island, leaving
// rest in the hand.
func (s *State) handToPirates(seat game.Seat, cards, rest []Card) {
	s.players[seat].hand = rest
	s.toPack(cards)
	s.crewMoved(cards, seatPlace(seat), placePirate, seat, -1, false)
}

// nearTreasureIsland is chance card n (20): seat asks one of the ships
// near Treasure Island, or, with none there, loses its two lowest cards.
func (s *State) nearTreasureIsland(seat game.Seat, n int) {
	var near []game.Seat
	for _, o := range s.others(seat) {
		if TreasureIsland.near(s.players[o].at) {
			near = append(near, o)
		}
	}
	if len(near) == 0 {
		low, rest := takeCards(s.players[seat].hand, 2, false)
		s.handToPirates(seat, low, rest)
		s.endTurn()
		return
	}
	s.askSeat(seat, n, near)
}

func (s *State) others(seat game.Seat) []game.Seat {
	var out []game.Seat
	for i := range s.n {
		if game.Seat(i) != seat {
			out = append(out, game.Seat(i))
		}
	}
	return out
}

// lowCrew: "if your crew total is 3 or less, take 4 crew cards".
func (s *State) lowCrew(seat game.Seat) {
	if crewTotal(s.players[seat].hand) <= 3 {
		s.c1(seat, 4)
	}
}

func (s *State) blowTo(seat game.Seat, to Point) {
	s.moveShip(seat, to)
}

// blowOff is card 1: 5 squares straight out from the nearest side of
// Treasure Island, diagonally from a corner square. A square holding a
// ship, or land, sends the ship one square further along the same line;
// past the edge of the board it takes the nearest free sea square
// instead (decisions page).
func (s *State) blowOff(seat game.Seat) {
	at := s.players[seat].at
	t := TreasureIsland
	dx, dy := 0, 0
	switch {
	case at.X < t.X0:
		dx = -1
	case at.X > t.X1:
		dx = 1
	}
	switch {
	case at.Y < t.Y0:
		dy = -1
	case at.Y > t.Y1:
		dy = 1
	}
	d := dirOf(dx, dy)
	free := func(q Point) bool {
		if !isSea(q) {
			return false
		}
		for _, o := range s.shipsAt(q) {
			if o != seat {
				return false
			}
		}
		return true
	}
	for k := 5; ; k++ {
		q := at.add(d, k)
		if !q.onBoard() {
			break
		}
		if free(q) {
			s.blowTo(seat, q)
			return
		}
	}
	// Off the board: the nearest free sea square to where the line left
	// it, in a fixed order (x, then y) between equals.
	end := at.add(d, 5)
	for end.onBoard() {
		end = end.add(d, 1)
	}
	best, bestD := at, 1<<30
	for x := 1; x <= Size; x++ {
		for y := 1; y <= Size; y++ {
			q := Point{x, y}
			if free(q) && q != at && q.steps(end) < bestD {
				best, bestD = q, q.steps(end)
			}
		}
	}
	s.blowTo(seat, best)
}

// portAhead is card 6: the nearest port the ship is heading towards. A
// port is ahead when it lies within 45 degrees either side of the facing
// (on the diagonal edges too); the nearest by king steps wins, then the
// one closest to the facing line, then port order. If no port is ahead,
// the nearest port of all.
func portAhead(at Point, d Dir) int {
	v := dirVec[d]
	best, bestKey := -1, [2]int{}
	for i, p := range Ports {
		dx, dy := p.At.X-at.X, p.At.Y-at.Y
		// cos(angle) >= cos(45°)  <=>  2 (v·w)² >= |v|²|w|², with v·w > 0.
		dot := v.X*dx + v.Y*dy
		vv, ww := v.X*v.X+v.Y*v.Y, dx*dx+dy*dy
		if dot <= 0 || 2*dot*dot < vv*ww {
			continue
		}
		cross := abs(v.X*dy - v.Y*dx)
		key := [2]int{at.steps(p.At), cross}
		if best < 0 || key[0] < bestKey[0] || key[0] == bestKey[0] && key[1] < bestKey[1] {
			best, bestKey = i, key
		}
	}
	if best >= 0 {
		return best
	}
	for i, p := range Ports {
		if best < 0 || at.steps(p.At) < at.steps(Ports[best].At) {
			best = i
		}
	}
	return best
}

// washToNearest is card 7.
func (s *State) washToNearest(seat game.Seat) {
	d := seaDistances(s.players[seat].at)
	nearest, bestD, tie := game.Seat(-1), 1<<30, false
	for _, o := range s.others(seat) {
		q := s.players[o].at
		k := d[q.X][q.Y]
		if k < 0 {
			continue
		}
		switch {
		case k < bestD:
			nearest, bestD, tie = o, k, false
		case k == bestD:
			tie = true
		}
	}
	if nearest < 0 || tie {
		s.note(seat, "two ships are equally near: nothing is washed overboard")
		return
	}
	p := &s.players[seat]
	if len(p.hold) > 0 && s.space(nearest) > 0 {
		k := p.hold[len(p.hold)-1] // the hold is sorted, least valuable last
		p.hold = p.hold[:len(p.hold)-1]
		s.addHold(nearest, Treasure{}.plus(k))
		s.treasureMoved([]Kind{k}, seatPlace(seat), seatPlace(nearest))
		return
	}
	low, rest := takeCards(p.hand, 2, false)
	p.hand = rest
	s.giveCards(nearest, low)
	s.crewMoved(low, seatPlace(seat), seatPlace(nearest), seat, nearest, false)
}

func (t Treasure) plus(k Kind) Treasure {
	t[k]++
	return t
}

// washToFlat is cards 8 (least valuable treasure, else 2 lowest cards)
// and 9 (most valuable treasure, else the best card).
func (s *State) washToFlat(seat game.Seat, best bool) {
	p := &s.players[seat]
	if len(p.hold) > 0 {
		i := len(p.hold) - 1
		if best {
			i = 0
		}
		k := p.hold[i]
		p.hold = slices.Delete(p.hold, i, i+1)
		s.flat.treasure[k]++
		s.treasureMoved([]Kind{k}, seatPlace(seat), placeFlat)
		return
	}
	n := 2
	if best {
		n = 1
	}
	cards, rest := takeCards(p.hand, n, best)
	p.hand = rest
	s.flat.cards = append(s.flat.cards, cards...)
	sortHand(s.flat.cards)
	s.crewMoved(cards, seatPlace(seat), placeFlat, seat, -1, true)
}

// offer starts a choice of treasure worth up to limit, or (crewN > 0) of
// crewN crew cards instead (C2). With nothing to choose, nothing happens.
func (s *State) offer(seat game.Seat, limit, crewN int) {
	s.phase, s.who, s.limit, s.crewN = phPick, seat, limit, crewN
	if len(s.pickMoves(seat)) == 0 {
		s.note(seat, "there is nothing the card can give now")
		s.endTurn()
	}
}

// treasureChoices lists every set of treasure on Treasure Island worth at
// most limit that fits in seat's ship, most valuable first.
func (s *State) treasureChoices(seat game.Seat, limit int) []Treasure {
	var out []Treasure
	room := s.space(seat)
	for a := Diamond; a < numKinds; a++ {
		if s.island[a] == 0 || room < 1 || kindValues[a] > limit {
			continue
		}
		out = append(out, Treasure{}.plus(a))
		for b := a; b < numKinds && room >= 2; b++ {
			t := Treasure{}.plus(a).plus(b)
			if t[b] <= s.island[b] && t.value() <= limit {
				out = append(out, t)
			}
		}
	}
	return out
}

func (s *State) pickMoves(seat game.Seat) []game.Move {
	var out []game.Move
	for _, t := range s.treasureChoices(seat, s.limit) {
		out = append(out, Move{Take: t.names()})
	}
	if s.crewN > 0 && len(s.crew) > 0 {
		out = append(out, Move{Crew: true})
	}
	return out
}

func (s *State) checkPick(seat game.Seat, m Move) error {
	if m.Crew {
		if s.crewN == 0 {
			return game.Illegal("no-crew-offer", "this card offers treasure only")
		}
		if len(s.crew) == 0 {
			return game.Illegal("pack-empty", "Pirate Island has no crew cards left: take treasure")
		}
		return nil
	}
	if m.Take == nil || m.Give != nil || m.Play != 0 {
		if s.crewN > 0 {
			return game.Illegal("wrong-step", "choose treasure worth up to %d (\"take gold\") or %d crew cards (\"crew\")", s.limit, s.crewN)
		}
		return game.Illegal("wrong-step", "choose treasure worth up to %d, like \"take gold\"", s.limit)
	}
	b := toBundle(m.Take)
	if b.cardCount() > 0 || b.john > 0 {
		return game.Illegal("bad-item", "only treasure can be taken from Treasure Island")
	}
	if v := b.treasure.value(); v > s.limit {
		return game.Illegal("too-valuable", "that treasure is worth %d; the card allows up to %d", v, s.limit)
	}
	if b.treasure.total() > s.space(seat) {
		return game.Illegal("ship-full", "your ship has room for %d more piece(s) of treasure (two at most)", s.space(seat))
	}
	for k, c := range b.treasure {
		if c > s.island[k] {
			return game.Illegal("not-on-island", "Treasure Island has no more %s (FR5)", Kind(k))
		}
	}
	return nil
}

func (s *State) playPick(seat game.Seat, m Move) {
	if m.Crew {
		s.c1(seat, s.crewN)
		s.endTurn()
		return
	}
	t := toBundle(m.Take).treasure
	for k, c := range t {
		s.island[k] -= c
	}
	s.addHold(seat, t)
	s.treasureMoved(kindsOf(t), placeIsland, seatPlace(seat))
	if s.card == 25 || s.card == 26 {
		s.dropKept(seat, s.card)
		s.chance = append(s.chance, s.card)
		s.emit("card", seat, CardData{Seat: seat, Number: s.card, To: "chance pack"})
	}
	s.endTurn()
}

func (s *State) askSeat(seat game.Seat, card int, seats []game.Seat) {
	s.phase, s.who, s.card, s.seats = phSeat, seat, card, seats
}

// playSeat is card 2 (the chosen captain hands over 3 crew cards, the
// lowest first) or card 20 (two random cards each way).
func (s *State) playSeat(seat, other game.Seat) {
	o := &s.players[other]
	if s.card == 2 {
		taken, rest := takeCards(o.hand, 3, false)
		if len(taken) < 3 {
			s.note(seat, "seat %d had only %d crew cards to give", other, len(taken))
		}
		o.hand = rest
		s.giveCards(seat, taken)
		s.crewMoved(taken, seatPlace(other), seatPlace(seat), other, seat, false)
		s.endTurn()
		return
	}
	mine, theirs := s.randomCards(seat, 2), s.randomCards(other, 2)
	s.giveCards(other, mine)
	s.giveCards(seat, theirs)
	s.crewSwapped(mine, theirs, seat, other)
	s.endTurn()
}

// randomCards takes up to n cards at random from seat's hand.
func (s *State) randomCards(seat game.Seat, n int) []Card {
	p := &s.players[seat]
	var out []Card
	for range n {
		if len(p.hand) == 0 {
			break
		}
		i := s.rng.IntN(len(p.hand))
		out = append(out, p.hand[i])
		p.hand = without(p.hand, i)
	}
	return out
}
