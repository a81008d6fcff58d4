package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/store"
)

// TestOperatorBanAndMuteActAtOnce: an operator bans Bob for a day (as
// parlor admin does, in the store). His open connection is told why and
// until when, and closed; connecting again is refused with the same
// words. An operator's mute of Ann refuses her next chat line, saying
// until when, and lifting it lets her write again.
func TestOperatorBanAndMuteActAtOnce(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		ann, bob := e.guest("Ann"), e.guest("Bob")
		ca, cb := ann.dial(), bob.dial()
		ca.ok("lobby.join", nil)
		ctx := t.Context()
		now := time.Now()
		if _, err := e.st.AddSanction(ctx, store.Sanction{Kind: store.Ban, UserID: cb.conn.User().ID, Reason: "spam", Until: now.Add(24 * time.Hour), Created: now}); err != nil {
			t.Fatal(err)
		}
		notice := cb.waitFor("the ban's notice", func(m msg) bool { return m.t() == "moderation" })
		n := notice.m["notice"].(map[string]any)
		if n["kind"] != "ban" || n["reason"] != "spam" || n["until"] == nil {
			t.Fatalf("the ban's notice: %s", notice.raw)
		}
		select {
		case <-cb.done:
		case <-time.After(wait):
			t.Fatal("Bob's connection stayed open after his ban")
		}
		if err := cb.conn.Err(); err == nil || !strings.Contains(err.Error(), "banned") {
			t.Fatalf("Bob's connection closed with %v, want the ban's reason", err)
		}
		if _, err := bob.tryDial(""); err == nil || !strings.Contains(err.Error(), "banned") || !strings.Contains(err.Error(), "spam") {
			t.Fatalf("Bob connecting again: %v, want a refusal naming the ban", err)
		}

		ca.ok("chat.send", map[string]any{"channel": "lobby", "text": "before"})
		if _, err := e.st.AddSanction(ctx, store.Sanction{Kind: store.Silence, UserID: ca.conn.User().ID, Reason: "shouting", Until: now.Add(time.Hour), Created: now}); err != nil {
			t.Fatal(err)
		}
		if msg := ca.fail("chat.send", map[string]any{"channel": "lobby", "text": "after"}); !strings.Contains(msg, "muted you until") || !strings.Contains(msg, "shouting") {
			t.Fatalf("Ann's line after her mute: %q", msg)
		}
		if _, err := e.st.LiftSanctions(ctx, store.Silence, ca.conn.User().ID, "", time.Now()); err != nil {
			t.Fatal(err)
		}
		ca.ok("chat.send", map[string]any{"channel": "lobby", "text": "free again"})
	})
}

// TestOperatorClosesTable: an operator closes a table in play: the match
// ends for both players with no winner, saying the operator closed it.
func TestOperatorClosesTable(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "dots"}, nil)
	if _, err := e.st.AddAction(t.Context(), store.Action{Kind: store.ActClose, Table: id, Text: "abuse", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client{ca, cb} {
		end := c.waitFor("the end", func(m msg) bool { return m.t() == "match" && m.m["table"] == id && m.m["outcome"] != nil })
		o := end.m["outcome"].(map[string]any)
		if w, _ := o["winners"].([]any); len(w) != 0 || !strings.Contains(o["reason"].(string), "operator closed the table: abuse") {
			t.Fatalf("the end: %s", end.raw)
		}
	}
}

// TestOperatorBanOfAnAddress: an operator bans an address: every
// connection from it is told and closed, whoever holds it, and a new
// one, even of another account, is refused.
func TestOperatorBanOfAnAddress(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann")
	ca := ann.dial()
	now := time.Now()
	if _, err := e.st.AddSanction(t.Context(), store.Sanction{Kind: store.Ban, Address: "127.0.0.1", Reason: "a flood of guests", Until: now.Add(time.Hour), Created: now}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ca.done:
	case <-time.After(wait):
		t.Fatal("a connection from the banned address stayed open")
	}
	if _, err := e.guest("Eve").tryDial(""); err == nil || !strings.Contains(err.Error(), "a flood of guests") {
		t.Fatalf("another account from the banned address: %v", err)
	}
}
