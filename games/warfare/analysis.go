package warfare

import (
	"context"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/turnchart"
)

// Analyze is Medieval Warfare's replay analysis (game.Definition.Analyze):
// charts of each player's land (the hexes it holds, the score) and gold
// (the treasuries of all its villages), one point per turn. A turn is one
// player's turn, from its first move to its "end", as State counts them;
// each point is taken once the turn is ended, so it includes the next
// player's income and wages, paid inside that "end". A match decided in
// the middle of a turn (the last rival's village taken, a resignation)
// ends with a point for that turn. The JSON form is turnchart.Charts,
// with the charts "land" and "gold".
func Analyze(ctx context.Context, steps []game.ReplayStep, final game.State) (any, error) {
	return turnchart.Sample(ctx, steps, final, func(st *State) int { return st.turns },
		turnchart.Measure[*State]{Key: "land", Title: "Land", Unit: "hexes",
			Value: func(st *State, seat game.Seat) int { return st.Scores()[seat] }},
		turnchart.Measure[*State]{Key: "gold", Title: "Gold", Unit: "gold",
			Value: func(st *State, seat game.Seat) int { return st.goldOf(seat) }})
}

// goldOf is the gold in all of seat's villages.
func (s *State) goldOf(seat game.Seat) int {
	g := 0
	for _, v := range s.vils {
		if v.hex >= 0 && int(s.cells[v.hex].owner) == int(seat) && s.cells[v.hex].thing == village {
			g += int(v.gold)
		}
	}
	return g
}
