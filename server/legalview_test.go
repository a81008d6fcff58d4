package server_test

import (
	"strings"
	"testing"
)

// TestLegalOnlyToTheMover: at a Warfare table of two people and a
// spectator, only the player whose turn it is receives what it may do
// (the view member "legal", docs/protocol.md); when the turn passes, the
// other player receives it and the first hears it is gone. Nobody else
// ever does.
func TestLegalOnlyToTheMover(t *testing.T) {
	e := newEnv(t)
	ann, bob, eve := e.guest("Ann"), e.guest("Bob"), e.guest("Eve")
	ca, cb, ce := ann.dial(), bob.dial(), eve.dial()
	rep := ca.ok("table.create", map[string]any{"game": "warfare", "options": map[string]any{"island": "pebble", "players": 2},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}})
	id := tableID(rep)
	cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ca.ok("table.start", map[string]any{"table": id})
	watch := map[string]any{"table": id, "views": true, "patches": true}
	wa, wb, we := ca.ok("table.watch", watch), cb.ok("table.watch", watch), ce.ok("table.watch", watch)
	for who, w := range map[string]map[string]any{"Ann": wa, "Bob": wb, "Eve": we} {
		has := strings.Contains(string(mustMarshal(w)), `"legal":`)
		if has != (who == "Ann") {
			t.Errorf("%s's snapshot carries legal moves: %v (Ann is to move)", who, has)
		}
	}
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"end": true}})
	pa, pb := waitSeq(ca, id, 1), waitSeq(cb, id, 1)
	waitSeq(ce, id, 1)
	if s := string(pb.raw); !strings.Contains(s, `"legal":{"=":`) {
		t.Errorf("Bob, now to move, is not sent his legal moves: %.300s", s)
	}
	if s := string(pa.raw); !strings.Contains(s, `"d":["legal"]`) {
		t.Errorf("Ann's view keeps legal moves after her turn: %.300s", s)
	}
	if strings.Contains(rawAll(ce), `"legal"`) {
		t.Error("the spectator was sent legal moves")
	}
}
