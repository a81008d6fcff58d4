package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// wait is the deadline for something the client or server should do
// soon. It bounds a wait for a condition; it is not a timing threshold.
const wait = 30 * time.Second

var (
	baseURL   string
	dataDir   string
	artifacts string
	browser   context.Context
	setupErr  error
	nameSeq   atomic.Int64
)

func TestMain(m *testing.M) {
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	root, err := repoRoot()
	if err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp("", "parlor-e2e-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	artifacts = os.Getenv("PARLOR_ARTIFACTS")
	if artifacts == "" {
		artifacts = filepath.Join(root, "artifacts", "screens")
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		return 0, err
	}
	// Screens from an earlier run would mislead whoever looks at them.
	old, _ := filepath.Glob(filepath.Join(artifacts, "test*.png"))
	for _, f := range old {
		_ = os.Remove(f)
	}

	// PARLOR_E2E_URL points the suite at a server that is already running
	// (with PARLOR_E2E_DATA its data directory), which is handy while
	// working on the client; by default the suite builds and starts its own.
	if u := os.Getenv("PARLOR_E2E_URL"); u != "" {
		baseURL = strings.TrimRight(u, "/")
		dataDir = os.Getenv("PARLOR_E2E_DATA")
	} else {
		stop, err := startServer(root, tmp)
		if err != nil {
			return 0, err
		}
		defer stop()
	}

	chrome, err := findChromium()
	if err != nil {
		// The suite must fail, not skip, on a machine without Chromium.
		setupErr = err
		return m.Run(), nil
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chrome),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("autoplay-policy", "no-user-gesture-required"),
		chromedp.UserDataDir(filepath.Join(tmp, "chrome-profile")),
		chromedp.WindowSize(1280, 860),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	b, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	if err := chromedp.Do(b, chromedp.Navigate("about:blank")); err != nil {
		setupErr = fmt.Errorf("starting Chromium (%s): %v", chrome, err)
		return m.Run(), nil
	}
	browser = b
	code := m.Run()
	if code != 0 && serverLog != "" {
		if out, err := os.ReadFile(serverLog); err == nil {
			const max = 8000
			if len(out) > max {
				out = out[len(out)-max:]
			}
			fmt.Fprintf(os.Stderr, "server log (tail):\n%s\n", out)
		}
	}
	return code, nil
}

var serverLog string

// parlorBin is the binary the suite built, for tests that start servers
// of their own (nodes_test.go); empty with PARLOR_E2E_URL.
var parlorBin string

// restartServer stops the server and starts it again on the same
// address and data directory; nil when the suite uses a server it did not
// start.
var restartServer func() error

// startServer builds the parlor binary and starts "parlor serve" with a
// fresh data directory on a free port.
func startServer(root, tmp string) (stop func(), err error) {
	bin := filepath.Join(tmp, "parlor")
	parlorBin = bin
	build := exec.Command("go", "build", "-o", bin, "./cmd/parlor")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building parlor: %v\n%s", err, out)
	}
	dataDir = filepath.Join(tmp, "data")
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, err
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	args := []string{"serve", "-addr", addr, "-data", dataDir}
	// Short bot budgets keep the suite quick; the flag is used only when
	// this build of the server has it.
	help, _ := exec.Command(bin, "serve", "-h").CombinedOutput()
	if strings.Contains(string(help), "-bot-ms") {
		args = append(args, "-bot-ms", "60")
	}
	// Every browser of the suite signs up from this machine's address.
	if strings.Contains(string(help), "-guest-limit") {
		args = append(args, "-guest-limit", "0")
	}
	serverLog = filepath.Join(tmp, "server.log")
	logFile, err := os.Create(serverLog)
	if err != nil {
		return nil, err
	}
	baseURL = "http://" + addr
	var srv *exec.Cmd
	var exited chan struct{}
	start := func() error {
		srv = exec.Command(bin, args...)
		srv.Stdout, srv.Stderr = logFile, logFile
		if err := srv.Start(); err != nil {
			return fmt.Errorf("starting parlor serve: %v", err)
		}
		exited = make(chan struct{})
		go func(cmd *exec.Cmd, done chan struct{}) { _ = cmd.Wait(); close(done) }(srv, exited)
		if err := waitHealthy(baseURL, exited); err != nil {
			out, _ := os.ReadFile(serverLog)
			return fmt.Errorf("%v\nserver log:\n%s", err, out)
		}
		return nil
	}
	halt := func() {
		_ = srv.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = srv.Process.Kill()
			<-exited
		}
	}
	if err := start(); err != nil {
		logFile.Close()
		return nil, err
	}
	restartServer = func() error {
		halt()
		return start()
	}
	return func() { halt(); logFile.Close() }, nil
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("cannot find the repository root (go.mod)")
		}
		dir = parent
	}
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

