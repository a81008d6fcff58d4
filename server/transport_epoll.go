//go:build linux

package server

import (
	"encoding/binary"
	"errors"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lesismal/nbio"
	"github.com/lesismal/nbio/logging"
	"github.com/lesismal/nbio/nbhttp"
	"github.com/lesismal/nbio/nbhttp/websocket"
	"github.com/parlor-games/parlor/accounts"
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

// wireHigh is how many bytes a connection's loop may hold for its socket
// before the connection's queue waits (stallWire): what the library
// holds is a copy per connection, where the queue holds messages that
// every watcher of a table shares. A reader that stops costs the node
// this, a batch and its share of the queue (maxUnsent), not more.
const wireHigh = 16 << 10

// maxBehind bounds what the library may hold for one connection, which
// cuts it off past that: a backstop, since wireHigh and maxUnsent keep
// what it holds well below.
const maxBehind = 4 * maxUnsent

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
		// coder/websocket, under the goroutine transport, does not check
		// that text is UTF-8, and the JSON decoder reads a bad byte as
		// U+FFFD: the loop reads text the same way, so that such a
		// message is answered on both transports rather than closing the
		// connection on one.
		e.CheckUtf8 = func([]byte) bool { return true }
		e.OnOpen(openInLoop)
		e.OnWrittenSize(writtenInLoop)
		if loopErr = e.Start(); loopErr == nil {
			loop = e
		}
	})
	if loopErr != nil {
		return nil, loopErr
	}
	return &epollTransport{s: s, engine: loop}, nil
}

// open upgrades the connection into the loop; one over a cap is upgraded
// only to be told so and closed, as the goroutine transport does.
func (t *epollTransport) open(w http.ResponseWriter, r *http.Request, user Identity, addr string, over error) {
	s := t.s
	o := &epollOpen{s: s, ew: &epollWire{}, addr: addr}
	if over == nil {
		o.c = s.newConn(user, accounts.SessionKey(r), o.ew)
		o.c.addr = addr
	}
	u := o.upgrader(t.engine)
	o.gate.Lock()
	defer o.gate.Unlock()
	ws, err := o.upgrade(u, w, r)
	if err != nil {
		if over == nil {
			s.conns.release(user.ID, addr)
		}
		s.log.Info("websocket refused", "err", err, "origin", r.Header.Get("Origin"))
		return
	}
	if over != nil {
		// Over a cap: said as the goroutine transport says it.
		o.ew.send([][]byte{errorReply(0, over)}, false)
		o.ew.close(closePolicy, closeReason(over))
		s.log.Info("websocket over its cap", "user", user.ID, "addr", addr)
		return
	}
	if nc, ok := ws.UnderlayerConn().(*nbio.Conn); ok {
		_ = nc.SetWriteBuffer(s.sendBuffer())
	}
	o.begun = true
	s.wg.Add(1)
	s.begin(o.c)
}

// epollOpen is one WebSocket as open sets it up: what its callbacks
// share, since the loop may call them before open has returned.
type epollOpen struct {
	s    *Server
	c    *conn // nil when the connection is refused over a cap
	ew   *epollWire
	addr string

	// The connection is in the loop, and may be read, before Upgrade
	// returns: gate holds its messages back until it is set up.
	gate  sync.Mutex
	ended atomic.Bool // a message ended the connection (serve)
	begun bool        // under gate: counted in s.wg, in the hub
}

// upgrader is the library's upgrader for this one connection, its
// callbacks o's.
func (o *epollOpen) upgrader(engine *nbhttp.Engine) *websocket.Upgrader {
	u := websocket.NewUpgrader()
	u.Engine = engine
	u.KeepaliveTime = 0 // no read deadline: an idle player is no fault
	u.MessageLengthLimit = maxMessage
	u.CheckOrigin = func(r *http.Request) bool { return originAllowed(r, o.s.cfg.Origins) }
	o.ew.empty = func(text bool) { o.message(text, nil) }
	u.OnMessage(func(_ *websocket.Conn, typ websocket.MessageType, data []byte) {
		o.message(typ == websocket.TextMessage, data)
	})
	u.SetPingHandler(func(ws *websocket.Conn, data string) {
		o.ew.control(len(data), func() {
			if ws.WriteMessage(websocket.PongMessage, []byte(data)) != nil {
				_ = ws.Close()
			}
		})
	})
	u.SetCloseHandler(o.peerClosed)
	u.OnClose(o.closed)
	return u
}

