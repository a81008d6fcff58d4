package server

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
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
	for _, t := range tables {
		l.add(t.ID, mustJSON(t))
	}
	return l
}

// whole is the push of the whole list: {"t":t,field:[items]}.
func (l *lobbyList) whole(t, field string) []byte {
	return listPush(t, field, l.ordered(), "")
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

// diff is the push that takes a member who holds l to next:
// {"t":t,field:[new or changed items, in next's order],"gone":[keys]},
// or nil when nothing changed.
func (l *lobbyList) diff(next *lobbyList, t, field string) []byte {
	changed, gone := l.changes(next)
	if len(changed) == 0 && len(gone) == 0 {
		return nil
	}
	if gone == nil {
		gone = []string{}
	}
	return listPush(t, field, changed, `,"gone":`+string(mustJSON(gone)))
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

// lobbyMember is a connection that joined the lobby. For a member that
// asked for changes, held are the lists as it last got them, by part;
// they are read and replaced only under hub.lobbyPush, so that each
// member's pushes follow one another in the order they were computed.
type lobbyMember struct {
	changes bool
	held    lobbyLists
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

// joinLobby subscribes c to the lobby's pushes and sends both lists now;
// with changes, later pushes carry only what changed.
func (h *hub) joinLobby(c *conn, changes bool) {
	h.lobbyPush.Lock()
	defer h.lobbyPush.Unlock()
	lists := h.lobbyLists(lobbyOnline | lobbyTables)
	m := &lobbyMember{changes: changes}
	if changes {
		m.held = lists
	}
	h.mu.Lock()
	h.lobby[c] = m
	h.mu.Unlock()
	for i, l := range lists {
		c.push(l.whole(lobbyPushes[i].whole, lobbyPushes[i].field))
	}
}

// lobbyLists makes the lists which names, leaving the others nil.
func (h *hub) lobbyLists(which lobbyParts) lobbyLists {
	var out lobbyLists
	if which&lobbyOnline != 0 { // lobbyPushes[0]
		h.mu.Lock()
		out[0] = usersList(h.onlineUsersLocked())
		h.mu.Unlock()
	}
	if which&lobbyTables != 0 { // lobbyPushes[1]
		out[1] = tablesList(h.s.tables.listJSON())
	}
	return out
}

// pushLobby brings every lobby member up to date with the lists which
// names: the whole list to a member that did not ask for changes, the
// difference from what it last got to one that did. Members that hold
// the same list (all of them, but for those who joined since the last
// push) share one computed difference.
func (h *hub) pushLobby(which lobbyParts) {
	h.lobbyPush.Lock()
	defer h.lobbyPush.Unlock()
	// A member cannot join meanwhile: joinLobby holds lobbyPush too.
	h.mu.Lock()
	members := maps.Clone(h.lobby)
	h.mu.Unlock()
	if len(members) == 0 {
		return
	}
	lists := h.lobbyLists(which)
	for i, next := range lists {
		if next == nil {
			continue
		}
		kind := lobbyPushes[i]
		var whole []byte
		diffs := map[*lobbyList][]byte{}
		for c, m := range members {
			if !m.changes {
				if whole == nil {
					whole = next.whole(kind.whole, kind.field)
				}
				c.push(whole)
				continue
			}
			d, ok := diffs[m.held[i]]
			if !ok {
				d = m.held[i].diff(next, kind.diff, kind.field)
				diffs[m.held[i]] = d
			}
			m.held[i] = next
			if d != nil {
				c.push(d)
			}
		}
	}
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
