package clue

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// TestConformance runs the contract's checks on random matches of 3 to 6
// players, with a sampler that deals the cards seat has not seen
// differently, so that views and events are shown to keep every hand and
// the case file secret (requirement 5 and the spec's 3.7).
func TestConformance(t *testing.T) {
	gametest.Conformance(t, Definition, gametest.Config{
		Options: []json.RawMessage{
			nil,
			json.RawMessage(`{"players":4,"difficulty":"medium"}`),
			json.RawMessage(`{"players":5,"difficulty":"hard"}`),
			json.RawMessage(`{"players":6,"difficulty":"easy","suspects":["plum","white","scarlet","green","peacock","mustard"]}`),
		},
		Playouts:     2,
		MovesChecked: 24,
		Hidden:       otherDeal,
		Choose:       noAccusations,
	})
}

// noAccusations plays random moves but rarely accuses, so that matches
// last long enough to hide something (a random accusation is almost
// always wrong, and after a few the game is over).
func noAccusations(s game.State, seat game.Seat, legal []game.Move, rng *game.Rand) game.Move {
	var rest []game.Move
	for _, m := range legal {
		if m.(Move).Kind != VerbAccuse {
			rest = append(rest, m)
		}
	}
	if len(rest) == 0 || rng.IntN(40) == 0 {
		return legal[rng.IntN(len(legal))]
	}
	return rest[rng.IntN(len(rest))]
}

// otherDeal is the sampler: the same match as far as seat can tell, with
// the cards it has not seen dealt otherwise. It replays l, draws another
// deal consistent with everything seat saw (its notebook's facts), makes
// it the match's scenario, and lets each answer to a suggestion that seat
// neither made nor gave show a card the answerer holds in the new deal.
func otherDeal(l game.Log, seat game.Seat, rng *game.Rand) (game.Log, bool) {
	reg := game.NewRegistry(Definition)
	end, err := reg.Replay(l)
	if err != nil {
		return l, false
	}
	s := end.(*State)
	if s.phase == phOver {
		return l, false
	}
	_, st0, err := reg.Start(game.Log{Game: l.Game, Options: l.Options, Seed: l.Seed})
	if err != nil {
		return l, false
	}
	start := st0.(*State)
	deal, ok := randomDeal(s.knowledgeOf(seat), rng)
	if !ok {
		return l, false
	}
	sc := Scenario{Hands: make([][]Card, s.n), FaceUp: slices.Clone(s.faceUp), Weapons: map[string]Place{}}
	sc.Hands[seat] = slices.Clone(s.hands[seat])
	for c, h := range deal {
		if h == caseBit {
			sc.CaseFile[c.Kind()] = c
		} else {
			sc.Hands[h] = append(sc.Hands[h], c)
		}
	}
	for w := range numWeapons {
		sc.Weapons[cardKeys[numSuspects+w]] = start.weapon[w]
	}
	var opt map[string]any
	if err := json.Unmarshal(orEmpty(l.Options), &opt); err != nil {
		return l, false
	}
	if opt == nil {
		opt = map[string]any{}
	}
	opt["scenario"] = sc
	raw, err := json.Marshal(opt)
	if err != nil {
		return l, false
	}
	alt := l
	alt.Options = raw
	alt.Moves = slices.Clone(l.Moves)
	// Replay the new deal alongside, rewriting the answers seat never saw.
	_, cur, err := reg.Start(alt)
	if err != nil {
		return l, false
	}
	for i, e := range alt.Moves {
		m, err := cur.ParseMove(e.Seat, e.Move)
		if err != nil {
			return l, false
		}
		cs := cur.(*State)
		if mv := m.(Move); mv.Kind == VerbShow && e.Seat != seat && cs.turn != seat {
			legal := cs.Legal(e.Seat)
			if len(legal) == 0 {
				return l, false
			}
			pick := legal[rng.IntN(len(legal))]
			b, _ := json.Marshal(pick)
			alt.Moves[i].Move = b
			m = pick
		}
		if _, err := cur.Apply(e.Seat, m); err != nil {
			return l, false
		}
	}
	same := true
	for i := range s.n {
		if !slices.Equal(slices.Sorted(slices.Values(sc.Hands[i])), s.hands[i]) {
			same = false
		}
	}
	if same && sc.CaseFile == s.caseFile {
		return l, false
	}
	return alt, true
}

func orEmpty(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage(`{}`)
	}
	return b
}
