package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"sync"
	"testing"
	"time"

	pclient "github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/server/servertest"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

// wait is how long a test waits for something the server should do soon.
// It is a deadline for a condition, not a timing threshold.
const wait = 20 * time.Second

// env is a running server over a data directory (servertest's, with the
// parts tests of the server reach into).
type env struct {
	t   *testing.T
	dir string
	url string
	st  *store.Store
	mgr *match.Manager
	srv *server.Server
	ts  *servertest.Server
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return startEnv(t, t.TempDir())
}

// startEnv starts a server over dir; a second env over the same dir after
// stop is a restart.
func startEnv(t *testing.T, dir string) *env {
	t.Helper()
	return startEnvWith(t, dir, match.Options{})
}

// startEnvWith is startEnv with the match manager's options: a test of
// clocks passes a clock it moves by hand.
func startEnvWith(t *testing.T, dir string, opts match.Options) *env {
	t.Helper()
	return startEnvConfig(t, dir, opts, nil)
}

// startEnvConfig is startEnvWith where tweak, if not nil, may change the
// server's configuration: a chat test sets ChatKeep, or wraps the store
// to make it fail.
func startEnvConfig(t *testing.T, dir string, opts match.Options, tweak func(*server.Config)) *env {
	t.Helper()
	tr, _ := onTransport.Load(t)
	trName, _ := tr.(server.Transport)
	ts := servertest.StartWith(t, servertest.Options{Dir: dir, Store: storePath(t, dir), Match: opts, Config: tweak, Transport: trName})
	return &env{t: t, dir: dir, url: ts.URL, st: ts.Store, mgr: ts.Matches, srv: ts.API, ts: ts}
}

// stop shuts the server down, as before a restart over the same dir.
func (e *env) stop() { e.ts.Stop() }

// Which store a test's server runs on. A data directory is the name of a
// test's database: an env started over the same directory again is a
// restart, so a directory whose store is PostgreSQL must map to the same
// schema every time. By default a directory holds an SQLite file; a test
// run by eachStore gets PostgreSQL in its "postgres" subtest, and
// PARLOR_TEST_STORE=postgres puts every server test on PostgreSQL.
var (
	// stores maps a data directory to its PostgreSQL URL, or to "" for
	// SQLite, once a server has been started over it.
	stores sync.Map
	// onPostgres holds the tests (their *testing.T) whose new data
	// directories are PostgreSQL.
	onPostgres sync.Map
)

// storePath is the database name, for store.Open, of a test's data
// directory.
func storePath(t *testing.T, dir string) string {
	t.Helper()
	if name, ok := stores.Load(dir); ok {
		if name == "" {
			return dir + "/parlor.db"
		}
		return name.(string)
	}
	name := ""
	if _, ok := onPostgres.Load(t); ok || storetest.OnPostgres() {
		name = storetest.Postgres(t)
	}
	stores.Store(dir, name)
	return storePath(t, dir)
}

// eachStore runs fn as a subtest on each store backend: "sqlite" and
// "postgres". A server test whose subject lives in the store (results,
// saves, chat history, keys, recovery after a restart) runs this way, so
// that every CI run plays it on PostgreSQL too.
func eachStore(t *testing.T, fn func(t *testing.T)) {
	t.Run("sqlite", fn)
	t.Run("postgres", func(t *testing.T) {
		onPostgres.Store(t, true)
		t.Cleanup(func() { onPostgres.Delete(t) })
		fn(t)
	})
}

// onTransport holds the tests (their *testing.T) whose servers run on a
// given transport (eachTransport).
var onTransport sync.Map

// eachTransport runs fn as a subtest on each WebSocket transport
// (servertest.Transports): a test of what a connection does passes on
// the event loop as on a goroutine per connection.
func eachTransport(t *testing.T, fn func(t *testing.T)) {
	_, pg := onPostgres.Load(t)
	servertest.EachTransport(t, func(t *testing.T, tr server.Transport) {
		onTransport.Store(t, tr)
		t.Cleanup(func() { onTransport.Delete(t) })
		if pg { // inside eachStore's "postgres"
			onPostgres.Store(t, true)
			t.Cleanup(func() { onPostgres.Delete(t) })
		}
		fn(t)
	})
}

// user is a browser: a cookie jar and an HTTP client.
type user struct {
	e    *env
	name string
	hc   *http.Client
}

func (e *env) guest(name string) *user {
	e.t.Helper()
	u := e.newUser(name)
	u.mustPost("/api/guest", map[string]string{"name": name}, 200)
	return u
}

func (e *env) account(name, pw string) *user {
	e.t.Helper()
	u := e.newUser(name)
	u.mustPost("/api/register", map[string]string{"name": name, "password": pw}, 200)
	return u
}

func (e *env) newUser(name string) *user {
	jar, _ := cookiejar.New(nil)
	return &user{e: e, name: name, hc: &http.Client{Jar: jar, Timeout: wait}}
}

