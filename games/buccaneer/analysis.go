package buccaneer

import (
	"context"
	"fmt"

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
	if _, ok := final.(*State); !ok {
		return nil, fmt.Errorf("buccaneer: the final position is a %T", final)
	}
	for i, s := range steps {
		if _, ok := s.Before.(*State); !ok {
			return nil, fmt.Errorf("buccaneer: step %d holds a %T", i, s.Before)
		}
	}
	return turnchart.Sample(ctx, steps, final, func(st game.State) int { return st.(*State).turns },
		turnchart.Measure{Key: "treasure", Title: "Treasure at home", Unit: "points",
			Value: func(st game.State, seat game.Seat) int { return st.(*State).homeWorth(seat) }})
}
