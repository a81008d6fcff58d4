package warfare

import "github.com/parlor-games/parlor/game"

// Conclude ends the match with an outcome the match decided (a
// resignation, a forfeit, a timeout, a vote): the state is then over in
// every respect, so that its views say so (turn -1, the outcome) and no
// client goes on showing "Hal to play" under a finished game. Medieval
// Warfare hides nothing, so its end reveals nothing more.
func (s *State) Conclude(out game.Outcome) []game.Event {
	if s.over {
		return nil
	}
	s.over = true
	s.winners = append([]game.Seat{}, out.Winners...)
	s.reason = out.Reason
	return []game.Event{{Type: "over", Seat: game.Spectator, Data: OverEvent{Winners: s.winners, Reason: s.reason}}}
}
