package server

import (
	"encoding/json"

	"github.com/nats-io/nats.go"
)

// Rematch offers across nodes: the people of a match may be connected to
// other nodes than the one holding its table. The table's node names the
// people and the offer on the bus; every other node keeps the offer for
// them and pushes it to their connections there.

// rematchSubject carries the news of rematch offers.
const rematchSubject = "parlor.user.rematch"

// rematchNews is one offer's news: for whom, and from which node. With
// Left, it is instead news of a person who left for good (How: quit,
// signed out, or no connection left on Node), for the nodes holding an
// offer that counts them in (rematchleave.go).
type rematchNews struct {
	Node  int64        `json:"node"`
	Users []int64      `json:"users,omitempty"`
	Offer RematchJSON  `json:"offer,omitzero"`
	Left  int64        `json:"left,omitempty"`
	How   RematchLapse `json:"how,omitempty"`
}

// publishRematch tells the other nodes of offer's news for users.
func (r *relay) publishRematch(users []int64, offer RematchJSON) {
	b, err := json.Marshal(rematchNews{Node: r.c.Fence, Users: users, Offer: offer})
	if err == nil {
		_ = r.c.Bus.Publish(rematchSubject, b)
	}
}

// publishLeft tells the other nodes that userID left for good, how.
func (r *relay) publishLeft(userID int64, how RematchLapse) {
	b, err := json.Marshal(rematchNews{Node: r.c.Fence, Left: userID, How: how})
	if err == nil {
		_ = r.c.Bus.Publish(rematchSubject, b)
	}
}

func (r *relay) serveRematch(msg *nats.Msg) {
	var n rematchNews
	if json.Unmarshal(msg.Data, &n) != nil || n.Node == r.c.Fence {
		return
	}
	if n.Left != 0 {
		switch n.How {
		case LapseQuit, LapseSignedOut, LapseGone:
			// The node hands it to a goroutine of its own: a check
			// takes table locks, and the bus's callbacks run one at a
			// time.
			go r.s.personLeftHere(n.Left, n.How)
		}
		return
	}
	if len(n.Users) == 0 || n.Offer.Table == "" {
		return
	}
	r.s.rematchHere(n.Users, n.Offer)
}
