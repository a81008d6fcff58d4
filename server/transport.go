package server

import (
	"fmt"
	"net/http"
	"net/url"
	"path"
	"strings"
)

// Transport names how the server holds its WebSockets. Both speak the
// same protocol (docs/protocol.md) through the same connection logic
// (conn, conn.go); they differ in what an open connection costs.
type Transport string

const (
	// TransportGoroutine reads each WebSocket on a goroutine of its own,
	// with the coder/websocket library: a few KiB of stack and a read
	// buffer per connection, idle or not. It runs everywhere.
	TransportGoroutine Transport = "goroutine"
	// TransportEpoll hands each WebSocket, once open, to an event loop
	// on epoll (the nbio library): an idle connection holds no goroutine
	// and no buffer, and a message is handled on a pooled goroutine. It
	// runs on Linux only.
	TransportEpoll Transport = "epoll"
)

// ParseTransport reads a transport's name, as parlor serve's -transport
// flag takes it.
func ParseTransport(name string) (Transport, error) {
	switch t := Transport(name); t {
	case TransportGoroutine, TransportEpoll:
		return t, nil
	}
	return "", fmt.Errorf("unknown transport %q: choose %s or %s", name, TransportGoroutine, TransportEpoll)
}

// transport accepts WebSockets for a server. open is called by the
// upgrade's HTTP handler with the user already authenticated; over is
// the cap the connection is over (connlimit.go), nil when it was counted
// and must be released when it ends.
type transport interface {
	open(w http.ResponseWriter, r *http.Request, user Identity, addr string, over error)
}

// newTransport builds the transport cfg names.
func newTransport(s *Server, t Transport) (transport, error) {
	switch t {
	case "":
		return newTransport(s, DefaultTransport)
	case TransportGoroutine:
		return goroutineTransport{s: s}, nil
	case TransportEpoll:
		return newEpollTransport(s)
	}
	_, err := ParseTransport(string(t))
	return nil, err
}

// wire is what a connection needs of the WebSocket under it, whichever
// transport holds it.
type wire interface {
	// send writes messages in order, each as one text frame, and
	// reports how many of them it took and whether the connection is
	// still good. It takes them all unless it is a stallWire holding as
	// much as it may (behind.go), and always while closing, which is set
	// once the connection is closing.
	send(msgs [][]byte, closing bool) (taken int, ok bool)
	// unsent is how many bytes the wire holds that the socket has not
	// taken yet, beyond the batch being sent.
	unsent() int
	// written is how many bytes the socket has taken so far: while it
	// grows, a slow peer is still reading (cutWhenStuck).
	written() int64
	// close sends a close frame with code and reason and ends the
	// connection once the peer answers, or after a short while.
	close(code closeStatus, reason string)
	// cut ends the connection at once, without a closing handshake.
	cut()
	// blocks reports whether send and close may wait on the peer: if
	// not, whoever queues a message may write it at once, without a
	// writer goroutine.
	blocks() bool
}

// closeStatus is a WebSocket close code (RFC 6455, section 7.4.1).
type closeStatus int

const (
	closeNormal    closeStatus = 1000
	closeGoingAway closeStatus = 1001
	closePolicy    closeStatus = 1008
	closeTooBig    closeStatus = 1009
)

// closeReason cuts a close reason to what a close frame holds (123
// bytes).
func closeReason(why error) string {
	reason := why.Error()
	if len(reason) > 120 {
		reason = reason[:120]
	}
	return reason
}

// originAllowed reports whether a WebSocket upgrade may proceed: a
// request without an Origin (not a browser), one from the server's own
// host, or one whose origin's host matches one of patterns (path.Match
// patterns, case aside), as the goroutine transport's library decides.
func originAllowed(r *http.Request, patterns []string) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	if strings.EqualFold(r.Host, u.Host) {
		return true
	}
	for _, p := range patterns {
		target := u.Host
		if strings.Contains(p, "://") {
			target = origin
		}
		if ok, err := path.Match(strings.ToLower(p), strings.ToLower(target)); err == nil && ok {
			return true
		}
	}
	return false
}
