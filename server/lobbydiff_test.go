package server

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/store"
)

// applyPush feeds one server push to a client.Lobby, the Go client's
// keeper of the lobby's lists.
func applyPush(t *rapid.T, l *client.Lobby, b []byte) {
	var head struct {
		T string `json:"t"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		t.Fatalf("push %s: %v", b, err)
	}
	if ok, err := l.Apply(client.Push{T: head.T, Raw: b}); !ok || err != nil {
		t.Fatalf("push %s: list %v, %v", b, ok, err)
	}
}

// TestLobbyChangesKeepTheSameLists: whatever the lists were and became
// (players coming, going and changing their counts; tables made, changed
// and dropped), a member that holds the old lists and applies the
// changes the server sends holds exactly the lists the server would send
// whole, in the same order. The two ends are the server's diff and the
// client package's Lobby.Apply, as they run.
func TestLobbyChangesKeepTheSameLists(t *testing.T) {
	names := []string{"Ann", "bob", "Carl", "dee", "Eve", "finn", "Gus"}
	usersGen := func(label string) *rapid.Generator[[]onlineUser] {
		return rapid.Custom(func(t *rapid.T) []onlineUser {
			var users []onlineUser
			for i, n := range names {
				if rapid.Bool().Draw(t, fmt.Sprintf("%s-%d-on", label, i)) {
					played := rapid.Int64Range(0, 3).Draw(t, fmt.Sprintf("%s-%d-played", label, i))
					users = append(users, onlineUser{Name: n, Guest: i%2 == 0, Stats: map[string]GameStats{"dots": {Played: played, Won: played / 2}}})
				}
			}
			sortOnline(users)
			return users
		})
	}
	statuses := []store.TableStatus{store.TableOpen, store.TablePlaying, store.TableOver}
	table := func(t *rapid.T, i int, label string) TableJSON {
		status := rapid.SampledFrom(statuses).Draw(t, label)
		return TableJSON{ID: fmt.Sprintf("t%02d", i), Game: "dots", Options: json.RawMessage(`{}`), Status: status,
			Seats: []SeatJSON{{Kind: "human", Name: names[i%len(names)]}, {Kind: "open"}}}
	}
	// tablesGen makes the old table list and the new one: tables of the
	// old list stay (perhaps changed) or go, and tables made since come
	// after them, as a server lists its tables oldest first.
	tablesGen := func(t *rapid.T) (old, cur []TableJSON) {
		n := 0
		for i := range rapid.IntRange(0, 6).Draw(t, "old tables") {
			old = append(old, table(t, n, fmt.Sprintf("old t%d", i)))
			n++
		}
		for i, tb := range old {
			if rapid.Bool().Draw(t, fmt.Sprintf("keep t%d", i)) {
				if rapid.Bool().Draw(t, fmt.Sprintf("change t%d", i)) {
					tb.Status = rapid.SampledFrom(statuses).Draw(t, fmt.Sprintf("new status t%d", i))
				}
				cur = append(cur, tb)
			}
		}
		for i := range rapid.IntRange(0, 3).Draw(t, "new tables") {
			cur = append(cur, table(t, n, fmt.Sprintf("new t%d", i)))
			n++
		}
		return old, cur
	}
	rapid.Check(t, func(t *rapid.T) {
		oldUsers, newUsers := usersList(usersGen("old").Draw(t, "old users")), usersList(usersGen("new").Draw(t, "new users"))
		oldT, newT := tablesGen(t)
		oldTables, newTables := tablesList(oldT), tablesList(newT)

		var kept, whole client.Lobby
		applyPush(t, &kept, oldUsers.whole("lobby.online", "users"))
		applyPush(t, &kept, oldTables.whole("lobby.tables", "tables"))
		if d := newPageDiff(oldUsers, newUsers, "lobby.online.diff", "users").push; d != nil {
			applyPush(t, &kept, d)
		}
		if d := newPageDiff(oldTables, newTables, "lobby.tables.diff", "tables").push; d != nil {
			applyPush(t, &kept, d)
		}
		applyPush(t, &whole, newUsers.whole("lobby.online", "users"))
		applyPush(t, &whole, newTables.whole("lobby.tables", "tables"))

		if !reflect.DeepEqual(kept, whole) {
			t.Fatalf("lists kept from changes:\n%+v\nwhole:\n%+v", kept, whole)
		}
		if d := newPageDiff(newUsers, newUsers, "lobby.online.diff", "users").push; d != nil {
			t.Fatalf("no change made a push: %s", d)
		}
	})
}

// BenchmarkLobbyArrival is the lobby's cost of one player arriving while
// n are online, per flush: the list is made and encoded once, then each
// member is sent either the whole list (protocol v4) or the change (v5).
// bytes/member is what each member's connection carries for it; ns/op
// is the server's work per flush, apart from queueing the pushes.
func BenchmarkLobbyArrival(b *testing.B) {
	for _, n := range []int{100, 1000} {
		users := make([]onlineUser, n)
		for i := range users {
			users[i] = onlineUser{Name: fmt.Sprintf("player%04d", i), Stats: map[string]GameStats{"dots": {Played: int64(i % 7), Won: int64(i % 3)}, "clue": {Played: 2, Won: 1}}}
		}
		before := usersList(users[:n-1])
		// Those already online are encoded from before (presence.entry);
		// the one arriving is encoded in the flush.
		for i := range n - 1 {
			users[i].raw = before.items[users[i].Name]
		}
		for _, mode := range []string{"whole", "changes"} {
			b.Run(fmt.Sprintf("online=%d/%s", n, mode), func(b *testing.B) {
				var sent int
				for b.Loop() {
					next := usersList(users)
					var msg []byte
					if mode == "whole" {
						msg = next.whole("lobby.online", "users")
					} else {
						msg = newPageDiff(before, next, "lobby.online.diff", "users").push
					}
					sent = len(msg)
				}
				b.ReportMetric(float64(sent), "bytes/member")
			})
		}
	}
}

// TestNodeLobbyChangesInOrder: another node's part of the lobby is kept
// from its changes in order, starting from its first message or from the
// whole part it sends when asked; a change after a lost message, or a
// beat naming a message not seen, is not applied, and the node is asked
// once for its whole part, so the lobby is at worst a beat old, never
// wrong; an old or repeated message changes nothing, and a beat with
// nothing missed asks for nothing.
func TestNodeLobbyChangesInOrder(t *testing.T) {
	user := func(id int64, name string, played int64) json.RawMessage {
		return mustJSON(remoteUser{ID: id, onlineUser: onlineUser{Name: name, Stats: map[string]GameStats{"dots": {Played: played}}}})
	}
	table := func(id string, status store.TableStatus) json.RawMessage {
		return mustJSON(TableJSON{ID: id, Game: "dots", Status: status})
	}
	l := remoteLobby{nodes: map[int64]*nodeLobby{}}
	apply := func(st lobbyState, wantChanged, wantAsk bool) {
		t.Helper()
		st.Node = 7
		changed, ask := l.applyLocked(st)
		if changed != wantChanged || ask != wantAsk {
			t.Fatalf("message %d (whole %v, beat %v): changed %v and ask %v, want %v and %v", st.Seq, st.Whole, st.Beat, changed, ask, wantChanged, wantAsk)
		}
	}
	// answered is the request for the whole part done (relay.askWhole).
	answered := func(st lobbyState) {
		t.Helper()
		st.Whole = true
		apply(st, true, false)
		l.nodes[7].asking = false
	}
	seen := func() (users, tables string) {
		n := l.nodes[7]
		var us, ts []string
		for _, u := range n.users {
			us = append(us, fmt.Sprintf("%s:%d", u.Name, u.Stats["dots"].Played))
		}
		for _, tb := range n.tables {
			ts = append(ts, tb.ID+":"+string(tb.Status))
		}
		slices.Sort(us)
		slices.Sort(ts)
		return fmt.Sprint(us), fmt.Sprint(ts)
	}
	check := func(when, users, tables string) {
		t.Helper()
		if u, tb := seen(); u != users || tb != tables {
			t.Fatalf("%s: users %s tables %s, want %s and %s", when, u, tb, users, tables)
		}
	}

	// A node first heard of at its message 2: its part is asked for, once.
	apply(lobbyState{Seq: 2, Users: []json.RawMessage{user(1, "Ann", 0)}}, false, true)
	apply(lobbyState{Seq: 3, Users: []json.RawMessage{user(2, "Bob", 0)}}, false, false)
	check("before the whole part", "[]", "[]")
	answered(lobbyState{Seq: 3, Users: []json.RawMessage{user(1, "Ann", 0), user(2, "Bob", 0)}, Tables: []json.RawMessage{table("t1", store.TableOpen)}})
	check("whole", "[Ann:0 Bob:0]", "[t1:open]")
	apply(lobbyState{Seq: 3, Beat: true}, false, false)
	apply(lobbyState{Seq: 4, Users: []json.RawMessage{user(3, "Cy", 0), user(1, "Ann", 1)}, UsersGone: []string{"2"},
		Tables: []json.RawMessage{table("t1", store.TablePlaying), table("t2", store.TableOpen)}}, true, false)
	check("changes 4", "[Ann:1 Cy:0]", "[t1:playing t2:open]")
	apply(lobbyState{Seq: 4, UsersGone: []string{"1"}}, false, false) // a repeat
	check("a repeat of 4", "[Ann:1 Cy:0]", "[t1:playing t2:open]")
	apply(lobbyState{Seq: 6, TablesGone: []string{"t1"}}, false, true) // 5 was lost
	apply(lobbyState{Seq: 7, UsersGone: []string{"3"}}, false, false)
	check("after a lost message", "[Ann:1 Cy:0]", "[t1:playing t2:open]")
	answered(lobbyState{Seq: 7, Users: []json.RawMessage{user(1, "Ann", 2)}, Tables: []json.RawMessage{table("t2", store.TablePlaying)}})
	check("the whole part", "[Ann:2]", "[t2:playing]")
	apply(lobbyState{Seq: 8, Tables: []json.RawMessage{table("t3", store.TableOpen)}}, true, false)
	check("changes after it", "[Ann:2]", "[t2:playing t3:open]")
	// Message 9 was lost and nothing followed but the beat.
	apply(lobbyState{Seq: 9, Beat: true}, false, true)
	answered(lobbyState{Seq: 9, Users: []json.RawMessage{user(1, "Ann", 2)}, Tables: []json.RawMessage{table("t3", store.TableOpen)}})
	check("after a beat told of a lost message", "[Ann:2]", "[t3:open]")
	apply(lobbyState{Seq: 8, Whole: true, Users: []json.RawMessage{user(1, "Ann", 9)}}, false, false)
	check("an answer older than what is held", "[Ann:2]", "[t3:open]")
}

// TestNodeLobbyFirstMessage: a node's first message holds its whole part
// as new, so a node that hears it needs to ask for nothing.
func TestNodeLobbyFirstMessage(t *testing.T) {
	l := remoteLobby{nodes: map[int64]*nodeLobby{}}
	st := lobbyState{Node: 3, Seq: 1, Tables: []json.RawMessage{mustJSON(TableJSON{ID: "t1", Game: "dots", Status: store.TableOpen})}}
	if changed, ask := l.applyLocked(st); !changed || ask {
		t.Fatalf("the first message: changed %v, ask %v", changed, ask)
	}
	if _, ok := l.nodes[3].tables["t1"]; !ok {
		t.Fatal("the first message's table is not held")
	}
}

// TestNodeLobbySplitMessages: changes too long for one message on the bus
// go as several numbered one after another, and a whole part as several
// parts of one number; either way a node that takes them in holds what
// one message would have told it.
func TestNodeLobbySplitMessages(t *testing.T) {
	var tables []json.RawMessage
	for i := range 40 {
		tables = append(tables, mustJSON(TableJSON{ID: fmt.Sprintf("t%02d", i), Game: "dots", Status: store.TableOpen}))
	}
	user := mustJSON(remoteUser{ID: 1, onlineUser: onlineUser{Name: "Ann"}})
	changes := lobbyState{Node: 5, Seq: 1, Users: []json.RawMessage{user}, Tables: tables}
	parts := splitState(changes, 400)
	if len(parts) < 5 {
		t.Fatalf("40 tables in %d messages of at most 400 bytes of items", len(parts))
	}
	l := remoteLobby{nodes: map[int64]*nodeLobby{}}
	for i, m := range parts {
		if m.Seq != uint64(i+1) || m.Parts != 0 {
			t.Fatalf("changes message %d numbered %d, parts %d", i, m.Seq, m.Parts)
		}
		if changed, ask := l.applyLocked(m); !changed || ask {
			t.Fatalf("changes message %d: changed %v, ask %v", i, changed, ask)
		}
	}
	if n := l.nodes[5]; len(n.tables) != 40 || len(n.users) != 1 || n.seq != uint64(len(parts)) {
		t.Fatalf("after the split changes: %d tables, %d users, at %d", len(n.tables), len(n.users), n.seq)
	}

	whole := lobbyState{Node: 5, Seq: 9, Whole: true, Tables: tables}
	parts = splitState(whole, 400)
	for i, m := range parts {
		if m.Seq != 9 || m.Part != i+1 || m.Parts != len(parts) || !m.Whole {
			t.Fatalf("whole part message %d: seq %d, part %d of %d", i, m.Seq, m.Part, m.Parts)
		}
	}
	if short := splitState(lobbyState{Node: 5, Seq: 3, Beat: true}, 400); len(short) != 1 || short[0].Parts != 0 {
		t.Fatalf("a beat split into %+v", short)
	}
}
