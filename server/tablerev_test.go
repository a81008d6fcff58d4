package server_test

import "testing"

// TestTableDescriptionsCarryAGrowingRev: every description of a table
// that reaches a player (a table push, the answer to table.watch,
// table.sit, table.start) carries a rev, the table pushes arrive in the
// order of their revs, and an answer's rev is above that of every push
// worked out before it; the lobby's lists carry none, so that a rev
// never makes a page of the lobby look changed. A client orders a reply
// and a push by it (docs/protocol.md, Table).
func TestTableDescriptionsCarryAGrowingRev(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	rep := ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}})
	id := tableID(rep)
	rev := func(what string, tj any) float64 {
		t.Helper()
		r, _ := tj.(map[string]any)["rev"].(float64)
		if r <= 0 {
			t.Fatalf("%s carries no rev: %v", what, tj)
		}
		return r
	}
	watched := rev("the answer to table.watch", ca.ok("table.watch", map[string]any{"table": id, "views": false})["table"])
	cb.ok("table.watch", map[string]any{"table": id, "views": false})
	sat := rev("the answer to table.sit", cb.ok("table.sit", map[string]any{"table": id, "seat": 1})["table"])
	started := rev("the answer to table.start", ca.ok("table.start", map[string]any{"table": id})["table"])
	if !(watched < sat && sat < started) {
		t.Fatalf("revs of the answers: watch %v, sit %v, start %v; want them growing", watched, sat, started)
	}
	waitAfter(ca, 0, "the table playing", func(m msg) bool {
		return m.t() == "table" && m.m["table"].(map[string]any)["status"] == "playing"
	})
	last := 0.0
	for _, m := range ca.all() {
		if m.t() != "table" {
			continue
		}
		r := rev("a table push", m.m["table"])
		if r <= last {
			t.Fatalf("table pushes out of order: rev %v after %v", r, last)
		}
		last = r
	}
	ca.ok("lobby.join", nil)
	lobby := ca.waitFor("the lobby's tables", func(m msg) bool { return m.t() == "lobby.tables" })
	for _, tj := range lobby.m["tables"].([]any) {
		if _, ok := tj.(map[string]any)["rev"]; ok {
			t.Fatalf("the lobby lists a table with a rev: %v", tj)
		}
	}
}
