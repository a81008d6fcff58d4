package store

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// mkUser makes an account called name and returns its id.
func mkUser(t *testing.T, s *Store, name, key string) int64 {
	t.Helper()
	id, err := s.CreateUser(context.Background(), NewUser{Name: name, Key: key, PasswordHash: "x", Created: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestChallengeAnsweredOnce: of many answers to one challenge at once,
// from several stores on one database (several nodes), exactly one
// ends it; a challenge past its time can be answered by none, and is
// lapsed.
func TestChallengeAnsweredOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, path := b.openTemp(t)
		other, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		ann, bob := mkUser(t, s, "Ann", "ann"), mkUser(t, s, "Bob", "bob")
		now := time.Now().Truncate(time.Millisecond)
		ch := Challenge{ID: "c1", From: ann, FromName: "Ann", To: bob, ToName: "Bob", Game: "dots", Settings: []byte(`{}`), Created: now, Until: now.Add(time.Hour)}
		if err := s.AddChallenge(ctx, ch); err != nil {
			t.Fatal(err)
		}
		var wins atomic.Int32
		var wg sync.WaitGroup
		for i := range 8 {
			st, state := s, ChallengeAccepted
			if i%2 == 1 {
				st, state = other, ChallengeWithdrawn
			}
			wg.Go(func() {
				ok, err := st.EndChallenge(ctx, "c1", state, time.Now())
				if err != nil {
					t.Error(err)
				}
				if ok {
					wins.Add(1)
				}
			})
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("%d answers ended the challenge, want 1", wins.Load())
		}
		late := Challenge{ID: "c2", From: ann, FromName: "Ann", To: bob, ToName: "Bob", Game: "dots", Settings: []byte(`{}`), Created: now, Until: now.Add(time.Second)}
		if err := s.AddChallenge(ctx, late); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.EndChallenge(ctx, "c2", ChallengeAccepted, now.Add(2*time.Second)); ok || err != nil {
			t.Fatalf("a challenge past its time was accepted: %v %v", ok, err)
		}
		if ok, err := s.LapseChallenge(ctx, "c2"); !ok || err != nil {
			t.Fatalf("lapsing: %v %v", ok, err)
		}
		if c, err := s.Challenge(ctx, "c2"); err != nil || c.State != ChallengeLapsed {
			t.Fatalf("after the lapse: %+v %v", c, err)
		}
		if open, err := s.OpenChallenges(ctx, bob, now); err != nil || len(open) != 0 {
			t.Fatalf("open challenges: %v %v", open, err)
		}
	})
}

// TestDeleteAndRenameUser: an operator's rename refuses a name another
// holds; a deleted account loses its name, password, sessions and ties,
// and its name is free again, while its row stays for its games.
func TestDeleteAndRenameUser(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		ann, bob := mkUser(t, s, "Ann", "ann"), mkUser(t, s, "Bob", "bob")
		now := time.Now()
		if _, err := s.RenameUser(ctx, ann, "Bob", "bob", now); !errors.Is(err, ErrNameTaken) {
			t.Fatalf("renaming Ann to Bob's name: %v", err)
		}
		if _, err := s.RenameUser(ctx, ann, "Annie", "annie", now); err != nil {
			t.Fatal(err)
		}
		if u, err := s.UserByNameKey(ctx, "annie"); err != nil || u.ID != ann || u.Name != "Annie" {
			t.Fatalf("after the rename: %+v %v", u, err)
		}
		if err := s.SetTie(ctx, Follow, bob, ann, true, now); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateSession(ctx, Session{TokenHash: "h", UserID: bob, Created: now, Expires: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DeleteUser(ctx, bob, now); err != nil {
			t.Fatal(err)
		}
		if u, err := s.UserByID(ctx, bob); err != nil || u.Name != DeletedName {
			t.Fatalf("the deleted account: %+v %v", u, err)
		}
		if _, _, err := s.SessionUser(ctx, "h"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the deleted account's session: %v", err)
		}
		if ties, err := s.Ties(ctx, bob); err != nil || len(ties) != 0 {
			t.Fatalf("the deleted account's ties: %v %v", ties, err)
		}
		if id := mkUser(t, s, "Bob", "bob"); id == bob {
			t.Fatal("the new Bob is the deleted one")
		}
		if _, err := s.DeleteUser(ctx, 99999, now); !errors.Is(err, ErrNotFound) {
			t.Fatalf("deleting nobody: %v", err)
		}
	})
}
