package store

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestPushSubscriptions: a player's browsers are kept newest first; a
// browser that subscribes for someone else moves to them; a player may
// forget only their own; past the limit the oldest goes.
func TestPushSubscriptions(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		endpoints := func(user int64) []string {
			subs, err := s.PushSubscriptions(ctx, user)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, sub := range subs {
				if sub.P256dh != "key-"+sub.Endpoint || sub.Auth != "auth" {
					t.Fatalf("subscription %s came back with keys %q %q", sub.Endpoint, sub.P256dh, sub.Auth)
				}
				out = append(out, sub.Endpoint)
			}
			return out
		}
		save := func(user int64, ep string) {
			if err := s.SavePushSubscription(ctx, PushSubscription{Endpoint: ep, UserID: user, P256dh: "key-" + ep, Auth: "auth"}); err != nil {
				t.Fatal(err)
			}
		}
		save(1, "a")
		save(1, "b")
		save(2, "c")
		if got := endpoints(1); len(got) != 2 || !slices.Contains(got, "a") || !slices.Contains(got, "b") {
			t.Fatalf("user 1 has %v, want a and b", got)
		}
		save(2, "a") // the browser signs in as user 2
		if got := endpoints(1); !slices.Equal(got, []string{"b"}) {
			t.Fatalf("after the move user 1 has %v, want [b]", got)
		}
		if err := s.DeletePushSubscription(ctx, 1, "c"); err != nil {
			t.Fatal(err)
		}
		if got := endpoints(2); len(got) != 2 {
			t.Fatalf("user 1 removed user 2's subscription: user 2 has %v", got)
		}
		if err := s.DeletePushSubscription(ctx, 0, "c"); err != nil {
			t.Fatal(err)
		}
		if got := endpoints(2); !slices.Equal(got, []string{"a"}) {
			t.Fatalf("a gone endpoint stayed: user 2 has %v", got)
		}
		for i := range MaxPushSubscriptions + 3 {
			save(3, fmt.Sprintf("d%02d", i))
		}
		last := fmt.Sprintf("d%02d", MaxPushSubscriptions+2)
		if got := endpoints(3); len(got) != MaxPushSubscriptions || !slices.Contains(got, last) {
			t.Fatalf("user 3 has %d subscriptions (%v), want %d with the last, %s", len(got), got, MaxPushSubscriptions, last)
		}
	})
}

// TestNotifyPrefs: choices come back as set, changed in place, per user.
func TestNotifyPrefs(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		if err := s.SetNotifyPrefs(ctx, 5, []NotifyPref{{"turn", "push", false}, {"ended", "push", true}}); err != nil {
			t.Fatal(err)
		}
		if err := s.SetNotifyPrefs(ctx, 5, []NotifyPref{{"ended", "push", false}}); err != nil {
			t.Fatal(err)
		}
		got, err := s.NotifyPrefs(ctx, 5)
		if err != nil {
			t.Fatal(err)
		}
		want := []NotifyPref{{"ended", "push", false}, {"turn", "push", false}}
		if !slices.Equal(got, want) {
			t.Fatalf("prefs %v, want %v", got, want)
		}
		if other, _ := s.NotifyPrefs(ctx, 6); len(other) != 0 {
			t.Fatalf("user 6 has prefs %v", other)
		}
	})
}

// TestClaimNotice: of two stores on one database claiming one notice,
// one wins; a second notice is claimed afresh.
func TestClaimNotice(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, name := b.openTemp(t)
		other, err := Open(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		first, err := s.ClaimNotice(ctx, "turn:m1:5:7")
		if err != nil || !first {
			t.Fatalf("first claim: %v %v", first, err)
		}
		again, err := other.ClaimNotice(ctx, "turn:m1:5:7")
		if err != nil || again {
			t.Fatalf("a second node claimed a notice already sent: %v %v", again, err)
		}
		next, err := other.ClaimNotice(ctx, "turn:m1:6:7")
		if err != nil || !next {
			t.Fatalf("a new notice was not claimed: %v %v", next, err)
		}
	})
}

// TestMailDigests: notices wait for a verified address only; a digest is
// due once the interval has passed, is taken by one of two stores at
// once with every notice waiting, and then waits for the next interval.
func TestMailDigests(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, name := b.openTemp(t)
		other, err := Open(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		now := time.Now()
		a, err := s.SetMailAddress(ctx, 4, "ann@example.org", time.Hour)
		if err != nil || a.Token == "" {
			t.Fatal(a, err)
		}
		item := func(n string) MailItem { return MailItem{Notice: n, Title: "t " + n, Body: "b", URL: "/t/x", At: now} }
		if err := s.QueueMail(ctx, 4, item("early")); err != nil {
			t.Fatal(err)
		}
		if _, err := s.VerifyMail(ctx, "no-such-token"); err != ErrNotFound {
			t.Fatalf("a made-up token: %v", err)
		}
		if v, err := s.VerifyMail(ctx, a.Token); err != nil || !v.Verified || v.UserID != 4 {
			t.Fatal(v, err)
		}
		for _, n := range []string{"one", "two", "two"} {
			if err := s.QueueMail(ctx, 4, item(n)); err != nil {
				t.Fatal(err)
			}
		}
		due, err := s.DueDigests(ctx, now)
		if err != nil || !slices.Equal(due, []int64{4}) {
			t.Fatalf("due %v %v", due, err)
		}
		_, got1, err1 := s.TakeDigest(ctx, 4, now)
		_, got2, err2 := other.TakeDigest(ctx, 4, now)
		if (err1 == nil) == (err2 == nil) {
			t.Fatalf("two stores both took the digest, or neither: %v %v", err1, err2)
		}
		items := append(got1, got2...)
		if len(items) != 2 || items[0].Notice == "early" {
			t.Fatalf("the digest holds %v, want one and two (not the notice before the address was verified)", items)
		}
		if err := s.QueueMail(ctx, 4, item("three")); err != nil {
			t.Fatal(err)
		}
		if due, _ := s.DueDigests(ctx, now.Add(time.Minute)); len(due) != 0 {
			t.Fatalf("a digest due a minute after the last, with an hour between: %v", due)
		}
		if due, _ := s.DueDigests(ctx, now.Add(time.Hour+time.Minute)); !slices.Equal(due, []int64{4}) {
			t.Fatalf("no digest due after the hour: %v", due)
		}
		if err := s.DeleteMailAddress(ctx, 4); err != nil {
			t.Fatal(err)
		}
		if _, err := s.MailAddressOf(ctx, 4); err != ErrNotFound {
			t.Fatalf("after unsubscribing: %v", err)
		}
	})
}
