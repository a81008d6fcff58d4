// Package turnchart samples a finished match turn by turn into the series
// a replay draws as line charts: one point per turn, each the value at
// the end of that turn. Games whose analysis is "how the lead changed"
// (treasure held, land and gold) share it, so
// that their web panels share one drawing.
package turnchart

import (
	"context"
	"fmt"

	"github.com/parlor-games/parlor/game"
)

// Measure is one chart: what it shows and how to read it off a position
// of the game's own type T.
type Measure[T game.State] struct {
	// Key names the chart for clients and tests ("treasure", "land").
	Key string
	// Title and Unit are the chart's words: "Treasure at home", "points".
	Title, Unit string
	// Value is seat's figure in st.
	Value func(st T, seat game.Seat) int
}

// Charts is an analysis made of per-turn series, in the JSON form the web
// client's charts.ts draws.
type Charts struct {
	// Turns is each point's turn, numbered as the game counts its turns.
	Turns []int `json:"turns"`
	// StepTurn is, for each replay step, the index in Turns of the turn
	// the step was played in (step 0, the start, belongs to the first).
	StepTurn []int   `json:"stepTurn"`
	Charts   []Chart `json:"charts"`
}

// Chart is one measure's series: Seats[s][k] is seat s's figure at the
// end of turn Turns[k].
type Chart struct {
	Key   string  `json:"key"`
	Title string  `json:"title"`
	Unit  string  `json:"unit"`
	Seats [][]int `json:"seats"`
}

// Sample reads steps (see game.ReplayStep) and final turn by turn.
// turnsDone is how many turns the game has finished in a position: a
// point is taken at the first position where a turn is done, and the
// final position gives a last point when the match ended during a turn
// (a win in the middle of a turn, a resignation). Every position must be
// the game's own T; a replay of another game is refused.
func Sample[T game.State](ctx context.Context, steps []game.ReplayStep, final game.State, turnsDone func(T) int, measures ...Measure[T]) (*Charts, error) {
	if len(steps) == 0 {
		return nil, fmt.Errorf("turnchart: a replay has at least its start step")
	}
	pos := make([]T, len(steps)+1) // pos[i] is the position before step i; pos[len] the end
	for i, s := range steps {
		st, ok := s.Before.(T)
		if !ok {
			return nil, fmt.Errorf("turnchart: step %d holds a %T, want a %T", i, s.Before, *new(T))
		}
		pos[i] = st
	}
	end, ok := final.(T)
	if !ok {
		return nil, fmt.Errorf("turnchart: the final position is a %T, want a %T", final, *new(T))
	}
	pos[len(steps)] = end
	after := func(i int) T { return pos[i+1] }
	seats := final.Seats()
	out := &Charts{StepTurn: make([]int, len(steps))}
	for _, m := range measures {
		out.Charts = append(out.Charts, Chart{Key: m.Key, Title: m.Title, Unit: m.Unit, Seats: make([][]int, seats)})
	}
	first := turnsDone(pos[0])
	take := func(st T) {
		out.Turns = append(out.Turns, first+len(out.Turns)+1)
		for j, m := range measures {
			for s := range seats {
				out.Charts[j].Seats[s] = append(out.Charts[j].Seats[s], m.Value(st, game.Seat(s)))
			}
		}
	}
	done := 0 // turns done before the step being read
	for i := range steps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out.StepTurn[i] = done
		st := after(i)
		done = turnsDone(st) - first
		for len(out.Turns) < done {
			take(st)
		}
	}
	if len(steps) > 1 && out.StepTurn[len(steps)-1] >= len(out.Turns) {
		take(end) // the match ended during its last turn
	}
	for i := range out.StepTurn {
		out.StepTurn[i] = min(out.StepTurn[i], max(0, len(out.Turns)-1))
	}
	return out, nil
}
