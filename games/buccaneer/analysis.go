package buccaneer

import (
	"context"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/turnchart"
)

// Analyze is Buccaneer's replay analysis (game.Definition.Analyze): a
// chart of each captain's treasure at home, in points, one point per
// turn. A turn is one captain's turn, as the turn limit counts them; each
// point is the treasure at the end of that turn, and a match won in the
// middle of a turn ends with a point for that turn too. The JSON form is
// turnchart.Charts, with one chart, "treasure".
func Analyze(ctx context.Context, steps []game.ReplayStep, final game.State) (any, error) {
	return turnchart.Sample(ctx, steps, final, func(st *State) int { return st.turns },
		turnchart.Measure[*State]{Key: "treasure", Title: "Treasure at home", Unit: "points",
			Value: func(st *State, seat game.Seat) int { return st.homeWorth(seat) }})
}
