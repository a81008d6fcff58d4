package battleship

import (
	"github.com/parlor-games/parlor/game"
)

// Describe words a move for everyone: a fleet placed (never where), or a
// shot with its answer as both sides hear it (rule: each shot is called
// as a hit or a miss, and a sinking names the ship).
func (s *State) Describe(_ game.State, seat game.Seat, _ game.Move, evs []game.Event) string {
	for _, e := range evs {
		switch d := e.Data.(type) {
		case PlacedData:
			return "placed the fleet"
		case ShotData:
			switch d.Result {
			case "sunk":
				return "fired at " + d.Square + " and sank " + game.SeatWord(1-seat) + "'s " + d.Ship + sunkLast(evs)
			case "hit":
				return "fired at " + d.Square + " and hit a ship"
			default:
				return "fired at " + d.Square + " and missed"
			}
		}
	}
	return "played"
}

// sunkLast adds that a sinking ended the battle.
func sunkLast(evs []game.Event) string {
	for _, e := range evs {
		if _, ok := e.Data.(OverData); ok {
			return ", the last ship of the fleet"
		}
	}
	return ""
}
