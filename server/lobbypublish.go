package server

import (
	"encoding/json"
	"strconv"

	"github.com/nats-io/nats.go"
)

// ownLobby is this node's part of the lobby now.
func (r *relay) ownLobby() (users, tables *lobbyList) {
	h := r.s.hub
	h.mu.Lock()
	users = newLobbyList(len(h.online))
	for _, p := range h.online {
		if !p.shown() {
			continue
		}
		users.add(strconv.FormatInt(p.user.ID, 10), mustJSON(remoteUser{ID: p.user.ID, onlineUser: onlineUser{Name: p.user.Name, Guest: p.user.Guest, Stats: p.stats}}))
	}
	h.mu.Unlock()
	return users, tablesList(r.s.tables.localJSON())
}

// publishLobby sends the other nodes what changed in this node's part of
// the lobby since its last message, if anything did; at a heartbeat
// (beat) with nothing changed, a beat naming the last message.
func (r *relay) publishLobby(beat bool) {
	sl := &r.sent
	sl.run.Lock()
	if sl.running {
		sl.again, sl.beat = true, sl.beat || beat
		sl.run.Unlock()
		return
	}
	sl.running = true
	sl.run.Unlock()
	for {
		r.publishLobbyOnce(beat)
		sl.run.Lock()
		if !sl.again {
			sl.running = false
			sl.run.Unlock()
			return
		}
		beat, sl.again, sl.beat = sl.beat, false, false
		sl.run.Unlock()
	}
}

// publishLobbyOnce is one message (or several, when long) of
// publishLobby.
func (r *relay) publishLobbyOnce(beat bool) {
	r.sent.mu.Lock()
	defer r.sent.mu.Unlock()
	users, tables := r.ownLobby()
	prevUsers, prevTables := r.sent.users, r.sent.tables
	if prevUsers == nil {
		prevUsers, prevTables = newLobbyList(0), newLobbyList(0)
	}
	st := lobbyState{Node: r.c.Fence, Seq: r.sent.seq + 1}
	st.Users, st.UsersGone = prevUsers.changes(users)
	st.Tables, st.TablesGone = prevTables.changes(tables)
	if len(st.Users)+len(st.UsersGone)+len(st.Tables)+len(st.TablesGone) == 0 && r.sent.users != nil {
		if !beat {
			return
		}
		st = lobbyState{Node: r.c.Fence, Seq: r.sent.seq, Beat: true}
	}
	// Changes too long for one message (a node's first, a takeover of
	// many tables) go as several, numbered one after another: applied in
	// order, they come to the same. A message that fails to go out is
	// counted as sent all the same: the others, missing its number, ask
	// for the whole part.
	for _, m := range splitState(st, r.lobbyMessageMax()) {
		if b, err := json.Marshal(m); err == nil {
			_ = r.c.Bus.Publish(lobbySubject, b)
		}
		st.Seq = m.Seq
	}
	r.sent.seq, r.sent.users, r.sent.tables = st.Seq, users, tables
}

// lobbyMessageMax is how many bytes of items one lobby message carries
// at most: half what the NATS server takes in a message, leaving room
// for the rest of it.
func (r *relay) lobbyMessageMax() int {
	if n := r.c.Bus.MaxPayload(); n > 0 {
		return int(n / 2)
	}
	return 512 << 10
}

// splitState splits st into messages whose items come to at most max
// bytes each (one item at least), numbered from st.Seq on. A beat, or a
// message short enough, is one.
func splitState(st lobbyState, max int) []lobbyState {
	size := 0
	for _, raw := range st.Users {
		size += len(raw) + 1
	}
	for _, raw := range st.Tables {
		size += len(raw) + 1
	}
	for _, id := range st.UsersGone {
		size += len(id) + 3
	}
	for _, id := range st.TablesGone {
		size += len(id) + 3
	}
	if size <= max {
		return []lobbyState{st}
	}
	var out []lobbyState
	cur := lobbyState{Node: st.Node, Seq: st.Seq, Whole: st.Whole}
	n := 0
	room := func(k int) {
		if n > 0 && n+k > max {
			out = append(out, cur)
			cur = lobbyState{Node: st.Node, Seq: cur.Seq, Whole: st.Whole}
			if !st.Whole {
				cur.Seq++ // changes: each message its own number
			}
			n = 0
		}
		n += k
	}
	for _, raw := range st.Users {
		room(len(raw) + 1)
		cur.Users = append(cur.Users, raw)
	}
	for _, raw := range st.Tables {
		room(len(raw) + 1)
		cur.Tables = append(cur.Tables, raw)
	}
	for _, id := range st.UsersGone {
		room(len(id) + 3)
		cur.UsersGone = append(cur.UsersGone, id)
	}
	for _, id := range st.TablesGone {
		room(len(id) + 3)
		cur.TablesGone = append(cur.TablesGone, id)
	}
	out = append(out, cur)
	if st.Whole {
		for i := range out {
			out[i].Part, out[i].Parts = i+1, len(out)
		}
	}
	return out
}

// serveLobbyWhole answers another node's request for this node's whole
// part, as of its last message, so that changes after it follow on.
func (r *relay) serveLobbyWhole(msg *nats.Msg) {
	r.sent.mu.Lock()
	st := lobbyState{Node: r.c.Fence, Seq: r.sent.seq, Whole: true}
	if r.sent.users != nil {
		st.Users, st.Tables = r.sent.users.ordered(), r.sent.tables.ordered()
	}
	r.sent.mu.Unlock()
	if msg.Reply == "" {
		return
	}
	for _, m := range splitState(st, r.lobbyMessageMax()) {
		if b, err := json.Marshal(m); err == nil {
			_ = r.c.Bus.Publish(msg.Reply, b)
		}
	}
}
