// Package servertest runs a real Parlor server inside a test, over a
// fresh data directory, for the tests of packages that talk to one: the
// Go client, the terminal client. Like net/http/httptest, it gives the
// address of a server that stops when the test ends.
package servertest

import (
	"context"
	"net/http/httptest"
	"os"
	"runtime"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

// Server is a running server. Store, Matches and API are its parts, for
// tests of the server itself that reach into them (a restart over the
// same store, a clock moved by hand).
type Server struct {
	// URL is the server's base address, http://127.0.0.1:port.
	URL string
	// Dir is its data directory.
	Dir     string
	Store   *store.Store
	Matches *match.Manager
	API     *server.Server
	http    *httptest.Server
	// stopNode ends a node's heartbeat and its bus connection.
	stopNode func()
}

// Options change how StartWith starts a server.
type Options struct {
	// Dir is the data directory; "" makes a new one.
	Dir string
	// Store is the database, for store.Open; "" is the SQLite file
	// parlor.db in Dir, or PostgreSQL when PARLOR_TEST_STORE=postgres
	// runs the tests on it (see storetest).
	Store string
	// Match is the match manager's options.
	Match match.Options
	// Config, when not nil, may change the server's configuration.
	Config func(*server.Config)
	// Node, when not nil, makes the server one node among several that
	// share Store, which must then be PostgreSQL.
	Node *Node
	// Transport holds the server's WebSockets; "" is the one
	// PARLOR_TEST_TRANSPORT names, else the server's default (the event
	// loop on Linux), so that PARLOR_TEST_TRANSPORT=goroutine runs every
	// test on a goroutine per connection.
	Transport server.Transport
	// SendBuffer, when positive, is the server's Config.SendBuffer: a
	// small one makes a client that stops reading fall behind after a
	// few KiB.
	SendBuffer int
}

// Node is what a server needs to be one of several nodes: its name among
// them, the NATS server they talk over (see NATS), and its lease.
type Node struct {
	Name  string
	Bus   string
	Lease time.Duration
}

// NATS runs a NATS server in the test's process, for nodes to talk over,
// and returns its URL; it stops when the test ends.
func NATS(t testing.TB) string {
	t.Helper()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("NATS did not start")
	}
	t.Cleanup(ns.Shutdown)
	return ns.ClientURL()
}

// Transports lists the WebSocket transports this platform runs: the
// event loop only on Linux.
func Transports() []server.Transport {
	if runtime.GOOS == "linux" {
		return []server.Transport{server.TransportGoroutine, server.TransportEpoll}
	}
	return []server.Transport{server.TransportGoroutine}
}

// EachTransport runs fn as a subtest on each transport of Transports,
// named for it: a test of what a connection does (a match played, a
// resume, the caps, a drain) passes on both.
func EachTransport(t *testing.T, fn func(t *testing.T, tr server.Transport)) {
	for _, tr := range Transports() {
		t.Run(string(tr), func(t *testing.T) { fn(t, tr) })
	}
}

// StartOn is Start on the transport tr.
func StartOn(t testing.TB, tr server.Transport) *Server {
	t.Helper()
	return StartWith(t, Options{Match: match.Options{BotTime: 50 * time.Millisecond}, Config: func(c *server.Config) { c.MessageRate = -1 }, Transport: tr})
}

// Start starts a server over a new data directory. Bots think for at most
// 50 ms a move, so that games against them end quickly; message rates are
// not limited, since a test may send faster than a person.
func Start(t testing.TB) *Server {
	t.Helper()
	return StartOn(t, "")
}

// StartWith starts a server as opts say. Password hashing is cheap, since
// tests register accounts by the dozen. A second server over the same
// Dir and Store, after Stop, is a restart.
func StartWith(t testing.TB, opts Options) *Server {
	t.Helper()
	ctx := context.Background()
	if opts.Dir == "" {
		opts.Dir = t.TempDir()
	}
	if opts.Store == "" {
		opts.Store = opts.Dir + "/parlor.db"
		if storetest.OnPostgres() {
			opts.Store = storetest.Postgres(t)
		}
	}
	st, err := store.Open(ctx, opts.Store)
	if err != nil {
		t.Fatal(err)
	}
	var bus *nats.Conn
	if opts.Node != nil {
		if opts.Node.Lease == 0 {
			opts.Node.Lease = 10 * time.Second
		}
		if _, err := st.JoinNodes(ctx, opts.Node.Name, opts.Node.Name, opts.Node.Lease); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Heartbeat(ctx); err != nil {
			t.Fatal(err)
		}
		if bus, err = nats.Connect(opts.Node.Bus); err != nil {
			t.Fatal(err)
		}
	}
	acct := accounts.New(st, accounts.Options{Hash: accounts.HashParams{Time: 1, Memory: 64, Threads: 1}})
	if err := acct.Init(ctx); err != nil {
		t.Fatal(err)
	}
	reg := games.Registry()
	if opts.Match.Vacations == nil {
		opts.Match.Vacations = server.VacationSource(st, opts.Match.Clock)
	}
	mgr := match.New(reg, st, nil, opts.Match)
	if _, err := mgr.Recover(ctx); err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Registry: reg, Matches: mgr, Accounts: acct, Store: st, BotBudget: 50 * time.Millisecond, Transport: opts.Transport, SendBuffer: opts.SendBuffer, Clock: opts.Match.Clock}
	if cfg.Transport == "" {
		cfg.Transport = server.Transport(os.Getenv("PARLOR_TEST_TRANSPORT"))
	}
	if bus != nil {
		cfg.Cluster = &server.Cluster{Bus: bus, Fence: st.Fence(), Owners: st}
	}
	if opts.Config != nil {
		opts.Config(&cfg)
	}
	srv, err := server.New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Dir: opts.Dir, Store: st, Matches: mgr, API: srv, http: httptest.NewServer(srv.Handler())}
	s.URL = s.http.URL
	if bus != nil {
		// The node's heartbeat keeps its lease and tells it of the
		// others, until it stops.
		beat, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			_ = srv.RunNode(beat, st, opts.Node.Lease/5)
		}()
		s.stopNode = func() {
			stop()
			<-done
			bus.Close()
		}
	}
	t.Cleanup(s.Stop)
	return s
}

// Running reports whether the server has not been stopped.
func (s *Server) Running() bool { return s.http != nil }

// Stop shuts the server down; Start's test calls it at its end.
func (s *Server) Stop() {
	if s.http == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s.http.CloseClientConnections()
	_ = s.API.Shutdown(ctx)
	if s.stopNode != nil {
		s.stopNode()
	}
	s.http.Close()
	_ = s.Matches.Close(ctx)
	// As parlor serve does: the results of matches that ended as the
	// server stopped are recorded before the store closes, so that a
	// restart over the same data does not count them late.
	_ = s.API.Settle(ctx)
	_ = s.Store.Close()
	s.http = nil
}
