package match

import (
	"strings"

	"github.com/parlor-games/parlor/game"
)

// NameBots gives every bot seat the game's own name for it (game.BotName),
// from the start position: the name is stored with the match's seats, so
// that its table, its results and its replay all call the bot the same,
// whatever the table called it before the start. A bot whose game name is
// already another seat's (a person who calls herself Mustard) is told
// apart by "(computer)" after it. It returns a copy of seats. Create
// calls it; so does whoever stores a match by another way (a copy of a
// save, which the server writes as a log to recover).
func NameBots(st game.State, seats []SeatSpec) []SeatSpec {
	out := make([]SeatSpec, len(seats))
	copy(out, seats)
	for i := range out {
		if out[i].Kind != Bot {
			continue
		}
		name := game.BotName(st, game.Seat(i))
		for j, o := range out {
			if j != i && o.Kind != Bot && strings.EqualFold(o.Name, name) {
				name += " (computer)"
				break
			}
		}
		out[i].Name = name
	}
	return out
}