func waitHealthy(base string, exited <-chan struct{}) error {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return errors.New("parlor serve exited before it was healthy")
		default:
		}
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("parlor serve did not answer /healthz within a minute")
}

// findChromium prefers the headless shell, which starts faster.
func findChromium() (string, error) {
	for _, p := range []string{"/usr/bin/chromium-headless-shell", "/usr/bin/chromium"} {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	return "", errors.New("no Chromium found: install Debian's chromium-headless-shell or chromium package (scripts/test does this)")
}

// page is one browser tab in its own browser context, so each page has
// its own cookies: two pages are two different people.
type page struct {
	t    *testing.T
	ctx  context.Context
	name string
	shot int
	base string // the server this page uses, when not the suite's
	// unloadAsked counts the browser's own leave prompts (beforeunload),
	// each accepted so that the page goes where the test sends it.
	unloadAsked atomic.Int32
}

func newPage(t *testing.T, name string, w, h int64) *page {
	t.Helper()
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	p := &page{t: t, ctx: ctx, name: name}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h)); err != nil {
		t.Fatalf("%s: opening a tab: %v", name, err)
	}
	// A page that asks before it is left (a game in play: the browser's
	// own prompt, or the client's question when it goes to another screen)
	// would stop a test at the dialog: say yes, and count the browser's.
	// A test that checks the client's question replaces window.confirm.
	// The app's own questions (confirm.ts) are answered yes in the same
	// spirit, unless the test sets window.keepQuestions to answer them
	// itself (answerQuestion).
	actx, acancel := context.WithTimeout(ctx, wait)
	_, err := chromedp.Call(actx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: answerYes})
	acancel()
	if err != nil {
		t.Fatalf("%s: adding the question answerer: %v", name, err)
	}
	err = chromedp.Listen(ctx, func(ev any) {
		if d, ok := ev.(*cdppage.EventJavascriptDialogOpening); ok {
			if d.Type == cdppage.DialogTypeBeforeunload {
				p.unloadAsked.Add(1)
			}
			go chromedp.Call(ctx, cdppage.HandleJavaScriptDialog, cdppage.HandleJavaScriptDialogParams{Accept: true})
		}
	})
	if err != nil {
		t.Fatalf("%s: listening to the tab: %v", name, err)
	}
	return p
}

// answerYes answers the app's yes-or-no questions yes as they open,
// while window.keepQuestions is unset.
const answerYes = `new MutationObserver(() => {
	if (window.keepQuestions) return;
	document.querySelector("dialog.confirm-dialog[open] [data-answer=yes]")?.click();
}).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["open"] });`

// answerQuestion waits for the app's question (confirm.ts), answers it
// yes or no with its button, and returns what it said: its text, then its
// title. The test sets window.keepQuestions first.
func (p *page) answerQuestion(yes bool) string {
	p.t.Helper()
	p.waitVisible("dialog.confirm-dialog[open]")
	said := evalAs[string](p, `(() => { const d = document.querySelector("dialog.confirm-dialog[open]"); return d.querySelector("p").textContent + " " + d.querySelector("h2").textContent; })()`)
	answer := "no"
	if yes {
		answer = "yes"
	}
	p.click("dialog.confirm-dialog[open] [data-answer=" + answer + "]")
	p.waitFor("the question to close", `!document.querySelector("dialog.confirm-dialog")`)
	return said
}

