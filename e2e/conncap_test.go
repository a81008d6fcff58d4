package e2e

import (
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// countSockets counts the WebSockets a page opens, in window.__sockets.
const countSockets = `(() => {
	const W = window.WebSocket;
	window.__sockets = 0;
	window.WebSocket = class extends W {
		constructor(...args) { super(...args); window.__sockets++; }
	};
})();`

// TestConnectionCapShowsTheServersSentence: one account opens more
// WebSockets than the server allows it (docs/protocol.md, the caps on
// connections; 16 by default). The server refuses the one over the cap
// with an "id":0 refusal and a sentence; a tab of the same account
// opened then shows that sentence in its banner, not a bare "connection
// lost", and does not keep reconnecting (it opens one socket in the
// seconds that follow, where a lost connection would be tried again
// within one). Once the other sockets close, "Try again" connects it.
func TestConnectionCapShowsTheServersSentence(t *testing.T) {
	p := newPage(t, "first", 1280, 800)
	p.guest(uniqueName("Cap"))
	// Sockets of the same account, opened one after the other until the
	// server refuses one.
	refusal := evalAs[string](p, `(async () => {
		window.__extra = [];
		const open = () => new Promise((resolve) => {
			const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/ws");
			window.__extra.push(ws);
			ws.onmessage = (e) => {
				const m = JSON.parse(e.data);
				if (m.t === "hello") resolve("");
				else if (m.t === "reply" && m.id === 0 && !m.ok) resolve(m.code + ": " + m.error);
			};
			ws.onclose = () => resolve("closed without a refusal");
		});
		for (let i = 0; i < 64; i++) {
			const r = await open();
			if (r) return r;
		}
		return "no refusal after 64 sockets";
	})()`)
	if !strings.HasPrefix(refusal, "rate-limited: too many connections for this account") {
		t.Fatalf("the socket over the cap was answered %q", refusal)
	}
	sentence := strings.TrimPrefix(refusal, "rate-limited: ")

	// Another tab of the same person (same browser, same cookie), on a
	// phone-sized screen.
	ctx, cancel := chromedp.NewContext(p.ctx)
	t.Cleanup(cancel)
	q := &page{t: t, ctx: ctx, name: "second"}
	q.do("phone viewport", chromedp.EmulateViewport(390, 844))
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: countSockets}); err != nil {
		t.Fatal(err)
	}
	q.goTo("/")
	q.waitFor("the server's sentence in the banner", `document.querySelector(".banner .banner-why")?.textContent === `+jsonString(sentence))
	q.snap("refused")
	if strings.Contains(q.text(".banner"), "Reconnecting") {
		q.fail("the banner says it is reconnecting: %q", q.text(".banner"))
	}
	if w := evalAs[bool](q, `document.documentElement.scrollWidth <= window.innerWidth`); !w {
		q.fail("the banner makes the page scroll sideways")
	}
	time.Sleep(3 * time.Second) // long enough for a lost connection's retries (0.4 s, then 0.8 s, ...)
	if n := evalAs[int](q, `window.__sockets`); n != 1 {
		q.fail("the refused tab opened %d sockets within 3 s, want 1: it keeps reconnecting", n)
	}

	// The first tab closes its extra sockets; the second connects when
	// asked to try again.
	_ = evalAs[bool](p, `(async () => {
		await Promise.all(window.__extra.map((ws) => new Promise((resolve) => {
			if (ws.readyState === WebSocket.CLOSED) return resolve();
			ws.addEventListener("close", resolve);
			ws.close();
		})));
		return true;
	})()`)
	q.waitFor("the banner gone after trying again", `(document.querySelector(".banner-retry")?.click(), document.querySelector(".banner") === null)`)
	q.snap("connected")
}
