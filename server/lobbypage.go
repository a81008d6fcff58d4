package server

import (
	"bytes"
	"encoding/json"
	"maps"
)

// Pages of the lobby (since v6). A lobby of ten thousand players and ten
// thousand tables would cost each member who joins both lists whole, and
// each arrival a push to every member. A member may instead ask for a
// page of either list: n items from the from-th, in the list's order,
// then their own items outside it (the tables they made or sit at, their
// own entry in the online list), in the list's order too. A change
// reaches a member only when it changes what they hold: members who hold
// the same page, which is most of them, share one computed difference,
// and a change outside a page is news only to those whose item it is.

// pageKey names a page of a list: n items from the from-th.
type pageKey struct{ from, n int }

// lobbyView is what a member holds of one list: the list itself, or a
// page of it shared by the members who asked for the same one, then the
// member's own items outside the page.
type lobbyView struct {
	page *lobbyList
	own  []ownItem
}

// ownItem is one of a member's own items outside their page.
type ownItem struct {
	key string
	raw json.RawMessage
}

// window is the page k of l, made once per push and list and shared
// through cache by every member who asked for it.
func (l *lobbyList) window(k pageKey, cache map[pageKey]*lobbyList) *lobbyList {
	if p := cache[k]; p != nil {
		return p
	}
	from := min(k.from, len(l.keys))
	end := min(from+k.n, len(l.keys))
	p := newLobbyList(end - from)
	for _, key := range l.keys[from:end] {
		p.add(key, l.items[key])
	}
	p.paged, p.from, p.more = true, k.from, end < len(l.keys)
	cache[k] = p
	return p
}

// ownOutside is name's own items of l that page p does not hold, in l's
// order: their tables, or their entry in the online list.
func (l *lobbyList) ownOutside(p *lobbyList, name string) []ownItem {
	var own []ownItem
	take := func(key string) {
		if _, in := p.items[key]; in {
			return
		}
		if len(own) > 0 && own[len(own)-1].key == key {
			return // a creator seated at their own table
		}
		own = append(own, ownItem{key, l.items[key]})
	}
	if l.people != nil {
		for _, i := range l.people[name] {
			take(l.keys[i])
		}
	} else if _, ok := l.items[name]; ok {
		take(name)
	}
	return own
}

// lookup finds key's item in what v holds.
func (v lobbyView) lookup(key string) (json.RawMessage, bool) {
	if raw, ok := v.page.items[key]; ok {
		return raw, true
	}
	for _, o := range v.own {
		if o.key == key {
			return o.raw, true
		}
	}
	return nil, false
}

// whole is the push of everything v holds, its page's place included.
func (v lobbyView) whole(t, field string) []byte {
	if len(v.own) == 0 {
		return v.page.whole(t, field)
	}
	items := v.page.ordered()
	for _, o := range v.own {
		items = append(items, o.raw)
	}
	return listPush(t, field, items, v.page.placeTail())
}

// pageDiff is the difference between two pages (or whole lists), computed
// once per push for all the members who held the one and now hold the
// other; push is the whole push of it, for a member with no own items.
type pageDiff struct {
	changed []ownItem
	gone    []string
	more    string
	push    []byte
}

func newPageDiff(from, to *lobbyList, t, field string) *pageDiff {
	d := &pageDiff{more: from.moreTail(to)}
	var raws []json.RawMessage
	for _, k := range to.keys {
		if old, ok := from.items[k]; !ok || !bytes.Equal(old, to.items[k]) {
			d.changed = append(d.changed, ownItem{k, to.items[k]})
			raws = append(raws, to.items[k])
		}
	}
	for _, k := range from.keys {
		if _, ok := to.items[k]; !ok {
			d.gone = append(d.gone, k)
		}
	}
	d.push = diffPush(t, field, raws, d.gone, d.more)
	return d
}

// viewDiff is the push that takes a member from old to next, d being the
// difference of their pages; nil when nothing changed for them.
func viewDiff(old, next lobbyView, d *pageDiff, t, field string) []byte {
	if len(old.own) == 0 && len(next.own) == 0 {
		return d.push
	}
	var changed []json.RawMessage
	var gone []string
	for _, c := range d.changed {
		// An own item that came into the page unchanged is no news.
		if raw, ok := old.lookup(c.key); !ok || !bytes.Equal(raw, c.raw) {
			changed = append(changed, c.raw)
		}
	}
	for _, o := range next.own {
		if raw, ok := old.lookup(o.key); !ok || !bytes.Equal(raw, o.raw) {
			changed = append(changed, o.raw)
		}
	}
	for _, k := range d.gone {
		if _, ok := next.lookup(k); !ok {
			gone = append(gone, k)
		}
	}
	for _, o := range old.own {
		if _, ok := next.lookup(o.key); !ok {
			gone = append(gone, o.key)
		}
	}
	return diffPush(t, field, changed, gone, d.more)
}

