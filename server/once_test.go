package server_test

import (
	"strings"
	"testing"
)

// A player whose answer to a move was lost sends the move again, tagged
// with the last update they knew of ("after"): they get the first answer,
// never "that line is already drawn", and the move is played once. Both
// readers of match.play (the lean one and the general one) agree.
func TestMoveSentAgainAfterALostAnswer(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := tableID(ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
	cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ca.ok("table.start", map[string]any{"table": id})
	ca.ok("table.watch", map[string]any{"table": id})
	cb.ok("table.watch", map[string]any{"table": id})

	first := ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "a1-b1", "after": 0})
	if first["seq"] != float64(1) {
		t.Fatalf("first move: %v", first)
	}
	// Sent again, by the lean reader's shape and by the general one's
	// (a key it does not read fast: the move as an object with spaces).
	again := ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "a1-b1", "after": 0})
	if again["seq"] != float64(1) {
		t.Fatalf("the move sent again: %v, want the first answer, seq 1", again)
	}
	// An escape in "t" sends the request down the general reader.
	ca.send([]byte(`{"t":"match.pl\u0061y","id":900,"table":"` + id + `","seat":0,"move":"a1-b1","after":0}`))
	r := ca.waitFor("reply 900", func(m msg) bool { return m.t() == "reply" && m.m["id"] == float64(900) })
	if r.m["ok"] != true || r.m["seq"] != float64(1) {
		t.Fatalf("the move sent again through the general reader: %s, want the first answer", r.raw)
	}
	waitSeq(cb, id, 1)
	// Untagged, the repeat is refused as a move of the wrong seat.
	if msg := ca.fail("match.play", map[string]any{"table": id, "seat": 0, "move": "a1-b1"}); !strings.Contains(msg, "turn") && !strings.Contains(msg, "drawn") {
		t.Fatalf("an untagged repeat: %q", msg)
	}
	if msg := ca.fail("match.play", map[string]any{"table": id, "seat": 0, "move": "a1-b1", "after": -3}); !strings.Contains(msg, "after") {
		t.Fatalf("a negative after: %q", msg)
	}
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": "a2-b2", "after": 1})
	waitSeq(ca, id, 2)
	for _, m := range pushesOf(cb, id) {
		if m.m["seq"] != float64(1) && m.m["seq"] != float64(2) {
			t.Fatalf("a push beyond the two moves: %s", m.raw)
		}
	}
	if n := len(pushesOf(cb, id)); n != 2 {
		t.Fatalf("Bob got %d match pushes for two moves, one sent four times", n)
	}
}
