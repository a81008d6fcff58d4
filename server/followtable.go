package server

import (
	"context"
	"encoding/json"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/parlor-games/parlor/game"
)

// Watchers follow their table to its new node.
//
// When a table is handed over (handover.go), nobody at it should notice:
// no socket closes, no update is lost, repeated or out of order. Each
// watch of the table, on the old node, is turned into its state (the
// next seq the client expects, and how it wants the views), and that
// state goes to the node holding the watcher's socket: this node for its
// own players, the player's node for a proxy (relay.go). There the
// socket keeps it as a pending watch, until the table is at its new node;
// then it watches the table there again from that seq, as a player
// connected to one node watches a table of another: through a link, or
// here if the table came to this very node. What the old node delivered
// is already in the socket's queue, and what the new node sends comes
// after, starting with anything the client missed meanwhile, from the
// match's log, as a resume does.
//
// A pending watch is settled before any message of the socket that names
// the table goes anywhere, so that a move held during the hand-over
// reaches the new node after the watch, and its update comes before its
// answer, as always. Should the table find no home in time, the socket
// is closed, and the client reconnects and resumes: that is the old way,
// kept only for a node that stopped answering.

// watchState is a watch as it moves with its table.
type watchState struct {
	Table   string `json:"table"`
	Next    int64  `json:"next"`
	Views   bool   `json:"views"`
	Patches bool   `json:"patches"`
	// Hidden and Shown are a hot seat's screen: hidden until the client
	// confirms a hand-over, then showing seat Shown.
	Hidden bool      `json:"hidden"`
	Shown  game.Seat `json:"shown"`
	// Last holds the views the watch sent last, for patches.
	Last map[string]json.RawMessage `json:"last,omitempty"`
}

// Headers of the messages that move watches between nodes.
const (
	// hdrMoving, on a request to a player's node, carries the state of
	// the player's watch of a table being handed over: the node keeps it
	// pending and answers.
	hdrMoving = "Parlor-Moving"
	// hdrMoved, on a message to a player's node, names a table whose
	// hand-over has ended: the node settles the pending watches of it.
	hdrMoved = "Parlor-Moved"
	// hdrRewatch, on a request to a table's node, carries a watch's
	// state: the node watches the table for the link from that seq on.
	hdrRewatch = "Parlor-Rewatch"
)

// movingTimeout bounds the wait for a player's node to take a watch's
// state; flushWait, the wait for a proxy's queue to be sent first.
const (
	movingTimeout = 2 * time.Second
	flushWait     = time.Second
)

// leave ends the watch on the node handing its table over and returns
// its state: nothing more is delivered through it, and the connection
// forgets it.
func (w *watch) leave() watchState {
	w.mu.Lock()
	st := watchState{Table: w.t.id, Next: w.next, Views: w.views, Patches: w.patches,
		Hidden: w.hidden, Shown: w.shown, Last: w.last}
	if st.Next < 1 {
		st.Next = 1 // the table's gate held back every watch begun: never so
	}
	w.live = false
	w.mu.Unlock()
	w.c.mu.Lock()
	if w.c.watches[w.t.id] == w {
		delete(w.c.watches, w.t.id)
	}
	w.c.mu.Unlock()
	return st
}

// adoptWatch makes c watch t from st, as it watched the table on the
// node that handed it here: the seq it expects next, its views and its
// hot-seat screen. It sends what the client missed, from the log. A
// connection that watches t already (its client watched again) keeps
// that watch.
func (t *table) adoptWatch(c *conn, st watchState) {
	w := &watch{t: t, c: c, views: st.Views, shown: noSeat}
	t.mu.Lock()
	if t.watchers[c] != nil {
		t.mu.Unlock()
		return
	}
	w.seats = t.heldByLocked(c.user.ID)
	w.hidden = t.def.Hidden && len(w.seats) > 1
	w.patches = st.Patches && !w.hidden
	if w.patches {
		w.last = st.Last
	}
	switch {
	case w.hidden && st.Hidden:
		w.shown = st.Shown
	case !w.hidden && len(w.seats) > 0:
		w.shown = w.seats[0]
	}
	t.watchers[c] = w
	mt := t.mt
	if mt != nil {
		for _, s := range w.seats {
			mt.SetConnected(s, true)
		}
	}
	t.mu.Unlock()
	c.mu.Lock()
	c.watches[t.id] = w
	c.mu.Unlock()

	w.mu.Lock()
	w.next, w.live = st.Next, true
	if mt != nil {
		for _, u := range mt.Since(st.Next - 1) {
			w.sendLocked(u, allPublic(u.Events), nil)
		}
	}
	w.mu.Unlock()
	t.s.tables.changed(t)
}

// expectMove keeps st as c's pending watch of its table, until settle.
func (c *conn) expectMove(st watchState) {
	c.mu.Lock()
	if c.pending == nil {
		c.pending = make(map[string]watchState)
	}
	if _, had := c.pending[st.Table]; !had {
		c.moving.Add(1)
	}
	c.pending[st.Table] = st
	c.mu.Unlock()
}

