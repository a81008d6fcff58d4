package server_test

import (
	"testing"
	"time"
)

// TestLoadedCopyIsToldApart (issue 32, point 10): a Dots and Boxes game
// saved and loaded while still in play makes a second table of the same
// game and players; the table says when it was made and that it is a
// copy, where the game it was saved from says neither, so that a lobby
// can tell the two apart.
func TestLoadedCopyIsToldApart(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann")
	ca := ann.dial()
	before := time.Now().Add(-time.Minute)
	orig := ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}})["table"].(map[string]any)
	id := orig["id"].(string)
	ca.ok("table.watch", map[string]any{"table": id})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "a1-b1"})
	waitSeq(ca, id, 2)
	save := savedID(ca.ok("match.save", map[string]any{"table": id, "name": "opening"}))
	cp := ca.ok("match.load", map[string]any{"save": save})["table"].(map[string]any)
	if _, ok := orig["copy"]; ok {
		t.Fatalf("the game in play says it is a copy: %v", orig)
	}
	if cp["copy"] != true {
		t.Fatalf("the loaded table does not say it is a copy: %v", cp)
	}
	for _, tb := range []map[string]any{orig, cp} {
		at, err := time.Parse(time.RFC3339Nano, tb["created"].(string))
		if err != nil || at.Before(before) || at.After(time.Now().Add(time.Minute)) {
			t.Fatalf("table %v was created at %v (%v)", tb["id"], tb["created"], err)
		}
	}
}
