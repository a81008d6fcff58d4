package server_test

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRematchReachesEveryPlayer: after a finished game one player asks
// for a rematch; the other learns of the new table from a table push
// (no chat line needed), asking too leads both to the same table, the new
// table keeps the seats, and a spectator cannot ask.
func TestRematchReachesEveryPlayer(t *testing.T) {
	e := newEnv(t)
	ann, bob, eve := e.guest("Ann"), e.guest("Bob"), e.guest("Eve")
	ca, cb, ce := ann.dial(), bob.dial(), eve.dial()
	opts := `{"rows":2,"cols":3}`
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 3}}, nil)
	ce.ok("table.watch", map[string]any{"table": id})

	local := newLocal(t, "dots", opts)
	r := rand.New(rand.NewPCG(3, 4))
	conns := []*client{ca, cb}
	seq := 0
	for local.st.Outcome() == nil {
		seat := local.st.Turn()[0]
		conns[seat].ok("match.play", map[string]any{"table": id, "seat": int(seat), "move": local.randomMove(r, seat)})
		seq++
		local.apply(t, waitSeq(ca, id, seq))
	}

	if s := ce.fail("match.rematch", map[string]any{"table": id}); !strings.Contains(s, "only players") {
		t.Fatalf("a spectator's rematch: %q", s)
	}
	next := tableID(cb.ok("match.rematch", map[string]any{"table": id}))
	if next == id {
		t.Fatal("the rematch is the old table")
	}
	ca.waitFor("a table push naming the rematch", func(m msg) bool {
		tb, _ := m.m["table"].(map[string]any)
		return m.t() == "table" && tb["id"] == id && tb["rematch"] == next
	})
	again := ca.ok("match.rematch", map[string]any{"table": id})
	if got := tableID(again); got != next {
		t.Fatalf("Ann's rematch went to %s, Bob's to %s", got, next)
	}
	tb := again["table"].(map[string]any)
	seats := tb["seats"].([]any)
	if tb["status"] != "playing" || seats[0].(map[string]any)["name"] != "Ann" || seats[1].(map[string]any)["name"] != "Bob" {
		t.Fatalf("the rematch table: %v", tb)
	}
	if seats[0].(map[string]any)["mine"] != true {
		t.Fatalf("Ann does not hold seat 0 at the rematch: %v", tb)
	}
}
