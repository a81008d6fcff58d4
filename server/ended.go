package server

import (
	"context"
	"slices"
	"time"
)

// Games that ended while their player was not at the table (since v7).
// A partner's resignation, a seat forfeited after its grace, a bot that
// played a seat to the end, a paused table closed after a week: each ends
// a match with somebody away, and without a word the end would pass
// unseen, since the lobby forgets a finished table ten minutes after it.
// So the end is kept, with the match, on each absent holder's list until
// they read of it; both clients show the list in their lobby, from
// whatever device the player comes back on.
//
// "Absent" is precise: no connection of the holder watched the table when
// the match ended, so the end's push reached none of them. A connection
// marked away by presence.set still watches, and the end waits on its
// table screen.

// endedList is how many untold ends a player's list holds: the same as
// their profile's recent games.
const endedList = recentGames

// endedReq asks for ends to leave the player's list (ended.dismiss).
type endedReq struct {
	envelope
	Matches []string `json:"matches"`
}

// endedDismissMax bounds one dismissal: more than the list ever holds,
// few enough to be one small batch of deletes.
const endedDismissMax = 50

func handleEndedDismiss(c *conn, data []byte) (any, error) {
	var req endedReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if len(req.Matches) == 0 || len(req.Matches) > endedDismissMax {
		return nil, badRequest("ended.dismiss needs 1 to %d match ids in matches", endedDismissMax)
	}
	for _, m := range req.Matches {
		if m == "" || len(m) > 64 {
			return nil, badRequest("%q is not a match id", m)
		}
	}
	s := c.h.s
	ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
	defer cancel()
	if err := s.cfg.Store.MarkTold(ctx, c.user.ID, req.Matches...); err != nil {
		s.log.Error("ends not marked told", "user", c.user.ID, "err", err)
		return nil, unavailable(err, "the list could not be changed just now; try again")
	}
	s.endedChanged(c.user.ID)
	return nil, nil
}

// absentHoldersLocked are the table's holders (holdersLocked) none of
// whose connections watch it: those the end of its match will not reach.
func (t *table) absentHoldersLocked() []int64 {
	return slices.DeleteFunc(t.holdersLocked(), func(u int64) bool {
		for c := range t.watchers {
			if c.user.ID == u {
				return true
			}
		}
		return false
	})
}

// noteAbsent keeps match's end on the list of each of users, who were
// not at its table, and tells those connected elsewhere at once (in the
// lobby, say).
func (s *Server) noteAbsent(ctx context.Context, matchID string, users []int64) {
	if len(users) == 0 {
		return
	}
	if err := s.cfg.Store.TellLater(ctx, matchID, users...); err != nil {
		// The end is stored all the same; only its news is lost.
		s.log.Error("ends to tell not kept", "match", matchID, "err", err)
		return
	}
	for _, u := range users {
		s.endedChanged(u)
	}
}

// seenEnd takes the finished match of a table its holder watches again
// off their list: the table shows them the end. A read first, so that
// watching an ended table costs a write only when there is news to clear.
func (s *Server) seenEnd(userID int64, matchID string) {
	ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
	defer cancel()
	untold, err := s.cfg.Store.Untold(ctx, userID, matchID)
	if err != nil || !untold {
		return
	}
	if err := s.cfg.Store.MarkTold(ctx, userID, matchID); err != nil {
		s.log.Warn("end not marked told", "user", userID, "match", matchID, "err", err)
		return
	}
	s.endedChanged(userID)
}

// endedChanged tells userID's connections, on this node and the others,
// that their list changed.
func (s *Server) endedChanged(userID int64) {
	s.tellEnded(userID)
	if s.relay != nil {
		s.relay.publishEnded(userID)
	}
}

// tellEnded pushes userID's list of untold ends, empty or not (a list
// shown may need clearing), to each of their connections on this node.
func (s *Server) tellEnded(userID int64) {
	conns := s.hub.connsOf(userID)
	if len(conns) == 0 {
		return
	}
	b := s.endedPush(userID, true)
	if b == nil {
		return
	}
	for _, c := range conns {
		c.push(b)
	}
}

// announceEnded pushes the list to a new connection when it is not empty.
func (s *Server) announceEnded(c *conn) {
	if b := s.endedPush(c.user.ID, false); b != nil {
		c.push(b)
	}
}

// endedPush is the ended push of userID's list, or nil when the list is
// empty and not always wanted, or cannot be read.
func (s *Server) endedPush(userID int64, always bool) []byte {
	ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
	defer cancel()
	played, err := s.cfg.Store.UntoldEnds(ctx, userID, endedList)
	if err != nil {
		s.log.Warn("ends to tell", "user", userID, "err", err)
		return nil
	}
	games := s.recentList(played, userID)
	if len(games) == 0 && !always {
		return nil
	}
	return mustJSON(map[string]any{"t": "ended", "games": games})
}
