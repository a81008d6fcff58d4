package dots

import "github.com/parlor-games/parlor/game"

// botNames are the computer players' names, seat by seat (game.BotNamer):
// the two things a game of Dots and Boxes is drawn with on paper, so that
// "Pencil took the box at b2" says which of two bots drew it.
var botNames = [2]string{"Pencil", "Crayon"}

// BotName names the computer player at seat.
func (s *State) BotName(seat game.Seat) string {
	if seat < 0 || int(seat) >= len(botNames) {
		return ""
	}
	return botNames[seat]
}
