package clue

import (
	"strings"

	"github.com/parlor-games/parlor/game"
)

// BotName names the computer player at seat by the suspect it plays, as
// the players of the board game call each other: "Mustard", "Plum"
// (game.BotNamer). Each seat plays its own suspect, so no two bots share
// a name.
func (s *State) BotName(seat game.Seat) string {
	for c, at := range s.suspectSeat {
		if at == seat {
			name := suspectNames[c]
			return name[strings.LastIndexByte(name, ' ')+1:]
		}
	}
	return ""
}
