package server

import (
	"bufio"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
)

// corkConn is the network connection under a WebSocket. The server writes
// its messages through writeFrames, which frames a whole batch itself and
// sends it with one system call; the WebSocket library keeps writing its
// control frames (pong, close) and the messages of a closing connection
// through Write. A move costs the mover's connection two frames (the
// update and the reply) and the opponent's one, and writing was the
// largest share of the server's CPU per move: the library's path takes
// locks, checks its context and flushes a buffer for every frame, which
// writeFrames does not.
type corkConn struct {
	net.Conn

	// mu is held across each system call, so that a frame from the library
	// and a batch from writeFrames never interleave on the wire.
	mu sync.Mutex
	// closeSent is set once the library has written a close frame:
	// nothing may follow it.
	closeSent bool
	// written counts the bytes the socket has taken.
	written atomic.Int64
}

// corkLimit is how much writeFrames collects before it sends, so that a
// long queue (a catch-up, views) never sits in memory whole.
const corkLimit = 32 << 10

var corkBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// Write is the library's path: control frames, which arrive whole (the
// library buffers a frame and flushes it once), and the messages of a
// closing connection, which may arrive in pieces but are written by the
// connection's one writer, after which writeFrames is not called again.
// A piece taken for a close frame would only stop writes that no longer
// happen.
func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(p) > 0 && p[0] == 0x88 {
		// FIN and opcode 8: a close frame.
		c.closeSent = true
	}
	n, err := c.Conn.Write(p)
	c.written.Add(int64(n))
	return n, err
}

// writeFrames sends msgs as unmasked, unfragmented text frames (RFC 6455,
// section 5.2), what the library would send for them with compression
// off, in order and with as few system calls as corkLimit allows.
func (c *corkConn) writeFrames(msgs [][]byte) error {
	bp := corkBufs.Get().(*[]byte)
	b := (*bp)[:0]
	c.mu.Lock()
	defer c.mu.Unlock()
	var err error
	if c.closeSent {
		err = net.ErrClosed
	}
	for _, m := range msgs {
		if err != nil {
			break
		}
		b = appendFrameHeader(b, len(m))
		b = append(b, m...)
		if len(b) >= corkLimit {
			err = c.write(b)
			b = b[:0]
		}
	}
	if err == nil && len(b) > 0 {
		err = c.write(b)
	}
	if cap(b) <= 2*corkLimit {
		*bp = b[:0]
		corkBufs.Put(bp)
	}
	return err
}

// write writes b to the socket, counting what it took. Callers hold mu.
func (c *corkConn) write(b []byte) error {
	n, err := c.Conn.Write(b)
	c.written.Add(int64(n))
	return err
}

// appendFrameHeader appends the header of a final, unmasked text frame
// carrying n bytes.
func appendFrameHeader(b []byte, n int) []byte {
	const finText = 0x81
	switch {
	case n < 126:
		return append(b, finText, byte(n))
	case n <= 0xffff:
		return append(b, finText, 126, byte(n>>8), byte(n))
	default:
		return append(b, finText, 127,
			byte(uint64(n)>>56), byte(uint64(n)>>48), byte(uint64(n)>>40), byte(uint64(n)>>32),
			byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
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
