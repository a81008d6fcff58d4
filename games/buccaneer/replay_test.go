package buccaneer

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestReplayRebuildsTheMatch: a bot game's log (seed and canonical moves)
// replays to the same position, and a clone played on leaves the
// original untouched.
func TestReplayRebuildsTheMatch(t *testing.T) {
	const seed = 42
	s := start(t, `{"seats":3}`, seed)
	log := game.Log{Game: "buccaneer", Options: json.RawMessage(`{"seats":3}`), Seed: seed}
	bots := make([]game.Bot, 3)
	for i := range bots {
		bots[i], _ = Definition.Bot([]string{"easy", "hard", "expert"}[i], game.NewRand(uint64(i)))
	}
	for s.Outcome() == nil {
		seat := s.Turn()[0]
		m, err := bots[seat].Choose(context.Background(), s, seat)
		if err != nil {
			t.Fatal(err)
		}
		before, _ := json.Marshal(s.View(game.Spectator))
		c := s.Clone()
		if _, err := c.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		if after, _ := json.Marshal(s.View(game.Spectator)); string(after) != string(before) {
			t.Fatal("playing on a clone changed the original")
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		log.Moves = append(log.Moves, game.Entry{Seat: seat, Move: game.Canonical(m)})
	}
	r, err := game.NewRegistry(Definition).Replay(log)
	if err != nil {
		t.Fatal(err)
	}
	for seat := game.Seat(-1); seat < 3; seat++ {
		a, _ := json.Marshal(s.View(seat))
		b, _ := json.Marshal(r.View(seat))
		if string(a) != string(b) {
			t.Fatalf("seat %d: replay differs", seat)
		}
	}
}
