package server

import (
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// conn is one WebSocket. Its transport (transport.go) hands it each
// message read, in order; a writer goroutine, started when there is
// something to send, drains a bounded queue so that a slow client never
// blocks a match or another client.
type conn struct {
	h    *hub
	wire wire // nil on a proxy
	user Identity
	// session is the key of the session the connection was opened with
	// (accounts.SessionKey), so that ending the other sessions of an
	// account closes their connections and not this one.
	session string
	// addr is the address the WebSocket comes from ("" on a proxy), for
	// the operators' sanctions of an address (moderation.go).
	addr string

	qmu     sync.Mutex
	queue   [][]byte
	spare   [][]byte // the previous batch's slice, for reuse
	writing bool     // a writer is running
	// holding is set while the reader handles a request: what the request
	// queues (an update and the reply to a move) is written together once
	// it is done, in one system call, rather than frame by frame.
	holding     bool
	closing     bool
	closeCode   closeStatus
	closeReason string
	// queued is the bytes of the messages queued and of the batch being
	// written (behind.go); stalled is set while the wire holds as much
	// as it may (stallWire) and the queue waits for it to drain.
	queued  int
	stalled bool
	// behind is set once the connection is closed for falling behind
	// (closeSlowLocked): what it sends after is not handled.
	behind bool

	// playTable is the table of the last match.play read by parsePlay,
	// whose string the next one shares. Only the connection's reader
	// touches it, one message at a time.
	playTable string

	// Token bucket for the per-connection rate limit.
	tokens float64
	last   time.Time

	// away is set while the page behind the connection is hidden
	// (presence.set, away.go). Written under the hub's mu, read anywhere.
	away atomic.Bool

	mu      sync.Mutex
	watches map[string]*watch // table id -> watch

	// proxy is set on a stand-in for a player connected to another node
	// (relay.go): it has no WebSocket, and what it writes goes back to
	// that node. links are this connection's links to other nodes, by
	// node (guarded by mu).
	proxy *proxy
	links map[int64]*link

	// pending holds, by table, the watches of tables being handed over
	// to another node, until they are settled there (followtable.go);
	// moving counts them, so that a message checks without a lock.
	// moveMu makes a settle and the messages that wait for it take turns.
	pending map[string]watchState
	moving  atomic.Int32
	moveMu  sync.Mutex
	ended   bool // under moveMu: the connection has closed
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	user, err := s.cfg.Accounts.Authenticate(r)
	if err != nil {
		s.authFailed(w, err, "log in or pick a guest name first")
		return
	}
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.wg.Add(1)
	}
	s.mu.Unlock()
	if closed {
		httpError(w, http.StatusServiceUnavailable, "the server is shutting down")
		return
	}
	defer s.wg.Done()
	addr := addressOf(r)
	over := s.conns.acquire(user.ID, addr)
	if over == nil {
		if ban := s.banned(user.ID, addr); ban != nil {
			s.conns.release(user.ID, addr)
			over = ban
		}
	}
	s.transport.open(w, r, user, addr, over)
}

// newConn is a connection of user's over w, opened with the session of
// key session, not yet in the hub.
func (s *Server) newConn(user Identity, session string, w wire) *conn {
	return &conn{
		h:       s.hub,
		wire:    w,
		user:    user,
		session: session,
		tokens:  rateBurst,
		last:    time.Now(),
		watches: make(map[string]*watch),
	}
}

// begin puts an open connection in the hub and greets it. The transport
// has counted it in s.wg, and calls end once it is closed.
func (s *Server) begin(c *conn) {
	// hello goes first, before the hub knows the connection: once it is
	// in the hub, news for its user (an achievement, the ended list) may
	// be pushed to it from other goroutines, and a client takes a first
	// message that is not hello for a server that does not speak Parlor.
	c.push(mustJSON(map[string]any{"t": "hello", "v": protocolVersion, "user": c.user}))
	s.hub.add(c)
	// Reads carry no context, so Shutdown ends them by closing the
	// connections it finds in the hub: one added after its sweep must
	// close itself.
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		c.close(closeGoingAway, "server shutting down")
	}
	s.metrics.connections.Inc()
	s.announcePending(c)
	s.announceEnded(c)
	s.announceRematches(c)
	s.warmTies(c.user.ID)
	s.announceChallenges(c)
}

// end forgets a connection that has closed, from addr, once its last
// message has been handled.
func (s *Server) end(c *conn, addr string) {
	c.close(closeNormal, "")
	c.stopFollowing()
	if s.relay != nil {
		s.relay.dropLinks(c)
	}
	s.tables.dropConn(c)
	s.hub.remove(c)
	s.conns.release(c.user.ID, addr)
	s.metrics.connections.Dec()
}

