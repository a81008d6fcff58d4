package store

import (
	"context"
	"testing"
	"time"
)

// TestVacations: a player's vacations are listed oldest first from the
// time asked; ending one moves its end back to that moment, only for the
// vacation under way and only for that player; another's list is apart.
func TestVacations(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		at := time.Date(2030, 6, 3, 9, 0, 0, 0, time.UTC)
		day := 24 * time.Hour
		for _, v := range []Vacation{{at, at.Add(2 * day)}, {at.Add(10 * day), at.Add(20 * day)}} {
			if err := s.AddVacation(ctx, 7, v); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.AddVacation(ctx, 3, Vacation{at.Add(10 * day), at.Add(20 * day)}); err != nil {
			t.Fatal(err)
		}
		if err := s.EndVacation(ctx, 7, at.Add(12*day)); err != nil {
			t.Fatal(err)
		}
		got, err := s.Vacations(ctx, 7, at)
		if err != nil {
			t.Fatal(err)
		}
		want := []Vacation{{at, at.Add(2 * day)}, {at.Add(10 * day), at.Add(12 * day)}}
		if len(got) != len(want) || !got[0].Until.Equal(want[0].Until) || !got[1].From.Equal(want[1].From) || !got[1].Until.Equal(want[1].Until) {
			t.Fatalf("user 7's vacations: %v, want %v", got, want)
		}
		if got, _ := s.Vacations(ctx, 7, at.Add(day)); len(got) != 1 {
			t.Errorf("user 7's vacations from a day on: %v, want the second only", got)
		}
		if got, _ := s.Vacations(ctx, 3, at); len(got) != 1 || !got[0].Until.Equal(at.Add(20*day)) {
			t.Errorf("user 3's vacation after user 7 ended theirs: %v", got)
		}
	})
}
