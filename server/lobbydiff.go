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
	var b bytes.Buffer
	b.WriteString(`{"t":"` + t + `","` + field + `":[`)
	for i, k := range l.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(l.items[k])
	}
	b.WriteString("]}")
	return b.Bytes()
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
	// Written by hand, as whole is, so that "t" comes first as in every
	// other message.
	var b bytes.Buffer
	b.WriteString(`{"t":"` + t + `","` + field + `":[`)
	b.Write(bytes.Join(toBytes(changed), []byte(",")))
	b.WriteString(`],"gone":`)
	if gone == nil {
		gone = []string{}
	}
	b.Write(mustJSON(gone))
	b.WriteString("}")
	return b.Bytes()
}

func toBytes(raws []json.RawMessage) [][]byte {
	out := make([][]byte, len(raws))
	for i, r := range raws {
		out[i] = r
	}
	return out
}

// lobbyMember is a connection that joined the lobby. For a member that
// asked for changes, users and tables are the lists as it last got them;
// they are read and replaced only under hub.lobbyPush, so that each
// member's pushes follow one another in the order they were computed.
type lobbyMember struct {
	changes       bool
	users, tables *lobbyList
}

// lobbyParts names which of the lobby's lists a push brings up to date.
type lobbyParts int

const (
	lobbyOnline lobbyParts = 1 << iota // who is online
	lobbyTables                        // the tables
)

// joinLobby subscribes c to the lobby's pushes and sends both lists now;
// with changes, later pushes carry only what changed.
func (h *hub) joinLobby(c *conn, changes bool) {
	h.lobbyPush.Lock()
	defer h.lobbyPush.Unlock()
	users, tables := h.lobbyLists(lobbyOnline | lobbyTables)
	m := &lobbyMember{changes: changes}
	if changes {
		m.users, m.tables = users, tables
	}
	h.mu.Lock()
	h.lobby[c] = m
	h.mu.Unlock()
	c.push(users.whole("lobby.online", "users"))
	c.push(tables.whole("lobby.tables", "tables"))
}

// lobbyLists makes the lists which names (lobbyOnline, lobbyTables), nil
// for the other.
func (h *hub) lobbyLists(which lobbyParts) (users, tables *lobbyList) {
	if which&lobbyOnline != 0 {
		h.mu.Lock()
		users = usersList(h.onlineUsersLocked())
		h.mu.Unlock()
	}
	if which&lobbyTables != 0 {
		tables = tablesList(h.s.tables.listJSON())
	}
	return users, tables
}

// pushLobby brings every lobby member up to date with the lists which
// names: the whole list to a member that did not ask for changes, the
// difference from what it last got to one that did. Members that hold
// the same list (all of them, but for those who joined since the last
// push) share one computed difference.
func (h *hub) pushLobby(which lobbyParts) {
	h.lobbyPush.Lock()
	defer h.lobbyPush.Unlock()
	h.mu.Lock()
	if len(h.lobby) == 0 {
		h.mu.Unlock()
		return
	}
	h.mu.Unlock()
	users, tables := h.lobbyLists(which)
	h.mu.Lock()
	members := make([]*conn, 0, len(h.lobby))
	for c := range h.lobby {
		members = append(members, c)
	}
	state := make([]*lobbyMember, len(members))
	for i, c := range members {
		state[i] = h.lobby[c]
	}
	h.mu.Unlock()

	type list struct {
		next            *lobbyList
		t, diffT, field string
		get             func(*lobbyMember) **lobbyList
	}
	var lists []list
	if users != nil {
		lists = append(lists, list{users, "lobby.online", "lobby.online.diff", "users", func(m *lobbyMember) **lobbyList { return &m.users }})
	}
	if tables != nil {
		lists = append(lists, list{tables, "lobby.tables", "lobby.tables.diff", "tables", func(m *lobbyMember) **lobbyList { return &m.tables }})
	}
	for _, l := range lists {
		var whole []byte
		diffs := map[*lobbyList][]byte{}
		for i, c := range members {
			m := state[i]
			if !m.changes {
				if whole == nil {
					whole = l.next.whole(l.t, l.field)
				}
				c.push(whole)
				continue
			}
			held := l.get(m)
			d, ok := diffs[*held]
			if !ok {
				d = (*held).diff(l.next, l.diffT, l.field)
				diffs[*held] = d
			}
			*held = l.next
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
