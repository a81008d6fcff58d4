package buccaneer

import "github.com/parlor-games/parlor/game"

// The players' vote to pass a stalled turn (match/vote.go). A Buccaneer
// turn is a chain of obligations (a facing, a passed ship's question, a
// chance card's choice, a fight's spoils) that other captains wait on, so
// a turn can be passed only where nothing has begun: before the ship
// sails or turns. The ship stays where it is, as a captain who lets the
// turn go by would leave it. Nobody is removed by a vote: a captain's
// ship and port cannot be left without one.

var _ game.TurnPasser = (*State)(nil)

// InGame reports whether the game still goes on: no captain is ever out
// of it before the end.
func (s *State) InGame(seat game.Seat) bool {
	return seat >= 0 && int(seat) < s.n && s.phase != phOver
}

// PassTurn ends seat's turn before its ship has sailed.
func (s *State) PassTurn(seat game.Seat) ([]game.Event, error) {
	switch {
	case s.phase == phOver:
		return nil, game.Illegal("game-over", "the game is over")
	case seat != s.who:
		return nil, game.NotYourTurn(seat)
	case s.phase != phMove || s.who != s.mover():
		return nil, game.Illegal("turn-begun", "a turn can be passed only before the ship sails: this one has begun, and others wait on it")
	}
	s.ev = nil
	s.note(seat, "the players passed this captain's turn")
	s.emit("turnpassed", seat, nil)
	s.endTurn()
	s.settle()
	ev := s.ev
	s.ev = nil
	return ev, nil
}
