package server

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"github.com/parlor-games/parlor/match"
)

// The lobby's two lists, who is online and the tables, change a little
// at a time but are long: a server with a thousand players online would
// send every lobby member the whole list of a thousand names each time
// one of them came or went, a cost that grows with the square of the
// players. A member that joins with "changes" (protocol v5) gets each
// list whole once, then only what changed: lobby.online.diff and
// lobby.tables.diff, each naming the items that are new or different
// and the keys of those gone. Members that join without it get the
// whole lists as before.

// lobbyList is one of the lobby's lists as its members see it: each item's
// JSON by its key (a user's name, a table's id), in the list's order.
// A lobbyList is never changed once made, so members share them.
type lobbyList struct {
	keys  []string
	items map[string]json.RawMessage
	// people, for the table list: the indexes in keys of the tables each
	// person made or sits at, by name, so that a member who asked for a
	// page also gets their own tables past it (lobbypage.go). The online
	// list needs none: a person's own entry is keyed by their name.
	people map[string][]int
	// For a page of a list (lobbypage.go): paged is set, from is the
	// index its first item has in the list, and more tells whether the
	// list goes on past it.
	paged bool
	from  int
	more  bool
}

func newLobbyList(n int) *lobbyList {
	return &lobbyList{keys: make([]string, 0, n), items: make(map[string]json.RawMessage, n)}
}

func (l *lobbyList) add(key string, item json.RawMessage) {
	if _, dup := l.items[key]; dup {
		// The same table can be listed twice for a moment while another
		// node takes it over; the first listing is this node's own.
		return
	}
	l.keys = append(l.keys, key)
	l.items[key] = item
}

// usersList is the online list, sorted by name as the lobby shows it. A
// user's entry is encoded once while it does not change (onlineUser.raw).
func usersList(users []onlineUser) *lobbyList {
	l := newLobbyList(len(users))
	for _, u := range users {
		raw := u.raw
		if raw == nil {
			raw = mustJSON(u)
		}
		l.add(u.Name, raw)
	}
	return l
}

// tablesList is the table list, in the order of tables.listJSON.
func tablesList(tables []TableJSON) *lobbyList {
	l := newLobbyList(len(tables))
	l.people = make(map[string][]int)
	for _, t := range tables {
		if _, dup := l.items[t.ID]; dup {
			continue
		}
		for _, name := range tablePeople(t) {
			l.people[name] = append(l.people[name], len(l.keys))
		}
		l.add(t.ID, mustJSON(t))
	}
	return l
}

// tablePeople are the names of those whose table t is: its creator and
// the people seated (by their own name, for a seat named otherwise).
func tablePeople(t TableJSON) []string {
	names := []string{t.Creator}
	for _, st := range t.Seats {
		switch {
		case st.Kind != match.Human:
		case st.Player != "":
			names = append(names, st.Player)
		case st.Name != "":
			names = append(names, st.Name)
		}
	}
	return names
}

// whole is the push of the whole list: {"t":t,field:[items]}, and for a
// page, its place: ,"from":n,"more":b.
func (l *lobbyList) whole(t, field string) []byte {
	return listPush(t, field, l.ordered(), l.placeTail())
}

// placeTail is a page's place as the end of a push: ,"from":n,"more":b;
// nothing for a whole list.
func (l *lobbyList) placeTail() string {
	if !l.paged {
		return ""
	}
	return `,"from":` + strconv.Itoa(l.from) + `,"more":` + strconv.FormatBool(l.more)
}

// changes is what takes a holder of l to next: the items that are new or
// different, in next's order, and the keys of those gone.
func (l *lobbyList) changes(next *lobbyList) (changed []json.RawMessage, gone []string) {
	for _, k := range next.keys {
		if old, ok := l.items[k]; !ok || !bytes.Equal(old, next.items[k]) {
			changed = append(changed, next.items[k])
		}
	}
	for _, k := range l.keys {
		if _, ok := next.items[k]; !ok {
			gone = append(gone, k)
		}
	}
	return changed, gone
}

// ordered is the list's items in order.
func (l *lobbyList) ordered() []json.RawMessage {
	out := make([]json.RawMessage, len(l.keys))
	for i, k := range l.keys {
		out[i] = l.items[k]
	}
	return out
}

// moreTail is ,"more":b when next is a page whose "more" differs from
// l's, else nothing.
func (l *lobbyList) moreTail(next *lobbyList) string {
	if !next.paged || (l.paged && l.more == next.more) {
		return ""
	}
	return `,"more":` + strconv.FormatBool(next.more)
}

// diffPush is {"t":t,field:[changed],"gone":[gone]more}, or nil when
// there is no change to tell.
func diffPush(t, field string, changed []json.RawMessage, gone []string, more string) []byte {
	if len(changed) == 0 && len(gone) == 0 && more == "" {
		return nil
	}
	if gone == nil {
		gone = []string{}
	}
	return listPush(t, field, changed, `,"gone":`+string(mustJSON(gone))+more)
}

// listPush writes {"t":t,field:[items]tail} by hand, the items being
// JSON already, so that "t" comes first as in every other message.
func listPush(t, field string, items []json.RawMessage, tail string) []byte {
	b := []byte(`{"t":"` + t + `","` + field + `":[`)
	for i, it := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, it...)
	}
	return append(append(b, ']'), tail+"}"...)
}

// lobbyParts names which of the lobby's lists a push brings up to date.
type lobbyParts int

const (
	lobbyOnline lobbyParts = 1 << iota // who is online
	lobbyTables                        // the tables
)

// lobbyLists are the lobby's lists, indexed as lobbyPushes; nil for a
// list not made or not held.
type lobbyLists [2]*lobbyList

// lobbyPushes describes each list's pushes: whole, as changes, and the
// field that carries the items.
var lobbyPushes = [2]struct{ whole, diff, field string }{
	{"lobby.online", "lobby.online.diff", "users"},
	{"lobby.tables", "lobby.tables.diff", "tables"},
}

// leaveLobby ends c's lobby pushes.
func (h *hub) leaveLobby(c *conn) {
	h.mu.Lock()
	delete(h.lobby, c)
	h.mu.Unlock()
}

// lobbyMembers returns the connections that joined the lobby.
func (h *hub) lobbyMembers() []*conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Collect(maps.Keys(h.lobby))
}
