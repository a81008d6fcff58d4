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

// TestRematchRules: during a game with another player a rematch is
// refused (the opponent would be seated in a second match), a player alone
// at a hot-seat table may restart at any time, and players asking at the
// same moment after the end share one new table.
func TestRematchRules(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2}}, nil)
	if s := cb.fail("match.rematch", map[string]any{"table": id}); !strings.Contains(s, "still being played") {
		t.Fatalf("a rematch during the game: %q", s)
	}
	// Nothing was opened: the lobby lists only the one table.
	cb.ok("lobby.join", nil)
	tables := cb.waitFor("tables", func(m msg) bool { return m.t() == "lobby.tables" })
	if n := len(tables.m["tables"].([]any)); n != 1 {
		t.Fatalf("%d tables after a refused rematch", n)
	}

	solo := tableID(ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "me"}}}))
	if got := tableID(ca.ok("match.rematch", map[string]any{"table": solo})); got == solo {
		t.Fatal("a hot-seat restart returned the same table")
	}

	// Finish the duel (2x2 dots: four lines), then both ask at once.
	local := newLocal(t, "dots", `{"rows":2,"cols":2}`)
	r := rand.New(rand.NewPCG(5, 6))
	conns := []*client{ca, cb}
	for seq := 1; local.st.Outcome() == nil; seq++ {
		seat := local.st.Turn()[0]
		conns[seat].ok("match.play", map[string]any{"table": id, "seat": int(seat), "move": local.randomMove(r, seat)})
		local.apply(t, waitSeq(ca, id, seq))
	}
	got := make(chan string, 2)
	for _, c := range conns {
		go func() {
			rep := c.call("match.rematch", map[string]any{"table": id})
			tb, _ := rep.m["table"].(map[string]any)
			id, _ := tb["id"].(string)
			got <- id
		}()
	}
	a, b := <-got, <-got
	if a != b || a == "" {
		t.Fatalf("players asking at once got tables %q and %q", a, b)
	}
}
