package dots

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// TestConformance runs the contract's checks on random matches. Among
// them, 7.3.3.1 and 7.3.3.2: each match's log is saved as JSON and
// restored by replaying it; and, the game having no secrets, every seat
// sees the spectator's view.
func TestConformance(t *testing.T) {
	gametest.Conformance(t, Definition, gametest.Config{
		Options: []json.RawMessage{
			nil, // 8 x 8
			json.RawMessage(`{"rows":2,"cols":5}`),
			json.RawMessage(`{"rows":4,"cols":3}`),
		},
		Playouts:     3,
		MovesChecked: 24, // of up to 112 lines
		Candidates:   nearMisses,
	})
}

// nearMisses joins dots on the board or just off it, in either order:
// mostly diagonals, long lines, lines drawn already and dots off the
// board, sometimes a legal line.
func nearMisses(st game.State, _ game.Seat, rng *game.Rand) []game.Move {
	s := st.(*State)
	dot := func() [2]int { return [2]int{rng.IntN(s.Rows()+2) - 1, rng.IntN(s.Cols()+2) - 1} }
	out := make([]game.Move, 4)
	for i := range out {
		out[i] = Move{From: dot(), To: dot()}
	}
	return out
}
