package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/parlor-games/parlor/client"
)

// postFrom sends a JSON POST to the server as a proxy passing on a
// client's request would: with the given forwarded headers.
func postFrom(t *testing.T, p *serveProc, path, body string, headers map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequest("POST", p.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := (&http.Client{Timeout: serveWait}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// registerMany registers n accounts, each sent by the proxy on behalf of
// a client of its own address, and counts the answers by status.
func registerMany(t *testing.T, p *serveProc, n int) map[int]int {
	t.Helper()
	statuses := map[int]int{}
	for i := range n {
		res := postFrom(t, p, "/api/register", fmt.Sprintf(`{"name":"player%d","password":"a long enough password"}`, i),
			map[string]string{"X-Forwarded-For": fmt.Sprintf("198.51.100.%d", i+1), "X-Forwarded-Proto": "https"})
		statuses[res.StatusCode]++
	}
	return statuses
}

// Behind a trusted proxy every player is known by their own address: 60
// sign-ups from 60 addresses all get in, where the limit of one address
// (30 at once) would refuse half of them.
func TestTrustedProxyNamesEachClient(t *testing.T) {
	p := startServe(t, t.TempDir(), "-trust-proxy", "127.0.0.0/8")
	if got := registerMany(t, p, 60); got[http.StatusOK] != 60 {
		t.Fatalf("60 sign-ups from 60 addresses behind a trusted proxy: %v by status, want all 200", got)
	}
}

// From a peer that is not a trusted proxy the forwarded addresses are
// forged and ignored: the same 60 sign-ups are one address's, and those
// past its allowance are refused.
func TestUntrustedPeerForwardedForIgnored(t *testing.T) {
	p := startServe(t, t.TempDir(), "-trust-proxy", "192.0.2.1")
	start := time.Now()
	got := registerMany(t, p, 60)
	// One address may sign up 30 at once and one more every 2 s.
	allowed := 30 + int(time.Since(start)/(2*time.Second)) + 1
	if got[http.StatusOK] > allowed || got[http.StatusTooManyRequests] == 0 {
		t.Fatalf("60 sign-ups with forged X-Forwarded-For from one peer: %v by status, want at most %d accepted, the rest limited", got, allowed)
	}
}

// The session cookie is Secure when the trusted proxy says the client
// came over HTTPS, and only then.
func TestSecureCookieBehindHTTPSProxy(t *testing.T) {
	trusted := startServe(t, t.TempDir(), "-trust-proxy", "127.0.0.1")
	stranger := startServe(t, t.TempDir())
	for _, c := range []struct {
		p      *serveProc
		proto  string
		secure bool
	}{{trusted, "https", true}, {trusted, "http", false}, {stranger, "https", false}} {
		res := postFrom(t, c.p, "/api/guest", `{"name":"Ann `+c.proto+`"}`, map[string]string{"X-Forwarded-Proto": c.proto, "X-Forwarded-For": "203.0.113.4"})
		var secure, found bool
		for _, ck := range res.Cookies() {
			if ck.Name == client.SessionCookie {
				found, secure = true, ck.Secure
			}
		}
		if !found || secure != c.secure {
			t.Errorf("X-Forwarded-Proto %s (trusted %v): session cookie found %v, Secure %v; want Secure %v", c.proto, c.p == trusted, found, secure, c.secure)
		}
	}
}

// Guest sign-ups from one address are limited like sign-ins; behind a
// trusted proxy the limit is per client.
func TestGuestSignUpsLimitedPerClient(t *testing.T) {
	p := startServe(t, t.TempDir(), "-trust-proxy", "127.0.0.1", "-guest-limit", "3")
	status := func(i int, from string) int {
		return postFrom(t, p, "/api/guest", fmt.Sprintf(`{"name":"guest%d"}`, i), map[string]string{"X-Forwarded-For": from}).StatusCode
	}
	for i := range 3 {
		if st := status(i, "198.51.100.1"); st != http.StatusOK {
			t.Fatalf("guest %d: status %d", i, st)
		}
	}
	if st := status(3, "198.51.100.1"); st != http.StatusTooManyRequests {
		t.Fatalf("fourth guest from one address: status %d, want 429", st)
	}
	if st := status(4, "198.51.100.2"); st != http.StatusOK {
		t.Fatalf("a guest from another client: status %d, want 200", st)
	}
}

// firstWSMessage opens a WebSocket for the session as the proxy would
// pass it on for a client at from, and returns the first message's kind
// ("hello", or "error" for a refusal).
func firstWSMessage(t *testing.T, p *serveProc, session, from string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), serveWait)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(p.base, "http")+"/api/ws", &websocket.DialOptions{
		HTTPHeader: http.Header{"Cookie": {client.SessionCookie + "=" + session}, "X-Forwarded-For": {from}},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	_, msg, err := ws.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		T    string `json:"t"`
		OK   *bool  `json:"ok"`
		Code string `json:"code"`
	}
	if err := json.Unmarshal(msg, &m); err != nil {
		t.Fatal(err)
	}
	if m.Code != "" {
		return m.Code
	}
	return m.T
}

// The cap on WebSockets per address counts each client behind a trusted
// proxy apart: with one WebSocket per address, two players behind the
// proxy each get theirs, and a second one of the same player is refused.
func TestTrustedProxyWebSocketCapPerClient(t *testing.T) {
	p := startServe(t, t.TempDir(), "-trust-proxy", "127.0.0.1", "-ws-per-address", "1", "-ws-per-account", "0")
	session := func(name, from string) string {
		res := postFrom(t, p, "/api/guest", `{"name":"`+name+`"}`, map[string]string{"X-Forwarded-For": from})
		for _, ck := range res.Cookies() {
			if ck.Name == client.SessionCookie {
				return ck.Value
			}
		}
		t.Fatalf("guest %s: %s, no session", name, res.Status)
		return ""
	}
	ann, bob := session("Ann", "198.51.100.1"), session("Bob", "198.51.100.2")
	if got := firstWSMessage(t, p, ann, "198.51.100.1"); got != "hello" {
		t.Fatalf("Ann's WebSocket: %s", got)
	}
	if got := firstWSMessage(t, p, bob, "198.51.100.2"); got != "hello" {
		t.Fatalf("Bob's WebSocket from his own address: %s, want hello", got)
	}
	if got := firstWSMessage(t, p, bob, "198.51.100.2"); got != "rate-limited" {
		t.Fatalf("Bob's second WebSocket from his address: %s, want rate-limited", got)
	}
}
