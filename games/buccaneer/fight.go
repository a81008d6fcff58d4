package buccaneer

import (
	"slices"

	"github.com/parlor-games/parlor/game"
)

// fight is FR12.
func (s *State) fight(att, def game.Seat) {
	sa, sd := strength(s.players[att].hand), strength(s.players[def].hand)
	win, lose := att, def
	switch {
	case sa == sd:
		win = -1
	case sd > sa:
		win, lose = def, att
	}
	s.emit("fight", att, FightData{Attacker: att, Defender: def, Winner: win})
	if win < 0 {
		s.escape(def)
		return
	}
	l := &s.players[lose]
	if len(l.hold) > 0 {
		loot := holdTreasure(l.hold)
		l.hold = nil
		if loot.total() <= s.space(win) {
			s.addHold(win, loot)
			s.treasureMoved(kindsOf(loot), seatPlace(lose), seatPlace(win))
		} else {
			s.phase, s.who, s.spoils, s.room, s.loser = phSpoils, win, loot, s.space(win), lose
			if s.room == 0 {
				s.keepSpoils(win, Treasure{})
			}
			return
		}
	} else if len(l.hand) > 0 {
		taken, rest := takeCards(l.hand, 2, false)
		l.hand = rest
		s.giveCards(win, taken)
		s.crewMoved(taken, seatPlace(lose), seatPlace(win), lose, win, false)
	}
	s.escape(lose)
}

func kindsOf(t Treasure) []Kind {
	var out []Kind
	for k, c := range t {
		for range c {
			out = append(out, Kind(k))
		}
	}
	return out
}

func (s *State) addHold(seat game.Seat, t Treasure) {
	p := &s.players[seat]
	p.hold = append(p.hold, kindsOf(t)...)
	slices.Sort(p.hold)
}

// keepSpoils: the winner keeps keep; the rest of the loser's treasure goes
// back to Treasure Island (decisions page).
func (s *State) keepSpoils(win game.Seat, keep Treasure) {
	rest := s.spoils
	for k := range rest {
		rest[k] -= keep[k]
		s.island[k] += rest[k]
	}
	s.addHold(win, keep)
	s.treasureMoved(kindsOf(keep), seatPlace(s.loser), seatPlace(win))
	s.treasureMoved(kindsOf(rest), seatPlace(s.loser), placeIsland)
	s.escape(s.loser)
}

// escape gives the loser (or, after a tie, the attacked ship) its free
// move, or ends the turn if it cannot move.
func (s *State) escape(seat game.Seat) {
	if len(s.sailTargets(seat, true)) == 0 {
		s.note(seat, "the ship of seat %d cannot move away and stays", seat)
		s.endTurn()
		return
	}
	s.phase, s.who = phEscape, seat
}

func (s *State) escapeTo(seat game.Seat, to Point) {
	p := &s.players[seat]
	p.facing = dirOf(to.X-p.at.X, to.Y-p.at.Y)
	s.moveShip(seat, to)
	if portAt(to) >= 0 {
		s.endTurn()
		return
	}
	s.phase, s.who, s.then = phFace, seat, thenEnd
}
