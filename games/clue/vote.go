package clue

import (
	"slices"

	"github.com/parlor-games/parlor/game"
)

// The players' vote (spec section 5): the match counts the ballots; these
// are what a carried vote does to the game. The rules, as players of the
// physical game would expect them, are on the package page (doc.go).

var (
	_ game.TurnPasser  = (*State)(nil)
	_ game.SeatRemover = (*State)(nil)
)

// InGame reports whether seat may still win: it has neither accused
// wrongly nor been removed. Only such seats call and cast votes.
func (s *State) InGame(seat game.Seat) bool {
	return seat >= 0 && int(seat) < s.n && s.phase != phOver && !s.inactive[seat] && !s.removed[seat]
}

// PassTurn ends seat's turn as if it had said "end", whatever it had done
// of it: a token it moved stays where it is, a suggestion it owed is not
// made. While a suggestion waits for a card, the turn cannot be passed:
// the question belongs to the suggester's turn, and the card is owed by
// whoever holds one.
func (s *State) PassTurn(seat game.Seat) ([]game.Event, error) {
	switch {
	case s.phase == phOver:
		return nil, game.Illegal("game-over", "the game is over")
	case s.phase == phDisprove:
		return nil, game.Illegal("show-owed", "a suggestion is waiting for %s to show a card; a turn cannot be passed in the middle of it", s.suspectOf(s.pending))
	case seat != s.turn:
		return nil, game.NotYourTurn(seat)
	}
	ev := []game.Event{{Type: "turnpassed", Seat: seat, Data: AskedData{Seat: seat}}}
	return append(ev, s.nextTurn()...), nil
}

// RemoveSeat takes seat out of the game. Its token stays where it stands
// (a suggestion may still move it) and its cards stay in its hand: when a
// suggestion reaches it, the game shows the first of the named cards it
// holds (suspect, weapon, room), so that the others can still deduce what
// they would have with the player there. It never sees the case file. If
// it was its turn, the turn passes; if a suggestion waits for its card,
// the card is shown at once; if its own suggestion waits for an answer,
// the answer comes and then its turn ends.
func (s *State) RemoveSeat(seat game.Seat) ([]game.Event, error) {
	switch {
	case seat < 0 || int(seat) >= s.n:
		return nil, game.Illegal("no-seat", "there is no seat %d", seat)
	case s.phase == phOver:
		return nil, game.Illegal("game-over", "the game is over")
	case s.removed[seat]:
		return nil, game.Illegal("already-removed", "%s has already been removed", s.suspectOf(seat))
	}
	s.removed[seat] = true
	ev := []game.Event{{Type: "removed", Seat: seat, Data: AskedData{Seat: seat}}}
	switch {
	case s.phase == phDisprove && s.pending == seat:
		ev = append(ev, s.showFor(seat)...)
	case s.phase != phDisprove && s.turn == seat:
		ev = append(ev, s.nextTurn()...)
	}
	return ev, nil
}

// showFor shows, for a removed seat that a suggestion has reached, the
// first card of the suggestion it holds.
func (s *State) showFor(seat game.Seat) []game.Event {
	sg := s.suggestions[len(s.suggestions)-1]
	for _, c := range []Card{sg.Suspect, sg.Weapon, sg.Room} {
		if slices.Contains(s.hands[seat], c) {
			ev, _ := s.show(seat, Move{Kind: VerbShow, Card: c})
			return ev
		}
	}
	return nil
}
