package battleship

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// TestConformance runs the contract's checks on random matches, with a
// sampler that moves unseen ships, so that views and events are shown to
// keep each fleet secret.
func TestConformance(t *testing.T) {
	gametest.Conformance(t, Definition, gametest.Config{
		Options: []json.RawMessage{
			nil,
			json.RawMessage(`{"touch":false,"first":1}`),
			json.RawMessage(`{"salvo":true}`),
		},
		Playouts:     1,  // a match is some 180 moves, each checked in full
		MovesChecked: 16, // of up to 100 shots
		Choose:       randomHalf,
		Hidden:       unseenFleet,
		Candidates:   nearMisses,
		SampledLegal: true, // Legal lists a sample of the fleets
	})
}

// unseenFleet is the sampler: a match seat cannot tell from l. It
// replays l to learn both fleets, writes both placements out as fleets
// (so no draw of the generator decides one; the seed is then drawn
// again), and moves one ship of the other fleet that no shot of seat's
// has touched, in all of l, to a place no such shot touches either.
func unseenFleet(l game.Log, seat game.Seat, rng *game.Rand) (game.Log, bool) {
	st, err := game.NewRegistry(Definition).Replay(l)
	if err != nil {
		return l, false
	}
	s := st.(*State)
	other := 1 - seat
	if !s.placed[other] {
		return l, false
	}
	var fired board
	for _, r := range s.shots[seat] {
		fired = fired.or(bit(r.Row*Size + r.Col))
	}
	alt, ok := relocate(rng, s.fleet[other], fired, s.opt.Touch)
	if !ok {
		return l, false
	}
	for i, e := range l.Moves {
		if m, err := ParseMove(e.Move); err != nil || m.Shot != nil {
			continue
		}
		fleet := s.fleet[e.Seat]
		if e.Seat == other {
			fleet = alt
		}
		l.Moves[i].Move = game.Canonical(Move{Fleet: fleet})
	}
	l.Seed = rng.Uint64()
	return l, true
}

// relocate moves one ship of fleet that no square of fired touches to
// another place that none touches either, keeping the fleet legal. It
// reports false when no ship can move.
func relocate(rng *game.Rand, fleet []Placement, fired board, touch bool) ([]Placement, bool) {
	var movable []int
	for k, p := range fleet {
		sqs, _ := p.squares(Fleet[k].Len)
		if !slices.ContainsFunc(sqs, fired.has) {
			movable = append(movable, k)
		}
	}
	rng.Shuffle(len(movable), func(i, j int) { movable[i], movable[j] = movable[j], movable[i] })
	for _, k := range movable {
		var places []Placement
		for _, pos := range positions[Fleet[k].Len] {
			alt := slices.Clone(fleet)
			alt[k] = Placement{Ship: Fleet[k].Name, Row: pos.row, Col: pos.col, Dir: pos.dir}
			if alt[k] == fleet[k] || pos.mask.and(fired).any() {
				continue
			}
			if _, err := ValidateFleet(alt, touch); err == nil {
				places = append(places, alt[k])
			}
		}
		if len(places) > 0 {
			alt := slices.Clone(fleet)
			alt[k] = places[rng.IntN(len(places))]
			return alt, true
		}
	}
	return nil, false
}

// nearMisses are shots anywhere, on the grid or just off it, a fleet,
// a fleet whose first two ships overlap and one that lacks a ship.
func nearMisses(st game.State, _ game.Seat, rng *game.Rand) []game.Move {
	s := st.(*State)
	fleet := RandomFleet(rng, s.opt.Touch)
	overlap := slices.Clone(fleet)
	overlap[1].Row, overlap[1].Col, overlap[1].Dir = fleet[0].Row, fleet[0].Col, fleet[0].Dir
	return []game.Move{
		ShotAt(rng.IntN(Size), rng.IntN(Size)),
		ShotAt(rng.IntN(Size+2)-1, rng.IntN(Size+2)-1),
		Move{Fleet: fleet},
		Move{Fleet: overlap},
		Move{Fleet: fleet[:numShips-1]},
	}
}

// randomHalf has a seat place a random fleet half the time, so that the
// generator's draws are replayed and cloned, and otherwise picks any
// legal move.
func randomHalf(_ game.State, _ game.Seat, legal []game.Move, rng *game.Rand) game.Move {
	if m := legal[0].(Move); m.Random && rng.IntN(2) == 0 {
		return m
	}
	return legal[rng.IntN(len(legal))]
}
