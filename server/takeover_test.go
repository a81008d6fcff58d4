package server_test

import (
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// TestPlayerTakesSeatBackFromBot: with "bot takes over", a player who
// leaves is replaced by a bot that moves for them; when they reconnect and
// resume the table, the seat is theirs again by their next turn: both
// players are told (a "return" event), the bot stops moving for the seat,
// and the player's own move is accepted.
func TestPlayerTakesSeatBackFromBot(t *testing.T) {
	e, clock := newClockEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := dotsDuel(t, ca, cb, map[string]any{"grace": 10, "onGone": "bot"})
	local := newLocal(t, "dots", `{"rows":3,"cols":3}`)
	follow := func(m msg) msg {
		t.Helper()
		if m.m["move"] != nil {
			local.apply(t, m)
		}
		return m
	}
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
	follow(waitSeq(ca, id, 1))

	mark := len(ca.all())
	cb.close()
	// The grace period starts when the server sees Bob gone, which the
	// table push marking his seat offline shows.
	waitAfter(ca, mark, "Bob's seat offline", func(m msg) bool {
		if m.t() != "table" {
			return false
		}
		seats, _ := m.m["table"].(map[string]any)["seats"].([]any)
		return len(seats) == 2 && seats[1].(map[string]any)["connected"] == false
	})
	clock.Advance(10 * time.Second)
	if m := follow(waitSeq(ca, id, 2)); m.m["seat"] != float64(1) || !eventIs(m, "takeover") {
		t.Fatalf("after Bob's grace: %s", m.raw)
	}
	if m := follow(waitSeq(ca, id, 3)); m.m["seat"] != float64(1) || m.m["move"] == nil {
		t.Fatalf("the bot did not move for Bob: %s", m.raw)
	}

	// Bob reconnects and resumes from the last push he saw.
	cb2 := bob.dial()
	cb2.ok("table.watch", map[string]any{"table": id, "since": 1, "views": false})
	for _, c := range []*client{ca, cb2} {
		if m := waitSeq(c, id, 4); m.m["seat"] != float64(1) || m.m["move"] != nil || !eventIs(m, "return") {
			t.Fatalf("%s: after Bob came back: %s", c.u.name, m.raw)
		}
	}
	mt, ok := e.mgr.Get(e.matchOf(t, ca, id))
	if !ok {
		t.Fatal("the match is not live")
	}
	if k := mt.Snapshot(1).Seats[1].Kind; k != "human" {
		t.Fatalf("seat 1 is %q after Bob came back", k)
	}

	// Ann moves; then it is Bob's turn, and Bob's move is the one played.
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": game.Canonical(local.st.Legal(0)[0])})
	if m := follow(waitSeq(cb2, id, 5)); m.m["seat"] != float64(0) {
		t.Fatalf("push 5: %s", m.raw)
	}
	if turn := local.st.Turn(); len(turn) != 1 || turn[0] != 1 {
		t.Fatalf("turn %v after Ann's move, want Bob's", turn)
	}
	mv := game.Canonical(local.st.Legal(1)[0])
	if rep := cb2.ok("match.play", map[string]any{"table": id, "seat": 1, "move": mv}); rep["seq"] != float64(6) {
		t.Fatalf("Bob's move acknowledged as %v, want seq 6", rep["seq"])
	}
	for _, c := range []*client{ca, cb2} {
		if m := waitSeq(c, id, 6); m.m["seat"] != float64(1) || string(mustMarshal(m.m["move"])) != string(mv) {
			t.Fatalf("%s: push 6 is not Bob's move: %s", c.u.name, m.raw)
		}
	}
}

// eventIs reports whether a match push's first event is of type typ.
func eventIs(m msg, typ string) bool {
	// The match's decision is the first event; a decision that ends the
	// match is followed by the game's own events of its end (since v6).
	evs, _ := m.m["events"].([]any)
	return len(evs) >= 1 && evs[0].(map[string]any)["type"] == typ
}

// waitAfter is client.waitFor for messages received after the first mark
// ones.
func waitAfter(c *client, mark int, what string, match func(msg) bool) msg {
	c.t.Helper()
	deadline := time.After(wait)
	for {
		ms := c.all()
		for _, m := range ms[mark:] {
			if match(m) {
				return m
			}
		}
		select {
		case <-c.cond:
		case <-deadline:
			c.t.Fatalf("%s: no %s within %v", c.u.name, what, wait)
		}
	}
}
