package main

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/parlor-games/parlor/store/storetest"
)

// TestNodesRebalanceUnderLoad: a node that joins takes its share of the
// tables, and nobody at a table sees it move. Every node hands a table,
// every 250 ms (-rebalance), to the node holding fewest while it holds
// two more. `parlor bench server` plays over nodes 0 and 1 (six pairs,
// four games each, at a human pace, every move tagged), and node 2 joins
// while the matches go on. Tables being played move to it, one at a
// time: each table's owner stops handling its messages, stores what it
// acknowledged, hands it over and lets the held messages go to the new
// owner; the table's watchers stay on their sockets and follow it there.
// No node stops while the bench plays, so the bench reports no reconnect,
// no match resumed, no move refused, answered "unavailable", lost, sent
// again or stored twice, no set-up abandoned, and every game verified
// against its stored replay with no update missed. Then seven tables
// made on node 0 spread until the three nodes hold their tables within
// one of each other, and a player on node 0 sits at one node 2 holds.
func TestNodesRebalanceUnderLoad(t *testing.T) {
	url := storetest.Postgres(t)
	_, bus := startNATS(t, 0)
	const pace = "250ms"
	n0, n1 := startNode(t, url, bus, "n0", "-rebalance", pace), startNode(t, url, bus, "n1", "-rebalance", pace)
	nodes := []*serveProc{n0, n1}
	bench := startBenchOver(t, nodes, "-matches", "6", "-games", "4", "-size", "5", "-think", "40ms", "-verify")
	time.Sleep(3 * time.Second)
	n2 := startNode(t, url, bus, "n2", "-rebalance", pace)
	nodes = append(nodes, n2)
	t.Cleanup(func() {
		if t.Failed() {
			for i, n := range nodes {
				n.cmd.Process.Signal(syscall.SIGQUIT)
				select {
				case <-n.done:
				case <-time.After(5 * time.Second):
				}
				t.Logf("node %d's log:\n%s", i, n.log.String())
			}
		}
	})

	bench.check(t, 6*4)
	out := bench.out.String()
	// No node stopped while the bench played: only hand-overs could have
	// cost its players anything, and they must cost nothing.
	if l := nodeLossOf(t, out); l != (nodeLoss{}) {
		t.Errorf("hand-overs between live nodes were seen by the players: %+v\n%s", l, out)
	}
	handedWhilePlaying := handedOver(t, nodes)
	followed, unfollowed := metricSum(t, nodes, "parlor_watches_followed_total"), metricSum(t, nodes, "parlor_watches_unfollowed_total")
	t.Logf("while the bench played: %d tables handed over, %d watches followed their table, %d sockets closed", handedWhilePlaying, followed, unfollowed)
	if followed == 0 || unfollowed != 0 {
		t.Errorf("%d watches followed a table handed over while the bench played, %d sockets closed: want some and none", followed, unfollowed)
	}

	// Seven tables made on node 0 and left there, unwatched, spread
	// over the three nodes (with any the bench left when a hand-over
	// broke its set-up), until they hold them within one of each other.
	ann := n0.dial(n0.guest("Ann"))
	var idle []string
	for range 7 {
		rep := ann.ok(nil, "table.create", `"game":"dots","options":{"rows":3,"cols":3},"seats":[{"kind":"me"},{"kind":"open"}]`)
		idle = append(idle, rep["table"].(map[string]any)["id"].(string))
	}
	ann.conn.CloseNow()
	owned := func(n *serveProc) int {
		m := regexp.MustCompile(`(?m)^parlor_tables_owned (\d+)$`).FindStringSubmatch(n.text("/metrics"))
		if m == nil {
			t.Fatalf("no parlor_tables_owned in the metrics of %s", n.base)
		}
		k, _ := strconv.Atoi(m[1])
		return k
	}
	var counts []int
	deadline := time.Now().Add(30 * time.Second)
	for {
		counts = []int{owned(n0), owned(n1), owned(n2)}
		lo, hi := min(counts[0], counts[1], counts[2]), max(counts[0], counts[1], counts[2])
		if hi-lo <= 1 && counts[2] > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the nodes hold %v tables 30 s after the games ended: not even within one", counts)
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Logf("tables held by the three nodes: %v", counts)
	t.Logf("tables handed over: %d", handedOver(t, nodes))

	// A table that went to node 2 is played there, reached from node 0.
	var moved string
	for _, id := range idle {
		if n2.holds(id) {
			moved = id
			break
		}
	}
	if moved == "" {
		t.Fatalf("none of the idle tables %v went to node 2", idle)
	}
	bob := n0.dial(n0.guest("Bob"))
	bob.ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, moved))

	var took []time.Duration
	for i, n := range nodes {
		n.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-n.done:
		case <-time.After(30 * time.Second):
			t.Fatalf("node %d did not stop within 30 s of SIGTERM", i)
		}
		if l := n.log.String(); strings.Contains(l, "lease was taken") || strings.Contains(l, "handing a table over failed") ||
			strings.Contains(l, "could not follow its table") || strings.Contains(l, "DATA RACE") {
			t.Errorf("node %d:\n%s", i, l)
		}
		for _, m := range regexp.MustCompile(`"msg":"handed a table over".*"took":(\d+)`).FindAllStringSubmatch(n.log.String(), -1) {
			ns, _ := strconv.ParseInt(m[1], 10, 64)
			took = append(took, time.Duration(ns))
		}
	}
	// How long a table's messages wait while it moves, from its old
	// owner's stop to the new owner's loading.
	slices.Sort(took)
	if len(took) > 0 {
		t.Logf("%d hand-overs: median %v, slowest %v", len(took), took[len(took)/2].Round(100*time.Microsecond), took[len(took)-1].Round(100*time.Microsecond))
	}
}

// handedOver is how many tables the nodes have handed over.
func handedOver(t *testing.T, nodes []*serveProc) int {
	t.Helper()
	return metricSum(t, nodes, "parlor_tables_handed_over_total")
}

// metricSum adds up a counter over the nodes.
func metricSum(t *testing.T, nodes []*serveProc, name string) int {
	t.Helper()
	sum := 0
	for _, n := range nodes {
		m := regexp.MustCompile(`(?m)^` + name + ` (\d+)$`).FindStringSubmatch(n.text("/metrics"))
		if m != nil {
			k, _ := strconv.Atoi(m[1])
			sum += k
		}
	}
	return sum
}

// The pace of rebalancing is checked like every other flag: 0 turns it
// off, and a pace too quick to be gentle or too slow to matter is refused
// with a sentence naming the flag.
func TestServeRebalanceFlag(t *testing.T) {
	if f, err := parseServeFlags(nil, io.Discard); err != nil || f.rebalance != time.Second {
		t.Fatalf("default -rebalance %v (%v), want 1s", f.rebalance, err)
	}
	if f, err := parseServeFlags([]string{"-rebalance", "0"}, io.Discard); err != nil || f.rebalance != 0 {
		t.Fatalf("-rebalance 0: %v (%v)", f.rebalance, err)
	}
	for _, v := range []string{"1ms", "2h", "-1s"} {
		if _, err := parseServeFlags([]string{"-rebalance", v}, io.Discard); err == nil || !strings.Contains(err.Error(), "-rebalance must be") {
			t.Errorf("-rebalance %s: %v, want a refusal naming the flag", v, err)
		}
	}
}
