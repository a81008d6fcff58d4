package server_test

import (
	"testing"
	"time"
)

// offerAfterDuel: Ann and Bob finish a Dots and Boxes game at a table
// whose leaving wait (its grace) is grace seconds, and Ann asks for a
// rematch, which Bob is shown.
func offerAfterDuel(t *testing.T, e *env, grace float64) (ann, bob *user, ca, cb *client, id string) {
	t.Helper()
	ann, bob = e.guest("Ann"), e.guest("Bob")
	ca, cb = ann.dial(), bob.dial()
	id = openDuel(t, ca, cb, map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2},
		"policy": map[string]any{"grace": grace, "onGone": "forfeit"}}, nil)
	resignAt(ca, id, cb)
	ca.ok("match.rematch", map[string]any{"table": id})
	cb.waitFor("Bob is shown Ann's offer", isRematch(id, "open"))
	return ann, bob, ca, cb, id
}

// lapseSeen waits for c's lapse push of table's offer and checks why it
// lapsed and who left: the first lapse c hears of must be that one.
func lapseSeen(t *testing.T, c *client, table, lapse, left string) {
	t.Helper()
	o := offerOf(c.waitFor("the lapse of the offer", isRematch(table, "lapsed")).m)
	if o["lapse"] != lapse || (left != "" && o["left"] != left) {
		t.Fatalf("%s was told the offer lapsed with lapse %v and left %v; want %q and %q", c.u.name, o["lapse"], o["left"], lapse, left)
	}
}

// TestRematchLapsesWhenAPersonLeaves: an offer waits only for people who
// are there. It lapses, and both people are told who left and how, when
// a person of it quits the finished table (table.leave; a spectator's
// leaving changes nothing), signs out, or has no connection left for the
// table's leaving wait; a person who comes back within the wait keeps
// it open, and its last yes still starts the rematch.
func TestRematchLapsesWhenAPersonLeaves(t *testing.T) {
	t.Run("quit", func(t *testing.T) {
		e := newEnv(t)
		_, _, ca, cb, id := offerAfterDuel(t, e, 60)
		ce := e.guest("Eve").dial()
		ce.ok("table.watch", map[string]any{"table": id})
		ce.ok("table.leave", map[string]any{"table": id})
		cb.ok("table.leave", map[string]any{"table": id})
		for _, c := range []*client{ca, cb} {
			lapseSeen(t, c, id, "quit", "Bob")
		}
		if n := playingTables(e, "Cid"); n != 0 {
			t.Fatalf("%d matches after Bob quit", n)
		}
		// Bob's yes after he left is a new offer of his own.
		if rep := cb.ok("match.rematch", map[string]any{"table": id}); rep["table"] != nil || offerOf(rep)["by"] != "Bob" {
			t.Fatalf("Bob's request after the lapse: %v", rep)
		}
	})
	t.Run("the asker quits", func(t *testing.T) {
		e := newEnv(t)
		_, _, ca, cb, id := offerAfterDuel(t, e, 60)
		ca.ok("table.leave", map[string]any{"table": id})
		lapseSeen(t, cb, id, "quit", "Ann")
	})
	t.Run("signed out", func(t *testing.T) {
		e := newEnv(t)
		_, bob, ca, _, id := offerAfterDuel(t, e, 60)
		if code, body := bob.do("POST", "/api/logout", nil); code != 204 {
			t.Fatalf("Bob's sign-out: %d %s", code, body)
		}
		lapseSeen(t, ca, id, "signed-out", "Bob")
	})
	t.Run("gone", func(t *testing.T) {
		e := newEnv(t)
		_, _, ca, cb, id := offerAfterDuel(t, e, 0.3)
		cb.close()
		lapseSeen(t, ca, id, "gone", "Bob")
	})
	t.Run("back within the wait", func(t *testing.T) {
		e := newEnv(t)
		_, bob, ca, cb, id := offerAfterDuel(t, e, 0.5)
		cb.close()
		cb = bob.dial()
		cb.waitFor("Bob, back, is shown the offer", isRematch(id, "open"))
		// Past the wait, the offer is still open: Bob's yes starts it.
		time.Sleep(time.Second)
		if next := tableID(cb.ok("match.rematch", map[string]any{"table": id})); next == "" || next == id {
			t.Fatalf("Bob's yes opened %q", next)
		}
		ca.waitFor("Ann learns the rematch started", isRematch(id, "started"))
		for _, m := range ca.all() {
			if isRematch(id, "lapsed")(m) {
				t.Fatalf("the offer lapsed though Bob came back: %v", m.m)
			}
		}
	})
}

// TestRematchLapsesWhenAPersonLeavesAnotherNode: the offer is held by
// the table's node 0; Bob is connected to node 1 only. When his last
// connection there closes and he does not come back within the table's
// wait, node 0 lapses the offer and Ann is told he left; when Cid, in
// the same place, signs out through node 1, Dee is told at once.
func TestRematchLapsesWhenAPersonLeavesAnotherNode(t *testing.T) {
	nodes := startNodes(t, 2, nil)
	play := func(grace float64, a, b string) (*user, *client, *client, string) {
		ann := nodes[0].guest(a)
		bob := nodes[0].guest(b).at(nodes[1])
		ca, cb := ann.dial(), bob.dial()
		id := tableID(ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2},
			"seats":  []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}},
			"policy": map[string]any{"grace": grace, "onGone": "forfeit"}}))
		cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
		ca.ok("table.start", map[string]any{"table": id})
		ca.ok("table.watch", map[string]any{"table": id})
		cb.ok("table.watch", map[string]any{"table": id})
		resignAt(ca, id, cb)
		ca.ok("match.rematch", map[string]any{"table": id})
		cb.waitFor("Bob's offer on node 1", isRematch(id, "open"))
		return bob, ca, cb, id
	}

	_, ca, cb, id := play(0.5, "Ann", "Bob")
	cb.close()
	lapseSeen(t, ca, id, "gone", "Bob")

	cid, ca, _, id := play(60, "Dee", "Cid")
	if code, body := cid.do("POST", "/api/logout", nil); code != 204 {
		t.Fatalf("Cid's sign-out on node 1: %d %s", code, body)
	}
	lapseSeen(t, ca, id, "signed-out", "Cid")
}
