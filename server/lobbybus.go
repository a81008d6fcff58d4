package server

import (
	"encoding/json"
	"sort"
	"sync"

	"github.com/nats-io/nats.go"
)

// One lobby across the nodes: each node tells the others, over NATS,
// who is online on it and which tables it holds, and passes on lines of
// the lobby chat; each merges what the others said into its own lobby,
// so that a player sees the same lobby whichever node they reached.
//
// A node sends its whole lobby (its players and its tables) each time
// it changes, at most ten times a second (the lobby's pushes are
// coalesced already), and at every heartbeat, so that a node that
// starts learns the others' within one beat. Whole states rather than
// changes: a lost message is made good by the next, and nothing has to
// be replayed in order. The price is a message the size of the node's
// lobby; docs/deploy.md says where that stops being cheap.
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

// lobbyState is one node's part of the lobby.
type lobbyState struct {
	Node   int64        `json:"node"`
	Users  []remoteUser `json:"users"`
	Tables []TableJSON  `json:"tables"`
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

// remoteLobby holds the other nodes' states.
type remoteLobby struct {
	mu    sync.Mutex
	nodes map[int64]lobbyState
}

// subscribeLobby listens to the other nodes' lobbies.
func (r *relay) subscribeLobby() error {
	r.lobby.nodes = make(map[int64]lobbyState)
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

// publishLobby sends this node's lobby to the others.
func (r *relay) publishLobby() {
	h := r.s.hub
	h.mu.Lock()
	users := make([]remoteUser, 0, len(h.online))
	for _, p := range h.online {
		users = append(users, remoteUser{ID: p.user.ID, onlineUser: onlineUser{Name: p.user.Name, Guest: p.user.Guest, Stats: p.stats}})
	}
	h.mu.Unlock()
	b, err := json.Marshal(lobbyState{Node: r.c.Fence, Users: users, Tables: r.s.tables.localJSON()})
	if err != nil {
		return
	}
	_ = r.c.Bus.Publish(lobbySubject, b)
}

func (r *relay) serveLobbyState(msg *nats.Msg) {
	var st lobbyState
	if json.Unmarshal(msg.Data, &st) != nil || st.Node == r.c.Fence || st.Node == 0 {
		return
	}
	r.lobby.mu.Lock()
	r.lobby.nodes[st.Node] = st
	r.lobby.mu.Unlock()
	r.s.hub.remoteChanged()
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
		for _, u := range st.Users {
			if here[u.ID] != nil || seen[u.ID] {
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
		for _, t := range st.Tables {
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
		for _, t := range st.Tables {
			if t.ID == id {
				return t, true
			}
		}
	}
	return TableJSON{}, false
}
