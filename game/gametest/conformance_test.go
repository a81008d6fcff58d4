package gametest

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// nimSampler redraws the other seat's secret pick in the log.
func nimSampler(l game.Log, seat game.Seat, rng *game.Rand) (game.Log, bool) {
	changed := false
	for i, e := range l.Moves {
		var m Move
		if err := json.Unmarshal(e.Move, &m); err != nil || e.Seat == seat || m.Pick == 0 {
			continue
		}
		m.Pick = 1 + (m.Pick+rng.IntN(8))%9
		l.Moves[i].Move = game.Canonical(m)
		changed = true
	}
	return l, changed
}

func TestConformanceNim(t *testing.T) {
	Conformance(t, Definition, Config{
		Options: []json.RawMessage{nil, json.RawMessage(`{"setup":true,"stones":12}`)},
		Hidden:  nimSampler,
	})
}