// push queues bytes for the client and makes sure a writer is running.
// A client whose queue is full has stopped reading; it is disconnected
// rather than allowed to hold memory or slow a match down.
//
// The writer goroutine exists only while there is something to write:
// an idle connection costs no goroutine but its reader, which is what
// lets one server hold tens of thousands of idle players.
//
// Over a transport whose writes never block (wire.blocks), the pusher
// writes itself: a goroutine started and woken per push is a measurable
// share of a move's cost.
func (c *conn) push(b []byte) {
	c.qmu.Lock()
	if c.closing {
		c.qmu.Unlock()
		return
	}
	if c.behindLocked(len(b)) {
		c.closeSlowLocked()
		c.qmu.Unlock()
		// The writer may be stuck in a write to a peer that reads
		// nothing: cut the socket once it takes nothing for a while.
		c.cutWhenStuck()
		return
	}
	c.queue = append(c.queue, b)
	c.queued += len(b)
	c.h.s.notePeak(c.unsentLocked())
	if c.writing || c.stalled || c.holding && len(c.queue) < holdLimit {
		c.qmu.Unlock()
		return
	}
	c.writing = true
	c.qmu.Unlock()
	if c.wire != nil && !c.wire.blocks() {
		c.drain(false)
		return
	}
	go c.flush()
}

// hold defers the writer while the reader handles a request.
func (c *conn) hold() {
	c.qmu.Lock()
	c.holding = true
	c.qmu.Unlock()
}

// release ends a hold. If the request queued anything and no writer runs,
// the reader writes it itself: the reply to a move goes out without
// waking another goroutine.
func (c *conn) release() {
	c.qmu.Lock()
	c.holding = false
	if c.writing || c.stalled || len(c.queue) == 0 {
		c.qmu.Unlock()
		return
	}
	c.writing = true
	c.qmu.Unlock()
	c.drain(true)
}

// close asks the writer to send what is queued (an error reply that
// explains the close, say) and then close with code.
func (c *conn) close(code closeStatus, reason string) {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	c.closeLocked(code, reason)
}

func (c *conn) closeLocked(code closeStatus, reason string) {
	if c.closing {
		return
	}
	c.closing = true
	c.closeCode, c.closeReason = code, reason
	if !c.writing {
		c.writing = true
		c.stalled = false // a closing connection writes what it has left
		go c.flush()
	}
}

// flush writes the queue in order, then exits; after a close request it
// performs the closing handshake.
func (c *conn) flush() { c.drain(false) }

// drain is the writer: it writes what is queued, a batch at a time, until
// the queue is empty. The caller has set c.writing. Inline (on the
// reader's goroutine) it writes one batch and hands anything queued since,
// and the closing handshake, to a writer goroutine, so that the reader
// goes back to reading.
func (c *conn) drain(inline bool) {
	for n := 0; ; n++ {
		c.qmu.Lock()
		if inline && (n > 0 || c.closing) && (len(c.queue) > 0 || c.closing) {
			c.qmu.Unlock()
			go c.flush()
			return
		}
		if len(c.queue) == 0 {
			if !c.closing {
				c.writing = false
				if cap(c.queue) > 16 {
					c.queue, c.spare = nil, nil
				}
				c.qmu.Unlock()
				return
			}
			code, reason := c.closeCode, c.closeReason
			c.qmu.Unlock()
			if c.proxy != nil {
				return
			}
			c.wire.close(code, reason)
			return
		}
		batch := c.queue
		c.queue, c.spare = c.spare[:0], nil
		closing := c.closing
		c.qmu.Unlock()
		taken, ok := c.writeBatch(batch, closing)
		sent := 0
		for _, m := range batch[:taken] {
			sent += len(m)
		}
		c.qmu.Lock()
		c.queued -= sent
		if ok && taken < len(batch) {
			// The wire holds all it may: what it did not take goes back
			// to the head of the queue until the wire drains (resume).
			c.queue = append(slices.Clone(batch[taken:]), c.queue...)
			clear(batch)
			if !c.closing {
				c.stalled, c.writing = true, false
				c.qmu.Unlock()
				c.wire.(stallWire).whenDrained(c.resume)
				return
			}
			// Closing since the batch was taken: the rest goes out
			// now, with the close frame after it.
			c.qmu.Unlock()
			continue
		}
		clear(batch)
		if c.spare == nil && cap(batch) <= 16 {
			c.spare = batch[:0]
		}
		c.qmu.Unlock()
		if !ok {
			c.qmu.Lock()
			c.closing = true
			c.queue, c.queued = nil, 0
			c.qmu.Unlock()
			c.closeNow()
			return
		}
	}
}

// closeNow cuts the connection without a closing handshake.
func (c *conn) closeNow() {
	if c.wire != nil {
		c.wire.cut()
	}
}

// writeBatch writes messages in order: to the player's node for a proxy,
// else through the transport. It returns how many of them were taken
// (all of them, unless the wire holds as much as it may) and whether the
// connection is still good.
func (c *conn) writeBatch(batch [][]byte, closing bool) (int, bool) {
	if c.proxy != nil {
		return len(batch), c.proxy.send(batch)
	}
	return c.wire.send(batch, closing)
}

// Limits of one WebSocket connection. They protect the server from a
// client that floods it; docs/protocol.md states them.
const (
	maxMessage   = 64 << 10 // bytes per message, both ways
	sendQueue    = 4096     // pushes queued before the connection is closed as too slow: a backstop to maxUnsent for tiny messages
	defaultRate  = 20       // messages per second per connection, on average
	rateBurst    = 40
	writeTimeout = 10 * time.Second

	// holdLimit is how many messages a request may queue before the
	// writer starts anyway (a catch-up after table.watch can queue a
	// whole match).
	holdLimit = 32
)
