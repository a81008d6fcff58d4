package server

import (
	"net/http"
	"slices"
	"sync"
	"time"
)

// A rematch offer waits for people who are there. Its new table starts at
// once when the last person accepts, so a person who left for good and
// was still counted in would be seated, forfeited after the grace and
// rated for a match they never saw; and everyone else would watch a
// countdown for someone who cannot answer. So an offer lapses, and its
// people are told who left and how, as soon as one of them leaves for
// good, whether they had accepted or not:
//
//   - they quit the finished table (table.leave: the web's Quit, the
//     terminal's q), which is a deliberate goodbye;
//   - they sign out (POST /api/logout);
//   - none of their connections, on any node, is left, and none comes
//     back within the table's leaving wait (its policy's grace, or
//     Config.LeaveGrace for a table without one). That covers a closed
//     tab as well as a dropped SSH link, whose session closes its
//     WebSocket; a reload or a short network cut comes back in time.
//
// The node whose connection closed, or which served the sign-out, tells
// the others on the rematch subject, since the offer lives on its
// table's node. Whether a person is still connected elsewhere is read
// from the other nodes' lobby (who is online there): a person whose only
// connections are on a third node and all hidden (presence away) is not
// listed there, and may see their offer lapse after the wait.

// offerSet is the tables with an open rematch offer on this node, so
// that a person's leaving, or the node's stop, finds their offers
// without walking every table.
type offerSet struct {
	mu sync.Mutex
	m  map[*table]struct{}
}

func (os *offerSet) add(t *table) {
	os.mu.Lock()
	defer os.mu.Unlock()
	if os.m == nil {
		os.m = make(map[*table]struct{})
	}
	os.m[t] = struct{}{}
}

func (os *offerSet) remove(t *table) {
	os.mu.Lock()
	defer os.mu.Unlock()
	delete(os.m, t)
}

func (os *offerSet) list() []*table {
	os.mu.Lock()
	defer os.mu.Unlock()
	out := make([]*table, 0, len(os.m))
	for t := range os.m {
		out = append(out, t)
	}
	return out
}

// leavingWait is how long an offer waits for a person of it who has no
// connection left to come back: the table's grace, which the people
// chose for the game itself, or the server's wait for a seat at a table
// not started when the table has none.
func (t *table) leavingWait() time.Duration {
	t.mu.Lock()
	g := secs(t.policy.Grace)
	t.mu.Unlock()
	if g > 0 {
		return g
	}
	return t.s.leaveGrace()
}

// connectedAnywhere reports whether userID has a connection open on this
// node, or is listed online by another.
func (s *Server) connectedAnywhere(userID int64) bool {
	if len(s.hub.connsOf(userID)) > 0 {
		return true
	}
	return s.relay != nil && s.relay.onlineElsewhere(userID)
}

// onlineElsewhere reports whether another node lists userID online.
func (r *relay) onlineElsewhere(userID int64) bool {
	r.lobby.mu.Lock()
	defer r.lobby.mu.Unlock()
	for _, st := range r.lobby.nodes {
		if _, ok := st.users[userID]; ok {
			return true
		}
	}
	return false
}

// checkGoneLater notes that userID, a person of offer o, has no
// connection now, and lapses o if they still have none, and have not
// left again since, once the table's leaving wait has run.
func (t *table) checkGoneLater(o *rematchOffer, userID int64) {
	t.rematchMu.Lock()
	defer t.rematchMu.Unlock()
	if t.offer == o {
		t.awaitReturnLocked(o, userID)
	}
}

// awaitReturnLocked is checkGoneLater for a caller holding t.rematchMu.
func (t *table) awaitReturnLocked(o *rematchOffer, userID int64) {
	now := time.Now()
	if o.gone == nil {
		o.gone = make(map[int64]time.Time)
	}
	o.gone[userID] = now
	time.AfterFunc(t.leavingWait(), func() {
		t.rematchMu.Lock()
		last := o.gone[userID]
		t.rematchMu.Unlock()
		if !last.Equal(now) || t.s.connectedAnywhere(userID) {
			return // back, or gone again later: that absence is timed
		}
		t.lapseRematch(o, LapseGone, userID)
	})
}

// personLeftHere ends, or for LapseGone times, the offers on this node
// that count userID in.
func (s *Server) personLeftHere(userID int64, how RematchLapse) {
	for _, t := range s.offers.list() {
		t.rematchMu.Lock()
		o := t.offer
		t.rematchMu.Unlock()
		if o == nil || !slices.Contains(o.users, userID) {
			continue
		}
		if how == LapseGone {
			// Checked once the wait has run, not now: another node's
			// lobby may list them for a moment after they left it.
			t.checkGoneLater(o, userID)
			continue
		}
		t.lapseRematch(o, how, userID)
	}
}

// personLeft is personLeftHere on every node. Every node keeps the open
// offers of their people (rematchBoard), so a person with none there
// has none anywhere, and their leaving costs no message on the bus.
func (s *Server) personLeft(userID int64, how RematchLapse) {
	if len(s.rematches.open(userID, time.Now())) == 0 {
		return
	}
	s.personLeftHere(userID, how)
	if s.relay != nil {
		s.relay.publishLeft(userID, how)
	}
}

// offlineHere is called when userID's last connection to this node has
// closed. A node that is stopping says nothing: its players come back
// through another, and its own offers have lapsed already.
func (s *Server) offlineHere(userID int64) {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if !closed {
		s.personLeft(userID, LapseGone)
	}
}

// handleTableLeave is table.leave (protocol v9): the person quits the
// table's screen for good. An open rematch offer of the table that
// counts them in lapses, and its people are told that they left. It
// changes nothing else (a client still sends table.unwatch), and from
// anyone else it changes nothing at all.
func handleTableLeave(c *conn, data []byte) (any, error) {
	var req tableReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	t.rematchMu.Lock()
	o := t.offer
	t.rematchMu.Unlock()
	if o != nil && slices.Contains(o.users, c.user.ID) {
		t.lapseRematch(o, LapseQuit, c.user.ID)
	}
	return nil, nil
}

// watchSignOut wraps the routes so that a sign-out that succeeds ends
// the offers that count its person in: they will not be back to answer
// under that session.
func (s *Server) watchSignOut(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/logout" {
			next.ServeHTTP(w, r)
			return
		}
		u, err := s.cfg.Accounts.Authenticate(r)
		rec := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		if err == nil && rec.status < 300 {
			s.personLeft(u.ID, LapseSignedOut)
		}
	})
}

// statusWriter remembers the status of the answer it passes on.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}
