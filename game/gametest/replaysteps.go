package gametest

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// ReplaySteps plays the moves of l from def's start as the server's replay
// walks a finished match, and returns the steps an Analyze receives (step
// 0 the start, then one per move with the position before it) and the end
// position, so that a game's analysis can be tested without a server.
func ReplaySteps(t testing.TB, def *game.Definition, l game.Log) ([]game.ReplayStep, game.State) {
	t.Helper()
	st, err := def.New(l.Options, game.NewRand(l.Seed))
	if err != nil {
		t.Fatal(err)
	}
	steps := []game.ReplayStep{{Seat: game.Spectator, Before: st.Clone()}}
	for i, e := range l.Moves {
		m, err := st.ParseMove(e.Seat, e.Move)
		if err != nil {
			t.Fatalf("move %d (%s): %v", i+1, e.Move, err)
		}
		before := st.Clone()
		if _, err := st.Apply(e.Seat, m); err != nil {
			t.Fatalf("move %d (%s): %v", i+1, e.Move, err)
		}
		steps = append(steps, game.ReplayStep{Seat: e.Seat, Move: m, Before: before})
	}
	return steps, st
}
