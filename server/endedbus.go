package server

import (
	"encoding/json"

	"github.com/nats-io/nats.go"
)

// The ended list across nodes: a player's connections may be on other
// nodes than the table whose match ended, or than the one where they
// dismissed an end. The node that changed a list names its user on the
// bus, and every other node pushes the list, read from the shared store,
// to that user's connections there.

// endedSubject carries the user ids whose list of untold ends changed.
const endedSubject = "parlor.user.ended"

// endedNews is one change: whose list, and which node changed it.
type endedNews struct {
	Node int64 `json:"node"`
	User int64 `json:"user"`
}

// publishEnded tells the other nodes that userID's list changed.
func (r *relay) publishEnded(userID int64) {
	b, err := json.Marshal(endedNews{Node: r.c.Fence, User: userID})
	if err == nil {
		_ = r.c.Bus.Publish(endedSubject, b)
	}
}

func (r *relay) serveEnded(msg *nats.Msg) {
	var n endedNews
	if json.Unmarshal(msg.Data, &n) != nil || n.Node == r.c.Fence || n.User == 0 {
		return
	}
	r.s.tellEnded(n.User)
}
