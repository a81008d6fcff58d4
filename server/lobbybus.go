package server

import (
	"encoding/json"
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
//
// This file holds the messages and the subscriptions; sending this node's
// part is in lobbypublish.go, taking in the other nodes' parts in
// lobbyremote.go.

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
