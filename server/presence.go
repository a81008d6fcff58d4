package server

import "github.com/parlor-games/parlor/match"

// Presence that tells the truth (since v6): a page that is hidden (the
// person switched tabs or minimised the window) says so with
// presence.set {"away":true}, and {"away":false} when it is shown again.
// A connection that is away does not count as the person being there:
// a user whose every connection is away leaves the lobby's online list,
// and a seat whose holder watches only from away connections shows
// "connected": false to everyone at the table. A page that is left
// closes its connection, which has always meant offline.
//
// Away changes what people see, not what the table's policy does: the
// seat is still watched, its holder still gets every move and may play
// the moment the page is back, so no grace period starts until the
// connection closes. (A player reading another tab for a minute should
// not forfeit.)

type presenceReq struct {
	envelope
	Away *bool `json:"away"`
}

func handlePresenceSet(c *conn, data []byte) (any, error) {
	var req presenceReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	if req.Away == nil {
		return nil, badRequest("presence.set needs away (true or false)")
	}
	c.h.setAway(c, *req.Away)
	return nil, nil
}

// setAway marks c away or back. The lobby hears of it only when the user
// as a whole comes or goes (their last present connection went away, or
// one came back), and through the coalesced presence push; the watchers
// of each table c watches where its user holds a seat are told at once,
// since its seat list shows who is there.
func (h *hub) setAway(c *conn, away bool) {
	h.mu.Lock()
	if c.away.Load() == away {
		h.mu.Unlock()
		return
	}
	c.away.Store(away)
	p := h.online[c.user.ID]
	changed := false
	if p != nil {
		was := p.shown()
		if away {
			p.away++
		} else {
			p.away--
		}
		changed = was != p.shown()
	}
	h.mu.Unlock()
	if changed {
		h.presenceChanged()
	}
	c.mu.Lock()
	watched := make([]*table, 0, len(c.watches))
	for _, w := range c.watches {
		watched = append(watched, w.t)
	}
	c.mu.Unlock()
	for _, t := range watched {
		t.mu.Lock()
		seated := len(t.heldByLocked(c.user.ID)) > 0
		t.mu.Unlock()
		if seated {
			t.pushToWatchers()
		}
	}
}

// pushToWatchers sends the table to its watchers only. A seat's presence
// is for the people at the table: the lobby's listing shows no presence,
// so a page hidden and shown again costs the lobby's members nothing
// (their copy catches up with the table's next change).
func (t *table) pushToWatchers() {
	// Two changes at once (one player watching, another starting the
	// match) each push the table: without pushMu the older seat list
	// could be queued after the newer one, and a watcher would keep
	// showing a player away who is there.
	t.pushMu.Lock()
	defer t.pushMu.Unlock()
	t.mu.Lock()
	tj := t.jsonLocked(0)
	tj.Rev = t.revLocked()
	ws := make([]*conn, 0, len(t.watchers))
	for c := range t.watchers {
		ws = append(ws, c)
	}
	t.mu.Unlock()
	msg := mustJSON(map[string]any{"t": "table", "table": tj})
	for _, c := range ws {
		c.push(msg)
	}
}

// shown reports whether the user is to be listed as online: one of their
// connections is not away. Callers hold the hub's mu.
func (p *presence) shown() bool { return p.conns > p.away }

// presentLocked reports which human seats have their holder watching
// from a connection that is not away: the seat list's "connected".
// Callers hold t.mu.
func (t *table) presentLocked() map[int]bool {
	out := make(map[int]bool)
	for c := range t.watchers {
		if c.away.Load() {
			continue
		}
		for i, st := range t.seats {
			if st.Kind == match.Human && st.UserID == c.user.ID {
				out[i] = true
			}
		}
	}
	return out
}
