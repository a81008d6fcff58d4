package warfare

import "github.com/parlor-games/parlor/game"

// botNames are the computer players' names, seat by seat (game.BotNamer):
// the lords of a medieval island, one for each of up to six realms, so
// that five bots on one island are five rivals with names, not five
// "Computer (medium)".
var botNames = [...]string{"Baron Aldric", "Lady Brenna", "Count Cedric", "Duchess Dagny", "Earl Edmund", "Margravine Freya"}

// BotName names the computer player at seat.
func (s *State) BotName(seat game.Seat) string {
	if seat < 0 || int(seat) >= len(botNames) {
		return ""
	}
	return botNames[seat]
}
