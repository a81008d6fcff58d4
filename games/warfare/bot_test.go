package warfare

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// playBots plays a whole game between bot levels on island and returns
// the final state; every move a bot chooses must be legal.
func playBots(t *testing.T, island string, seed uint64, levels ...string) *State {
	t.Helper()
	opts, _ := json.Marshal(map[string]any{"players": len(levels), "island": island, "rounds": 40})
	st, err := Definition.New(opts, game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	bots := make([]game.Bot, len(levels))
	for i, l := range levels {
		if bots[i], err = Definition.Bot(l, game.NewRand(seed+uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	for moves := 0; s.Outcome() == nil; moves++ {
		if moves > 200000 {
			t.Fatal("the game does not end")
		}
		seat := s.Turn()[0]
		m, err := bots[seat].Choose(context.Background(), s.Clone(), seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("%s bot in seat %d chose %v: %v", levels[seat], seat, m, err)
		}
	}
	return s
}

// Bots: each level beats the one below it on the small island from
// either seat, by elimination or by more land at a 40-round limit (hard must win
// three of four games against medium).
func TestBotsBeatWeakerLevels(t *testing.T) {
	if testing.Short() {
		t.Log("short mode: one pairing only")
	}
	pairs := [][2]string{{"medium", "easy"}, {"hard", "easy"}}
	if !testing.Short() && !raceEnabled {
		pairs = append(pairs, [2]string{"hard", "medium"})
	}
	for _, pair := range pairs {
		wins, games := 0, 2
		if pair[1] == "medium" {
			games = 4
		}
		for g := range games {
			levels := []string{pair[0], pair[1]}
			strong := game.Seat(0)
			if g%2 == 1 {
				levels[0], levels[1] = levels[1], levels[0]
				strong = 1
			}
			s := playBots(t, "pebble", uint64(g+1), levels...)
			if w := s.Outcome().Winners; len(w) == 1 && w[0] == strong {
				wins++
			}
		}
		if wins < games*3/4 {
			t.Errorf("%s won %d of %d games against %s", pair[0], wins, games, pair[1])
		}
	}
}

// Bots seat-for-seat: three and four players, all levels, end cleanly.
func TestBotsManySeats(t *testing.T) {
	s := playBots(t, "pebble", 9, "easy", "medium", "hard")
	if s.Outcome() == nil {
		t.Fatal("no outcome")
	}
	if _, err := Definition.Bot("grandmaster", game.NewRand(1)); err == nil {
		t.Fatal("an unknown bot level was made")
	}
}

// A bot stops at its deadline: with the context already cancelled it
// still returns a legal move at once.
func TestBotHonoursDeadline(t *testing.T) {
	st, _ := Definition.New(json.RawMessage(`{"island":"archipelago"}`), game.NewRand(3))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, l := range Definition.BotLevels {
		b, _ := Definition.Bot(l, game.NewRand(1))
		m, err := b.Choose(ctx, st.Clone(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Clone().Apply(0, m); err != nil {
			t.Fatalf("%s chose %v: %v", l, m, err)
		}
	}
}
