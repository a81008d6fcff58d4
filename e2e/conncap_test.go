package e2e

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/parlor-games/parlor/client"
)

// countSockets counts, from now on, the WebSockets a page opens, in
// window.__sockets.
const countSockets = `(() => {
	const W = window.WebSocket;
	window.__sockets = 0;
	window.WebSocket = class extends W {
		constructor(...args) { super(...args); window.__sockets++; }
	};
	return true;
})()`

// TestConnectionCapShowsTheServersSentence: one account opens more
// WebSockets than the server allows it (docs/protocol.md, the caps on
// connections; 16 by default), and the server refuses the one over the
// cap with an "id":0 refusal and a sentence. A page of that account
// opened then shows the sentence in its banner, not a bare "connection
// lost", and does not keep reconnecting (it opens no socket in the
// seconds that follow, where a lost connection is tried again within
// one). Once the other sockets close, "Try again" connects it.
func TestConnectionCapShowsTheServersSentence(t *testing.T) {
	p := newPage(t, "phone", 390, 844)
	p.guest(uniqueName("Cap"))
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	defer cancel()
	cookies, err := chromedp.Call(ctx, network.GetCookies, network.GetCookiesParams{URLs: []string{baseURL}})
	if err != nil {
		t.Fatal(err)
	}
	session := ""
	for _, c := range cookies.Cookies {
		if c.Name == client.SessionCookie {
			session = c.Value
		}
	}
	if session == "" {
		t.Fatal("the page has no session cookie")
	}
	// The same person's other sockets (other tabs, a terminal client),
	// opened until the server refuses one.
	var open []*client.Conn
	t.Cleanup(func() {
		for _, c := range open {
			c.CloseNow()
		}
	})
	dial := func() error {
		cl, err := client.New(baseURL)
		if err != nil {
			t.Fatal(err)
		}
		cl.SetSession(session)
		c, err := cl.Dial(ctx)
		if err == nil {
			open = append(open, c)
		}
		return err
	}
	var refusal *client.Refusal
	for range 64 {
		if err := dial(); err != nil {
			if !errors.As(err, &refusal) {
				t.Fatalf("a socket over the cap: %v, want a refusal", err)
			}
			break
		}
	}
	if refusal == nil || refusal.Code != "rate-limited" || !strings.HasPrefix(refusal.Message, "too many connections for this account") {
		t.Fatalf("the socket over the cap was answered %+v", refusal)
	}
	// The page leaves, freeing its socket's place, which another socket
	// takes; then the page comes back, one socket too many.
	p.do("leave the page", chromedp.Navigate("about:blank"))
	for deadline := time.Now().Add(wait); dial() != nil; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the page's socket was not let go after it left")
		}
	}
	p.goTo("/")
	p.waitFor("the server's sentence in the banner", `/^too many connections for this account \(16 open\)/.test(document.querySelector(".banner .banner-why")?.textContent ?? "")`)
	p.snap("refused")
	if b := p.text(".banner"); strings.Contains(b, "Reconnecting") {
		p.fail("the banner says it is reconnecting: %q", b)
	}
	if !evalAs[bool](p, `document.documentElement.scrollWidth <= window.innerWidth`) {
		p.fail("the banner makes the page scroll sideways")
	}
	_ = evalAs[bool](p, countSockets)
	time.Sleep(3 * time.Second) // long enough for a lost connection's retries (0.4 s, then 0.8 s, ...)
	if n := evalAs[int](p, `window.__sockets`); n != 0 {
		p.fail("the refused page opened %d more sockets within 3 s of the refusal: it keeps reconnecting", n)
	}

	// The other sockets close; the page connects when asked to try again.
	for _, c := range open {
		c.CloseNow()
	}
	open = nil
	p.waitFor("the banner gone after trying again", `(document.querySelector(".banner-retry")?.click(), document.querySelector(".banner") === null)`)
	if n := evalAs[int](p, `window.__sockets`); n == 0 {
		p.fail("the page connected without opening a socket")
	}
	p.snap("connected")
}
