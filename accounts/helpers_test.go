package accounts

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/parlor-games/parlor/clock/clocktest"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

// cheapHash keeps tests fast; the default parameters are exercised by
// TestDefaultHashRoundTrip.
var cheapHash = HashParams{Time: 1, Memory: 64, Threads: 1}

// openStore opens a store of its own for a test, the accounts tables
// included. Its writes of results are group commits, stored later on the
// store's writer goroutine, as on a server.
func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), storetest.Name(t, "accounts.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func newService(t *testing.T, opts Options) (*Service, *clocktest.Clock) {
	t.Helper()
	clk := clocktest.New(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	if opts.Now == nil {
		opts.Now = clk.Now
	}
	if opts.Hash == (HashParams{}) {
		opts.Hash = cheapHash
	}
	s := New(openStore(t), opts)
	if err := s.Init(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s, clk
}

// client is a browser stand-in: a cookie jar against one test server.
type client struct {
	t   *testing.T
	srv *httptest.Server
	hc  *http.Client
}

func newServer(t *testing.T, s *Service) *httptest.Server {
	mux := http.NewServeMux()
	s.Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func newClient(t *testing.T, srv *httptest.Server) *client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &client{t: t, srv: srv, hc: &http.Client{Jar: jar}}
}

// do sends a request with an optional JSON body and decodes a JSON answer
// into out (if non-nil). It returns the response for status and cookies.
func (c *client) do(method, path string, body any, out any) *http.Response {
	c.t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, err := http.NewRequest(method, c.srv.URL+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode != http.StatusNoContent {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			c.t.Fatalf("%s %s: decoding answer (status %d): %v", method, path, resp.StatusCode, err)
		}
	}
	return resp
}

type errReply struct {
	Error string `json:"error"`
}

func (c *client) me() (User, int) {
	c.t.Helper()
	var r userReply
	resp := c.do("GET", "/api/me", nil, &r)
	return r.User, resp.StatusCode
}

func sessionCookie(t *testing.T, resp *http.Response) *http.Cookie {
	t.Helper()
	for _, ck := range resp.Cookies() {
		if ck.Name == CookieName {
			return ck
		}
	}
	t.Fatalf("no %s cookie in the answer", CookieName)
	return nil
}

// req is the test server's address, for the client's cookie jar.
func (c *client) req() *url.URL {
	u, err := url.Parse(c.srv.URL)
	if err != nil {
		c.t.Fatal(err)
	}
	return u
}
