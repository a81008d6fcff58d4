package buccaneer

import (
	"fmt"
	"slices"

	"github.com/parlor-games/parlor/game"
)

func (s *State) turnShip(seat game.Seat, d Dir) {
	s.players[seat].facing = d
	s.emit("face", seat, FaceData{Seat: seat, Facing: d.String()})
}

// sail starts a move to `to`. Every other ship passed on the way, outside
// ports and Treasure Island's coast, is asked in turn whether it attacks.
func (s *State) sail(seat game.Seat, to Point) {
	p := &s.players[seat]
	d := dirOf(to.X-p.at.X, to.Y-p.at.Y)
	p.facing = d // a ship faces the way it sails
	s.asks = nil
	for _, q := range ray(p.at, d, p.at.steps(to)-1) {
		if portAt(q) >= 0 || TreasureIsland.near(q) {
			continue
		}
		for _, o := range s.shipsAt(q) {
			if o != seat {
				s.asks = append(s.asks, ask{o, q})
			}
		}
	}
	s.dest = to
	s.nextAsk()
}

func (s *State) nextAsk() {
	mover := s.mover()
	if len(s.asks) == 0 {
		s.finishSail(mover, s.dest)
		return
	}
	a := s.asks[0]
	s.phase, s.who = phAsk, a.seat
	s.emit("ask", a.seat, AskData{Seat: a.seat, Mover: mover, At: a.at})
}

func (s *State) answer(seat game.Seat, yes bool) {
	s.emit("answer", seat, AnswerData{Seat: seat, Attack: yes})
	a := s.asks[0]
	s.asks = s.asks[1:]
	if !yes {
		s.nextAsk()
		return
	}
	mover := s.mover()
	s.moveShip(mover, a.at)
	s.asks = nil
	s.fight(seat, mover)
}

func (s *State) moveShip(seat game.Seat, to Point) {
	p := &s.players[seat]
	from := p.at
	p.at = to
	s.emit("sail", seat, SailData{Seat: seat, From: from, To: to})
}

func (s *State) finishSail(seat game.Seat, to Point) {
	s.moveShip(seat, to)
	if portAt(to) < 0 {
		for _, o := range s.shipsAt(to) {
			if o != seat {
				s.fight(seat, o)
				return
			}
		}
		s.phase, s.who, s.then = phFace, seat, thenArrive
		return
	}
	s.arrive(seat, true) // in port the facing does not matter
}

// arrive is what the end of a move brings: a chance card by Treasure
// Island (FR13, unless the ship was just blown there), Flat Island's
// contents (FR14), Kidd's chart at Anchor Bay (FR16), or a port (FR15).
func (s *State) arrive(seat game.Seat, draw bool) {
	at := s.players[seat].at
	switch {
	case draw && TreasureIsland.near(at):
		s.drawChance(seat)
	case FlatIsland.near(at):
		s.flatIsland(seat)
		s.endTurn()
	case at == AnchorBay:
		s.anchorBay(seat)
	case portAt(at) >= 0:
		s.arrivePort(seat, portAt(at))
	default:
		s.endTurn()
	}
}

// flatIsland is FR14: all the cards, and the treasure there is room for,
// the most valuable first.
func (s *State) flatIsland(seat game.Seat) {
	f := &s.flat
	if len(f.cards) > 0 {
		cards := f.cards
		f.cards = nil
		s.giveCards(seat, cards)
		s.crewMoved(cards, placeFlat, seatPlace(seat), -1, seat, true)
	}
	var got []Kind
	for k := Diamond; k < numKinds && s.space(seat) > 0; k++ {
		for f.treasure[k] > 0 && s.space(seat) > 0 {
			f.treasure[k]--
			s.players[seat].hold = append(s.players[seat].hold, k)
			got = append(got, k)
		}
	}
	slices.Sort(s.players[seat].hold)
	s.treasureMoved(got, placeFlat, seatPlace(seat))
}

// anchorBay is FR16: a captain holding Kidd's chart lands it for treasure
// worth up to 7. With no room in the ship, or nothing on Treasure Island,
// the chart is kept for another visit.
func (s *State) anchorBay(seat game.Seat) {
	for _, c := range []int{25, 26} {
		if s.holds(seat, c) {
			if len(s.treasureChoices(seat, 7)) == 0 {
				s.note(seat, "Kidd's chart is kept: there is no treasure the ship could take now")
				break
			}
			s.phase, s.who, s.card, s.limit, s.crewN = phPick, seat, c, 7, 0
			return
		}
	}
	s.endTurn()
}

// arrivePort is FR15 (and FR17 at home).
func (s *State) arrivePort(seat game.Seat, port int) {
	if s.players[seat].home == port {
		s.unload(seat)
		if s.phase != phOver {
			s.endTurn()
		}
		return
	}
	s.phase, s.who = phPort, seat
}

// unload empties the ship into its home port, moves three of a kind to
// the safe zone, and checks for a win (FR15, FR17).
func (s *State) unload(seat game.Seat) {
	p := &s.players[seat]
	st := &s.ports[p.home]
	if len(p.hold) > 0 {
		s.treasureMoved(p.hold, seatPlace(seat), Ports[p.home].Name)
		for _, k := range p.hold {
			st.treasure[k]++
		}
		p.hold = nil
	}
	s.safeZone(p.home)
	if w := s.homeWorth(seat); w >= 20 {
		s.finish([]game.Seat{seat}, fmt.Sprintf("seat %d has %d points of treasure at home in %s", seat, w, Ports[p.home].Name))
	}
}

// safeZone moves each three identical treasures in a captain's home port
// to its safe zone, where they can no longer be traded away.
func (s *State) safeZone(port int) {
	if s.owner(port) < 0 {
		return
	}
	st := &s.ports[port]
	for k := range st.treasure {
		for st.treasure[k] >= 3 {
			st.treasure[k] -= 3
			st.safe[k] += 3
			s.note(s.owner(port), "three %s go to the safe zone in %s", Kind(k), Ports[port].Name)
		}
	}
}
