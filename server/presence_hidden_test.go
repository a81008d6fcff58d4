package server_test

import (
	"slices"
	"strings"
	"testing"
)

// seatConnected reads a table push's seat's "connected".
func seatConnected(m msg, seat int) (bool, bool) {
	tb, _ := m.m["table"].(map[string]any)
	seats, _ := tb["seats"].([]any)
	if seat >= len(seats) {
		return false, false
	}
	c, ok := seats[seat].(map[string]any)["connected"].(bool)
	return c, ok
}

// TestAwayPageShowsOffline (issue 21, presence that tells the truth): Ann
// hides her page in the middle of a game (presence.set away). Cy, in the
// lobby, sees her leave the online list, and Bob, at the table, sees her
// seat offline; her seat is still hers (she plays the moment she is
// back). When the page is shown again she is online and connected again.
// A second connection of hers that is not away keeps her online.
func TestAwayPageShowsOffline(t *testing.T) {
	e := newEnv(t)
	ann, bob, cy := e.guest("Ann"), e.guest("Bob"), e.guest("Cy")
	ca, cb, cc := ann.dial(), bob.dial(), cy.dial()
	id := dotsDuel(t, ca, cb, nil)
	cc.ok("lobby.join", nil)
	cc.waitFor("Ann online", func(m msg) bool { return m.t() == "lobby.online" && slices.Contains(onlineNames(m), "Ann") })

	ca.ok("presence.set", map[string]any{"away": true})
	cc.waitFor("Ann gone from the online list", func(m msg) bool {
		return m.t() == "lobby.online" && !slices.Contains(onlineNames(m), "Ann") && slices.Contains(onlineNames(m), "Bob")
	})
	cb.waitFor("Ann's seat offline", func(m msg) bool {
		c, ok := seatConnected(m, 0)
		return m.t() == "table" && ok && !c
	})
	// Still her seat, and still her move to make.
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})

	ca.ok("presence.set", map[string]any{"away": false})
	cc.waitFor("Ann back in the online list", func(m msg) bool {
		return m.t() == "lobby.online" && slices.Contains(onlineNames(m), "Ann")
	})
	cb.waitFor("Ann's seat online", func(m msg) bool {
		c, ok := seatConnected(m, 0)
		return m.t() == "table" && ok && c
	})

	// Away in one tab, present in another: online.
	ca.ok("presence.set", map[string]any{"away": true})
	cc.waitFor("Ann away", func(m msg) bool { return m.t() == "lobby.online" && !slices.Contains(onlineNames(m), "Ann") })
	ann.dial()
	cc.waitFor("Ann's other tab online", func(m msg) bool {
		return m.t() == "lobby.online" && slices.Contains(onlineNames(m), "Ann")
	})

	if got := ca.fail("presence.set", nil); !strings.Contains(got, "away") {
		t.Fatalf("presence.set without away: %q", got)
	}
}

// closeSeat closes gone, the connection of seat's holder, and waits
// until other, at the same table, is shown the seat offline: from then
// on the holder is not looking.
func closeSeat(other, gone *client, seat int, what string) {
	mark := len(other.all())
	gone.close()
	waitAfter(other, mark, what, func(m msg) bool {
		c, ok := seatConnected(m, seat)
		return m.t() == "table" && ok && !c
	})
}
