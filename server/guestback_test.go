package server_test

import (
	"encoding/json"
	"testing"
)

// TestGuestBackAfterLogoutIsSeated: Ann, a guest, logs out in the middle
// of a game. Her seat keeps her name: another browser asking for "Ann" is
// refused. Signing in again as Ann in the same browser (its guest key)
// is the same guest, and watching the table she is seated, with her
// seat's view, not a spectator. Once the game is over and she logs out,
// the name is anyone's.
func TestGuestBackAfterLogoutIsSeated(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		ann, bob := e.guest("Ann"), e.guest("Bob")
		ca, cb := ann.dial(), bob.dial()
		id := dotsDuel(t, ca, cb, map[string]any{"grace": 3600, "onGone": "forfeit"})
		var before struct{ User struct{ ID int64 } }
		_, me := ann.do("GET", "/api/me", nil)
		if err := json.Unmarshal(me, &before); err != nil || before.User.ID == 0 {
			t.Fatalf("me: %s %v", me, err)
		}
		ca.close()
		ann.mustPost("/api/logout", nil, 204)

		other := e.newUser("Ann")
		other.mustPost("/api/guest", map[string]string{"name": "Ann"}, 409)

		var after struct{ User struct{ ID int64 } }
		if err := json.Unmarshal(ann.mustPost("/api/guest", map[string]string{"name": "Ann"}, 200), &after); err != nil || after.User.ID != before.User.ID {
			t.Fatalf("Ann back in the same browser is user %d, want %d (%v)", after.User.ID, before.User.ID, err)
		}
		ca = ann.dial()
		rep := ca.ok("table.watch", map[string]any{"table": id})
		if seats := mustMarshal(rep["seats"]); string(seats) != "[0]" {
			t.Fatalf("Ann back at her table holds seats %s, want [0]", seats)
		}
		snap, _ := rep["snapshot"].(map[string]any)
		views, _ := snap["views"].(map[string]any)
		if _, ok := views["0"]; !ok {
			t.Fatalf("Ann back at her table does not get her seat's view: %v", snap)
		}

		// The game ends; Ann logs out: the name is free for anyone.
		ca.ok("match.resign", map[string]any{"table": id, "seat": 0})
		cb.waitFor("the table over", func(m msg) bool {
			tb, _ := m.m["table"].(map[string]any)
			return m.t() == "table" && tb["status"] == "over"
		})
		ca.close()
		ann.mustPost("/api/logout", nil, 204)
		other.mustPost("/api/guest", map[string]string{"name": "Ann"}, 200)
	})
}
