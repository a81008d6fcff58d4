package server

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/parlor-games/parlor/accounts"
)

// goroutineTransport holds each WebSocket with coder/websocket and reads
// it on a goroutine of its own (TransportGoroutine).
type goroutineTransport struct{ s *Server }

func (t goroutineTransport) open(w http.ResponseWriter, r *http.Request, user Identity, addr string, over error) {
	s := t.s
	cw := &corkWriter{ResponseWriter: w}
	ws, err := websocket.Accept(cw, r, &websocket.AcceptOptions{
		OriginPatterns:  s.cfg.Origins,
		CompressionMode: websocket.CompressionDisabled,
	})
	if err != nil {
		if over == nil {
			s.conns.release(user.ID, addr)
		}
		s.log.Info("websocket refused", "err", err, "origin", r.Header.Get("Origin"))
		return
	}
	if over != nil {
		// Over a cap: the socket is opened only to say why, since a
		// browser shows a script nothing of a refused upgrade.
		refuseConn(r.Context(), ws, over)
		s.log.Info("websocket over its cap", "user", user.ID, "addr", addr)
		return
	}
	ws.SetReadLimit(maxMessage)
	if cw.conn != nil {
		if tc, ok := cw.conn.Conn.(*net.TCPConn); ok {
			_ = tc.SetWriteBuffer(s.sendBuffer())
		}
	}
	c := s.newConn(user, accounts.SessionKey(r), &coderWire{ws: ws, nc: cw.conn})
	c.addr = addr
	// The connection is hijacked: let net/http's goroutine, whose stack
	// grew through the handshake and the session lookup, end, and read on
	// a fresh goroutine with a small stack. At 20,000 connections that
	// difference is most of the server's memory.
	s.wg.Add(1)
	s.begin(c)
	go func() {
		defer s.wg.Done()
		c.readLoop(context.Background())
		s.end(c, addr)
	}()
}

// coderWire is a WebSocket of coder/websocket, over a corkConn that
// writes a batch of frames with one system call.
type coderWire struct {
	ws     *websocket.Conn
	nc     *corkConn   // nil if the hijack gave none
	behind atomic.Bool // closed for falling behind (markBehind)
}

// send writes a batch with one system call (or one per corkLimit bytes).
// While closing, each message goes through the library with a deadline
// instead. Live writes carry no deadline, because a timer per message is
// a measurable share of a move's cost; a client that stops reading is
// caught instead by its full queue (push closes it, and cut unblocks a
// stuck write).
func (w *coderWire) send(msgs [][]byte, closing bool) (int, bool) {
	if !closing && w.nc != nil {
		return len(msgs), w.nc.writeFrames(msgs) == nil
	}
	for _, b := range msgs {
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if closing {
			ctx, cancel = context.WithTimeout(ctx, time.Second)
		}
		err := w.ws.Write(ctx, websocket.MessageText, b)
		cancel()
		if err != nil {
			return len(msgs), false
		}
	}
	return len(msgs), true
}

// unsent: a write blocks until the socket has taken it, so the wire
// holds nothing beyond the batch being sent, which its connection counts.
func (w *coderWire) unsent() int { return 0 }

func (w *coderWire) written() int64 {
	if w.nc == nil {
		return 0
	}
	return w.nc.written.Load()
}

// close waits for the peer's closing handshake; cutting after a short
// while keeps shutdown bounded. A peer behind in reading (markBehind)
// has what was written before the close frame to read first: it is cut
// once it stops reading (cutWhenStuck) instead.
func (w *coderWire) close(code closeStatus, reason string) {
	if w.behind.Load() {
		w.ws.Close(websocket.StatusCode(code), reason)
		return
	}
	t := time.AfterFunc(2*time.Second, func() { w.ws.CloseNow() })
	w.ws.Close(websocket.StatusCode(code), reason)
	t.Stop()
}

// markBehind: see behindWire.
func (w *coderWire) markBehind() { w.behind.Store(true) }

func (w *coderWire) cut() { w.ws.CloseNow() }

// blocks: a write waits while the peer's receive window is full.
func (w *coderWire) blocks() bool { return true }

// readBufs holds the buffers messages are read into: a message is handled
// before the next is read, and handlers copy what they keep, so one
// buffer serves message after message instead of a new one each.
var readBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// readLoop reads and handles messages until the connection ends. The
// caller passes a context that is never cancelled: with a cancellable one
// the WebSocket library registers and removes a callback on it for every
// message, a measurable cost per move; shutdown closes the connection
// instead, which ends the read just the same.
func (c *conn) readLoop(ctx context.Context) {
	ws := c.wire.(*coderWire).ws
	for {
		typ, r, err := ws.Reader(ctx)
		if err != nil {
			return
		}
		buf := readBufs.Get().(*bytes.Buffer)
		buf.Reset()
		_, err = buf.ReadFrom(r)
		ok := err == nil && c.serve(typ == websocket.MessageText, buf.Bytes())
		if buf.Cap() <= 8<<10 {
			// A rare big message's buffer is left to the collector.
			readBufs.Put(buf)
		}
		if !ok {
			return
		}
	}
}

// refuseConn tells a connection over a cap why, as an error reply with
// "id":0 (code rate-limited) and a close with status 1008 whose reason is
// the same sentence, and closes it.
func refuseConn(ctx context.Context, ws *websocket.Conn, why error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_ = ws.Write(ctx, websocket.MessageText, errorReply(0, why))
	_ = ws.Close(websocket.StatusCode(closePolicy), closeReason(why))
}