func (u *user) do(method, path string, body any) (int, []byte) {
	u.e.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(b)
	default:
		r = bytes.NewReader(mustMarshal(b))
	}
	req, _ := http.NewRequest(method, u.e.url+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := u.hc.Do(req)
	if err != nil {
		u.e.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

func (u *user) mustPost(path string, body any, want int) []byte {
	u.e.t.Helper()
	code, out := u.do("POST", path, body)
	if code != want {
		u.e.t.Fatalf("POST %s: %d %s, want %d", path, code, out, want)
	}
	return out
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// msg is one decoded server message; raw keeps its bytes for leak checks.
type msg struct {
	m   map[string]any
	raw []byte
}

func (m msg) t() string { s, _ := m.m["t"].(string); return s }

// client is one WebSocket connection that records every message it
// receives, bytes and all, so that tests can look for leaks in what was
// sent. It speaks through package client (the one Go speaker of the
// protocol), sending requests as raw messages so that tests can send
// anything, malformed or not.
type client struct {
	t    *testing.T
	u    *user
	conn *pclient.Conn
	mu   sync.Mutex
	msgs []msg
	seen int // index of the first message not yet consumed by next
	cond chan struct{}
	id   int64
	done chan struct{}
	err  error
}

func (u *user) dial() *client {
	u.e.t.Helper()
	c, err := u.tryDial("")
	if err != nil {
		u.e.t.Fatal(err)
	}
	return c
}

func (u *user) tryDial(origin string) (*client, error) {
	pc, err := pclient.New(u.e.url)
	if err != nil {
		return nil, err
	}
	base, _ := url.Parse(u.e.url)
	for _, ck := range u.hc.Jar.Cookies(base) {
		if ck.Name == pclient.SessionCookie {
			pc.SetSession(ck.Value)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c := &client{t: u.e.t, u: u, cond: make(chan struct{}, 1), done: make(chan struct{})}
	opts := []pclient.DialOption{pclient.WithRaw(c.record)}
	if origin != "" {
		opts = append(opts, pclient.WithOrigin(origin))
	}
	conn, err := pc.Dial(ctx, opts...)
	if err != nil {
		return nil, err
	}
	c.conn = conn
	go func() {
		// Pushes are read from the recorded bytes; the typed channel is
		// drained so that it never holds the connection back.
		for range conn.Pushes() {
		}
	}()
	go func() {
		<-conn.Done()
		c.mu.Lock()
		c.err = conn.Err()
		c.mu.Unlock()
		c.notify()
		close(c.done)
	}()
	u.e.t.Cleanup(func() { conn.CloseNow() })
	c.waitFor("hello", func(m msg) bool { return m.t() == "hello" })
	return c, nil
}

// record keeps one message the server sent.
func (c *client) record(b []byte) {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		c.t.Errorf("server sent non-JSON %q", b)
		return
	}
	if code, _ := m["code"].(string); m["t"] == "reply" && m["ok"] == false && code == "" {
		c.t.Errorf("error reply without a code: %s", b)
	}
	c.mu.Lock()
	c.msgs = append(c.msgs, msg{m: m, raw: bytes.Clone(b)})
	c.mu.Unlock()
	c.notify()
}

func (c *client) notify() {
	select {
	case c.cond <- struct{}{}:
	default:
	}
}

// all returns every message received so far.
func (c *client) all() []msg {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]msg(nil), c.msgs...)
}

// waitFor returns the first message (at or after the earliest unconsumed
// one) that matches, failing the test at the deadline.
func (c *client) waitFor(what string, match func(msg) bool) msg {
	c.t.Helper()
	deadline := time.After(wait)
	for {
		c.mu.Lock()
		for i := c.seen; i < len(c.msgs); i++ {
			if match(c.msgs[i]) {
				m := c.msgs[i]
				c.mu.Unlock()
				return m
			}
		}
		err := c.err
		c.mu.Unlock()
		if err != nil {
			c.t.Fatalf("%s: waiting for %s: connection closed: %v", c.u.name, what, err)
		}
		select {
		case <-c.cond:
		case <-deadline:
			c.t.Fatalf("%s: no %s within %v", c.u.name, what, wait)
		}
	}
}

// send sends a raw message.
func (c *client) send(v any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	var b []byte
	if bb, ok := v.([]byte); ok {
		b = bb
	} else {
		b = mustMarshal(v)
	}
	if err := c.conn.Send(ctx, b); err != nil {
		c.t.Fatalf("send: %v", err)
	}
}

// call sends a request and returns its reply.
func (c *client) call(t string, fields map[string]any) msg {
	c.t.Helper()
	c.mu.Lock()
	c.id++
	id := c.id
	c.mu.Unlock()
	m := map[string]any{"t": t, "id": id}
	for k, v := range fields {
		m[k] = v
	}
	c.send(m)
	return c.waitFor(fmt.Sprintf("reply to %s", t), func(r msg) bool {
		return r.t() == "reply" && r.m["id"] == float64(id)
	})
}

// ok calls and fails the test unless the reply is ok.
func (c *client) ok(t string, fields map[string]any) map[string]any {
	c.t.Helper()
	r := c.call(t, fields)
	if r.m["ok"] != true {
		c.t.Fatalf("%s %v: %s", t, fields, r.raw)
	}
	return r.m
}

// fail calls and fails the test unless the reply is an error; it returns
// the error text.
func (c *client) fail(t string, fields map[string]any) string {
	c.t.Helper()
	r := c.call(t, fields)
	if r.m["ok"] != false {
		c.t.Fatalf("%s %v succeeded, want an error: %s", t, fields, r.raw)
	}
	s, _ := r.m["error"].(string)
	return s
}

func (c *client) close() {
	c.conn.Close()
	<-c.done
}

func tableID(reply map[string]any) string {
	return reply["table"].(map[string]any)["id"].(string)
}
