package server_test

import (
	"testing"
)

// A move sent while its table is being handed over to another node
// waits, and is answered once the hand-over ends, never refused; here
// the hand-over is called off, so the move is played on this node. The
// gate is the table's: meanwhile the other player's messages that do
// not name the table are answered.
func TestMoveDuringHandOverWaitsAndIsAnswered(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann").dial(), e.guest("Bob").dial()
	id := tableID(ann.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
	bob.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ann.ok("table.start", map[string]any{"table": id})
	ann.ok("table.watch", map[string]any{"table": id})

	callOff := e.srv.HoldTable(id)
	ann.send(map[string]any{"t": "match.play", "id": 77, "table": id, "seat": 0, "move": "a1-b1"})
	bob.ok("lobby.join", nil)
	for _, m := range ann.all() {
		if m.t() == "reply" && m.m["id"] == float64(77) {
			t.Fatalf("a move was answered while its table was held: %s", m.raw)
		}
	}
	callOff()
	r := ann.waitFor("the move's reply", func(m msg) bool { return m.t() == "reply" && m.m["id"] == float64(77) })
	if r.m["ok"] != true || r.m["seq"] != float64(1) {
		t.Fatalf("the move held during a hand-over was answered %s, want ok at seq 1", r.raw)
	}
}
