package warfare

import "github.com/parlor-games/parlor/game"

// The players' vote to pass a stalled turn (match/vote.go): a turn here
// is any number of moves ended by "end", which is always legal for the
// seat to move, so a carried pass is that "end", played for the stalled
// player. Nobody is removed by a vote in Medieval Warfare: a player's land
// would have no one to defend it, which the rules do not provide for.

var _ game.TurnPasser = (*State)(nil)

// InGame reports whether seat still holds land: an eliminated player has
// no vote.
func (s *State) InGame(seat game.Seat) bool {
	return seat >= 0 && int(seat) < s.players && !s.over && !s.out[seat]
}

// PassTurn ends seat's turn as its "end" would, with whatever it did of
// the turn standing.
func (s *State) PassTurn(seat game.Seat) ([]game.Event, error) {
	if s.over {
		return nil, game.Illegal("game-over", "the game is over")
	}
	if int(seat) != int(s.turn) {
		return nil, game.NotYourTurn(seat)
	}
	evs := []game.Event{{Type: "turnpassed", Seat: seat, Data: SeatEvent{Seat: int(seat)}}}
	return append(evs, s.play(int(seat), Move{Kind: End})...), nil
}
