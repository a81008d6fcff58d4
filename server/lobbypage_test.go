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

// lobbyNames is the names c holds in the lobby's online list, in order.
func lobbyNames(t *testing.T, c *client) []string {
	t.Helper()
	l, _, _ := lobbyOf(t, c)
	var names []string
	for _, u := range l.Online {
		names = append(names, u.Name)
	}
	return names
}

// TestLobbyOnlinePage (since v6): a member who joins with a page of the
// online list gets that page, sorted by name, and their own entry past
// it, not everyone; someone arriving past the page is news to nobody on
// it, someone arriving on it is one push naming them, and the page says
// whether the list goes on past it.
func TestLobbyOnlinePage(t *testing.T) {
	e := newEnv(t)
	for _, n := range []string{"Ann", "Bob", "Cy"} {
		e.guest(n).dial()
	}
	zed := e.guest("Zed").dial()
	zed.ok("lobby.join", map[string]any{"changes": true, "online": 2})
	eve := e.guest("Eve").dial()
	eve.ok("lobby.join", map[string]any{"changes": true})
	if got, want := lobbyNames(t, zed), []string{"Ann", "Bob", "Zed"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Zed's page %v, want the first two and his own %v", got, want)
	}
	if l, _, _ := lobbyOf(t, zed); l.OnlinePage == nil || l.OnlinePage.From != 0 || !l.OnlinePage.More {
		t.Fatalf("Zed's page's place %+v, want from 0 with more", l.OnlinePage)
	}

	// Finn comes past Zed's page: Eve hears of him, Zed of nothing.
	e.guest("Finn").dial()
	eve.waitFor("Finn online", func(m msg) bool { return lobbyHas(m, "Finn") })
	// Aaron comes onto the page: one push, naming him, Bob gone from it.
	e.guest("Aaron").dial()
	d := zed.waitFor("Aaron online", func(m msg) bool { return lobbyHas(m, "Aaron") })
	for _, m := range zed.all() {
		if lobbyHas(m, "Finn") {
			t.Fatalf("Zed heard of Finn, past his page: %s", m.raw)
		}
	}
	if d.t() != "lobby.online.diff" || !strings.Contains(string(d.raw), `"gone":["Bob"]`) {
		t.Fatalf("Aaron onto the page: %s", d.raw)
	}
	if got, want := lobbyNames(t, zed), []string{"Aaron", "Ann", "Zed"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Zed's page after Aaron %v, want %v", got, want)
	}

	// The next page, from the third.
	zed.ok("lobby.join", map[string]any{"changes": true, "online": 2, "onlineFrom": 2})
	zed.waitFor("the next page", func(m msg) bool {
		return m.t() == "lobby.online" && strings.Contains(string(m.raw), `"from":2`)
	})
	if got, want := lobbyNames(t, zed), []string{"Bob", "Cy", "Zed"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Zed's second page %v, want %v", got, want)
	}
	for _, bad := range []map[string]any{{"online": 501}, {"online": 2, "onlineFrom": -1}, {"onlineFrom": 3}} {
		if e := zed.fail("lobby.join", bad); !strings.Contains(e, "online") {
			t.Fatalf("lobby.join %v: %q", bad, e)
		}
	}
}

// lobbyHas reports whether m is a push of the online list naming name.
func lobbyHas(m msg, name string) bool {
	return strings.HasPrefix(m.t(), "lobby.online") && strings.Contains(string(m.raw), `"name":"`+name+`"`)
}

// TestLobbyTablesNextPage (since v6): a member may ask for a later page
// of the tables, from the n-th; their own tables come with it wherever
// they are in the list, and the page says whether there are more past
// it, which a table made past it turns on with one small push.
func TestLobbyTablesNextPage(t *testing.T) {
	e := newEnv(t)
	dots := map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2}, "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}
	ann := e.guest("Ann").dial()
	dee := e.guest("Dee").dial()
	var ids []string
	for _, c := range []*client{dee, ann, ann, ann} {
		ids = append(ids, tableID(c.ok("table.create", dots)))
	}
	dee.ok("lobby.join", map[string]any{"changes": true, "page": 2, "from": 2})
	dee.waitFor("the second page", func(m msg) bool { return m.t() == "lobby.tables" })
	if got, want := lobbyTableIDs(t, dee), []string{ids[2], ids[3], ids[0]}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Dee's second page %v, want the third and fourth tables and her own %v", got, want)
	}
	if l, _, _ := lobbyOf(t, dee); l.TablesPage == nil || l.TablesPage.From != 2 || l.TablesPage.More {
		t.Fatalf("the second page's place %+v, want from 2 and no more", l.TablesPage)
	}
	ids = append(ids, tableID(ann.ok("table.create", dots)))
	d := dee.waitFor("more tables", func(m msg) bool { return m.t() == "lobby.tables.diff" })
	if string(d.raw) != `{"t":"lobby.tables.diff","tables":[],"gone":[],"more":true}` {
		t.Fatalf("a table past the page: %s", d.raw)
	}
	if e := dee.fail("lobby.join", map[string]any{"from": 2}); !strings.Contains(e, "page") {
		t.Fatalf("a from with no page: %q", e)
	}
}

// TestLobbyFirstPageHoldsTablesToJoin: a table with a seat to take comes
// before the games in play in the lobby's list, so that on a busy server
// the first page shows it, though it was made after them.
func TestLobbyFirstPageHoldsTablesToJoin(t *testing.T) {
	e := newEnv(t)
	vsBot := map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2}, "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}}
	open := map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2}, "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}
	ann := e.guest("Ann").dial()
	var playing []string
	for range 3 {
		playing = append(playing, tableID(ann.ok("table.create", vsBot)))
	}
	toJoin := tableID(e.guest("Bob").dial().ok("table.create", open))
	dee := e.guest("Dee").dial()
	dee.ok("lobby.join", map[string]any{"changes": true, "page": 2})
	if got, want := lobbyTableIDs(t, dee), []string{toJoin, playing[0]}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Dee's first page %v, want the table to join, then the oldest game in play %v", got, want)
	}
}
