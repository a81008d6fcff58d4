package battleship

import "github.com/parlor-games/parlor/game"

// botNames are the computer players' names, seat by seat (game.BotNamer):
// officers of a navy, one for each fleet, so that a game between two
// bots, or a replay of one, says whose shot it was.
var botNames = [2]string{"Admiral", "Commodore"}

// BotName names the computer player at seat.
func (s *State) BotName(seat game.Seat) string {
	if seat < 0 || int(seat) >= len(botNames) {
		return ""
	}
	return botNames[seat]
}
