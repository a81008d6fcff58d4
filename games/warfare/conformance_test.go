package warfare

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game/gametest"
)

// TestConformance runs the contract's conformance suite on a small ready
// island and on a random one: Medieval Warfare hides nothing from any
// seat, so every view must equal the spectator's.
func TestConformance(t *testing.T) {
	gametest.Conformance(t, Definition, gametest.Config{
		Options:      []json.RawMessage{json.RawMessage(`{"players":2,"rounds":4}`), json.RawMessage(`{"players":3,"rounds":3}`)},
		Playouts:     1,
		MovesChecked: 12,
		MaxMoves:     400,
	})
}
