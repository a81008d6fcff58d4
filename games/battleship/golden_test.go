package battleship

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game/gametest"
)

// The golden playthrough (testdata/playthrough.json) pins what the
// clients read from a match of battleship move by move: the moves, their words,
// their events and audiences, and every seat's view. A change to any of
// them fails here until the file is rewritten on purpose with -update.
func TestGoldenPlaythrough(t *testing.T) {
	gametest.GoldenPlaythrough(t, Definition, gametest.Golden{Options: json.RawMessage(`{"salvo":true}`), Seed: 35, MaxMoves: 24})
}
