package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A guest's name is held while it has a live session or a seat at a
// table whose match is not over, and free for anyone after that; its key
// finds it again, and it may take its name back once nobody else holds it.
func TestGuestNameHeldBySessionOrSeat(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		gus, err := s.CreateUser(ctx, NewUser{Name: "Gus", Key: "gus", Guest: true, GuestKey: "k1", Created: t0})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.CreateSession(ctx, Session{TokenHash: "g", UserID: gus, Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		table := TableRow{ID: "t", Game: "dots", Options: []byte(`{}`), Seats: []byte(`[]`), Policy: []byte(`{}`), Status: TablePlaying,
			Created: t0, Holders: []int64{gus + 100, gus}}
		if err := s.SaveTable(ctx, table); err != nil {
			t.Fatal(err)
		}
		// Logged out in the middle of a game: the seat keeps the name.
		if err := s.EndSession(ctx, "g", t0); err != nil {
			t.Fatal(err)
		}
		if err := s.ReserveName(ctx, "gus", t0.Add(time.Minute)); !errors.Is(err, ErrNameTaken) {
			t.Fatalf("the name of a guest with a seat in a game in play: %v", err)
		}
		mine, err := s.GuestsByKey(ctx, "k1")
		if err != nil || len(mine) != 1 || mine[0] != (GuestRow{ID: gus, Name: "Gus", Held: true}) {
			t.Fatalf("guests of key k1: %+v %v", mine, err)
		}
		if err := s.RetakeName(ctx, gus, "gus", t0.Add(time.Minute)); err != nil {
			t.Fatalf("a guest taking back the name it holds: %v", err)
		}
		// The game ends: the name is free for anyone.
		table.Status = TableOver
		if err := s.SaveTable(ctx, table); err != nil {
			t.Fatal(err)
		}
		other, err := s.CreateUser(ctx, NewUser{Name: "gus", Key: "gus", Guest: true, GuestKey: "k2", Created: t0.Add(2 * time.Minute)})
		if err != nil {
			t.Fatalf("a free name refused: %v", err)
		}
		if mine, _ := s.GuestsByKey(ctx, "k1"); len(mine) != 1 || mine[0].Held {
			t.Fatalf("the first guest after its name went to another: %+v", mine)
		}
		if err := s.CreateSession(ctx, Session{TokenHash: "o", UserID: other, Created: t0.Add(2 * time.Minute), Expires: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := s.RetakeName(ctx, gus, "gus", t0.Add(3*time.Minute)); !errors.Is(err, ErrNameTaken) {
			t.Fatalf("the first guest took back a name another holds: %v", err)
		}
		// Once the other's session has ended, the first guest may have it
		// back, and the other no longer holds it.
		if err := s.EndSession(ctx, "o", t0.Add(4*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if err := s.RetakeName(ctx, gus, "gus", t0.Add(5*time.Minute)); err != nil {
			t.Fatalf("the first guest taking back a free name: %v", err)
		}
		if u, err := s.UserByNameKey(ctx, "gus"); err != nil || u.ID != gus {
			t.Fatalf("gus is %+v %v, want the first guest", u, err)
		}
	})
}

// holdersText keeps every id between commas, so that a LIKE for one id
// cannot match another that contains its digits.
func TestHoldersText(t *testing.T) {
	if got := holdersText([]int64{12, 3}); got != ",12,3," {
		t.Fatalf("holders 12 and 3: %q", got)
	}
	if got := holdersText(nil); got != "" {
		t.Fatalf("no holders: %q", got)
	}
}
