package server_test

import (
	"strings"
	"testing"
)

// TestHotSeatNames (issue 21, names at one screen): a table whose seats
// are all its creator's takes a name for each, which every seat list
// shows, with the creator as each seat's player; a name is checked as a
// user name is and refused with the reason, never cut, and names are
// refused for a table played online and for two seats alike.
func TestHotSeatNames(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann").dial()
	dots := func(seats ...map[string]any) map[string]any {
		list := make([]any, len(seats))
		for i, s := range seats {
			list[i] = s
		}
		return map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3}, "seats": list}
	}
	me := func(name string) map[string]any {
		if name == "" {
			return map[string]any{"kind": "me"}
		}
		return map[string]any{"kind": "me", "name": name}
	}
	rep := ann.ok("table.create", dots(me(" Anna "), me("Ben")))
	seats := rep["table"].(map[string]any)["seats"].([]any)
	for i, want := range []string{"Anna", "Ben"} {
		s := seats[i].(map[string]any)
		if s["name"] != want || s["player"] != "Ann" || s["mine"] != true {
			t.Fatalf("seat %d: %v, want named %s, played by Ann", i, s, want)
		}
	}
	// The names are the table's, for everyone watching it.
	bob := e.guest("Bob").dial()
	w := bob.ok("table.watch", map[string]any{"table": tableID(rep)})
	if s := w["table"].(map[string]any)["seats"].([]any)[1].(map[string]any); s["name"] != "Ben" {
		t.Fatalf("a watcher sees seat 1 as %v", s)
	}
	// A seat left unnamed keeps its holder's name, with no player.
	rep = ann.ok("table.create", dots(me("Anna"), me("")))
	if s := rep["table"].(map[string]any)["seats"].([]any)[1].(map[string]any); s["name"] != "Ann" || s["player"] != nil {
		t.Fatalf("an unnamed seat at one screen: %v", s)
	}

	for _, c := range []struct {
		req  map[string]any
		want string
	}{
		{dots(me(strings.Repeat("x", 25)), me("Ben")), "Player 1's name: the name is 25 characters long; the limit is 24"},
		{dots(me("Anna"), me("Ben!")), "Player 2's name: the name may hold only letters"},
		{dots(me("Anna"), me("anna")), "Players 1 and 2 are both called anna"},
		{dots(me("Anna"), map[string]any{"kind": "open"}), "Player 1: seats are named only at a table played at one screen"},
		{dots(me(""), map[string]any{"kind": "bot", "level": "easy", "name": "Zed"}), "Player 2: only a seat of yours takes a name"},
	} {
		if got := ann.fail("table.create", c.req); !strings.Contains(got, c.want) {
			t.Errorf("create %v: %q, want %q", c.req["seats"], got, c.want)
		}
	}
}
