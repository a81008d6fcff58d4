package server

import (
	"encoding/json"

	"github.com/nats-io/nats.go"
)

// When a person changes or resets their password, or deletes their
// account, the accounts service ends the account's sessions; the
// WebSockets opened with them were authenticated once, at the upgrade, so
// the server closes them too, on every node: the node that ended the
// sessions names the account on the bus. A client whose session still
// lives (the one that changed the password) keeps its connection; the
// others are asked to sign in again.

// sessionsNotifier is implemented by an accounts service that tells when
// it ended the sessions of an account (*accounts.Service does).
type sessionsNotifier interface {
	OnSessionsEnded(fn func(userID int64, kept string))
}

// closeSessionsEnded is the reason a connection closes when its
// account's sessions were ended.
const closeSessionsEnded = "the account's sessions were ended (its password changed, or it was deleted): sign in again"

// sessionsEndedSubject carries the accounts whose sessions ended.
const sessionsEndedSubject = "parlor.user.sessions"

// sessionsNews is one account's sessions ended, but the one of key Kept
// ("" for none), on node Node.
type sessionsNews struct {
	Node int64  `json:"node"`
	User int64  `json:"user"`
	Kept string `json:"kept,omitempty"`
}

// followSessionsEnded has the accounts service tell the server, when it
// ends an account's sessions, to close their connections here and on the
// other nodes.
func (s *Server) followSessionsEnded() {
	n, ok := s.cfg.Accounts.(sessionsNotifier)
	if !ok {
		return
	}
	n.OnSessionsEnded(func(userID int64, kept string) {
		s.closeSessionsOf(userID, kept)
		if s.relay != nil {
			s.relay.publishSessionsEnded(userID, kept)
		}
	})
}

// closeSessionsOf closes userID's connections here but those opened with
// the session of key kept.
func (s *Server) closeSessionsOf(userID int64, kept string) {
	for _, c := range s.hub.connsOf(userID) {
		if kept == "" || c.session != kept {
			c.close(closePolicy, closeSessionsEnded)
		}
	}
}

func (r *relay) publishSessionsEnded(userID int64, kept string) {
	b, err := json.Marshal(sessionsNews{Node: r.c.Fence, User: userID, Kept: kept})
	if err == nil {
		_ = r.c.Bus.Publish(sessionsEndedSubject, b)
	}
}

func (r *relay) serveSessionsEnded(msg *nats.Msg) {
	var n sessionsNews
	if json.Unmarshal(msg.Data, &n) != nil || n.Node == r.c.Fence || n.User == 0 {
		return
	}
	r.s.closeSessionsOf(n.User, n.Kept)
}