func (p *page) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.fail("%s: %v", what, err)
	}
}

func evalAs[T any](p *page, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, wait)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.fail("evaluating %.120s: %v", js, err)
	}
	return v
}

// fail saves a screenshot of the failing screen, then fails the test with
// what the status line said.
func (p *page) fail(format string, args ...any) {
	p.t.Helper()
	p.snap("failure")
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	status, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("#status")?.textContent||"") + " | " + (document.querySelector("#note")?.textContent||"")`))
	p.t.Fatalf("%s: %s (screen says: %q)", p.name, fmt.Sprintf(format, args...), status)
}

// waitFor polls a JavaScript condition until it is true.
func (p *page) waitFor(what, js string) {
	p.t.Helper()
	deadline := time.Now().Add(wait)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("Boolean("+js+")"))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			p.fail("waiting for %s: not true after %v (last error %v)", what, wait, err)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

func (p *page) visible(sel string) string {
	// A table screen is laid out hidden until its first reply is drawn
	// (.arriving, content-visibility): a click there would land where
	// nothing is drawn yet.
	return fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || e.closest("[hidden]") || e.closest(".arriving")) return false; const st = getComputedStyle(e); return e.getClientRects().length > 0 && st.visibility !== "hidden"; })()`, sel)
}

func (p *page) waitVisible(sel string) {
	p.t.Helper()
	p.waitFor(sel+" visible", p.visible(sel))
}

