package server_test

import (
	"strings"
	"testing"
)

// TestWatchHistoryForMoveLog: a client that opens a table mid-game (a page
// reload) asks table.watch for the history and gets every move so far, in
// order, filtered as pushes are: in Battleship the other fleet is never in
// it, while the player's own fleet is.
func TestWatchHistoryForMoveLog(t *testing.T) {
	e := newEnv(t)
	ann, bob, eve := e.guest("Ann"), e.guest("Bob"), e.guest("Eve")
	ca, cb := ann.dial(), bob.dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "battleship"}, nil)
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"fleet": plantedFleet}})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": map[string]any{"fleet": otherFleet}})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "A1"})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": "J1"})
	waitSeq(cb, id, 4)

	history := func(c *client) (seqs []int, raw string) {
		t.Helper()
		r := c.call("table.watch", map[string]any{"table": id, "history": true})
		if r.m["ok"] != true {
			t.Fatalf("watch with history: %s", r.raw)
		}
		hs, _ := r.m["history"].([]any)
		for _, h := range hs {
			seqs = append(seqs, int(h.(map[string]any)["seq"].(float64)))
		}
		return seqs, string(r.raw)
	}
	// Fresh connections, as after a reload.
	for who, c := range map[string]*client{"Bob": bob.dial(), "Eve": eve.dial()} {
		seqs, raw := history(c)
		if len(seqs) != 4 || seqs[0] != 1 || seqs[3] != 4 {
			t.Fatalf("%s's history has seqs %v, want 1-4", who, seqs)
		}
		if strings.Contains(raw, `"ship":"carrier","row":9,"col":5`) || strings.Contains(raw, "carrier F10") {
			t.Fatalf("%s's history carries Ann's fleet: %s", who, raw)
		}
		if !strings.Contains(raw, `"A1"`) {
			t.Fatalf("%s's history lacks Ann's shot at A1: %s", who, raw)
		}
	}
	if _, raw := history(ann.dial()); !strings.Contains(raw, `"ship":"carrier","row":9,"col":5`) {
		t.Fatalf("Ann's history lacks her own fleet: %s", raw)
	}
	// Without the flag the reply has no history (cheaper for clients that
	// keep their own log).
	if r := ann.dial().ok("table.watch", map[string]any{"table": id}); r["history"] != nil {
		t.Fatalf("history sent unasked: %v", r["history"])
	}
}
