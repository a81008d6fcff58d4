// Package servertest runs a real Parlor server inside a test, over a
// fresh data directory, for the tests of packages that talk to one: the
// Go client, the terminal client. Like net/http/httptest, it gives the
// address of a server that stops when the test ends.
package servertest

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

// Server is a running server.
type Server struct {
	// URL is the server's base address, http://127.0.0.1:port.
	URL string
	// Dir is its data directory.
	Dir  string
	http *httptest.Server
	srv  *server.Server
	mgr  *match.Manager
	st   *store.Store
}

// Start starts a server over a new data directory. Bots think for at most
// 50 ms a move, so that games against them end quickly; message rates are
// not limited, since a test may send faster than a person.
func Start(t testing.TB) *Server {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	// The store is the SQLite file parlor.db in dir, or PostgreSQL when
	// PARLOR_TEST_STORE=postgres runs the tests on it (see storetest).
	name := dir + "/parlor.db"
	if storetest.OnPostgres() {
		name = storetest.Postgres(t)
	}
	st, err := store.Open(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	// Cheap password hashing: tests register accounts by the dozen.
	acct := accounts.New(st, accounts.Options{Hash: accounts.HashParams{Time: 1, Memory: 64, Threads: 1}})
	if err := acct.Init(ctx); err != nil {
		t.Fatal(err)
	}
	reg := games.Registry()
	mgr := match.New(reg, st, nil, match.Options{BotTime: 50 * time.Millisecond})
	if _, err := mgr.Recover(ctx); err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(ctx, server.Config{Registry: reg, Matches: mgr, Accounts: acct, Store: st, BotBudget: 50 * time.Millisecond, MessageRate: -1})
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Dir: dir, http: httptest.NewServer(srv.Handler()), srv: srv, mgr: mgr, st: st}
	s.URL = s.http.URL
	t.Cleanup(s.Stop)
	return s
}

// Stop shuts the server down; Start's test calls it at its end.
func (s *Server) Stop() {
	if s.http == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s.http.CloseClientConnections()
	_ = s.srv.Shutdown(ctx)
	s.http.Close()
	_ = s.mgr.Close(ctx)
	_ = s.st.Close()
	s.http = nil
}
