package server_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

// notices records the challenges a server hands its notifier.
type notices struct {
	mu  sync.Mutex
	got []server.ChallengeJSON
	to  []int64
}

func (n *notices) Challenged(_ context.Context, to int64, c server.ChallengeJSON) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.got, n.to = append(n.got, c), append(n.to, to)
}

// TestChallengeReachesTheNotifier: a challenge is handed to the server's
// notifier, once, for the challenged player, so that a push or mail
// service can reach them with no client open.
func TestChallengeReachesTheNotifier(t *testing.T) {
	n := &notices{}
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) { c.ChallengeNotices = n })
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	bobID := cb.conn.User().ID
	cb.close() // Bob has no client open
	sent := ca.ok("challenge.send", map[string]any{"to": "Bob", "game": "dots"})["challenge"].(map[string]any)
	deadline := time.Now().Add(wait)
	for {
		n.mu.Lock()
		k := len(n.got)
		n.mu.Unlock()
		if k > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.got) != 1 || n.to[0] != bobID || n.got[0].ID != sent["id"] || n.got[0].From != "Ann" || n.got[0].Title != "Dots and Boxes" {
		t.Fatalf("the notifier was told %+v for %v, want the challenge %v for Bob (%d)", n.got, n.to, sent["id"], bobID)
	}
}
