package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/store/storetest"
)

const serveWait = 30 * time.Second

// serveProc is `parlor serve` running as a subprocess on a data directory.
type serveProc struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
	done chan error
	log  *lockedLog
}

// lockedLog is a node's log as it writes it: a test may read it while
// the process still writes (a lease lost in the middle of an outage).
type lockedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServe runs parlor serve on dir with the tests' settings and any
// further flags in extra.
func startServe(t *testing.T, dir string, extra ...string) *serveProc {
	t.Helper()
	args := append([]string{"serve", "-addr", "127.0.0.1:0", "-data", dir, "-bot-ms", "50"}, extra...)
	cmd := exec.Command(parlorBin, args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	log := &lockedLog{}
	cmd.Stderr = log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serveProc{t: t, cmd: cmd, done: make(chan error, 1), log: log}
	lines := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(out).ReadString('\n')
		lines <- line
		io.Copy(io.Discard, out)
	}()
	go func() { p.done <- cmd.Wait() }()
	select {
	case line := <-lines:
		addr, ok := strings.CutPrefix(strings.TrimSpace(line), "parlor serving on ")
		if !ok {
			cmd.Process.Kill()
			t.Fatalf("unexpected first line %q; log: %s", line, log.String())
		}
		p.base = addr
	case <-time.After(serveWait):
		cmd.Process.Kill()
		t.Fatalf("parlor serve did not start; log: %s", log.String())
	}
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// wsPeer is a protocol client for the binary tests that looks at every
// message as a map. It speaks through package client, sending requests
// as raw messages.
type wsPeer struct {
	t    *testing.T
	conn *client.Conn
	id   int64
	msgs chan map[string]any
}

func (p *serveProc) guest(name string) *http.Client {
	p.t.Helper()
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, Timeout: serveWait}
	res, err := hc.Post(p.base+"/api/guest", "application/json", strings.NewReader(`{"name":"`+name+`"}`))
	if err != nil {
		p.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		p.t.Fatalf("guest %s: %s", name, res.Status)
	}
	return hc
}

func (p *serveProc) dial(hc *http.Client) *wsPeer {
	p.t.Helper()
	pc, err := client.New(p.base)
	if err != nil {
		p.t.Fatal(err)
	}
	u, _ := url.Parse(p.base)
	for _, ck := range hc.Jar.Cookies(u) {
		if ck.Name == client.SessionCookie {
			pc.SetSession(ck.Value)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), serveWait)
	defer cancel()
	c := &wsPeer{t: p.t, msgs: make(chan map[string]any, 4096)}
	conn, err := pc.Dial(ctx, client.WithRaw(func(b []byte) {
		var m map[string]any
		if json.Unmarshal(b, &m) == nil {
			c.msgs <- m
		}
	}))
	if err != nil {
		p.t.Fatal(err)
	}
	c.conn = conn
	go func() {
		for range conn.Pushes() {
		}
		<-conn.Done()
		close(c.msgs)
	}()
	p.t.Cleanup(func() { conn.CloseNow() })
	c.next(func(m map[string]any) bool { return m["t"] == "hello" })
	return c
}

// next returns the next message that matches, dropping others.
func (c *wsPeer) next(match func(map[string]any) bool) map[string]any {
	c.t.Helper()
	deadline := time.After(serveWait)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatal("connection closed")
			}
			if match(m) {
				return m
			}
		case <-deadline:
			c.t.Fatal("no expected message")
		}
	}
}

// call sends a request and returns its reply, keeping pushes that arrive
// meanwhile in pushes.
func (c *wsPeer) call(pushes *[]map[string]any, t string, fields string) map[string]any {
	c.t.Helper()
	c.id++
	msg := fmt.Sprintf(`{"t":%q,"id":%d`, t, c.id)
	if fields != "" {
		msg += "," + fields
	}
	msg += "}"
	ctx, cancel := context.WithTimeout(context.Background(), serveWait)
	defer cancel()
	if err := c.conn.Send(ctx, []byte(msg)); err != nil {
		c.t.Fatal(err)
	}
	id := float64(c.id)
	return c.next(func(m map[string]any) bool {
		if m["t"] == "reply" && m["id"] == id {
			return true
		}
		if pushes != nil && m["t"] == "match" {
			*pushes = append(*pushes, m)
		}
		return false
	})
}

func (c *wsPeer) ok(pushes *[]map[string]any, t, fields string) map[string]any {
	c.t.Helper()
	r := c.call(pushes, t, fields)
	if r["ok"] != true {
		c.t.Fatalf("%s %s: %v", t, fields, r)
	}
	return r
}

// TestServeSmoke runs the binary: health, metrics, a guest's WebSocket,
// the web client at /, and a clean exit on SIGTERM.
func TestServeSmoke(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { testServeSmoke(t) })
	// PostgreSQL named by the environment rather than by -db, as a
	// container would be configured.
	t.Run("postgres", func(t *testing.T) {
		t.Setenv("PARLOR_DB", storetest.Postgres(t))
		testServeSmoke(t)
	})
}

func testServeSmoke(t *testing.T) {
	p := startServe(t, t.TempDir())
	for _, path := range []string{"/healthz", "/metrics", "/api/games", "/"} {
		res, err := http.Get(p.base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("GET %s: %s %s", path, res.Status, body)
		}
		if path == "/metrics" && !strings.Contains(string(body), "parlor_connections") {
			t.Fatalf("metrics lack parlor_connections: %.300s", body)
		}
		if path == "/api/games" && !strings.Contains(string(body), `"dots"`) {
			t.Fatalf("games list lacks dots: %s", body)
		}
	}
	c := p.dial(p.guest("Smoke"))
	c.ok(nil, "lobby.join", "")
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v; log: %s", err, p.log.String())
		}
	case <-time.After(serveWait):
		t.Fatal("no exit after SIGTERM")
	}
	// The WebSocket was closed with going away.
	deadline := time.After(serveWait)
	for {
		select {
		case _, ok := <-c.msgs:
			if ok {
				continue
			}
		case <-deadline:
			t.Fatal("WebSocket not closed")
		}
		break
	}
}