// settle watches the table again where it is now, if c has a pending
// watch of it; it returns once that is done, or given up (the socket is
// then closed and the client resumes). Callers call it before anything
// of c's that names the table goes to the table's node.
func (c *conn) settle(table string) {
	if c.proxy != nil || c.moving.Load() == 0 {
		return
	}
	c.moveMu.Lock()
	defer c.moveMu.Unlock()
	c.mu.Lock()
	st, ok := c.pending[table]
	c.mu.Unlock()
	if !ok {
		return
	}
	if c.ended {
		c.mu.Lock()
		delete(c.pending, table)
		c.mu.Unlock()
		c.moving.Add(-1)
		return
	}
	s := c.h.s
	deadline := time.Now().Add(handOverPatience)
	placed := s.placeWatch(c, st)
	for !placed && time.Now().Before(deadline) && !c.closingNow() {
		time.Sleep(handOverStep)
		placed = s.placeWatch(c, st)
	}
	c.mu.Lock()
	delete(c.pending, table)
	c.mu.Unlock()
	c.moving.Add(-1)
	if !placed && c.closingNow() {
		return // closing anyway: the client resumes when it reconnects
	}
	if !placed {
		s.metrics.unfollowed.Inc()
		s.log.Warn("a watcher could not follow its table to its new node", "table", table, "user", c.user.ID)
		c.close(closeGoingAway, "this table moved to another server; reconnect")
		return
	}
	s.metrics.followed.Inc()
}

// stopFollowing is called as c's connection closes, before its watches
// and links are dropped: no watch is placed for it any more, and one
// being placed is placed first, so that it is dropped with the rest
// (a watch placed after would keep the player's seat shown as there).
func (c *conn) stopFollowing() {
	c.moveMu.Lock()
	c.ended = true
	c.moveMu.Unlock()
}

// placeWatch tries once to watch st's table where it is now: here, or
// at its node through c's link. It reports false while the table is
// between nodes.
func (s *Server) placeWatch(c *conn, st watchState) bool {
	if t := s.tables.get(st.Table); t != nil {
		if !t.gate.enter() {
			return false // moving again
		}
		t.adoptWatch(c, st)
		t.gate.leave()
		return true
	}
	r := s.relay
	if r == nil {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), forwardTimeout)
	defer cancel()
	o, err := r.c.Owners.TableOwner(ctx, st.Table)
	if err != nil || o.Fence == 0 || o.Fence == r.c.Fence || !o.Live {
		// Unknown yet, or this node is still loading it, or its node is
		// gone and another takes it over soon.
		return false
	}
	msg := r.linkMsg(c, o.Fence)
	msg.Header.Set(hdrRewatch, "1")
	msg.Data = mustJSON(st)
	answer, err := r.c.Bus.RequestMsgWithContext(ctx, msg)
	return err == nil && answer.Header.Get(hdrDraining) == ""
}

// adoptForwarded runs a rewatch forwarded here from a player's node: it
// reports false when the table is not here to watch (not loaded yet, or
// moving again), and the player's node asks again.
func (s *Server) adoptForwarded(p *conn, data []byte) bool {
	var st watchState
	if err := json.Unmarshal(data, &st); err != nil || st.Next < 1 {
		s.log.Warn("a watch forwarded without its state", "err", err)
		return true // nothing to do again
	}
	t := s.tables.get(st.Table)
	if t == nil || !t.gate.enter() {
		return false
	}
	t.adoptWatch(p, st)
	t.gate.leave()
	return true
}

// movedWatch is a watch taken from a table being handed over, with the
// connection it belonged to.
type movedWatch struct {
	c  *conn
	st watchState
}

// takeWatchers ends the watches of t, whose match has stopped for its
// hand-over, and gives each to the node of its socket to keep pending:
// this node for its own players, the player's node for a proxy. They are
// settled by followTable once the hand-over ends.
func (s *Server) takeWatchers(t *table) []movedWatch {
	t.mu.Lock()
	ws := make([]*watch, 0, len(t.watchers))
	for _, w := range t.watchers {
		ws = append(ws, w)
	}
	t.watchers = make(map[*conn]*watch)
	t.mu.Unlock()
	moved := make([]movedWatch, 0, len(ws))
	for _, w := range ws {
		mw := movedWatch{c: w.c, st: w.leave()}
		if mw.c.proxy == nil {
			mw.c.expectMove(mw.st)
		} else if err := mw.c.proxy.sendMoving(mw.c, mw.st); err != nil {
			s.log.Warn("telling a player's node of a table's hand-over", "table", t.id, "node", mw.c.proxy.to, "err", err)
		}
		moved = append(moved, mw)
	}
	return moved
}

// followTable settles the watches taken by takeWatchers, once the table
// is at its new node (or back here, its hand-over called off).
func (s *Server) followTable(moved []movedWatch) {
	for _, mw := range moved {
		if mw.c.proxy == nil {
			go mw.c.settle(mw.st.Table)
			continue
		}
		msg := nats.NewMsg(outSubject(mw.c.proxy.to))
		msg.Header.Set(hdrLink, mw.c.proxy.link)
		msg.Header.Set(hdrMoved, mw.st.Table)
		_ = mw.c.proxy.r.c.Bus.PublishMsg(msg)
	}
}

// sendMoving gives the player's node the state of the player's watch,
// once what the proxy queued before has gone: NATS keeps one sender's
// messages in order, so the player gets every update the old node sent
// before the new node sends any.
func (p *proxy) sendMoving(c *conn, st watchState) error {
	deadline := time.Now().Add(flushWait)
	for !c.flushed() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	msg := nats.NewMsg(outSubject(p.to))
	msg.Header.Set(hdrLink, p.link)
	msg.Header.Set(hdrMoving, st.Table)
	msg.Data = mustJSON(st)
	_, err := p.r.c.Bus.RequestMsg(msg, movingTimeout)
	return err
}

// closingNow reports whether c's connection is closing.
func (c *conn) closingNow() bool {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	return c.closing
}

// flushed reports whether c has written everything queued.
func (c *conn) flushed() bool {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	return !c.writing && len(c.queue) == 0
}
