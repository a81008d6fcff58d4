package server

import (
	"slices"
	"sync"
)

// hub knows every open connection and the lobby's presence.
type hub struct {
	s *Server

	mu            sync.Mutex
	conns         map[*conn]struct{}
	online        map[int64]*presence    // user id -> presence
	lobby         map[*conn]*lobbyMember // connections that joined the lobby
	lobbyPush     sync.Mutex             // held while the lobby's lists are pushed (lobbydiff.go)
	lobbyMade     lobbyLists             // the lists as last made, under lobbyPush (lobbypage.go)
	lobbyStale    lobbyParts             // lists of lobbyMade changed since, under mu
	pushing       bool                   // a coalesced presence push is scheduled
	tablesPending bool
	remotePending bool // a push of the lobby after another node's change

	chat *chat
}

func newHub(s *Server) *hub {
	return &hub{
		s:      s,
		conns:  make(map[*conn]struct{}),
		online: make(map[int64]*presence),
		lobby:  make(map[*conn]*lobbyMember),
		chat:   newChat(s.cfg.ChatKeep, s.chatChannelLive),
	}
}

func (h *hub) add(c *conn) {
	h.mu.Lock()
	h.conns[c] = struct{}{}
	p := h.online[c.user.ID]
	first := p == nil
	if first {
		p = &presence{user: c.user}
		h.online[c.user.ID] = p
	}
	was := p.shown()
	p.conns++
	p.open = append(p.open, c)
	back := !first && !was
	h.mu.Unlock()
	if back {
		// Every other connection of the user is away: this one brings
		// them back to the online list.
		h.presenceChanged()
	}
	if first {
		// Come online here: the followers who are not looking may be
		// told (friendnotice.go).
		h.s.cameOnline(c.user)
		// Stats come from the database; fetch them outside the lock.
		st := h.s.lobbyStats(c.user.ID)
		h.mu.Lock()
		h.loadedLocked(p, st)
		h.mu.Unlock()
		h.presenceChanged()
	}
}

func (h *hub) remove(c *conn) {
	h.mu.Lock()
	delete(h.conns, c)
	delete(h.lobby, c)
	p := h.online[c.user.ID]
	gone, last := false, false
	if p != nil {
		was := p.shown()
		p.conns--
		p.open = slices.DeleteFunc(p.open, func(o *conn) bool { return o == c })
		if c.away.Load() {
			p.away--
		}
		if p.conns <= 0 {
			delete(h.online, c.user.ID)
			h.s.tieCache.drop(c.user.ID)
			last = true
		}
		gone = was && !p.shown()
	}
	h.mu.Unlock()
	if gone {
		h.presenceChanged()
	}
	if last {
		// Their rematch offers wait for them a while (rematchleave.go).
		h.s.offlineHere(c.user.ID)
	}
}

// connsOf returns every connection of a user.
func (h *hub) connsOf(userID int64) []*conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	if p := h.online[userID]; p != nil {
		return slices.Clone(p.open)
	}
	return nil
}

func (h *hub) closeAll() {
	h.mu.Lock()
	all := make([]*conn, 0, len(h.conns))
	for c := range h.conns {
		all = append(all, c)
	}
	h.mu.Unlock()
	for _, c := range all {
		c.close(closeGoingAway, "server shutting down")
	}
}