// message serves one message, once open has set the connection up, and
// none after the one that ended it.
func (o *epollOpen) message(text bool, data []byte) {
	o.gate.Lock()
	o.gate.Unlock()
	if o.c == nil || o.ended.Load() {
		return // refused, or ended by an earlier message
	}
	if !o.c.serve(text, data) {
		o.ended.Store(true)
	}
}

// peerClosed answers the peer's close frame with its code, unless this
// side has already sent its own, and ends the connection.
func (o *epollOpen) peerClosed(ws *websocket.Conn, code int, _ string) {
	if o.ew.markClosing() {
		if code == 1005 { // no status
			o.ew.control(0, func() { _ = ws.WriteMessage(websocket.CloseMessage, nil) })
		} else {
			o.ew.control(2, func() { _ = ws.WriteClose(code, "") })
		}
	}
	_ = ws.Close()
}

// closed ends a connection open has begun, in the loop after the messages
// still queued for it, so that none is served after its end.
func (o *epollOpen) closed(ws *websocket.Conn, _ error) {
	o.gate.Lock()
	defer o.gate.Unlock()
	if !o.begun {
		return
	}
	end := func() {
		o.s.end(o.c, o.addr)
		o.s.wg.Done()
	}
	if nc, ok := ws.UnderlayerConn().(*nbio.Conn); ok {
		nc.MustExecute(end)
		return
	}
	end()
}

// upgrade takes the connection from net/http into the loop, leaving its
// wire where openInLoop finds it as the loop adds the connection.
func (o *epollOpen) upgrade(u *websocket.Upgrader, w http.ResponseWriter, r *http.Request) (*websocket.Conn, error) {
	key := ""
	if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		key = connKey(local.String(), r.RemoteAddr)
		opening.Store(key, o.ew)
	}
	ws, err := u.UpgradeAndTransferConnToPoller(w, r, nil)
	opening.Delete(key)
	if err == nil && o.ew.ws == nil {
		// openInLoop did not find the wire (it always should): take the
		// reads now, at the risk of a first message read without it.
		o.ew.ws = ws
		ws.SetSession(o.ew)
		if nc, ok := ws.UnderlayerConn().(*nbio.Conn); ok {
			nc.OnData(o.ew.parse)
		}
	}
	return ws, err
}

// opening holds, by connKey, the wires of WebSockets being upgraded,
// until openInLoop gives each its connection.
var opening sync.Map

// connKey names a TCP connection by its two ends.
func connKey(local, remote string) string { return local + " " + remote }

// openInLoop runs as the library adds an upgraded connection to the loop,
// before it answers the upgrade, so before the client may send a frame:
// the connection's reads go to its wire's parse from the first byte on,
// which parse's frameScan needs.
func openInLoop(c net.Conn) {
	nc, ok := c.(*nbio.Conn)
	if !ok {
		return
	}
	v, ok := opening.LoadAndDelete(connKey(nc.LocalAddr().String(), nc.RemoteAddr().String()))
	if !ok {
		return
	}
	ew := v.(*epollWire)
	ew.ws, _ = nc.Session().(*websocket.Conn)
	if ew.ws == nil {
		return
	}
	ew.ws.SetSession(ew)
	nc.OnData(ew.parse)
}

