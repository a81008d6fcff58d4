package server

import (
	"bufio"
	"net"
	"net/http"
	"sync"
)

// corkConn is the network connection under a WebSocket. The WebSocket
// library flushes every frame with a write system call of its own; while
// the connection is corked, corkConn collects those writes instead, and
// uncork sends them with one call. A move costs the mover's connection two
// frames (the update and the reply) and the writes were the largest share
// of the server's CPU per move: corking halves them without changing a
// byte on the wire.
type corkConn struct {
	net.Conn

	mu     sync.Mutex
	corked bool
	buf    []byte
}

// corkLimit is how much a corked connection collects before it sends
// anyway, so that a long queue (a catch-up, views) never sits in memory
// whole.
const corkLimit = 32 << 10

var corkBufs = sync.Pool{New: func() any { return make([]byte, 0, 4096) }}

// Write sends p, or keeps it for uncork. The lock is held across the
// system call so that nothing written later (a pong from the library's
// reader) can overtake what a concurrent uncork is sending.
func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	return c.Conn.Write(p)
}

func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	if c.buf == nil {
		c.buf = corkBufs.Get().([]byte)[:0]
	}
	c.mu.Unlock()
}

// buffered is how many bytes wait for uncork.
func (c *corkConn) buffered() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.buf)
}

// uncork sends what was collected and lets writes through again. The
// buffer goes back to the pool: an idle connection holds none.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	b := c.buf
	c.buf = nil
	if b == nil {
		return nil
	}
	var err error
	if len(b) > 0 {
		_, err = c.Conn.Write(b)
	}
	if cap(b) <= 2*corkLimit {
		corkBufs.Put(b[:0])
	}
	return err
}

// corkWriter hands the WebSocket library a corkConn when it hijacks the
// HTTP connection.
type corkWriter struct {
	http.ResponseWriter
	conn *corkConn
}

func (w *corkWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	w.conn = &corkConn{Conn: nc}
	// The library writes through brw.Writer: point it at the corkConn.
	// It is fresh from the hijack, but flush it first in case it is not.
	if err := brw.Writer.Flush(); err != nil {
		nc.Close()
		return nil, nil, err
	}
	brw.Writer.Reset(w.conn)
	return w.conn, brw, nil
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *corkWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
