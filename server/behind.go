package server

import (
	"log/slog"
	"time"
)

// A client that stops reading must cost the server a bounded amount of
// memory and nothing of anyone else's latency. Whatever a connection has
// been sent that its socket has not taken yet, in the connection's queue
// or held by its transport, counts against maxUnsent; a message that
// would take it past that closes the connection instead, with status
// 1008 and closeSlowReason (docs/protocol.md), and what was queued for
// it is dropped at once: the client, once it reads again, reconnects and
// resumes from its last sequence number.
const (
	// maxUnsent is how many bytes a connection may have queued and not
	// yet taken by its socket: a few seconds of the busiest table, far
	// more than a catch-up of a match usually needs, and small enough
	// that 500 stuck readers hold little (most queued messages are
	// shared by every watcher of a table).
	maxUnsent = 256 << 10
	// closeSlowReason is the close reason of a connection closed for
	// falling behind.
	closeSlowReason = "too slow reading messages"
)

// DefaultSendBuffer is Config.SendBuffer's default: a few seconds of a
// busy table's pushes, which a game's small messages never need more of
// to keep a link full.
const DefaultSendBuffer = 64 << 10

func (s *Server) sendBuffer() int {
	if s.cfg.SendBuffer > 0 {
		return s.cfg.SendBuffer
	}
	return DefaultSendBuffer
}

// unsentLocked is what c has been sent and its socket has not taken: its
// queue, the batch being written, and what its wire holds. Callers hold
// c.qmu.
func (c *conn) unsentLocked() int {
	n := c.queued
	if c.wire != nil {
		n += c.wire.unsent()
	}
	return n
}

// behindLocked reports whether queuing a message of n bytes would leave
// c too far behind: past maxUnsent bytes, or sendQueue messages. A
// message alone (nothing unsent) is always taken, however large.
// Callers hold c.qmu.
func (c *conn) behindLocked(n int) bool {
	if len(c.queue) >= sendQueue {
		return true
	}
	unsent := c.unsentLocked()
	return unsent > 0 && unsent+n > maxUnsent
}

// closeSlowLocked closes c for falling behind: it drops what is queued,
// so that its memory is freed now rather than once the peer reads, and
// sends the close frame after what the socket already holds. Callers
// hold c.qmu.
func (c *conn) closeSlowLocked() {
	s := c.h.s
	s.log.Warn("closing slow connection", slog.String("user", c.user.Name), slog.Int("unsent", c.unsentLocked()))
	s.metrics.slowClosed.Inc()
	c.behind = true
	for _, m := range c.queue {
		c.queued -= len(m) // the batch being written, if any, stays counted until written
	}
	clear(c.queue)
	c.queue = nil
	if bw, ok := c.wire.(behindWire); ok {
		bw.markBehind()
	}
	c.closeLocked(closePolicy, closeSlowReason)
}

// closedBehind reports whether c was closed for falling behind. What
// such a connection sends before its socket closes is dropped unread:
// its answer could not reach it (nothing more is queued for it), and
// the client, once it reads again, finds the close, reconnects and
// sends again what was not answered. Handling it would cost the server
// for nothing: a reader stuck on a busy table still asks to watch each
// of its new games, and each watch is answered with a snapshot.
func (c *conn) closedBehind() bool {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	return c.behind
}

// behindWire is a wire that cuts a connection a short while after its
// close frame (closeWait) unless told that the peer is behind: then the
// peer has all that was written before the close frame to read first,
// and cutWhenStuck cuts it once it stops reading.
type behindWire interface {
	markBehind()
}

// stallWire is a wire that may take only part of a batch (send returns
// fewer than it was given) while it holds as much as it may, and calls
// back once it has drained.
type stallWire interface {
	// whenDrained calls resume, once, on a goroutine of its own, when
	// what the wire holds has gone to the socket, or at once if it has.
	whenDrained(resume func())
}

// resume restarts the writer of a connection whose wire had stalled.
func (c *conn) resume() {
	c.qmu.Lock()
	if !c.stalled {
		c.qmu.Unlock()
		return
	}
	c.stalled = false
	if c.writing || len(c.queue) == 0 && !c.closing {
		c.qmu.Unlock()
		return
	}
	c.writing = true
	c.qmu.Unlock()
	c.drain(false)
}

// notePeak records n as the most any connection has had unsent, if it
// is: the figure the slow-reader tests hold against maxUnsent.
func (s *Server) notePeak(n int) {
	for {
		peak := s.peakUnsent.Load()
		if int64(n) <= peak || s.peakUnsent.CompareAndSwap(peak, int64(n)) {
			return
		}
	}
}

// cutWhenStuck cuts c once its socket has taken nothing for writeTimeout:
// a peer closed for falling behind reads what was written before the
// close frame, and then the frame, for as long as it goes on reading.
func (c *conn) cutWhenStuck() {
	if c.wire == nil {
		return
	}
	last := c.wire.written()
	time.AfterFunc(writeTimeout, func() {
		if c.wire.written() != last {
			c.cutWhenStuck()
			return
		}
		c.closeNow()
	})
}
