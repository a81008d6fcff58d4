//go:build linux

package server

import (
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lesismal/nbio"
	"github.com/lesismal/nbio/logging"
	"github.com/lesismal/nbio/nbhttp"
	"github.com/lesismal/nbio/nbhttp/websocket"
)

// epollTransport holds WebSockets in nbio's event loop (TransportEpoll).
// net/http still serves every request, the upgrade included; the
// connection is then taken from it and added to the loop, which reads it
// when the kernel says there is something to read, into a buffer it
// shares among all its connections. A message is handled on a pooled
// goroutine, the messages of one connection in order, one at a time, as
// the goroutine transport's reader does. So an idle connection holds a
// file descriptor and a few small structs: no goroutine, no buffer.
type epollTransport struct {
	s      *Server
	engine *nbhttp.Engine
}

// maxBehind is how many bytes a client may leave unread before it is cut
// off: with writes that never block, this stands for the goroutine
// transport's full queue.
const maxBehind = 1 << 20

// maxIdleWorkers bounds the goroutines kept waiting for the loop's next
// message (workers.go): enough for the messages of a busy node in
// flight at once, few enough that their stacks are a small part of its
// memory.
const maxIdleWorkers = 256

// The loop is the process's, shared by its servers and never stopped: a
// server's Shutdown closes its own connections, and stopping the
// library's engine right after starting it can hang (its poller may
// miss the wake-up).
var (
	loopOnce sync.Once
	loop     *nbhttp.Engine
	loopErr  error
)

func newEpollTransport(s *Server) (transport, error) {
	loopOnce.Do(func() {
		// The library logs at Info to stdout; the server keeps its own log.
		logging.SetLevel(logging.LevelError)
		e := nbhttp.NewEngine(nbhttp.Config{
			Name:                    "parlor",
			ReleaseWebsocketPayload: true,
			MaxWriteBufferSize:      maxBehind,
			ServerExecutor:          newWorkers(maxIdleWorkers).run,
		})
		if loopErr = e.Start(); loopErr == nil {
			loop = e
		}
	})
	if loopErr != nil {
		return nil, loopErr
	}
	return &epollTransport{s: s, engine: loop}, nil
}

func (t *epollTransport) open(w http.ResponseWriter, r *http.Request, user Identity, addr string, over error) {
	s := t.s
	ew := &epollWire{}
	var c *conn
	if over == nil {
		c = s.newConn(user, ew)
	}
	// The connection is in the loop, and may be read, before Upgrade
	// returns: gate holds its messages back until it is set up.
	var gate sync.Mutex
	var ended atomic.Bool // a message ended the connection (serve)
	begun := false        // under gate: counted in s.wg, in the hub
	u := websocket.NewUpgrader()
	u.Engine = t.engine
	u.KeepaliveTime = 0 // no read deadline: an idle player is no fault
	u.MessageLengthLimit = maxMessage
	u.CheckOrigin = func(r *http.Request) bool { return originAllowed(r, s.cfg.Origins) }
	u.OnMessage(func(_ *websocket.Conn, typ websocket.MessageType, data []byte) {
		gate.Lock()
		gate.Unlock()
		if c == nil || ended.Load() {
			return // refused, or ended by an earlier message
		}
		if !c.serve(typ == websocket.TextMessage, data) {
			ended.Store(true)
		}
	})
	u.SetCloseHandler(func(ws *websocket.Conn, code int, _ string) {
		// The peer closes: answer with its code, unless this side has
		// already sent its own close frame, and end the connection.
		if ew.markClosing() {
			if code == 1005 { // no status
				_ = ws.WriteMessage(websocket.CloseMessage, nil)
			} else {
				_ = ws.WriteClose(code, "")
			}
		}
		_ = ws.Close()
	})
	u.OnClose(func(ws *websocket.Conn, err error) {
		gate.Lock()
		defer gate.Unlock()
		if !begun {
			return
		}
		end := func() {
			s.end(c, addr)
			s.wg.Done()
		}
		if nc, ok := ws.UnderlayerConn().(*nbio.Conn); ok {
			// After the messages still queued for it.
			nc.MustExecute(end)
			return
		}
		end()
	})
	gate.Lock()
	defer gate.Unlock()
	ws, err := u.UpgradeAndTransferConnToPoller(w, r, nil)
	if err != nil {
		if over == nil {
			s.conns.release(user.ID, addr)
		}
		s.log.Info("websocket refused", "err", err, "origin", r.Header.Get("Origin"))
		return
	}
	ew.ws = ws
	if nc, ok := ws.UnderlayerConn().(*nbio.Conn); ok {
		nc.OnData(ew.parse)
	}
	if over != nil {
		// Over a cap: said as the goroutine transport says it.
		ew.send([][]byte{errorReply(0, over)}, false)
		ew.close(closePolicy, closeReason(over))
		s.log.Info("websocket over its cap", "user", user.ID, "addr", addr)
		return
	}
	begun = true
	s.wg.Add(1)
	s.begin(c)
}

