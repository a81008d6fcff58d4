package buccaneer

import "github.com/parlor-games/parlor/game"

// Legal lists every move seat may make at the current step.
func (s *State) Legal(seat game.Seat) []game.Move {
	if s.phase == phOver || seat != s.who {
		return nil
	}
	var out []game.Move
	switch s.phase {
	case phMove:
		for _, q := range s.sailTargets(seat, false) {
			out = append(out, SailTo(q.X, q.Y))
		}
		if !s.inPort(seat) {
			out = append(out, s.faceMoves(seat)...)
		}
	case phAsk:
		out = []game.Move{AttackMove(true), AttackMove(false)}
	case phFace:
		out = s.faceMoves(seat)
	case phEscape:
		for _, q := range s.sailTargets(seat, true) {
			out = append(out, SailTo(q.X, q.Y))
		}
	case phPort:
		out = s.portMoves(seat)
	case phPick:
		out = s.pickMoves(seat)
	case phSeat:
		for _, o := range s.seats {
			out = append(out, SeatMove(int(o)))
		}
	case phSpoils:
		for _, t := range s.spoilChoices() {
			out = append(out, Move{Keep: t.names()})
		}
	}
	return out
}

func (s *State) faceMoves(seat game.Seat) []game.Move {
	var out []game.Move
	for d := N; d <= NW; d++ {
		if canMove(s.players[seat].at, d) {
			out = append(out, FaceTo(d))
		}
	}
	return out
}

// spoilChoices lists the sets of s.room pieces the winner may keep.
func (s *State) spoilChoices() []Treasure {
	var out []Treasure
	var walk func(k Kind, left int, t Treasure)
	walk = func(k Kind, left int, t Treasure) {
		if left == 0 {
			out = append(out, t)
			return
		}
		if k == numKinds {
			return
		}
		for c := min(left, s.spoils[k]); c >= 0; c-- {
			u := t
			u[k] = c
			walk(k+1, left-c, u)
		}
	}
	walk(0, s.room, Treasure{})
	return out
}
