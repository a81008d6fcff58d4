package server_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/parlor-games/parlor/server"
)

// TestStopSaysGoingAway: a server stopping closes every WebSocket with
// status 1001, going away, so that clients reconnect (to another node)
// rather than report an error (docs/protocol.md, "WebSocket", limits).
func TestStopSaysGoingAway(t *testing.T) {
	eachTransport(t, func(t *testing.T) {
		e := newEnv(t)
		a, b := e.guest("Ann").dial(), e.guest("Bob").dial()
		a.ok("lobby.join", nil)
		b.ok("lobby.join", nil)
		e.stop()
		for _, c := range []*client{a, b} {
			select {
			case <-c.done:
			case <-time.After(wait):
				t.Fatalf("%s's connection still open after the stop", c.u.name)
			}
			if st := websocket.CloseStatus(c.err); st != websocket.StatusGoingAway {
				t.Fatalf("%s's connection closed with %v, want going away", c.u.name, c.err)
			}
		}
	})
}

// TestIdleConnectionsHoldNoGoroutine: on the event loop an idle
// connection holds no goroutine of the server's (the property that lets
// one node hold 100,000 players: docs/benchmarks.md), where the
// goroutine transport holds one reader per connection.
func TestIdleConnectionsHoldNoGoroutine(t *testing.T) {
	eachTransport(t, func(t *testing.T) {
		tr, _ := onTransport.Load(t)
		e := newEnv(t)
		const n = 20
		for i := range n {
			c := e.guest("Idle" + string(rune('A'+i))).dial()
			c.ok("lobby.join", nil)
		}
		// Writers end once their queues are empty: wait for the count to
		// settle where it should.
		deadline := time.Now().Add(wait)
		for {
			got := serverGoroutines()
			if tr == server.TransportEpoll && got == 0 || tr == server.TransportGoroutine && got >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d goroutines in the server's code with %d idle connections on %s", got, n, tr)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// serverGoroutines counts the goroutines running the server's
// connection code (reading, writing or handling a message).
func serverGoroutines() int {
	buf := make([]byte, 8<<20)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	for g := range strings.SplitSeq(string(buf), "\n\n") {
		if strings.Contains(g, "parlor/server.(*conn)") {
			n++
		}
	}
	return n
}

// TestUnreadableMessagesAnswered: on either transport a message the
// server cannot read as a request gets its error reply with id 0, in
// order with the messages around it: an empty text message (which the
// event loop's library reads without calling anyone) and an empty binary
// one too. A request whose strings are not UTF-8 is answered like any
// other, the bad bytes read as U+FFFD, rather than closing the
// connection.
func TestUnreadableMessagesAnswered(t *testing.T) {
	eachTransport(t, func(t *testing.T) {
		e := newEnv(t)
		c := e.guest("Ann").dial()
		c.send([]byte{})
		ok := c.call("lobby.join", nil)
		empty := noIDReply(t, c, "message is not a JSON object", "bad-request")
		if !before(c, empty, ok) {
			t.Fatalf("the reply to the empty message came after the next message's: %s", ok.raw)
		}
		if err := c.conn.SendBinary(t.Context(), nil); err != nil {
			t.Fatal(err)
		}
		noIDReply(t, c, "messages must be JSON text", "bad-request")

		if got := c.fail("table.watch", map[string]any{"table": "\xff\xfe"}); got != "no table \"\ufffd\ufffd\"" {
			t.Fatalf("table.watch of a name that is not UTF-8: %q", got)
		}
		c.ok("lobby.join", nil)
	})
}

// before reports whether c received a before b.
func before(c *client, a, b msg) bool {
	for _, m := range c.all() {
		switch &m.raw[0] {
		case &a.raw[0]:
			return true
		case &b.raw[0]:
			return false
		}
	}
	return false
}