func (p *page) click(sel string) {
	p.t.Helper()
	p.waitVisible(sel)
	p.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

func (p *page) typeInto(sel, text string) {
	p.t.Helper()
	p.waitVisible(sel)
	_ = evalAs[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = ""; e.focus(); return true; })()`, sel))
	p.do("type into "+sel, chromedp.SendKeys(chromedp.CSS(sel), text))
}

func (p *page) text(sel string) string {
	p.t.Helper()
	return evalAs[string](p, fmt.Sprintf(`document.querySelector(%q)?.textContent ?? ""`, sel))
}

func (p *page) goTo(path string) {
	p.t.Helper()
	base := baseURL
	if p.base != "" {
		base = p.base
	}
	p.do("navigate to "+path, chromedp.Navigate(base+path))
	p.waitFor("the app to start", `document.querySelector("header.topbar") !== null`)
}

var unsafeName = regexp.MustCompile(`[^a-z0-9]+`)

// snap saves a PNG of the page as it is now.
func (p *page) snap(label string) {
	p.t.Helper()
	p.shot++
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Logf("screenshot %s: %v", label, err)
		return
	}
	name := strings.Trim(unsafeName.ReplaceAllString(strings.ToLower(p.t.Name()+"-"+p.name+"-"+fmt.Sprintf("%02d", p.shot)+"-"+label), "-"), "-")
	if err := os.WriteFile(filepath.Join(artifacts, name+".png"), png, 0o644); err != nil {
		p.t.Logf("saving screenshot: %v", err)
	}
}

// uniqueName gives each test person a name no other run has used.
func uniqueName(prefix string) string {
	return fmt.Sprintf("%s%d%d", prefix, time.Now().UnixMilli()%100000, nameSeq.Add(1))
}

// guest signs in as a guest from the welcome screen.
func (p *page) guest(name string) {
	p.t.Helper()
	p.goTo("/")
	p.typeInto("#auth-name", name)
	p.click("#auth-submit")
	p.waitFor("the lobby after signing in", `document.querySelector(".who-name") !== null`)
}

// password is every test account's password.
const password = "correct horse battery"

// register creates an account from the welcome screen.
func (p *page) register(name string) {
	p.t.Helper()
	p.signIn("#tab-register", name, "the lobby after registering")
}

// login logs in from the welcome screen to an account register made: in
// a page of its own, another device of the same person.
func (p *page) login(name string) {
	p.t.Helper()
	p.signIn("#tab-login", name, "the lobby after logging in")
}

// signIn fills in the welcome screen's form under tab with name and the
// test password, and waits for the lobby.
func (p *page) signIn(tab, name, what string) {
	p.t.Helper()
	p.goTo("/")
	p.click(tab)
	p.typeInto("#auth-name", name)
	p.typeInto("#auth-pass", password)
	p.click("#auth-submit")
	p.waitFor(what, `document.querySelector(".who-name") !== null`)
}

// waitRulebook waits until the rulebook in the element sel (the Help
// panel, the rules page) has come from the server and is shown.
func (p *page) waitRulebook(sel string) {
	p.t.Helper()
	p.waitFor("the rulebook in "+sel, fmt.Sprintf(`!!document.querySelector(%q) && !document.querySelector(%q)`,
		sel+" .rulebook section", sel+" .rulebook[aria-busy]"))
}

// createTable fills in the create-table dialog.
func (p *page) createTable(game, mode string, size int, level string) string {
	p.t.Helper()
	return p.createTableWithClock(game, mode, size, level, "")
}

// createTableWithClock is createTable with a clock choice of the dialog.
func (p *page) createTableWithClock(game, mode string, size int, level, clock string) string {
	p.t.Helper()
	p.click("#new-table")
	p.waitVisible("dialog.create")
	p.choose("#create-game", game)
	p.click("#mode-" + mode)
	if size > 0 {
		p.choose("#dots-size", fmt.Sprint(size))
	}
	if level != "" {
		p.choose("#seat-1-level", level)
	}
	if clock != "" {
		p.choose("#create-clock", clock)
	}
	p.snap("create-dialog")
	p.click("#create-submit")
	p.waitFor("the table screen", `location.pathname.startsWith("/t/") && document.querySelector(".table-screen") !== null`)
	return evalAs[string](p, `location.pathname.slice(3)`)
}

// createTableJS creates a table of game with options and seats over a
// WebSocket of the page's own (the create dialog offers no scenarios and
// not every seat choice) and resolves with the table's id.
func createTableJS(game string, options map[string]any, seats []map[string]string) string {
	req := map[string]any{"t": "table.create", "id": 1, "game": game, "options": options, "seats": seats}
	return `new Promise((resolve, reject) => {
	const ws = new WebSocket((location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host + "/api/ws");
	ws.onmessage = (e) => {
		const m = JSON.parse(e.data);
		if (m.t === "hello") ws.send(JSON.stringify(` + jsonString(req) + `));
		else if (m.t === "reply") { ws.close(); if (m.ok) resolve(m.table.id); else reject(new Error(m.error)); }
	};
	ws.onerror = () => reject(new Error("the WebSocket failed"));
})`
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// keys sends key presses to the focused element.
func keys(k string) chromedp.Action[chromedp.Void] {
	return chromedp.KeyEvent(k)
}

// choose picks a choice the way a person would, so that its change
// handlers run: an option of a select, or the radio of that value in a
// group of radios (the create dialog shows its choices at once).
func (p *page) choose(sel, value string) {
	p.t.Helper()
	p.waitVisible(sel)
	ok := evalAs[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q), v = %q;
		if (e.tagName !== "SELECT") { const r = [...e.querySelectorAll("input[type=radio]")].find((i) => i.value === v && !i.disabled); if (!r) return false; r.click(); return r.checked; }
		if (![...e.options].some(o => o.value === v)) return false; e.value = v; e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, sel, value))
	if !ok {
		p.fail("%s has no option %q", sel, value)
	}
}

// getJSON reads a public API path of the suite's server into v.
func getJSON(path string, v any) error {
	resp, err := http.Get(baseURL + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", path, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}
