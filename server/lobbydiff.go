package server

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"

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
	// page also gets their own tables past it (see page).
	people map[string][]int
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

// page is what a member who asked for a first page of n tables holds
// (since v6): the first n tables of l, in l's order, then the member's
// own tables past them, in l's order too. A lobby of ten thousand tables
// would otherwise cost each member who joins all ten thousand, and every
// change anywhere in the list a push to everyone; with a page, a change
// past it reaches only those whose table it is. pages holds the first
// pages made so far for this l, by n: members with no table past the page
// share one, and so share one computed difference.
func (l *lobbyList) page(n int, name string, pages map[int]*lobbyList) *lobbyList {
	if n >= len(l.keys) {
		return l
	}
	var own []int
	for _, i := range l.people[name] {
		if i >= n && (len(own) == 0 || own[len(own)-1] != i) {
			own = append(own, i)
		}
	}
	if len(own) == 0 && pages[n] != nil {
		return pages[n]
	}
	p := newLobbyList(n + len(own))
	for _, k := range l.keys[:n] {
		p.add(k, l.items[k])
	}
	for _, i := range own {
		p.add(l.keys[i], l.items[l.keys[i]])
	}
	if len(own) == 0 {
		pages[n] = p
	}
	return p
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
	// page, when positive, is how many of the first tables the member
	// asked for (since v6); name is the member's, whose own tables come
	// with the page.
	page int
	name string
}

// view is what of the lists m is sent: the lists themselves, but for a
// member who asked for a page of tables, that page. pages is shared by
// the members of one push (see lobbyList.page).
func (m *lobbyMember) view(i int, l *lobbyList, pages map[int]*lobbyList) *lobbyList {
	if i != 1 || m.page <= 0 { // lobbyPushes[1] is the tables
		return l
	}
	return l.page(m.page, m.name, pages)
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
// with changes, later pushes carry only what changed; with a positive
// page, the tables are the first page of that many and c's own.
func (h *hub) joinLobby(c *conn, changes bool, page int) {
	h.lobbyPush.Lock()
	defer h.lobbyPush.Unlock()
	lists := h.lobbyLists(lobbyOnline | lobbyTables)
	m := &lobbyMember{changes: changes, page: page, name: c.user.Name}
	for i, l := range lists {
		lists[i] = m.view(i, l, map[int]*lobbyList{})
	}
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
		wholes := map[*lobbyList][]byte{}
		type step struct{ from, to *lobbyList }
		diffs := map[step][]byte{}
		pages := map[int]*lobbyList{}
		for c, m := range members {
			view := m.view(i, next, pages)
			if !m.changes {
				w, ok := wholes[view]
				if !ok {
					w = view.whole(kind.whole, kind.field)
					wholes[view] = w
				}
				c.push(w)
				continue
			}
			st := step{m.held[i], view}
			d, ok := diffs[st]
			if !ok {
				d = m.held[i].diff(view, kind.diff, kind.field)
				diffs[st] = d
			}
			m.held[i] = view
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
