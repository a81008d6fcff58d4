package main

import (
	"fmt"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/parlor-games/parlor/store/storetest"
)

// TestNodesSIGTERMUnderLoad: `parlor bench server` plays over three
// nodes (six pairs, four games each, at a human pace, every move tagged
// with the last update its seat knew of) and node 0 is stopped with
// SIGTERM mid-play. A graceful stop hands its tables over refusing
// nothing: the moves it was handling are stored and answered before its
// connections close; moves that reach it later are either left unread
// (its players reconnect elsewhere and send them again, answered as the
// first time if they had been played) or, forwarded from another node,
// sent on to the table's next owner. So the bench reports no move
// refused, none answered "unavailable", none lost or stored twice, and
// every game verified against its stored replay; and node 0 logs that it
// stopped, not that it lost its lease.
func TestNodesSIGTERMUnderLoad(t *testing.T) {
	url := storetest.Postgres(t)
	_, bus := startNATS(t, 0)
	nodes := []*serveProc{startNode(t, url, bus, "n0"), startNode(t, url, bus, "n1"), startNode(t, url, bus, "n2")}
	bench := startBenchOver(t, nodes, "-matches", "6", "-games", "4", "-size", "5", "-think", "40ms", "-verify")
	// Stop node 0 once play is under way (the bench's set-up takes a
	// moment; its games take many seconds).
	time.Sleep(3 * time.Second)
	nodes[0].cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-nodes[0].done:
	case <-time.After(30 * time.Second):
		t.Fatal("node 0 did not stop within 30 s of SIGTERM")
	}
	log0 := nodes[0].log.String()
	if !strings.Contains(log0, `"msg":"stopped"`) || strings.Contains(log0, "lease was taken") {
		t.Errorf("node 0 did not stop cleanly:\n%s", log0)
	}
	bench.check(t, 6*4)
	out := bench.out.String()
	resumedAfterLoss(t, out)
	m := regexp.MustCompile(`(\d+) moves answered unavailable`).FindStringSubmatch(out)
	if m == nil || m[1] != "0" {
		t.Errorf("moves were answered unavailable during a graceful stop:\n%s", out)
	}
	// The live nodes' logs are read once they have stopped (the log is
	// written while a node runs).
	for _, n := range nodes[1:] {
		n.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-n.done:
		case <-time.After(30 * time.Second):
			t.Fatal("a live node did not stop within 30 s of SIGTERM")
		}
		if l := n.log.String(); strings.Contains(l, "lease was taken") {
			t.Errorf("a live node lost its lease:\n%s", l)
		}
	}
}

// TestNodesForwardedRateLimit: a player's messages are limited by the
// node that does the work, not only by the node they are connected to.
// Ben is on node b, which limits nothing (-ws-rate 0); the table is on
// node a, which allows one message a second after a burst of 40: a flood
// of moves through node b gets "rate-limited" refusals from node a.
func TestNodesForwardedRateLimit(t *testing.T) {
	url := storetest.Postgres(t)
	_, bus := startNATS(t, 0)
	a := startServe(t, t.TempDir(), "-db", url, "-nats", bus, "-node", "a", "-lease", nodeLease.String(), "-ws-rate", "1")
	b := startServe(t, t.TempDir(), "-db", url, "-nats", bus, "-node", "b", "-lease", nodeLease.String(), "-ws-rate", "0")
	ann, ben := a.dial(a.guest("Ann")), b.dial(b.guest("Ben"))
	rep := ann.ok(nil, "table.create", `"game":"dots","options":{"rows":3,"cols":3},"seats":[{"kind":"me"},{"kind":"open"}]`)
	id := rep["table"].(map[string]any)["id"].(string)
	ben.ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, id))
	ann.ok(nil, "table.start", fmt.Sprintf(`"table":%q`, id))
	limited := 0
	for range 60 {
		r := ben.call(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":1,"move":"a1-b1"`, id))
		if r["code"] == "rate-limited" {
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("60 messages in a moment through node b met no rate limit at node a")
	}
}
