package server_test

import (
	"testing"
	"time"

	pclient "github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

// dialErr dials as u and returns the refusal, or nil when the connection
// is accepted (and then closes it when the test ends).
func dialErr(t *testing.T, u *user) error {
	t.Helper()
	_, err := u.tryDial("")
	return err
}

// dialFreed dials as u once the server has seen a connection close: the
// server frees its place when its reader ends, a moment after the client
// closed, so a refusal is tried again until the harness's wait is over.
func dialFreed(t *testing.T, u *user) *client {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		c, err := u.tryDial("")
		if err == nil {
			return c
		}
		if pclient.Code(err) != "rate-limited" || time.Now().After(deadline) {
			t.Fatalf("%s: a place was freed, yet: %v", u.name, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestConnectionCaps: one account, and one address, may hold only so many
// WebSockets open at once; one more is told why, with the code
// rate-limited and a sentence, and a connection closed frees its place.
func TestConnectionCaps(t *testing.T) {
	eachTransport(t, func(t *testing.T) {
		e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) {
			c.ConnsPerAccount, c.ConnsPerAddress = 3, 5
		})
		ann := e.guest("Ann")
		var open []*client
		for range 3 {
			open = append(open, ann.dial())
		}
		err := dialErr(t, ann)
		if pclient.Code(err) != "rate-limited" || err.Error() != "too many connections for this account (3 open); close a Parlor tab or window and reconnect" {
			t.Fatalf("Ann's fourth connection: %v (code %q), want rate-limited with a sentence", err, pclient.Code(err))
		}
		// The open ones still work.
		open[0].ok("lobby.join", nil)
		open[2].close()
		open = append(open[:2], dialFreed(t, ann))

		// Bob, from the same address, fits in the two places left.
		bob := e.guest("Bob")
		bob.dial()
		bob.dial()
		err = dialErr(t, bob)
		if pclient.Code(err) != "rate-limited" || err.Error() != "too many connections from your address (5 open); close some and reconnect" {
			t.Fatalf("the sixth connection from one address: %v, want rate-limited with a sentence", err)
		}
		if err := dialErr(t, e.guest("Cid")); pclient.Code(err) != "rate-limited" {
			t.Fatalf("a new account from a full address: %v, want rate-limited", err)
		}
		open[0].close()
		dialFreed(t, e.guest("Dee"))
	})
}
