package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"

	"github.com/parlor-games/parlor/webpush"
	"github.com/parlor-games/parlor/webpush/webpushtest"
)

// startPushServer runs a server of the test's own that accepts push
// subscriptions over plain http, as the push service the test serves is,
// and returns its address and a function that stops it.
func startPushServer(t *testing.T) (base string, stop func()) {
	t.Helper()
	return startOwnServer(t, "push subscriptions over plain http", "-bot-ms", "60", "-guest-limit", "0", "-push-insecure")
}

// pushStubJS replaces the page's PushManager with one that hands out
// sub, remembering the server key it was given, and counts the page's
// requests for permission: headless Chromium has no push service to
// subscribe with, so the test's service (package webpushtest) plays it,
// with keys the test holds.
func pushStubJS(sub webpush.Subscription) string {
	return fmt.Sprintf(`(() => {
	if (!("PushManager" in self)) return;
	const json = {endpoint: %q, expirationTime: null, keys: {p256dh: %q, auth: %q}};
	const sub = {endpoint: json.endpoint, options: {applicationServerKey: null},
		toJSON: () => json, unsubscribe: async () => { localStorage.removeItem("test.sub"); return true; }};
	PushManager.prototype.subscribe = async function (o) {
		localStorage.setItem("test.sub", "1");
		localStorage.setItem("test.key", String(o.applicationServerKey));
		return sub;
	};
	PushManager.prototype.getSubscription = async function () { return localStorage.getItem("test.sub") ? sub : null; };
	const ask = Notification.requestPermission.bind(Notification);
	Notification.requestPermission = (...a) => {
		localStorage.setItem("test.asked", String(Number(localStorage.getItem("test.asked") || 0) + 1));
		return ask(...a);
	};
})()`, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth)
}

