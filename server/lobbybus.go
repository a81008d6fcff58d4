package server

import (
	"encoding/json"
	"errors"
	"maps"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// One lobby across the nodes: each node tells the others, over NATS,
// who is online on it and which tables it holds, and passes on lines of
// the lobby chat; each merges what the others said into its own lobby,
// so that a player sees the same lobby whichever node they reached.
//
// A node sends only what changed in its part of the lobby (its players
// and its tables): each time it changes (at most ten times a second: the
// lobby's pushes are coalesced already), the players and tables that are
// new or different and the ids of those gone, in a message numbered one
// more than the node's message before. Its first message, numbered 1,
// holds its whole part as new. At each heartbeat a node with nothing new
// sends a beat of a few bytes naming the number of its last message, so
// that a lost change shows within a beat even when none follows. Core
// NATS may lose a message: a node that sees a number skipped, or a beat
// naming a number it has not seen, or a node it has never heard from,
// stops applying that node's changes and asks it for its whole part
// (lobbyWholeSubject), once, and goes on from the number the answer
// carries. So what a lost message costs is a lobby up to one beat old and
// one whole part sent to the node that lost it, never a wrong lobby, and
// no node's whole part goes to every node every beat: a lobby of ten
// thousand tables is megabytes.
//
// The state of a node that no longer holds a lease is dropped (see
// relay.nodesGone): its tables appear again when the node that took them
// over announces its own.

// lobbySubject carries the nodes' lobby changes and beats;
// lobbyChatSubject the lobby's chat lines.
const (
	lobbySubject     = "parlor.lobby.state"
	lobbyChatSubject = "parlor.lobby.chat"
)

// lobbyWholeSubject is where a node answers a request for its whole part
// of the lobby.
func lobbyWholeSubject(fence int64) string {
	return "parlor.lobby.whole." + strconv.FormatInt(fence, 10)
}

// lobbyWholeWait is how long a node waits for another's whole part
// before it asks again at the next message.
const lobbyWholeWait = 5 * time.Second

// lobbyState is a message of one node's part of the lobby: what changed
// since the node's message Seq-1; or, with Beat, nothing, Seq being the
// node's last message; or, with Whole (only as the answer to a request),
// the whole part as of message Seq. Users holds remoteUser and Tables
// TableJSON objects; the Gone lists are ids.
type lobbyState struct {
	Node  int64  `json:"node"`
	Seq   uint64 `json:"seq"`
	Whole bool   `json:"whole,omitempty"`
	// Part and Parts number the messages of a whole part too long for
	// one (from 1; Parts 0 or 1 for one message).
	Part       int               `json:"part,omitempty"`
	Parts      int               `json:"parts,omitempty"`
	Beat       bool              `json:"beat,omitempty"`
	Users      []json.RawMessage `json:"users,omitempty"`
	Tables     []json.RawMessage `json:"tables,omitempty"`
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
	// From is the writer's id, so that the readers who block or mute
	// them are not shown the line.
	From int64 `json:"from,omitempty"`
}

// remoteLobby holds the other nodes' parts of the lobby.
type remoteLobby struct {
	mu    sync.Mutex
	nodes map[int64]*nodeLobby
}

// nodeLobby is another node's part of the lobby as its messages told it.
type nodeLobby struct {
	seq uint64
	// stale: a message was missed (or the node is new to this one), so
	// changes are not applied until its whole part comes.
	stale bool
	// asking: a request for the whole part is under way.
	asking bool
	users  map[int64]remoteUser // by user id
	tables map[string]TableJSON // by table id
}

// sentLobby is this node's part of the lobby as it last sent it.
type sentLobby struct {
	mu            sync.Mutex
	seq           uint64
	users, tables *lobbyList // nil before the first message

	// One publishLobby runs at a time: making the part costs every
	// table's JSON, which with ten thousand tables under load can take
	// longer than the changes come. A call meanwhile only asks the
	// running one to go again (again, and beat if it was a heartbeat's).
	run                  sync.Mutex
	running, again, beat bool
}

// subscribeLobby listens to the other nodes' lobbies and answers their
// requests for this node's whole part.
func (r *relay) subscribeLobby() error {
	r.lobby.nodes = make(map[int64]*nodeLobby)
	for _, sub := range []struct {
		subject string
		serve   nats.MsgHandler
	}{
		{lobbySubject, r.serveLobbyState},
		{lobbyChatSubject, r.serveLobbyChat},
		{lobbyWholeSubject(r.c.Fence), r.serveLobbyWhole},
		{endedSubject, r.serveEnded},
		{rematchSubject, r.serveRematch},
		{sessionsEndedSubject, r.serveSessionsEnded},
		{challengeSubject, r.serveChallenge},
		{tiesSubject, r.serveTies},
		{ModerationSubject, r.serveModeration},
		{myGamesSubject(r.c.Fence), r.serveMyGames},
	} {
		s, err := r.c.Bus.Subscribe(sub.subject, sub.serve)
		if err != nil {
			for _, s := range r.subs {
				s.Unsubscribe()
			}
			return err
		}
		r.subs = append(r.subs, s)
	}
	return nil
}

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

// publishLobbyChat passes a lobby chat line on to the other nodes.
func (r *relay) publishLobbyChat(msg []byte, from int64) {
	b, err := json.Marshal(lobbyChatLine{Node: r.c.Fence, Msg: msg, From: from})
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
		if !r.s.hidesChat(c.user.ID, l.From) {
			c.push(l.Msg)
		}
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
