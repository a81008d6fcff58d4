package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"

	"github.com/parlor-games/parlor/store/storetest"
)

// node is a `parlor serve` among several, over one PostgreSQL schema and
// one NATS server.
type node struct {
	cmd  *exec.Cmd
	base string
	done chan struct{}
}

// startNodes starts n nodes for t, with a short lease so that a dead
// node's tables are taken within seconds.
func startNodes(t *testing.T, n int) []*node {
	t.Helper()
	if parlorBin == "" {
		t.Skip("the suite is using a server it did not start (PARLOR_E2E_URL)")
	}
	db := storetest.Postgres(t)
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(wait) {
		t.Fatal("NATS did not start")
	}
	t.Cleanup(ns.Shutdown)
	var nodes []*node
	for i := range n {
		addr, err := freeAddr()
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		logf, err := os.Create(filepath.Join(dir, "node.log"))
		if err != nil {
			t.Fatal(err)
		}
		nd := &node{base: "http://" + addr, done: make(chan struct{})}
		nd.cmd = exec.Command(parlorBin, "serve", "-addr", addr, "-data", dir, "-bot-ms", "60",
			"-db", db, "-nats", ns.ClientURL(), "-node", fmt.Sprintf("web%d", i), "-lease", "2s", "-rebalance", "0")
		nd.cmd.Stdout, nd.cmd.Stderr = logf, logf
		if err := nd.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { _ = nd.cmd.Wait(); logf.Close(); close(nd.done) }()
		t.Cleanup(func() {
			_ = nd.cmd.Process.Kill()
			<-nd.done
			if t.Failed() {
				out, _ := os.ReadFile(logf.Name())
				t.Logf("node %d's log:\n%s", i, out)
			}
		})
		if err := waitHealthy(nd.base, nd.done); err != nil {
			t.Fatal(err)
		}
		nodes = append(nodes, nd)
	}
	return nodes
}

// balancer is the load balancer of docs/deploy.md in a few lines: each
// request, WebSocket upgrades included, goes to the first node that
// accepts a connection, so when that node dies its players' reconnects
// reach the next.
func balancer(t *testing.T, nodes ...*node) string {
	t.Helper()
	first, _ := url.Parse(nodes[0].base)
	rp := httputil.NewSingleHostReverseProxy(first)
	rp.Transport = &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var last error
		for _, nd := range nodes {
			u, _ := url.Parse(nd.base)
			c, err := (&net.Dialer{Timeout: time.Second}).DialContext(ctx, network, u.Host)
			if err == nil {
				return c, nil
			}
			last = err
		}
		return nil, last
	}}
	srv := httptest.NewServer(rp)
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestTwoNodesInTheBrowser: Ann's browser reaches the nodes through a
// load balancer that sends her to node 0, Bob's talks to node 1. They see
// each other in one lobby and chat across the nodes; Ann opens a table
// (on node 0) and Bob joins it from node 1's lobby, so every move of his
// is forwarded. Mid-game node 0 is killed with SIGKILL: Ann's page says it
// is reconnecting, the balancer sends her to node 1, which has taken the
// table over, and both play the game to its end, one of them winning.
func TestTwoNodesInTheBrowser(t *testing.T) {
	nodes := startNodes(t, 2)
	ann := newPage(t, "ann", 1280, 860)
	bob := newPage(t, "bob", 1280, 860)
	ann.base = balancer(t, nodes[0], nodes[1])
	bob.base = nodes[1].base
	annName, bobName := uniqueName("Ann"), uniqueName("Bob")
	ann.guest(annName)
	bob.guest(bobName)

	ann.waitFor("Bob online, from the other node", fmt.Sprintf(`[...document.querySelectorAll(".people .person")].some(a => a.textContent === %q)`, bobName))
	bob.waitFor("Ann online, from the other node", fmt.Sprintf(`[...document.querySelectorAll(".people .person")].some(a => a.textContent === %q)`, annName))
	ann.typeInto(".chat-input", "Hello from node zero")
	ann.click(".chat-form button")
	bob.waitFor("Ann's message on node 1", `[...document.querySelectorAll(".chat-log li")].some(li => li.textContent.includes("Hello from node zero"))`)

	id := ann.createTable("dots", "online", 4, "")
	bob.waitFor("the table of node 0 in node 1's lobby", fmt.Sprintf(`document.querySelector('button[data-table=%q]') !== null`, id))
	bob.click(fmt.Sprintf(`button[data-table=%q]`, id))
	bob.waitFor("Bob at the table", `location.pathname.startsWith("/t/")`)
	ann.click("#start-game")
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board", `document.querySelectorAll("g.slot").length === 24`)
	}
	// Four lines, two each, Bob's forwarded to node 0.
	for i := 0; i < 4; {
		for _, p := range []*page{ann, bob} {
			if s := p.dots(); s.MyTurn && !s.Over && i < 4 {
				p.drawLine(s.Free[0])
				i++
			}
		}
	}
	bob.waitFor("four lines on Bob's board", `document.querySelectorAll(".ln.drawn").length === 4`)
	ann.snap("before-node-0-dies")

	_ = nodes[0].cmd.Process.Kill()
	<-nodes[0].done
	ann.waitFor("the page saying it reconnects", `document.querySelector(".banner") !== null`)
	ann.snap("reconnecting")
	// Node 1 holds the table once it has taken it over, and both players
	// are back at it when their pages have watched it again there.
	deadline := time.Now().Add(wait)
	for !backAt(nodes[1], id) {
		if time.Now().After(deadline) {
			t.Fatalf("node 1 did not take table %s over with both players back", id)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, p := range []*page{ann, bob} {
		p.waitFor("the board back after the takeover", `document.querySelector(".banner") === null && document.querySelectorAll(".ln.drawn").length === 4 && /turn|Waiting/.test(document.querySelector("#status").textContent)`)
	}
	ann.snap("after-takeover")
	playOutDots(t, ann, bob)
	oneWinner(t, ann, bob)
	bob.snap("result")
}

// backAt reports whether nd holds table id itself (other nodes describe it
// as "elsewhere") with both seats' players connected to it.
func backAt(nd *node, id string) bool {
	res, err := http.Get(nd.base + "/api/tables/" + id)
	if err != nil {
		return false
	}
	defer res.Body.Close()
	var tj struct {
		Elsewhere bool `json:"elsewhere"`
		Table     struct {
			Seats []struct {
				Connected bool `json:"connected"`
			} `json:"seats"`
		} `json:"table"`
	}
	if res.StatusCode != http.StatusOK || json.NewDecoder(res.Body).Decode(&tj) != nil || tj.Elsewhere || len(tj.Table.Seats) != 2 {
		return false
	}
	return tj.Table.Seats[0].Connected && tj.Table.Seats[1].Connected
}
