package warfare

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// scen builds a scenario from map rows and optional village treasuries.
type scen struct {
	Map      []string
	Villages []ScenarioVillage
	Work     []ScenarioWork
	Turn     int
	Players  int
	Round    int
	Phases   bool
}

func (c scen) load(t testing.TB) *State {
	t.Helper()
	if c.Players == 0 {
		c.Players = 2
	}
	raw, _ := json.Marshal(Scenario{Players: c.Players, Map: c.Map, Villages: c.Villages, Work: c.Work, Turn: c.Turn, Round: c.Round, Phases: c.Phases})
	opts, _ := json.Marshal(map[string]any{"scenario": json.RawMessage(raw)})
	st, err := Definition.New(opts, game.NewRand(7))
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	return st.(*State)
}

// refuse checks with gametest.Refused that notation is refused, with code,
// for the seat to move, and then that the refusal left the whole state
// alone, random generator included, which no view shows.
func refuse(t testing.TB, s *State, text, code string) {
	t.Helper()
	before := s.clone()
	gametest.Refused(t, s, game.Seat(s.turn), text, code)
	if !equalStates(before, s) {
		t.Fatalf("refused %q changed the state", text)
	}
}

func equalStates(a, b *State) bool {
	return slices.Equal(a.cells, b.cells) && slices.Equal(a.vils, b.vils) && a.turn == b.turn &&
		a.round == b.round && a.rng == b.rng && slices.Equal(a.out, b.out) && a.over == b.over
}

// thingAt names what stands on hex h.
func thingAt(s *State, h int) string { return s.thingWord(h) }

func gold(s *State, h int) int { return int(s.vils[s.cells[h].vil].gold) }
func wood(s *State, h int) int { return int(s.vils[s.cells[h].vil].wood) }

// endTurns ends n turns.
func endTurns(t testing.TB, s *State, n int) {
	t.Helper()
	for range n {
		gametest.Play(t, s, game.Seat(s.turn), "end")
	}
}

func seedRand(seed int) game.Rand { return game.NewRand(uint64(seed)) }
