package match

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// Whatever form a move arrives in (notation, JSON with other spacing), it
// is logged in canonical JSON: in the update, in the game log and in the
// store, for every match.
func TestMovesLoggedCanonical(t *testing.T) {
	e := newEnv(t)
	want := []string{`{"add":1}`, `{"add":2}`, `{"add":1}`, `{"add":2}`}
	sent := []string{"1", ` { "add" : 2 } `, ` 1`, `{"add":2}`}
	for range 2 {
		mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":100}`), Seats: humans(2)})
		for i, text := range sent {
			u := play(t, mt, game.Seat(i%2), text)
			if string(u.Move) != want[i] {
				t.Errorf("%q: update has move %s, want %s", text, u.Move, want[i])
			}
		}
		for i, m := range logOf(t, mt).Moves {
			if string(m.Move) != want[i] {
				t.Errorf("log move %d = %s, want %s", i+1, m.Move, want[i])
			}
		}
		stored, err := e.st.LoadMatch(context.Background(), mt.ID())
		if err != nil {
			t.Fatal(err)
		}
		if len(stored.Records) != len(want) {
			t.Fatalf("%d records stored, want %d", len(stored.Records), len(want))
		}
		for i, r := range stored.Records {
			if string(r.Move) != want[i] {
				t.Errorf("stored move %d = %s, want %s", i+1, r.Move, want[i])
			}
		}
	}
}
