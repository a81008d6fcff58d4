package warfare

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game/gametest"
)

// The golden playthrough (testdata/playthrough.json) pins what the
// clients read from a match of warfare move by move: the moves, their words,
// their events and audiences, and every seat's view. A change to any of
// them fails here until the file is rewritten on purpose with -update.
func TestGoldenPlaythrough(t *testing.T) {
	gametest.GoldenPlaythrough(t, Definition, gametest.Golden{Options: json.RawMessage(`{"scenario":{"players":2,"map":["0h 0 0p 0 0* 0 - -","~ - - 0 - - 1 1p 1 1h","~ ~ - - 1* 1 1 1"]}}`), Seed: 35, MaxMoves: 16})
}
