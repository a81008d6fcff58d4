package server

import (
	"encoding/json"
	"strconv"

	"github.com/nats-io/nats.go"
)

// The social news between nodes: a challenge's news for its two players,
// wherever they are connected; a change of a user's ties, so that every
// node reads them again; and a nudge that an operator acted, so that
// every node reads the actions at once (moderation.go).

// Subjects of the social news.
const (
	challengeSubject  = "parlor.user.challenge"
	tiesSubject       = "parlor.user.ties"
	ModerationSubject = "parlor.moderation"
)

// challengeNews is one challenge's news for its players.
type challengeNews struct {
	Node      int64         `json:"node"`
	Users     []int64       `json:"users"`
	Challenge ChallengeJSON `json:"challenge"`
}

func (r *relay) publishChallenge(users []int64, cj ChallengeJSON) {
	b, err := json.Marshal(challengeNews{Node: r.c.Fence, Users: users, Challenge: cj})
	if err == nil {
		_ = r.c.Bus.Publish(challengeSubject, b)
	}
}

func (r *relay) serveChallenge(msg *nats.Msg) {
	var n challengeNews
	if json.Unmarshal(msg.Data, &n) != nil || n.Node == r.c.Fence || len(n.Users) == 0 || n.Challenge.ID == "" {
		return
	}
	r.s.challengeHere(n.Users, n.Challenge)
}

// tiesNews names a user whose ties changed.
type tiesNews struct {
	Node int64 `json:"node"`
	User int64 `json:"user"`
}

func (r *relay) publishTies(user int64) {
	b, err := json.Marshal(tiesNews{Node: r.c.Fence, User: user})
	if err == nil {
		_ = r.c.Bus.Publish(tiesSubject, b)
	}
}

func (r *relay) serveTies(msg *nats.Msg) {
	var n tiesNews
	if json.Unmarshal(msg.Data, &n) != nil || n.Node == r.c.Fence || n.User == 0 {
		return
	}
	r.s.forgetTies(n.User)
}

// NudgeModeration tells every node, over bus, that an operator has acted
// (parlor admin): they read the actions at once instead of at their next
// poll. The action's id rides along for the logs.
func NudgeModeration(bus *nats.Conn, action int64) error {
	if err := bus.Publish(ModerationSubject, []byte(strconv.FormatInt(action, 10))); err != nil {
		return err
	}
	return bus.Flush()
}

func (r *relay) serveModeration(*nats.Msg) { r.s.moderationNudge() }

// remoteUserIDs lists the players online at the other nodes.
func (r *relay) remoteUserIDs() []int64 {
	r.lobby.mu.Lock()
	defer r.lobby.mu.Unlock()
	var out []int64
	for _, st := range r.lobby.nodes {
		for id := range st.users {
			out = append(out, id)
		}
	}
	return out
}
