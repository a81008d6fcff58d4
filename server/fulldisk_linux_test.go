//go:build linux

package server_test

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/server/servertest"
)

// lockedLog is a server's log, kept for a test to read.
type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// smallDisk mounts a file system of size bytes (tmpfs) on a fresh
// folder and returns it; it is unmounted when the test ends. It needs
// root, which CI has: the test fails, rather than skips, without it, so
// that a CI that lost root says so.
func smallDisk(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+strconv.Itoa(size)); err != nil {
		t.Fatalf("mounting a %d-byte tmpfs for the full disk (this test needs root, as CI runs): %v", size, err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, 0); err != nil {
			t.Errorf("unmounting the small disk: %v", err)
		}
	})
	return dir
}

// fillDisk writes to path until the disk is full.
func fillDisk(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling the disk: %v", err)
			}
			return
		}
	}
}

// get fetches a path of the server without a session: /healthz and
// /metrics, as a load balancer and a scraper do.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestFullDiskIsSeen fills the disk of a server's SQLite store while a
// match is played: the move the store cannot write is refused with code
// unavailable, and the operator sees why in three places: the log says
// it with the store's error, /metrics counts it under its code and shows
// the store unwritable, and /healthz answers 503 with a store line, so
// that a load balancer sends players elsewhere. Once the disk has room
// again, /healthz answers 200 without any move being sent (the node
// finds out by itself), and the match goes on.
func TestFullDiskIsSeen(t *testing.T) {
	disk := smallDisk(t, 4<<20)
	var logged lockedLog
	ts := servertest.StartWith(t, servertest.Options{Store: disk + "/parlor.db", Config: func(c *server.Config) {
		c.MessageRate = -1
		c.Log = slog.New(slog.NewTextHandler(&logged, nil))
	}})
	e := &env{t: t, dir: ts.Dir, url: ts.URL, st: ts.Store, mgr: ts.Matches, srv: ts.API, ts: ts}
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	opts := map[string]any{"rows": 5, "cols": 5}
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "options": opts}, nil)
	local := newLocal(t, "dots", `{"rows":5,"cols":5}`)
	conns := []*client{ca, cb}
	r := rand.New(rand.NewPCG(3, 4))

	// SQLite words a full disk "disk I/O error" or "database or disk is
	// full", depending on the write that meets it: either is the store's
	// own error, which the operator must read.

	// play sends the next move and returns the refusal's code, "" when
	// the move is taken.
	play := func() string {
		seat := local.st.Turn()[0]
		mv := local.randomMove(r, seat)
		rep := conns[seat].call("match.play", map[string]any{"table": id, "seat": int(seat), "move": mv})
		if rep.m["ok"] == true {
			if err := game.Play(local.st, seat, mv); err != nil {
				t.Fatal(err)
			}
			return ""
		}
		code, _ := rep.m["code"].(string)
		return code
	}
	if code := play(); code != "" {
		t.Fatalf("first move refused: %s", code)
	}
	if code, body := get(t, ts.URL+"/healthz"); code != http.StatusOK || !strings.Contains(body, "store: writes ok") {
		t.Fatalf("healthz before the disk fills: %d %q", code, body)
	}

	filler := disk + "/filler"
	fillDisk(t, filler)
	refused := ""
	for range 20 {
		if refused = play(); refused != "" {
			break
		}
	}
	if refused != "unavailable" {
		t.Fatalf("moves on a full disk: refusal %q, want unavailable", refused)
	}

	code, body := get(t, ts.URL+"/healthz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "store: cannot write") || !strings.Contains(body, "sqlite3: ") {
		t.Errorf("healthz on a full disk: %d %q, want 503 with the store's line and its cause", code, body)
	}
	if !regexp.MustCompile(`(?m)^.*level=WARN msg="request refused for a cause of the server's own" t=match.play code=unavailable cause=".*sqlite3: .*"$`).MatchString(logged.String()) {
		t.Errorf("the log does not say why the move was refused:\n%s", logged.String())
	}
	_, metrics := get(t, ts.URL+"/metrics")
	if m := regexp.MustCompile(`(?m)^parlor_refusals_total\{code="unavailable"\} (\d+)$`).FindStringSubmatch(metrics); m == nil || m[1] == "0" {
		t.Errorf("metrics do not count the refusal by code:\n%s", grepLines(metrics, "parlor_refusals_total"))
	}
	if !strings.Contains(metrics, "\nparlor_store_writable 0\n") {
		t.Errorf("metrics do not show the store unwritable:\n%s", grepLines(metrics, "parlor_store_writable"))
	}

	// Room again: the node finds out with no move sent.
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(wait)
	for {
		code, body = get(t, ts.URL+"/healthz")
		if code == http.StatusOK && strings.Contains(body, "store: writes ok") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("healthz once the disk has room: %d %q", code, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, metrics = get(t, ts.URL+"/metrics"); !strings.Contains(metrics, "\nparlor_store_writable 1\n") {
		t.Errorf("metrics do not show the store writable again:\n%s", grepLines(metrics, "parlor_store_writable"))
	}
	if code := play(); code != "" {
		t.Fatalf("a move once the disk has room: refused %s", code)
	}
}

// grepLines returns the lines of text that contain s.
func grepLines(text, s string) string {
	var out []string
	for line := range strings.SplitSeq(text, "\n") {
		if strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
