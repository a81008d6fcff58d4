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

// rematchNews is one offer's news: for whom, and from which node.
type rematchNews struct {
	Node  int64       `json:"node"`
	Users []int64     `json:"users"`
	Offer RematchJSON `json:"offer"`
}

// publishRematch tells the other nodes of offer's news for users.
func (r *relay) publishRematch(users []int64, offer RematchJSON) {
	b, err := json.Marshal(rematchNews{Node: r.c.Fence, Users: users, Offer: offer})
	if err == nil {
		_ = r.c.Bus.Publish(rematchSubject, b)
	}
}

func (r *relay) serveRematch(msg *nats.Msg) {
	var n rematchNews
	if json.Unmarshal(msg.Data, &n) != nil || n.Node == r.c.Fence || len(n.Users) == 0 || n.Offer.Table == "" {
		return
	}
	r.s.rematchHere(n.Users, n.Offer)
}