// TestServeCrashRecovery plays part of a Dots match against the binary,
// kills it with SIGKILL, starts it again on the same data directory, and
// finishes the match: every acknowledged move survived, the table is
// still there, and resuming from the last seen seq repeats nothing.
//
// It runs on SQLite and on PostgreSQL (-db): on both, a move acknowledged
// is a move committed.
func TestServeCrashRecovery(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { testServeCrashRecovery(t) })
	t.Run("postgres", func(t *testing.T) { testServeCrashRecovery(t, "-db", storetest.Postgres(t), "-node", "crash") })
}

func testServeCrashRecovery(t *testing.T, db ...string) {
	dir := t.TempDir()
	p := startServe(t, dir, db...)
	ha, hb := p.guest("Crash A"), p.guest("Crash B")
	a, b := p.dial(ha), p.dial(hb)
	rep := a.ok(nil, "table.create", `"game":"dots","options":{"rows":4,"cols":4},"seats":[{"kind":"me"},{"kind":"open"}]`)
	id := rep["table"].(map[string]any)["id"].(string)
	b.ok(nil, "table.sit", `"table":"`+id+`","seat":1`)
	a.ok(nil, "table.start", `"table":"`+id+`"`)
	a.ok(nil, "table.watch", `"table":"`+id+`","views":false`)
	b.ok(nil, "table.watch", `"table":"`+id+`","views":false`)

	_, local, err := games.Registry().Start(game.Log{Game: "dots", Options: json.RawMessage(`{"rows":4,"cols":4}`)})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	peers := []*wsPeer{a, b}
	seq := 0
	play := func() {
		t.Helper()
		seat := local.Turn()[0]
		legal := local.Legal(seat)
		mv := game.Canonical(legal[r.IntN(len(legal))])
		ack := peers[seat].ok(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":%d,"move":%s`, id, seat, mv))
		seq++
		if ack["seq"] != float64(seq) {
			t.Fatalf("ack %v, want seq %d", ack, seq)
		}
		if err := game.Play(local, seat, mv); err != nil {
			t.Fatal(err)
		}
	}
	for range 10 {
		play()
	}
	p.cmd.Process.Kill() // SIGKILL: no chance to flush anything
	<-p.done

	p2 := startServe(t, dir, db...)
	// The same browsers (cookies) reconnect to the new process.
	a2 := p2.dial(rehome(ha, p, p2))
	b2 := p2.dial(rehome(hb, p, p2))
	var pushes []map[string]any
	w := b2.ok(&pushes, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, id, seq-3))
	if w["table"].(map[string]any)["status"] != "playing" {
		t.Fatalf("table after restart: %v", w["table"])
	}
	// Resuming from seq-3 replays exactly the last three moves.
	for len(pushes) < 3 {
		pushes = append(pushes, b2.next(func(m map[string]any) bool { return m["t"] == "match" }))
	}
	for i, m := range pushes {
		if m["seq"] != float64(seq-2+i) {
			t.Fatalf("resumed push %d has seq %v, want %d", i, m["seq"], seq-2+i)
		}
	}
	a2.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, id, seq))
	peers = []*wsPeer{a2, b2}
	for local.Outcome() == nil {
		play()
	}
	// A fresh connection resuming just before the end sees the final move
	// and the outcome.
	c := p2.dial(hb)
	c.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, id, seq-1))
	last := c.next(func(m map[string]any) bool { return m["t"] == "match" })
	if last["seq"] != float64(seq) || last["outcome"] == nil {
		t.Fatalf("final push without outcome: %v", last)
	}
	p2.cmd.Process.Signal(syscall.SIGTERM)
	if err := <-p2.done; err != nil {
		t.Fatalf("exit: %v", err)
	}
}

// rehome copies a browser's cookies from the old server's URL to the new
// one (the port changes between runs).
func rehome(hc *http.Client, from, to *serveProc) *http.Client {
	u1, _ := url.Parse(from.base)
	u2, _ := url.Parse(to.base)
	hc.Jar.SetCookies(u2, hc.Jar.Cookies(u1))
	return hc
}

// -db picks the database, PARLOR_DB gives its default, and a URL that is
// not PostgreSQL's is refused rather than taken for a file name.
func TestServeDBFlag(t *testing.T) {
	t.Setenv("PARLOR_DB", "")
	f, err := parseServeFlags([]string{"-data", "d"}, io.Discard)
	if err != nil || f.dbName() != filepath.Join("d", "parlor.db") {
		t.Fatalf("default: %q %v", f.dbName(), err)
	}
	const pg = "postgres://u:secret@db.example:5432/parlor"
	t.Setenv("PARLOR_DB", pg)
	if f, err := parseServeFlags(nil, io.Discard); err != nil || f.dbName() != pg {
		t.Fatalf("from PARLOR_DB: %q %v", f.dbName(), err)
	}
	if f, err := parseServeFlags([]string{"-db", "other.db"}, io.Discard); err != nil || f.dbName() != "other.db" {
		t.Fatalf("-db over PARLOR_DB: %q %v", f.dbName(), err)
	}
	_, err = parseServeFlags([]string{"-db", "mysql://u:secret@db.example/parlor"}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "postgres://") || strings.Contains(err.Error(), "secret") {
		t.Fatalf("a MySQL URL: %v", err)
	}
}
