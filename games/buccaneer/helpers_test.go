package buccaneer

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// checkInvariants fails if any piece of the game was lost or doubled: 36
// crew cards (6 of each colour and value), 20 treasures (4 of a kind), 28
// chance cards, at most two treasures a ship, hands sorted.
func checkInvariants(t tb, s *State) {
	t.Helper()
	var cards [6]int
	count := func(h []Card) {
		for _, c := range h {
			cards[c.cardType()]++
		}
	}
	var tr Treasure
	add := func(x Treasure) {
		for k := range tr {
			tr[k] += x[k]
		}
	}
	chance := map[int]int{}
	for _, c := range s.chance {
		chance[c]++
	}
	for i, p := range s.players {
		count(p.hand)
		add(holdTreasure(p.hold))
		if len(p.hold) > 2 {
			t.Fatalf("seat %d carries %d treasures", i, len(p.hold))
		}
		for _, c := range p.kept {
			chance[c]++
		}
		if !isSea(p.at) {
			t.Fatalf("seat %d is on %v, not sea", i, p.at)
		}
	}
	for _, st := range s.ports {
		count(st.cards)
		add(st.treasure)
		add(st.safe)
		if st.john {
			chance[21]++
		}
	}
	count(s.flat.cards)
	add(s.flat.treasure)
	count(s.crew)
	add(s.island)
	if s.phase == phSpoils {
		add(s.spoils) // the loser's treasure, while the winner chooses
	}
	for ty, c := range cards {
		if c != perCardType {
			t.Fatalf("%d %s crew cards in the game, want %d", c, cardOfType(ty), perCardType)
		}
	}
	for k, c := range tr {
		if c != perKind {
			t.Fatalf("%d %s in the game, want %d", c, Kind(k), perKind)
		}
	}
	for c := 1; c <= numChance; c++ {
		if chance[c] != 1 {
			t.Fatalf("chance card %d is in the game %d times", c, chance[c])
		}
	}
}

// tb is what checkInvariants needs of testing.T and rapid.T.
type tb interface {
	Helper()
	Fatalf(format string, args ...any)
}

// start makes a state from options JSON, failing the test on error.
func start(t testing.TB, options string, seed uint64) *State {
	t.Helper()
	st, err := Definition.New(json.RawMessage(options), game.NewRand(seed))
	if err != nil {
		t.Fatalf("New(%s): %v", options, err)
	}
	return st.(*State)
}

// scenario makes a 4-seat state (unless seats says otherwise) from a
// scenario JSON object.
func scenario(t testing.TB, sc string) *State {
	t.Helper()
	return start(t, fmt.Sprintf(`{"seats":%d,"scenario":%s}`, seatsIn(t, sc), sc), 1)
}

func seatsIn(t testing.TB, sc string) int {
	var x struct {
		Ships []json.RawMessage `json:"ships"`
	}
	if err := json.Unmarshal([]byte(sc), &x); err != nil {
		t.Fatalf("bad scenario JSON: %v", err)
	}
	return len(x.Ships)
}

// must plays a move with gametest.Play and then checks that no piece of
// the game was lost or doubled on the way.
func must(t testing.TB, s *State, seat game.Seat, move string) []game.Event {
	t.Helper()
	ev := gametest.Play(t, s, seat, move)
	checkInvariants(t, s)
	return ev
}

// hasType reports whether evs hold an event of type typ.
func hasType(evs []game.Event, typ string) bool {
	for _, e := range evs {
		if e.Type == typ {
			return true
		}
	}
	return false
}

// legalStrings lists seat's legal moves in notation.
func legalStrings(s *State, seat game.Seat) map[string]bool {
	out := map[string]bool{}
	for _, m := range s.Legal(seat) {
		out[m.String()] = true
	}
	return out
}

// randomPlay plays up to n random legal moves, checking invariants.
func randomPlay(t testing.TB, s *State, rng *game.Rand, n int) {
	t.Helper()
	for range n {
		turn := s.Turn()
		if len(turn) == 0 {
			return
		}
		legal := s.Legal(turn[0])
		if len(legal) == 0 {
			t.Fatalf("seat %d owes a move at step %s but has none", turn[0], phaseNames[s.phase])
		}
		m := legal[rng.IntN(len(legal))]
		if _, err := s.Apply(turn[0], m); err != nil {
			t.Fatalf("legal move %v refused at step %s: %v", m, phaseNames[s.phase], err)
		}
		checkInvariants(t, s)
	}
}