// lobbyMember is a connection that joined the lobby. For a member that
// asked for changes, held are the lists as it last got them, by part;
// they are read and replaced only under hub.lobbyPush, so that each
// member's pushes follow one another in the order they were computed.
type lobbyMember struct {
	changes bool
	held    [2]lobbyView
	// pages, by list as lobbyPushes, are the pages the member asked for;
	// n 0 for the whole list. name is the member's, whose own items come
	// with a page.
	pages [2]pageKey
	name  string
}

// view is what of list i, l, m is sent. cache is shared by the members
// of one push (see lobbyList.window).
func (m *lobbyMember) view(i int, l *lobbyList, cache map[pageKey]*lobbyList) lobbyView {
	k := m.pages[i]
	if k.n <= 0 {
		return lobbyView{page: l}
	}
	p := l.window(k, cache)
	return lobbyView{page: p, own: l.ownOutside(p, m.name)}
}

// joinLobby subscribes c to the lobby's pushes and sends both lists now;
// with changes, later pushes carry only what changed; with a page of a
// list, the member gets that page and their own items, not every one.
func (h *hub) joinLobby(c *conn, changes bool, pages [2]pageKey) {
	h.lobbyPush.Lock()
	defer h.lobbyPush.Unlock()
	lists := h.madeLobbyLists()
	m := &lobbyMember{changes: changes, pages: pages, name: c.user.Name}
	var views [2]lobbyView
	for i, l := range lists {
		views[i] = m.view(i, l, map[pageKey]*lobbyList{})
	}
	if changes {
		m.held = views
	}
	h.mu.Lock()
	h.lobby[c] = m
	h.mu.Unlock()
	for i, v := range views {
		c.push(v.whole(lobbyPushes[i].whole, lobbyPushes[i].field))
	}
}

// madeLobbyLists are both lists for a member who joins: as the last push
// or join made them while nothing changed since, else made again. Making
// them costs every table's JSON, ten thousand for a crowded lobby, too
// much for each of thousands of people joining while nothing changes.
// Callers hold lobbyPush.
func (h *hub) madeLobbyLists() lobbyLists {
	h.mu.Lock()
	stale := h.lobbyStale
	h.lobbyStale = 0 // a change from now on marks it again
	h.mu.Unlock()
	for i, part := range []lobbyParts{lobbyOnline, lobbyTables} {
		if h.lobbyMade[i] == nil {
			stale |= part
		}
	}
	if stale != 0 {
		for i, l := range h.lobbyLists(stale) {
			if l != nil {
				h.lobbyMade[i] = l
			}
		}
	}
	return h.lobbyMade
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
// names: what they hold whole to a member that did not ask for changes,
// the difference from what it last got to one that did. Members that
// held the same page and hold the same one now share one computed
// difference, and only their own items are looked at one by one.
func (h *hub) pushLobby(which lobbyParts) {
	h.lobbyPush.Lock()
	defer h.lobbyPush.Unlock()
	// A member cannot join meanwhile: joinLobby holds lobbyPush too.
	h.mu.Lock()
	members := maps.Clone(h.lobby)
	h.mu.Unlock()
	if len(members) == 0 {
		return // the lists stay marked changed, for the next join
	}
	h.mu.Lock()
	h.lobbyStale &^= which // a change from now on marks it again
	h.mu.Unlock()
	lists := h.lobbyLists(which)
	for i, next := range lists {
		if next == nil {
			continue
		}
		h.lobbyMade[i] = next
		kind := lobbyPushes[i]
		wholes := map[*lobbyList][]byte{}
		type step struct{ from, to *lobbyList }
		diffs := map[step]*pageDiff{}
		cache := map[pageKey]*lobbyList{}
		for c, m := range members {
			view := m.view(i, next, cache)
			if !m.changes {
				if len(view.own) > 0 {
					c.push(view.whole(kind.whole, kind.field))
					continue
				}
				w, ok := wholes[view.page]
				if !ok {
					w = view.whole(kind.whole, kind.field)
					wholes[view.page] = w
				}
				c.push(w)
				continue
			}
			old := m.held[i]
			st := step{old.page, view.page}
			d, ok := diffs[st]
			if !ok {
				d = newPageDiff(old.page, view.page, kind.diff, kind.field)
				diffs[st] = d
			}
			m.held[i] = view
			if b := viewDiff(old, view, d, kind.diff, kind.field); b != nil {
				c.push(b)
			}
		}
	}
}
