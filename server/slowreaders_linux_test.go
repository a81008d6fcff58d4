//go:build linux

package server_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	pclient "github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/server/servertest"
)

// slowReaders is how many sockets stop reading in TestSlowReadersAreClosed.
const slowReaders = 500

// TestSlowReadersAreClosed: 500 sockets join the lobby and watch four
// tables where bots play, and then stop reading. On each transport,
// every one of them is closed with status 1008 and the documented
// reason, which it reads once it reads again, and no connection ever had
// more unsent (queued by the server, or held by its transport for the
// socket) than the bound, give or take the one message that crossed it.
// The server's sockets get small kernel buffers, so that a reader falls
// behind after a few KiB rather than the megabytes the loopback takes.
func TestSlowReadersAreClosed(t *testing.T) {
	servertest.EachTransport(t, func(t *testing.T, tr server.Transport) {
		ts := servertest.StartWith(t, servertest.Options{Transport: tr, SendBuffer: 4096, Config: func(c *server.Config) {
			c.MessageRate, c.ConnsPerAccount, c.ConnsPerAddress = -1, -1, -1
			c.ChatKeep = -1
		}})
		e := &env{t: t, dir: ts.Dir, url: ts.URL, st: ts.Store, mgr: ts.Matches, srv: ts.API, ts: ts}
		host := e.guest("Host").dial()
		slow := e.guest("Slow")
		var session string
		base, _ := url.Parse(ts.URL)
		for _, ck := range slow.hc.Jar.Cookies(base) {
			if ck.Name == pclient.SessionCookie {
				session = ck.Value
			}
		}

		readers := make([]*pclient.Lean, slowReaders)
		for i := range readers {
			readers[i] = dialSlow(t, ts.URL, session)
			// Join the lobby, read the hello and the reply, and read
			// nothing from then on.
			if err := readers[i].WriteText([]byte(`{"t":"lobby.join","id":1}`)); err != nil {
				t.Fatal(err)
			}
			for {
				m, err := readers[i].Read()
				if err != nil {
					t.Fatalf("reader %d: %v", i, err)
				}
				if strings.HasPrefix(string(m), `{"t":"reply","id":1,`) {
					break
				}
			}
		}

		// Four busy tables: bots playing bots on the largest board (a
		// table without an open seat starts at once), watched with
		// views, so that each push is a few KiB and the bound in bytes
		// is met before the count of messages is.
		bots := map[string]any{"game": "dots", "options": map[string]any{"rows": 16, "cols": 16},
			"seats": []any{map[string]any{"kind": "bot", "level": "easy"}, map[string]any{"kind": "bot", "level": "easy"}}}
		for k := range 4 {
			id := tableID(host.ok("table.create", bots))
			watch := []byte(fmt.Sprintf(`{"t":"table.watch","id":%d,"table":%q,"views":true}`, k+2, id))
			for i, r := range readers {
				// A reader closed already cannot be written to.
				if err := r.WriteText(watch); err != nil && !errors.Is(err, syscall.EPIPE) && !errors.Is(err, syscall.ECONNRESET) {
					t.Fatalf("reader %d: %v", i, err)
				}
			}
		}

		deadline := time.Now().Add(2 * wait)
		for closed := 0; closed < slowReaders; closed = slowClosed(t, ts.URL) {
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d slow readers closed; unsent at most %d bytes", closed, slowReaders, server.PeakUnsent(ts.API))
			}
			time.Sleep(50 * time.Millisecond)
		}
		if peak, bound := server.PeakUnsent(ts.API), server.MaxUnsent+maxPush; peak > int64(bound) {
			t.Errorf("a connection had %d bytes unsent, past the bound of %d and a message", peak, bound)
		}

		// Each reads again: what was written before the close, then the
		// close frame.
		var wg sync.WaitGroup
		errs := make([]error, slowReaders)
		for i, r := range readers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					if _, err := r.Read(); err != nil {
						errs[i] = err
						return
					}
				}
			}()
		}
		wg.Wait()
		for i, err := range errs {
			var closed *pclient.LeanClosed
			if !errors.As(err, &closed) || closed.Status != 1008 || closed.Reason != "too slow reading messages" {
				t.Errorf("reader %d ended with %v, want status 1008 and the reason", i, err)
			}
		}
		// The host, who reads, was never behind.
		host.ok("lobby.join", nil)
	})
}

// maxPush bounds a push of TestSlowReadersAreClosed: a match update
// with the view of a board of 16x16 dots.
const maxPush = 16 << 10

// dialSlow opens a lean connection with a small receive buffer, as a
// reader that stops reading: the kernel takes little for it.
func dialSlow(t *testing.T, base, session string) *pclient.Lean {
	t.Helper()
	u, _ := url.Parse(base)
	d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
		})
		return errors.Join(err, serr)
	}}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	nc, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	cl, err := pclient.New(base)
	if err != nil {
		t.Fatal(err)
	}
	cl.SetSession(session)
	ws, err := cl.DialLean(ctx, nc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ws.CloseNow)
	return ws
}

// slowClosed reads parlor_slow_closed_total from the server's metrics.
func slowClosed(t *testing.T, base string) int {
	t.Helper()
	_, body := get(t, base+"/metrics")
	m := regexp.MustCompile(`(?m)^parlor_slow_closed_total (\d+)$`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no parlor_slow_closed_total in the metrics")
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
