package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// Mailed links work once and until they expire, a newer verification
// replaces an older one, and a reset changes the password and ends every
// session, on both databases.
func TestMailedLinks(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		ann := mustUser(t, s, "ann", false)
		bea := mustUser(t, s, "bea", false)
		link := func(hash string, user int64, p LinkPurpose, addr string) {
			t.Helper()
			if err := s.AddLink(ctx, Link{TokenHash: hash, UserID: user, Purpose: p, Address: addr, Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		link("v1", ann, LinkVerify, "old@example.org")
		link("v2", ann, LinkVerify, "Ann@Example.org")
		if _, pending, err := s.EmailOf(ctx, ann, t0); !errors.Is(err, ErrNotFound) || pending != "Ann@Example.org" {
			t.Fatalf("before verifying: pending %q, %v", pending, err)
		}
		if _, _, err := s.VerifyEmail(ctx, "v1", t0, strings.ToLower); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a replaced link: %v", err)
		}
		if _, _, err := s.VerifyEmail(ctx, "v2", t0, strings.ToLower); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.VerifyEmail(ctx, "v2", t0, strings.ToLower); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a link used twice: %v", err)
		}
		link("v3", bea, LinkVerify, "ann@example.org")
		if _, _, err := s.VerifyEmail(ctx, "v3", t0.Add(time.Hour), strings.ToLower); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an expired link: %v", err)
		}
		link("v4", bea, LinkVerify, "ann@example.org")
		if _, _, err := s.VerifyEmail(ctx, "v4", t0.Add(time.Minute), strings.ToLower); err != nil {
			t.Fatal(err)
		}
		users, addrs, err := s.UsersByEmail(ctx, "ann@example.org")
		if err != nil || len(users) != 2 || users[0].ID != ann || addrs[0] != "Ann@Example.org" || users[1].ID != bea {
			t.Fatalf("accounts of the address: %+v %v %v", users, addrs, err)
		}

		for _, h := range []string{"s1", "s2"} {
			if err := s.CreateSession(ctx, Session{TokenHash: h, UserID: ann, Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.ChangePassword(ctx, ann, "second hash", "s1"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.SessionUser(ctx, "s2"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("another session after a change: %v", err)
		}
		if _, _, err := s.SessionUser(ctx, "s1"); err != nil {
			t.Fatalf("the asking session after a change: %v", err)
		}
		link("r1", ann, LinkReset, "Ann@Example.org")
		link("r2", ann, LinkReset, "Ann@Example.org")
		if _, err := s.ResetPassword(ctx, "v1", t0, "x"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a verification link used to reset: %v", err)
		}
		u, err := s.ResetPassword(ctx, "r1", t0, "third hash")
		if err != nil || u.ID != ann {
			t.Fatalf("reset: %+v %v", u, err)
		}
		if hash, _ := s.PasswordOf(ctx, ann); hash != "third hash" {
			t.Fatalf("password after the reset: %q", hash)
		}
		if _, _, err := s.SessionUser(ctx, "s1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a session after a reset: %v", err)
		}
		if _, err := s.ResetPassword(ctx, "r2", t0, "fourth hash"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the other reset link after a reset: %v", err)
		}
		if err := s.RemoveEmail(ctx, ann); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.EmailOf(ctx, ann, t0); !errors.Is(err, ErrNotFound) {
			t.Fatalf("address after removing: %v", err)
		}
	})
}

// Deleting renames the account's seats in the stored seats and keeps
// everyone else's, and keeps unknown fields of a seat.
func TestRenameInSeats(t *testing.T) {
	got, changed, err := renameInSeats(`[{"kind":"human","userId":12,"name":"Ann","extra":[1]},{"kind":"human","userId":112,"name":"Bob"},{"kind":"bot","level":"easy"}]`, 12, "deleted player")
	if err != nil || !changed {
		t.Fatalf("%v %v", changed, err)
	}
	want := `[{"extra":[1],"kind":"human","name":"deleted player","userId":12},{"kind":"human","name":"Bob","userId":112},{"kind":"bot","level":"easy"}]`
	if got != want {
		t.Fatalf("renamed seats\n%s\nwant\n%s", got, want)
	}
	if _, changed, _ := renameInSeats(`[{"kind":"human","userId":7,"name":"Cy"}]`, 12, "deleted player"); changed {
		t.Fatal("seats without the account were changed")
	}
}