// writtenInLoop is told of every write of the loop to a socket, made at
// once or later from what the library held: it takes the bytes off their
// wire's count, and restarts a stalled connection once its wire has
// drained to half of wireHigh. It runs under the library's lock of the
// connection, so the restart runs on a goroutine of its own.
func writtenInLoop(nc *nbio.Conn, _ []byte, n int) {
	ws, _ := nc.Session().(*websocket.Conn)
	if ws == nil {
		return
	}
	w, _ := ws.Session().(*epollWire)
	if w == nil {
		return
	}
	w.sent.Add(int64(n))
	if w.held.Add(-int64(n)) <= wireHigh/2 {
		w.wake()
	}
}

// epollWire is a WebSocket in nbio's loop. Writes never block: what the
// socket does not take at once the library keeps until it can; past
// wireHigh the connection's queue waits instead (stallWire).
type epollWire struct {
	ws *websocket.Conn

	// scan and empty find and handle the messages of no bytes, which the
	// library reads without calling its message handler (parse).
	scan  frameScan
	empty func(text bool)

	mu        sync.Mutex
	closeSent bool // a close frame went out: nothing may follow it

	tooBig atomic.Bool // a message over maxMessage was refused (parse)

	// held counts the bytes handed to the loop that it has not written
	// to the socket yet (writtenInLoop takes them off): what the library
	// holds for this connection. resume, when set, is the stalled
	// connection's restart, called once held has drained.
	held   atomic.Int64
	resume atomic.Pointer[func()]
	// sent counts the bytes written to the socket (writtenInLoop).
	sent atomic.Int64
	// behind is set when the connection is closed for falling behind
	// (markBehind).
	behind atomic.Bool
}

// markBehind: see behindWire.
func (w *epollWire) markBehind() { w.behind.Store(true) }

// control writes a control frame with n bytes of payload through write,
// counting it as held like the messages.
func (w *epollWire) control(n int, write func()) {
	w.held.Add(int64(2 + n))
	write()
}

// whenDrained: see stallWire. resume is set before held is read again,
// so that a drain between the stall and this call is not missed.
func (w *epollWire) whenDrained(resume func()) {
	w.resume.Store(&resume)
	if w.held.Load() <= wireHigh/2 {
		w.wake()
	}
}

// wake calls the stalled connection's restart, if any, once.
func (w *epollWire) wake() {
	if f := w.resume.Swap(nil); f != nil {
		go (*f)()
	}
}

func (w *epollWire) written() int64 { return w.sent.Load() }

// unsent is what the library holds for the socket.
func (w *epollWire) unsent() int { return int(max(0, w.held.Load())) }

// parse reads what the loop read from the socket. A message over
// maxMessage is answered by the library with a close frame, status 1009;
// the connection then stays open, what follows unread, until the peer
// answers it or closeWait passes, so that the peer, still sending, reads
// the close frame rather than a reset.
//
// The protocol answers every message, an empty one with an error, but the
// library drops a message of no bytes: data is parsed up to the end of
// each such message, which is then handed to empty on the connection's
// queue of messages, in its place among them.
func (w *epollWire) parse(nc *nbio.Conn, data []byte) {
	for len(data) > 0 {
		if w.tooBig.Load() {
			return
		}
		n, empty, text := w.scan.next(data)
		err := w.ws.Parse(data[:n])
		switch {
		case err == nil:
		case errors.Is(err, websocket.ErrMessageTooLarge):
			w.tooBig.Store(true)
			w.markClosing()
			time.AfterFunc(closeWait, w.cut)
			return
		default:
			_ = nc.CloseWithError(err)
			return
		}
		if empty {
			w.ws.Execute(func() { w.empty(text) })
		}
		data = data[n:]
	}
}

// frameScan follows the WebSocket frames of a connection's bytes as they
// are read (RFC 6455, section 5.2), reading headers and skipping
// payloads, to find where a data message of no bytes ends.
type frameScan struct {
	head [14]byte // the header being read
	held int      // its bytes read so far
	left uint64   // payload bytes of the current frame still to come
	fin  bool     // the current frame ends its message
	data bool     // the current frame is a data frame, not a control one
	size uint64   // payload bytes of the data message being read
	text bool     // that message is text
}

