package server

import (
	"time"

	"github.com/parlor-games/parlor/match"
)

// chatAudience returns who reads the table's channel, after checking that
// c may read it or, for write, write to it.
func (t *table) chatAudience(c *conn, write bool) ([]*conn, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, watching := t.watchers[c]
	held := len(t.heldByLocked(c.user.ID)) > 0 || t.creator == c.user.ID
	if write && !held && !(watching && t.spectatorChat) {
		return nil, forbidden("spectators cannot write at this table")
	}
	out := make([]*conn, 0, len(t.watchers))
	for w := range t.watchers {
		out = append(out, w)
	}
	return out, nil
}

// dropConn forgets a closed connection's watches and tells the matches
// whose seats it held.
func (ts *tables) dropConn(c *conn) {
	c.mu.Lock()
	ids := make([]string, 0, len(c.watches))
	for id := range c.watches {
		ids = append(ids, id)
	}
	c.mu.Unlock()
	for _, id := range ids {
		if t := ts.get(id); t != nil {
			t.unwatch(c)
			uid := c.user.ID
			time.AfterFunc(ts.s.leaveGrace(), func() { t.leaveIfGone(uid) })
		}
	}
}

// leaveIfGone frees, before the start, the seats of a player none of
// whose connections watches the table any more, a short while
// (Config.LeaveGrace) after their last one closed, and with them their
// characters, so that someone else can sit (as a game of characters
// asks).
// The pause lets a page reload or a reconnect keep the seat. The creator
// keeps their seats: the table is theirs to come back to. An explicit
// table.unwatch frees nothing: clients unwatch and watch again to refresh.
func (t *table) leaveIfGone(userID int64) {
	t.mu.Lock()
	changed := false
	if t.status == statusOpen && userID != t.creator {
		for c := range t.watchers {
			if c.user.ID == userID {
				t.mu.Unlock()
				return
			}
		}
		for i, st := range t.seats {
			if st.Kind == match.Human && st.UserID == userID {
				t.seats[i] = seat{Kind: match.Open}
				changed = true
			}
		}
		if changed {
			if err := t.persist(t.s.ctx); err != nil {
				t.s.log.Error("freeing the seats of a gone player", "table", t.id, "err", err)
			}
		}
	}
	t.mu.Unlock()
	if changed {
		t.s.tables.changed(t)
	}
}
