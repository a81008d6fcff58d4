package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// TestReclaimAfterTimeout: with "bot takes over" on timeout, Bob lets his
// move clock run out while he keeps watching, and a bot moves for him. He
// asks for his seat back (match.reclaim): everyone watching, Ann and a
// spectator too, gets the "return" push, a fresh snapshot no longer lists
// the seat as taken over, and Bob's next move is his own. Nobody else may
// ask for his seat, nor for a seat no bot plays, and a refusal changes
// nothing.
func TestReclaimAfterTimeout(t *testing.T) {
	e, clock := newClockEnv(t)
	ann, bob, cy := e.guest("Ann"), e.guest("Bob"), e.guest("Cy")
	ca, cb, cc := ann.dial(), bob.dial(), cy.dial()
	id := dotsDuel(t, ca, cb, map[string]any{"moveClock": 30, "onTimeout": "bot"})
	cc.ok("table.watch", map[string]any{"table": id, "views": false})
	local := newLocal(t, "dots", `{"rows":3,"cols":3}`)
	follow := func(m msg) msg {
		t.Helper()
		if m.m["move"] != nil {
			local.apply(t, m)
		}
		return m
	}
	all := []*client{ca, cb, cc}
	reclaim := func(seat any) map[string]any {
		f := map[string]any{"table": id}
		if seat != nil {
			f["seat"] = seat
		}
		return f
	}

	// Before any takeover, Bob's seat is his to play.
	if got := cb.fail("match.reclaim", reclaim(1)); !strings.Contains(got, "no bot plays seat 1") {
		t.Errorf("reclaim before a takeover: %q", got)
	}
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
	for _, c := range all {
		m := waitSeq(c, id, 1)
		if c == ca {
			follow(m)
		}
	}
	clock.Advance(30 * time.Second) // Bob's move clock runs out
	for _, c := range all {
		timeoutPush(t, c, id, 2, 1, "bot")
		bot := waitSeq(c, id, 3)
		if bot.m["seat"] != float64(1) || bot.m["move"] == nil {
			t.Fatalf("%s: the bot did not move for Bob: %s", c.u.name, bot.raw)
		}
		if c == ca {
			follow(bot)
		}
	}
	if snap := watchSnapshot(t, cc, id); string(mustMarshal(snap["takenOver"])) != "[1]" {
		t.Fatalf("a fresh snapshot after the takeover: %v", snap)
	}

	// Refused, each with a reason, and nothing changes.
	bobIdle := bob.dial() // Bob's second connection, watching nothing
	for _, c := range []struct {
		who    *client
		fields map[string]any
		want   string
	}{
		{cc, reclaim(1), "you do not hold seat 1"},
		{ca, reclaim(1), "you do not hold seat 1"},
		{ca, reclaim(0), "no bot plays seat 0"},
		{cb, reclaim(5), "no seat 5"},
		{cb, reclaim(nil), "match.reclaim needs seat"},
		{cb, map[string]any{"table": id, "seat": "1"}, `field "seat" must be`},
		{cb, map[string]any{"table": id, "seat": 1, "extra": true}, "unknown field"},
		{cb, map[string]any{"table": "nope", "seat": 1}, "no table"},
		{bobIdle, reclaim(1), "watch the table first"},
	} {
		if got := c.who.fail("match.reclaim", c.fields); !strings.Contains(got, c.want) {
			t.Errorf("%s: reclaim %v: error %q, want %q", c.who.u.name, c.fields, got, c.want)
		}
	}
	for _, c := range all {
		quiet(t, c, id, 3, "after refused requests")
	}

	// Bob asks. The seat is his at once, or, if the bot is still winding
	// up its search, right after it: either way the return is push 4.
	rep := cb.ok("match.reclaim", reclaim(1))
	if rep["seq"] != float64(4) && rep["pending"] != true {
		t.Fatalf("reclaim reply %v, want seq 4 or pending", rep)
	}
	for _, c := range all {
		m := waitSeq(c, id, 4)
		data, _ := m.m["events"].([]any)[0].(map[string]any)["data"].(map[string]any)
		if m.m["seat"] != float64(1) || m.m["move"] != nil || !eventIs(m, "return") ||
			data["cause"] != "back" || data["action"] != "return" || m.m["outcome"] != nil {
			t.Fatalf("%s: after Bob's request: %s", c.u.name, m.raw)
		}
	}
	if snap := watchSnapshot(t, cc, id); string(mustMarshal(snap["takenOver"])) != "[]" {
		t.Fatalf("a fresh snapshot after the return: %v", snap)
	}
	if got := cb.fail("match.reclaim", reclaim(1)); !strings.Contains(got, "no bot plays seat 1") {
		t.Errorf("reclaim after the return: %q", got)
	}

	// Ann moves; then it is Bob's turn, and Bob's move is the one played.
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": game.Canonical(local.st.Legal(0)[0])})
	follow(waitSeq(ca, id, 5))
	if turn := local.st.Turn(); len(turn) != 1 || turn[0] != 1 {
		t.Fatalf("turn %v after Ann's move, want Bob's", turn)
	}
	mv := game.Canonical(local.st.Legal(1)[0])
	if rep := cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": mv}); rep["seq"] != float64(6) {
		t.Fatalf("Bob's move acknowledged as %v, want seq 6", rep["seq"])
	}
	for _, c := range all {
		if m := waitSeq(c, id, 6); m.m["seat"] != float64(1) || string(mustMarshal(m.m["move"])) != string(mv) {
			t.Fatalf("%s: push 6 is not Bob's move: %s", c.u.name, m.raw)
		}
	}

	ca.ok("match.resign", map[string]any{"table": id, "seat": 0})
	waitSeq(cb, id, 7)
	if got := cb.fail("match.reclaim", reclaim(1)); !strings.Contains(got, "already over") {
		t.Errorf("reclaim after the end: %q", got)
	}
}

// TestReclaimBeforeTheStart: a seat of a table whose match has not
// started cannot be asked back.
func TestReclaimBeforeTheStart(t *testing.T) {
	e := newEnv(t)
	ca := e.guest("Ann").dial()
	rep := ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}})
	id := tableID(rep)
	ca.ok("table.watch", map[string]any{"table": id})
	if got := ca.fail("match.reclaim", map[string]any{"table": id, "seat": 0}); !strings.Contains(got, "has not started") {
		t.Errorf("reclaim before the start: %q", got)
	}
}

// watchSnapshot watches table afresh on c and returns the reply's
// snapshot.
func watchSnapshot(t *testing.T, c *client, table string) map[string]any {
	t.Helper()
	c.ok("table.unwatch", map[string]any{"table": table})
	rep := c.ok("table.watch", map[string]any{"table": table, "views": false})
	snap, _ := rep["snapshot"].(map[string]any)
	if snap == nil {
		t.Fatalf("no snapshot: %v", rep)
	}
	return snap
}