// epollWire is a WebSocket in nbio's loop. Writes never block: what the
// socket does not take at once the library keeps until it can, up to
// maxBehind.
type epollWire struct {
	ws *websocket.Conn

	mu        sync.Mutex
	closeSent bool // a close frame went out: nothing may follow it

	tooBig atomic.Bool // a message over maxMessage was refused (parse)
}

// parse reads what the loop read from the socket. A message over
// maxMessage is answered by the library with a close frame, status 1009;
// the connection then stays open, what follows unread, until the peer
// answers it or closeWait passes, so that the peer, still sending, reads
// the close frame rather than a reset.
func (w *epollWire) parse(nc *nbio.Conn, data []byte) {
	if w.tooBig.Load() {
		return
	}
	err := w.ws.Parse(data)
	switch {
	case err == nil:
	case errors.Is(err, websocket.ErrMessageTooLarge):
		w.tooBig.Store(true)
		w.markClosing()
		time.AfterFunc(closeWait, w.cut)
	default:
		_ = nc.CloseWithError(err)
	}
}

// markClosing records that a close frame is being sent, and reports
// whether none was before.
func (w *epollWire) markClosing() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	first := !w.closeSent
	w.closeSent = true
	return first
}

// send frames the batch itself, as corkConn does, and hands it to the
// loop's connection a corkLimit at a time, each one write.
func (w *epollWire) send(msgs [][]byte, _ bool) bool {
	bp := corkBufs.Get().(*[]byte)
	b := (*bp)[:0]
	nc := w.ws.UnderlayerConn()
	w.mu.Lock()
	ok := !w.closeSent
	for i, m := range msgs {
		if !ok {
			break
		}
		b = appendFrameHeader(b, len(m))
		b = append(b, m...)
		if len(b) >= corkLimit || i == len(msgs)-1 {
			_, err := nc.Write(b)
			ok = err == nil
			b = b[:0]
		}
	}
	w.mu.Unlock()
	if cap(b) <= 2*corkLimit {
		*bp = b[:0]
		corkBufs.Put(bp)
	}
	return ok
}

// closeWait bounds the closing handshake: a peer that does not answer a
// close frame is cut off after it.
const closeWait = 2 * time.Second

func (w *epollWire) close(code closeStatus, reason string) {
	if !w.markClosing() {
		return
	}
	_ = w.ws.WriteClose(int(code), reason)
	time.AfterFunc(closeWait, w.cut)
}

func (w *epollWire) cut() { _ = w.ws.Close() }

// blocks: the loop's connection keeps what the socket does not take, up
// to maxBehind; only a connection that fell back to blocking mode (not
// a TCP socket, so not moved into the loop) waits.
func (w *epollWire) blocks() bool {
	_, inLoop := w.ws.UnderlayerConn().(*nbio.Conn)
	return !inLoop
}