// next reads data up to the end of the first data message of no bytes
// that ends in it, returning how far it read and whether that message
// was text; n is len(data) and empty false when no such message ends in
// data.
func (s *frameScan) next(data []byte) (n int, empty, text bool) {
	for n < len(data) {
		if s.left > 0 {
			k := min(s.left, uint64(len(data)-n))
			n += int(k)
			s.left -= k
		} else {
			s.head[s.held] = data[n]
			s.held++
			n++
			if !s.headerRead() {
				continue
			}
		}
		if s.left == 0 && s.data && s.fin && s.size == 0 {
			s.data = false
			return n, true, s.text
		}
	}
	return n, false, false
}

// headerRead reports whether the header being read is whole, and if so
// takes in its frame.
func (s *frameScan) headerRead() bool {
	if s.held < 2 {
		return false
	}
	need, size := 2, uint64(s.head[1]&0x7f)
	switch size {
	case 126:
		need += 2
	case 127:
		need += 8
	}
	if s.head[1]&0x80 != 0 { // masked, as every client's frame is
		need += 4
	}
	if s.held < need {
		return false
	}
	switch size {
	case 126:
		size = uint64(binary.BigEndian.Uint16(s.head[2:4]))
	case 127:
		size = binary.BigEndian.Uint64(s.head[2:10])
	}
	op := s.head[0] & 0x0f
	s.held, s.left = 0, size
	s.fin, s.data = s.head[0]&0x80 != 0, op <= 2
	if op == 1 || op == 2 { // a message's first frame; 0 continues one
		s.size, s.text = 0, op == 1
	}
	if s.data {
		s.size += size
	}
	return true
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
// loop's connection a corkLimit at a time, each one write. Before each
// write it stops if the library holds more than wireHigh for the socket,
// unless the connection is closing: the rest waits in the connection's
// queue (stallWire).
func (w *epollWire) send(msgs [][]byte, closing bool) (int, bool) {
	bp := corkBufs.Get().(*[]byte)
	b := (*bp)[:0]
	nc := w.ws.UnderlayerConn()
	_, inLoop := nc.(*nbio.Conn)
	w.mu.Lock()
	ok := !w.closeSent
	taken := 0
	for i, m := range msgs {
		if !ok || len(b) == 0 && inLoop && !closing && w.held.Load() > wireHigh {
			break
		}
		b = appendFrameHeader(b, len(m))
		b = append(b, m...)
		if len(b) >= corkLimit || i == len(msgs)-1 {
			w.held.Add(int64(len(b)))
			_, err := nc.Write(b)
			ok = err == nil
			b = b[:0]
			taken = i + 1
		}
	}
	w.mu.Unlock()
	if cap(b) <= 2*corkLimit {
		*bp = b[:0]
		corkBufs.Put(bp)
	}
	if !ok {
		return len(msgs), false
	}
	return taken, true
}

// closeWait bounds the closing handshake: a peer that does not answer a
// close frame is cut off after it.
const closeWait = 2 * time.Second

func (w *epollWire) close(code closeStatus, reason string) {
	if !w.markClosing() {
		return
	}
	w.control(2+len(reason), func() { _ = w.ws.WriteClose(int(code), reason) })
	if w.behind.Load() {
		// The peer has all that was written before the close frame to
		// read first: it is cut once it stops reading (cutWhenStuck).
		return
	}
	wait := closeWait
	if w.held.Load() > 0 {
		wait = writeTimeout
	}
	time.AfterFunc(wait, w.cut)
}

func (w *epollWire) cut() { _ = w.ws.Close() }

// blocks: the loop's connection keeps what the socket does not take (up
// to wireHigh, then the queue waits); only a connection that fell back to blocking mode (not
// a TCP socket, so not moved into the loop) waits.
func (w *epollWire) blocks() bool {
	_, inLoop := w.ws.UnderlayerConn().(*nbio.Conn)
	return !inLoop
}
