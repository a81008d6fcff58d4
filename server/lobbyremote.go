package server

import (
	"encoding/json"
	"errors"
	"maps"
	"sort"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
)

func (r *relay) serveLobbyState(msg *nats.Msg) {
	var st lobbyState
	if json.Unmarshal(msg.Data, &st) != nil || st.Node == r.c.Fence || st.Node == 0 || st.Whole {
		return
	}
	r.lobby.mu.Lock()
	changed, ask := r.lobby.applyLocked(st)
	r.lobby.mu.Unlock()
	if changed {
		r.s.hub.remoteChanged()
	}
	if ask {
		go r.askWhole(st.Node)
	}
}

// askWhole asks node for its whole part of the lobby and takes it in.
func (r *relay) askWhole(node int64) {
	st, err := r.requestWhole(node)
	if err != nil {
		r.s.log.Warn("asking another node for its part of the lobby; asking again at its next message", "node", node, "err", err)
	}
	r.lobby.mu.Lock()
	changed := false
	if err == nil {
		changed, _ = r.lobby.applyLocked(st)
	}
	if n := r.lobby.nodes[node]; n != nil {
		n.asking = false
	}
	r.lobby.mu.Unlock()
	if changed {
		r.s.hub.remoteChanged()
	}
}

// requestWhole asks node for its whole part and gathers the messages of
// the answer.
func (r *relay) requestWhole(node int64) (lobbyState, error) {
	inbox := r.c.Bus.NewInbox()
	sub, err := r.c.Bus.SubscribeSync(inbox)
	if err != nil {
		return lobbyState{}, err
	}
	defer sub.Unsubscribe()
	if err := r.c.Bus.PublishRequest(lobbyWholeSubject(node), inbox, nil); err != nil {
		return lobbyState{}, err
	}
	deadline := time.Now().Add(lobbyWholeWait)
	var whole lobbyState
	for got := 0; ; {
		msg, err := sub.NextMsg(time.Until(deadline))
		if err != nil {
			return lobbyState{}, err
		}
		var st lobbyState
		if json.Unmarshal(msg.Data, &st) != nil || !st.Whole || st.Node != node || (got > 0 && st.Seq != whole.Seq) {
			return lobbyState{}, errors.New("not a node's whole part")
		}
		if got == 0 {
			whole = lobbyState{Node: node, Seq: st.Seq, Whole: true}
		}
		whole.Users = append(whole.Users, st.Users...)
		whole.Tables = append(whole.Tables, st.Tables...)
		if got++; got >= st.Parts {
			return whole, nil
		}
	}
}

// applyLocked takes one message of a node's part into the lobby; it
// reports whether the lobby changed, and whether to ask the node for its
// whole part (it was not already asked).
func (l *remoteLobby) applyLocked(st lobbyState) (changed, ask bool) {
	n := l.nodes[st.Node]
	if n == nil {
		n = &nodeLobby{stale: true, users: map[int64]remoteUser{}, tables: map[string]TableJSON{}}
		l.nodes[st.Node] = n
		if st.Seq == 1 && !st.Beat && !st.Whole {
			n.stale = false // the node's first message: its whole part, as new
		}
	}
	switch {
	case st.Whole:
		if !n.stale && st.Seq <= n.seq {
			return false, false // older than what is held
		}
	case st.Beat:
		if !n.stale && st.Seq == n.seq {
			return false, false
		}
		n.stale = n.stale || st.Seq > n.seq
	case !n.stale && st.Seq <= n.seq:
		return false, false // a repeat
	case n.stale || st.Seq != n.seq+1:
		n.stale = true
	}
	if n.stale && !st.Whole {
		ask = !n.asking
		n.asking = true
		return false, ask
	}
	users, tables, ok := decodeParts(st)
	if !ok {
		n.stale = true
		ask = !n.asking
		n.asking = true
		return false, ask
	}
	if st.Whole {
		n.users, n.tables, n.stale = users, tables, false
		n.seq = st.Seq
		return true, false
	}
	n.seq = st.Seq
	for _, id := range st.UsersGone {
		if id, err := strconv.ParseInt(id, 10, 64); err == nil {
			delete(n.users, id)
		}
	}
	for _, id := range st.TablesGone {
		delete(n.tables, id)
	}
	maps.Copy(n.users, users)
	maps.Copy(n.tables, tables)
	return true, false
}

// decodeParts reads the users and tables of a message.
func decodeParts(st lobbyState) (map[int64]remoteUser, map[string]TableJSON, bool) {
	users := make(map[int64]remoteUser, len(st.Users))
	for _, raw := range st.Users {
		var u remoteUser
		if json.Unmarshal(raw, &u) != nil {
			return nil, nil, false
		}
		users[u.ID] = u
	}
	tables := make(map[string]TableJSON, len(st.Tables))
	for _, raw := range st.Tables {
		var t TableJSON
		if json.Unmarshal(raw, &t) != nil {
			return nil, nil, false
		}
		tables[t.ID] = t
	}
	return users, tables, true
}

// forgetNodes drops the lobby states of nodes not in live.
func (r *relay) forgetNodes(live map[int64]bool) {
	r.lobby.mu.Lock()
	changed := false
	for n := range r.lobby.nodes {
		if !live[n] {
			delete(r.lobby.nodes, n)
			changed = true
		}
	}
	r.lobby.mu.Unlock()
	if changed {
		r.s.hub.remoteChanged()
	}
}

// remoteUsers returns the players online at other nodes only, for the
// lobby's list: a player on this node too is listed once, from here.
func (r *relay) remoteUsers(here map[int64]*presence) []onlineUser {
	r.lobby.mu.Lock()
	defer r.lobby.mu.Unlock()
	seen := make(map[int64]bool)
	var out []onlineUser
	for _, st := range r.lobby.nodes {
		for _, u := range st.users {
			if p := here[u.ID]; (p != nil && p.shown()) || seen[u.ID] {
				continue
			}
			seen[u.ID] = true
			if u.Stats == nil {
				u.Stats = map[string]GameStats{}
			}
			out = append(out, u.onlineUser)
		}
	}
	return out
}

// remoteTables returns the tables other nodes hold, by creation, leaving
// out any this node holds too (one that just moved here).
func (r *relay) remoteTables(here func(id string) bool) []TableJSON {
	r.lobby.mu.Lock()
	defer r.lobby.mu.Unlock()
	var out []TableJSON
	for _, st := range r.lobby.nodes {
		for _, t := range st.tables {
			if !here(t.ID) {
				out = append(out, t)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// remoteTable finds a table another node holds, for GET /api/tables/{id}.
func (r *relay) remoteTable(id string) (TableJSON, bool) {
	r.lobby.mu.Lock()
	defer r.lobby.mu.Unlock()
	for _, st := range r.lobby.nodes {
		for _, t := range st.tables {
			if t.ID == id {
				return t, true
			}
		}
	}
	return TableJSON{}, false
}