// TestPushNoticeOpensTheTable (issue 33): loading the app asks for no
// permission; Bob turns on notices in his settings, which asks (Chromium
// shows nothing: the test granted the permission), and his browser
// subscribes with the server's key. He leaves during a game
// of Dots and Boxes with Ann; her move makes it his turn, and the server
// pushes "your move", encrypted for his browser, to his push service.
// Delivered to the service worker, it shows a notice naming the game, and
// a click on it takes his open Parlor window to the table. The app is
// installable, and with the server gone it still starts from the shell
// the service worker kept.
func TestPushNoticeOpensTheTable(t *testing.T) {
	base, stopServer := startPushServer(t)
	dev := webpushtest.New(t, false)
	ann := newPage(t, "ann", 1280, 800)
	bob := newPage(t, "bob", 390, 844)
	ann.base, bob.base = base, base

	bctx := chromedp.FromContext(bob.ctx)
	if _, err := chromedp.CallBrowser(bob.ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
		Permission: &cdpbrowser.PermissionDescriptor{Name: "notifications"}, Setting: cdpbrowser.PermissionSettingGranted,
		Origin: base, BrowserContextID: bctx.BrowserContextID,
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(bob.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: pushStubJS(dev.Subscription("bob"))}); err != nil {
		t.Fatal(err)
	}
	regs := make(chan serviceworker.RegistrationID, 8)
	err := chromedp.Listen(bob.ctx, func(ev any) {
		if e, ok := ev.(*serviceworker.EventWorkerRegistrationUpdated); ok {
			for _, r := range e.Registrations {
				if !r.IsDeleted && strings.HasPrefix(r.ScopeURL, base) {
					select {
					case regs <- r.RegistrationID:
					default:
					}
				}
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}

	bob.guest(uniqueName("Bob"))
	if _, err := chromedp.Call(bob.ctx, serviceworker.Enable, struct{}{}); err != nil {
		t.Fatal(err)
	}
	// Loading the app asks nothing: the lobby, then the settings.
	bob.waitVisible(".game-card")
	bob.goTo("/settings")
	bob.waitVisible("#set-push")
	if asked := evalAs[string](bob, `localStorage.getItem("test.asked") ?? "0"`); asked != "0" {
		t.Fatalf("permission was asked %s times on load", asked)
	}
	bob.waitFor("the switch ready", `!document.querySelector("#set-push").disabled && document.querySelector("#set-push-state").textContent !== ""`)
	bob.snap("settings-notices")
	bob.click("#set-push")
	bob.waitFor("notices on", `document.querySelector("#set-push").checked && document.querySelector("#set-push-state").textContent.includes("shows a notice")`)
	bob.snap("settings-notices-on")
	if asked := evalAs[string](bob, `localStorage.getItem("test.asked")`); asked != "1" {
		t.Fatalf("turning notices on asked for permission %s times, want once", asked)
	}
	var key struct{ Key string }
	res, err := http.Get(base + "/api/push/key")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(res.Body).Decode(&key)
	res.Body.Close()
	if got := evalAs[string](bob, `localStorage.getItem("test.key")`); got != key.Key {
		t.Fatalf("the browser subscribed with key %q, want the server's %q", got, key.Key)
	}
	var reg serviceworker.RegistrationID
	select {
	case reg = <-regs:
	case <-time.After(wait):
		t.Fatal("no service worker registered")
	}
	bob.waitPromise("the service worker active", `navigator.serviceWorker.ready.then(() => true)`)

	ann.guest(uniqueName("Ann"))
	// Bob leaves; Ann sees him gone, and moves.
	id := bobAwayOnHisTurn(ann, bob)

	plain := dev.Next("Bob's turn", wait)
	var n struct{ Kind, Title, Body, URL string }
	if err := json.Unmarshal(plain, &n); err != nil {
		t.Fatal(err)
	}
	if n.Kind != "turn" || n.URL != "/t/"+id || !strings.Contains(n.Title, "Your move") || !strings.Contains(n.Title, "Dots and Boxes") {
		t.Fatalf("the notice: %s", plain)
	}

	// Bob's Parlor window is open on the lobby when the push comes.
	bob.goTo("/")
	if _, err := chromedp.Call(bob.ctx, serviceworker.DeliverPushMessage, serviceworker.DeliverPushMessageParams{
		Origin: base, RegistrationID: reg, Data: string(plain)}); err != nil {
		t.Fatal(err)
	}
	bob.waitPromise("the notice shown", fmt.Sprintf(`navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => ns.some(n => n.data && n.data.url === %q))`, "/t/"+id))
	shown := evalAs[string](bob, `navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => ns[0].title + " | " + ns[0].body)`)
	if !strings.Contains(shown, n.Title) || !strings.Contains(shown, n.Body) {
		t.Fatalf("the notice shows %q, want %q and %q", shown, n.Title, n.Body)
	}

	// A click on the notice (dispatched in the worker: headless Chromium
	// has no notice to click) brings the window to the table.
	sw := workerOf(t, bob, base)
	clicked, err := chromedp.Run(sw, chromedp.Evaluate[int](`self.registration.getNotifications().then(ns => {
		for (const n of ns) self.dispatchEvent(new NotificationEvent("notificationclick", {notification: n}));
		return ns.length;
	})`, chromedp.EvalAwaitPromise))
	if err != nil || clicked != 1 {
		t.Fatalf("clicking the notice: %d notices, %v", clicked, err)
	}
	bob.waitFor("Bob at the table", fmt.Sprintf(`location.pathname === %q && document.querySelectorAll("g.slot").length > 0`, "/t/"+id))
	bob.waitPromise("the notice gone once clicked", `navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => ns.length === 0)`)
	bob.snap("opened-from-notice")

	// The server is gone: the app still starts, from the kept shell.
	stopServer()
	bob.do("reload offline", chromedp.Navigate(base+"/"))
	bob.waitFor("the app started offline", `document.querySelector("header.topbar") !== null`)
	bob.snap("offline-start")
}

// waitPromise waits until js, an expression that gives a promise (the
// service worker's and the notices' API), resolves to true: waitFor
// would take the promise itself for true.
func (p *page) waitPromise(what, js string) {
	p.t.Helper()
	deadline := time.Now().Add(wait)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			p.fail("waiting for %s: not true after %v (last error %v)", what, wait, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestInstallableApp (issue 33): Chromium finds nothing that stops
// Parlor being installed (Page.getInstallabilityErrors, what Lighthouse's
// installability audit asks it): a manifest with a name, a start address,
// a window of its own and icons that load, served from a secure origin
// (localhost) with a service worker. The tab is in the browser's default
// profile: a private one (as the other tests' are) cannot install.
func TestInstallableApp(t *testing.T) {
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	base, _ := startPushServer(t)
	ctx, cancel := chromedp.NewContext(browser)
	defer cancel()
	p := &page{t: t, ctx: ctx, name: "installer", base: base}
	// The tab is made by the first action run on its own context: made
	// under a deadline, it would close when the deadline's context ends.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	p.goTo("/")
	p.waitPromise("the service worker in charge", `navigator.serviceWorker.ready.then(() => true)`)
	var errs []string
	deadline := time.Now().Add(wait)
	for {
		inst, err := chromedp.Call(ctx, cdppage.GetInstallabilityErrors, struct{}{})
		if err != nil {
			t.Fatal(err)
		}
		errs = errs[:0]
		for _, e := range inst.InstallabilityErrors {
			errs = append(errs, e.ErrorID)
		}
		if len(errs) == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if len(errs) > 0 {
		t.Fatalf("Chromium would not install Parlor: %v", errs)
	}
}

// workerOf attaches to the service worker of base in p's browser.
func workerOf(t *testing.T, p *page, base string) context.Context {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		infos, err := chromedp.Targets(p.ctx)
		if err != nil {
			t.Fatal(err)
		}
		bc := chromedp.FromContext(p.ctx).BrowserContextID
		for _, in := range infos {
			if in.Type == "service_worker" && strings.HasPrefix(in.URL, base) && in.BrowserContextID == bc {
				ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithTargetID(in.TargetID))
				t.Cleanup(cancel)
				return ctx
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("no service worker target")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
