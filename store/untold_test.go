package store

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
)

// TestUntoldEnds: the ends noted for a player are listed to them, newest
// first, with the seats they held, until they are marked told; noting
// one twice lists it once; a match not yet finished is not listed; and
// one player's reading leaves another's list as it was.
func TestUntoldEnds(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		for _, m := range []struct {
			id, seats string
			holders   []int64
		}{
			{"e1", `[{"kind":"human","userId":7,"name":"Ann"},{"kind":"human","userId":3,"name":"Bob"}]`, []int64{7, 3}},
			{"e2", `[{"kind":"human","userId":3,"name":"Bob"},{"kind":"human","userId":7,"name":"Ann"}]`, []int64{3, 7}},
			{"e3", `[{"kind":"human","userId":7,"name":"Ann"},{"kind":"bot","level":"easy"}]`, []int64{7}},
		} {
			h := header(m.id)
			h.Seats, h.Holders = json.RawMessage(m.seats), m.holders
			if err := s.CreateMatch(ctx, h); err != nil {
				t.Fatal(err)
			}
		}
		for _, id := range []string{"e1", "e2"} {
			if err := s.FinishMatch(ctx, id, json.RawMessage(`{"winners":[1],"reason":"seat 0 resigned"}`), "seat 0 resigned"); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.TellLater(ctx, "e1", 7, 3); err != nil {
			t.Fatal(err)
		}
		if err := s.TellLater(ctx, "e2", 7); err != nil {
			t.Fatal(err)
		}
		if err := s.TellLater(ctx, "e2", 7); err != nil {
			t.Fatalf("noting an end twice: %v", err)
		}
		// e3 is still being played: a note of it waits for its end.
		if err := s.TellLater(ctx, "e3", 7); err != nil {
			t.Fatal(err)
		}
		ids := func(user int64) []string {
			t.Helper()
			got, err := s.UntoldEnds(ctx, user, 20)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, m := range got {
				out = append(out, m.ID)
			}
			return out
		}
		if got, want := ids(7), []string{"e2", "e1"}; !slices.Equal(got, want) {
			t.Fatalf("Ann's untold ends %v, want %v (newest first, once each, e3 not over)", got, want)
		}
		got, err := s.UntoldEnds(ctx, 7, 1)
		if err != nil || len(got) != 1 || got[0].ID != "e2" || got[0].Reason != "seat 0 resigned" {
			t.Fatalf("limit 1: %+v (%v), want e2 and its reason", got, err)
		}
		if ok, err := s.Untold(ctx, 7, "e1"); err != nil || !ok {
			t.Fatalf("Untold(Ann, e1) = %v, %v; want true", ok, err)
		}
		if err := s.MarkTold(ctx, 7, "e1", "no-such-match"); err != nil {
			t.Fatal(err)
		}
		if got, want := ids(7), []string{"e2"}; !slices.Equal(got, want) {
			t.Fatalf("after Ann read of e1: %v, want %v", got, want)
		}
		if ok, err := s.Untold(ctx, 7, "e1"); err != nil || ok {
			t.Fatalf("Untold(Ann, e1) after reading = %v, %v; want false", ok, err)
		}
		if got, want := ids(3), []string{"e1"}; !slices.Equal(got, want) {
			t.Fatalf("Bob's list %v after Ann read hers, want %v", got, want)
		}
		if err := s.FinishMatch(ctx, "e3", json.RawMessage(`{"winners":[0]}`), ""); err != nil {
			t.Fatal(err)
		}
		if got, want := ids(7), []string{"e3", "e2"}; !slices.Equal(got, want) {
			t.Fatalf("after e3 ended: %v, want %v", got, want)
		}
	})
}
