package store

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestFinishedMatchesOf: a player's list holds the finished matches they
// sat in, newest first, with the seat they held and the end's reason;
// never a match still being played, nor one of another user whose id
// starts with theirs; and the matches stored before the index of players
// existed are found as well.
func TestFinishedMatchesOf(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		create := func(id, seats string, holders ...int64) {
			t.Helper()
			h := header(id)
			h.Seats, h.Holders = json.RawMessage(seats), holders
			if err := s.CreateMatch(ctx, h); err != nil {
				t.Fatal(err)
			}
		}
		finish := func(id, outcome, reason string) {
			t.Helper()
			if err := s.FinishMatch(ctx, id, json.RawMessage(outcome), reason); err != nil {
				t.Fatal(err)
			}
		}
		create("a1", `[{"kind":"human","userId":7,"name":"Ann"},{"kind":"bot","level":"easy"}]`, 7)
		create("a2", `[{"kind":"human","userId":3,"name":"Bob"},{"kind":"human","userId":7,"name":"Ann"}]`, 3, 7)
		create("a3", `[{"kind":"human","userId":7,"name":"Ann"},{"kind":"human","userId":3,"name":"Bob"}]`, 7, 3)
		create("b1", `[{"kind":"human","userId":70,"name":"Cy"},{"kind":"human","userId":3,"name":"Bob"}]`, 70, 3)
		// A table at one screen: Ann holds both seats, named twice.
		create("h1", `[{"kind":"human","userId":7,"name":"Ann"},{"kind":"human","userId":7,"name":"Ann"}]`, 7, 7)
		finish("a1", `{"winners":[0],"reason":"all boxes taken"}`, "all boxes taken")
		finish("a2", `{"winners":[],"reason":"the table was closed: nobody came back for 7 days"}`, "the table was closed: nobody came back for 7 days")
		finish("b1", `{"winners":[1]}`, "")
		finish("h1", `{"winners":[0,1]}`, "a tie")
		// a3 is still being played.

		got, err := s.FinishedMatchesOf(ctx, 7, 20)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, m := range got {
			ids = append(ids, m.ID)
		}
		if want := []string{"h1", "a2", "a1"}; !slices.Equal(ids, want) {
			t.Fatalf("Ann's matches %v, want %v (newest first, the unfinished a3 and user 70's b1 left out)", ids, want)
		}
		a2 := got[1]
		if a2.Game != "dots" || a2.Reason != "the table was closed: nobody came back for 7 days" || a2.Finished.IsZero() {
			t.Errorf("a2 = %+v", a2)
		}
		var out game.Outcome
		if err := json.Unmarshal(a2.Outcome, &out); err != nil || len(out.Winners) != 0 {
			t.Errorf("a2 outcome %s (%v), want no winners", a2.Outcome, err)
		}
		var seats []struct{ Name string }
		if err := json.Unmarshal(a2.Seats, &seats); err != nil || len(seats) != 2 || seats[0].Name != "Bob" {
			t.Errorf("a2 seats %s (%v)", a2.Seats, err)
		}

		if got, err := s.FinishedMatchesOf(ctx, 7, 2); err != nil || len(got) != 2 || got[0].ID != "h1" {
			t.Errorf("limit 2: %d matches (%v), want h1 and a2", len(got), err)
		}
		if got, err := s.FinishedMatchesOf(ctx, 99, 20); err != nil || len(got) != 0 {
			t.Errorf("a user with no games: %v (%v)", got, err)
		}

		// Matches stored before match_players existed are found too: the
		// schema step that made it filled it in from their seats.
		if _, err := s.db.ExecContext(ctx, `DELETE FROM match_players`); err != nil {
			t.Fatal(err)
		}
		if got, err := s.FinishedMatchesOf(ctx, 7, 20); err != nil || len(got) != 0 {
			t.Fatalf("with match_players emptied: %d matches (%v)", len(got), err)
		}
		steps := schema
		if b.name == "postgres" {
			steps = pgSchema
		}
		fill := slices.IndexFunc(steps, func(st string) bool { return strings.HasPrefix(st, "INSERT") && strings.Contains(st, "match_players") })
		if fill < 0 {
			t.Fatal("no schema step fills match_players")
		}
		if _, err := s.db.ExecContext(ctx, steps[fill]); err != nil {
			t.Fatalf("the step filling match_players: %v", err)
		}
		again, err := s.FinishedMatchesOf(ctx, 7, 20)
		if err != nil || len(again) != len(got) {
			t.Fatalf("after the fill: %d matches (%v), want %d", len(again), err, len(got))
		}
		for i := range got {
			if again[i].ID != got[i].ID {
				t.Errorf("after the fill, match %d is %s, want %s", i, again[i].ID, got[i].ID)
			}
		}
	})
}
