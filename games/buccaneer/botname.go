package buccaneer

import "github.com/parlor-games/parlor/game"

// BotName names the computer player at seat by the home port it sails
// from, drawn at the start (FR2): "Genoa", "Cadiz" (game.BotNamer). The
// four captains have four home ports, so no two bots share a name, and
// the name says where the captain's ship and treasure are.
func (s *State) BotName(seat game.Seat) string {
	if seat < 0 || int(seat) >= len(s.players) {
		return ""
	}
	return Ports[s.players[seat].home].Name
}
