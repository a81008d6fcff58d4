package server_test

import (
	"reflect"
	"strings"
	"testing"
)

// lobbyTableIDs is the ids of the tables c holds from its lobby pushes,
// in order.
func lobbyTableIDs(t *testing.T, c *client) []string {
	t.Helper()
	l, _, _ := lobbyOf(t, c)
	var ids []string
	for _, tb := range l.Tables {
		ids = append(ids, tb.ID)
	}
	return ids
}

// TestLobbyFirstPage (since v6): a member who joins the lobby with a page
// gets the first tables of the list, in the list's order, and their own
// tables past them, not the whole list; changes reach them only for the
// tables they hold: a table made or changed past the page costs them
// nothing, a change on the page or at their own table is one push.
func TestLobbyFirstPage(t *testing.T) {
	e := newEnv(t)
	dots := map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2}, "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}
	ann := e.guest("Ann").dial()
	bob := e.guest("Bob").dial()
	var ids []string
	for _, c := range []*client{ann, ann, ann, bob} {
		ids = append(ids, tableID(c.ok("table.create", dots)))
	}
	// Eve gets the whole lists, as before: the reference for what happened.
	eve := e.guest("Eve").dial()
	eve.ok("lobby.join", map[string]any{"changes": true})
	dee := e.guest("Dee").dial()
	dee.ok("lobby.join", map[string]any{"changes": true, "page": 2})
	bob.ok("lobby.join", map[string]any{"changes": true, "page": 2})
	if got := lobbyTableIDs(t, eve); !reflect.DeepEqual(got, ids) {
		t.Fatalf("the whole list %v, want %v", got, ids)
	}
	if got, want := lobbyTableIDs(t, dee), ids[:2]; !reflect.DeepEqual(got, want) {
		t.Fatalf("Dee's first page %v, want the first two tables %v", got, want)
	}
	if got, want := lobbyTableIDs(t, bob), []string{ids[0], ids[1], ids[3]}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Bob's first page %v, want the first two tables and his own %v", got, want)
	}

	// A table made past the page: Bob's own reaches him, nobody's reaches
	// Dee. Eve's whole list and then Finn's arrival, pushed after it, mark
	// the moment by which Dee would have heard of it.
	ids = append(ids, tableID(bob.ok("table.create", dots)))
	bob.waitFor("his new table", func(m msg) bool {
		return m.t() == "lobby.tables.diff" && strings.Contains(string(m.raw), ids[4])
	})
	eve.waitFor("the new table", func(m msg) bool {
		return m.t() == "lobby.tables.diff" && strings.Contains(string(m.raw), ids[4])
	})
	e.guest("Finn").dial()
	dee.waitFor("Finn online", func(m msg) bool {
		return m.t() == "lobby.online.diff" && strings.Contains(string(m.raw), `"Finn"`)
	})
	for _, m := range dee.all() {
		if m.t() == "lobby.tables.diff" {
			t.Fatalf("Dee heard of a table past her page: %s", m.raw)
		}
	}
	if got, want := lobbyTableIDs(t, bob), []string{ids[0], ids[1], ids[3], ids[4]}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Bob's lobby %v, want %v", got, want)
	}

	// A change on the page is one push naming that table only.
	eve.ok("table.sit", map[string]any{"table": ids[1], "seat": 1})
	d := dee.waitFor("Eve at the second table", func(m msg) bool { return m.t() == "lobby.tables.diff" })
	if !strings.Contains(string(d.raw), ids[1]) || strings.Contains(string(d.raw), ids[0]) || strings.Contains(string(d.raw), ids[2]) {
		t.Fatalf("the change on the page: %s", d.raw)
	}
	if got, want := lobbyTableIDs(t, dee), ids[:2]; !reflect.DeepEqual(got, want) {
		t.Fatalf("Dee's page after the change %v, want %v", got, want)
	}

	// Joining again sends the page whole, now with Dee's own table.
	own := tableID(dee.ok("table.create", dots))
	dee.ok("lobby.join", map[string]any{"changes": true, "page": 2})
	dee.waitFor("her own table", func(m msg) bool {
		return m.t() == "lobby.tables" && strings.Contains(string(m.raw), own)
	})
	if e := dee.fail("lobby.join", map[string]any{"page": -1}); !strings.Contains(e, "page") {
		t.Fatalf("a negative page: %q", e)
	}
}
