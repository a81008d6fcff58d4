package server

import (
	"encoding/json"
	"maps"
	"sort"
	"strconv"
	"sync"

	"github.com/nats-io/nats.go"
)

// One lobby across the nodes: each node tells the others, over NATS,
// who is online on it and which tables it holds, and passes on lines of
// the lobby chat; each merges what the others said into its own lobby,
// so that a player sees the same lobby whichever node they reached.
//
// A node sends its whole part of the lobby (its players and its tables)
// at every heartbeat, and in between, each time it changes (at most ten
// times a second: the lobby's pushes are coalesced already), only what
// changed: the players and tables that are new or different and the ids
// of those gone. A message carries a sequence number, one more than the
// node's message before. Core NATS may lose a message; a node that sees
// a number skipped stops applying that node's changes and keeps what it
// has until the next whole part, at that node's next heartbeat, so what
// a lost message cost is a lobby up to one beat old, never a wrong one.
// A node that starts learns the others' parts within one beat.
//
// The state of a node that no longer holds a lease is dropped (see
// relay.nodesGone): its tables appear again when the node that took them
// over announces its own.

// lobbySubject carries the nodes' lobby states; lobbyChatSubject the
// lobby's chat lines.
const (
	lobbySubject     = "parlor.lobby.state"
	lobbyChatSubject = "parlor.lobby.chat"
)

// lobbyState is a message of one node's part of the lobby: the whole
// part (Whole), or what changed since the node's message Seq-1. Users
// holds remoteUser and Tables TableJSON objects; the Gone lists are ids.
type lobbyState struct {
	Node       int64             `json:"node"`
	Seq        uint64            `json:"seq"`
	Whole      bool              `json:"whole,omitempty"`
	Users      []json.RawMessage `json:"users"`
	Tables     []json.RawMessage `json:"tables"`
	UsersGone  []string          `json:"usersGone,omitempty"`
	TablesGone []string          `json:"tablesGone,omitempty"`
}

// remoteUser is a player online at another node: the id tells the same
// person on two nodes apart from two people of one name.
type remoteUser struct {
	ID int64 `json:"id"`
	onlineUser
}

// lobbyChatLine is a lobby chat line sent on from another node: the
// message as its node pushed it to its own lobby.
type lobbyChatLine struct {
	Node int64           `json:"node"`
	Msg  json.RawMessage `json:"msg"`
}

// remoteLobby holds the other nodes' parts of the lobby.
type remoteLobby struct {
	mu    sync.Mutex
	nodes map[int64]*nodeLobby
}

// nodeLobby is another node's part of the lobby as its messages told it.
type nodeLobby struct {
	seq uint64
	// stale: a message was missed, so changes are not applied until the
	// node's next whole part.
	stale  bool
	users  map[int64]remoteUser // by user id
	tables map[string]TableJSON // by table id
}

// sentLobby is this node's part of the lobby as it last sent it.
type sentLobby struct {
	mu            sync.Mutex
	seq           uint64
	users, tables *lobbyList // nil before the first message, or after a failed one
}

// subscribeLobby listens to the other nodes' lobbies.
func (r *relay) subscribeLobby() error {
	r.lobby.nodes = make(map[int64]*nodeLobby)
	st, err := r.c.Bus.Subscribe(lobbySubject, r.serveLobbyState)
	if err != nil {
		return err
	}
	ch, err := r.c.Bus.Subscribe(lobbyChatSubject, r.serveLobbyChat)
	if err != nil {
		st.Unsubscribe()
		return err
	}
	r.subs = append(r.subs, st, ch)
	return nil
}

// publishLobby sends this node's part of the lobby to the others: whole
// at a heartbeat (or when the last message failed), else what changed
// since the last message, if anything did.
func (r *relay) publishLobby(whole bool) {
	r.sent.mu.Lock()
	defer r.sent.mu.Unlock()
	h := r.s.hub
	h.mu.Lock()
	users := newLobbyList(len(h.online))
	for _, p := range h.online {
		if !p.shown() {
			continue
		}
		users.add(strconv.FormatInt(p.user.ID, 10), mustJSON(remoteUser{ID: p.user.ID, onlineUser: onlineUser{Name: p.user.Name, Guest: p.user.Guest, Stats: p.stats}}))
	}
	h.mu.Unlock()
	tables := tablesList(r.s.tables.localJSON())

	st := lobbyState{Node: r.c.Fence, Seq: r.sent.seq + 1}
	if whole || r.sent.users == nil {
		st.Whole, st.Users, st.Tables = true, users.ordered(), tables.ordered()
	} else {
		st.Users, st.UsersGone = r.sent.users.changes(users)
		st.Tables, st.TablesGone = r.sent.tables.changes(tables)
		if len(st.Users)+len(st.UsersGone)+len(st.Tables)+len(st.TablesGone) == 0 {
			return
		}
	}
	b, err := json.Marshal(st)
	if err == nil {
		err = r.c.Bus.Publish(lobbySubject, b)
	}
	if err != nil {
		// The others may or may not have it: start again from whole.
		r.sent.users, r.sent.tables = nil, nil
		return
	}
	r.sent.seq, r.sent.users, r.sent.tables = st.Seq, users, tables
}

func (r *relay) serveLobbyState(msg *nats.Msg) {
	var st lobbyState
	if json.Unmarshal(msg.Data, &st) != nil || st.Node == r.c.Fence || st.Node == 0 {
		return
	}
	r.lobby.mu.Lock()
	changed := r.lobby.applyLocked(st)
	r.lobby.mu.Unlock()
	if changed {
		r.s.hub.remoteChanged()
	}
}

// applyLocked takes one message of a node's part into the lobby; it
// reports whether the lobby changed.
func (l *remoteLobby) applyLocked(st lobbyState) bool {
	n := l.nodes[st.Node]
	if !st.Whole && (n == nil || n.stale || st.Seq != n.seq+1) {
		if n != nil && st.Seq > n.seq {
			n.stale = true // one was missed: wait for the whole part
		}
		return false
	}
	users, tables, ok := decodeParts(st)
	if !ok {
		return false
	}
	if st.Whole {
		l.nodes[st.Node] = &nodeLobby{seq: st.Seq, users: users, tables: tables}
		return true
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
	return true
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

// publishLobbyChat passes a lobby chat line on to the other nodes.
func (r *relay) publishLobbyChat(msg []byte) {
	b, err := json.Marshal(lobbyChatLine{Node: r.c.Fence, Msg: msg})
	if err == nil {
		_ = r.c.Bus.Publish(lobbyChatSubject, b)
	}
}

func (r *relay) serveLobbyChat(msg *nats.Msg) {
	var l lobbyChatLine
	if json.Unmarshal(msg.Data, &l) != nil || l.Node == r.c.Fence || len(l.Msg) == 0 {
		return
	}
	for _, c := range r.s.hub.lobbyMembers() {
		c.push(l.Msg)
	}
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
