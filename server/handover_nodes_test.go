package server_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/server/servertest"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

// startNodes starts n nodes over one PostgreSQL database and one NATS
// server, each an env of its own; tweak, if not nil, may change node i's
// configuration.
func startNodes(t *testing.T, n int, tweak func(i int, c *server.Config)) []*env {
	t.Helper()
	db, bus := storetest.Postgres(t), servertest.NATS(t)
	var out []*env
	for i := range n {
		ts := servertest.StartWith(t, servertest.Options{Store: db,
			Node: &servertest.Node{Name: fmt.Sprintf("n%d", i), Bus: bus},
			Config: func(c *server.Config) {
				c.MessageRate = -1
				if tweak != nil {
					tweak(i, c)
				}
			}})
		out = append(out, &env{t: t, dir: ts.Dir, url: ts.URL, st: ts.Store, mgr: ts.Matches, srv: ts.API, ts: ts})
	}
	return out
}

// at is u, browsing node e instead: the same session (the nodes share
// their accounts, and the browser's cookie is for the host).
func (u *user) at(e *env) *user {
	v := *u
	v.e = e
	return &v
}

// still fails the test if c's connection has closed.
func (c *client) still(when string) {
	c.t.Helper()
	select {
	case <-c.done:
		c.t.Fatalf("%s's connection closed %s: %v", c.u.name, when, c.err)
	default:
	}
}

// seqsOf lists the seqs of the match pushes of table that c received, in
// the order they came.
func seqsOf(c *client, table string) []int {
	var out []int
	for _, m := range c.all() {
		if m.t() == "match" && m.m["table"] == table {
			out = append(out, int(m.m["seq"].(float64)))
		}
	}
	return out
}

// TestHandOverKeepsWatchersOnTheirSockets: a table moved
// to another node (rebalancing) is invisible to the people at it. Ann
// (on node 0, which holds the table), Bob (on node 1, watching through a
// link) and Cid (a spectator on node 0) watch a Dots and Boxes match.
// The table goes to node 2, then to node 1, Bob's own node, while Bob's
// move is on its way. Nobody's connection closes; each gets every update,
// once, in order; every move is answered on the socket that sent it.
func TestHandOverKeepsWatchersOnTheirSockets(t *testing.T) {
	nodes := startNodes(t, 3, nil)
	ann := nodes[0].guest("Ann")
	bob := nodes[0].guest("Bob").at(nodes[1])
	cid := nodes[0].guest("Cid")
	ca, cb, cc := ann.dial(), bob.dial(), cid.dial()
	all := []*client{ca, cb, cc}
	id := dotsBetween(ca, cb, all)
	// Lines that close no box: the turn passes at every move.
	play := func(c *client, seat, seq int, move string) {
		t.Helper()
		if r := c.ok("match.play", map[string]any{"table": id, "seat": seat, "move": move}); r["seq"] != float64(seq) {
			t.Fatalf("%s's move answered %v, want seq %d", c.u.name, r, seq)
		}
		for _, w := range all {
			waitSeq(w, id, seq)
		}
	}
	play(ca, 0, 1, "a1-b1")

	// To node 2: Ann's and Cid's watches were local, Bob's a link.
	if err := nodes[0].srv.HandOver(id, nodes[2].st.Fence()); err != nil {
		t.Fatalf("handing the table to node 2: %v", err)
	}
	play(cb, 1, 2, "a3-b3")
	play(ca, 0, 3, "b1-c1")

	// To node 1, while Bob's move is sent: it is answered once, on his
	// socket, whether it was played before the hand-over or held by it.
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := nodes[2].srv.HandOver(id, nodes[1].st.Fence()); err != nil {
			t.Errorf("handing the table to node 1: %v", err)
		}
	})
	cb.send(map[string]any{"t": "match.play", "id": 900, "table": id, "seat": 1, "move": "b3-c3"})
	wg.Wait()
	r := cb.waitFor("the answer to the move sent during the hand-over", func(m msg) bool { return m.t() == "reply" && m.m["id"] == float64(900) })
	if r.m["ok"] != true || r.m["seq"] != float64(4) {
		t.Fatalf("the move sent during the hand-over was answered %s, want ok at seq 4", r.raw)
	}
	for _, w := range all {
		waitSeq(w, id, 4)
	}
	play(ca, 0, 5, "a2-b2")

	for _, c := range all {
		c.still("after two hand-overs of the table it watches")
		seqs := seqsOf(c, id)
		if fmt.Sprint(seqs) != "[1 2 3 4 5]" {
			t.Errorf("%s got the updates %v, want [1 2 3 4 5]", c.u.name, seqs)
		}
		replies := 0
		for _, m := range c.all() {
			if m.t() == "reply" && m.m["id"] == float64(900) {
				replies++
			}
		}
		if c == cb && replies != 1 {
			t.Errorf("Bob got %d answers to his move, want 1", replies)
		}
	}
	if !nodes[1].srv.Holds(id) {
		t.Errorf("node 1 does not hold the table after it was handed to it")
	}
}

// unloadable is a node's view of the store in which no table handed to
// it can be read, so that it cannot load one.
type unloadable struct{ server.TableOwners }

func (unloadable) Table(context.Context, string) (store.TableRow, error) {
	return store.TableRow{}, errors.New("the database is away")
}

// TestHandOverRefusedTakesTheTableBack: a node that answers that it
// could not load a table handed to it holds nothing of it, and the table
// comes back to the node that handed it over, as it was. Its watchers,
// Ann on that node and Bob on the other through a link, keep their
// sockets and are served there: the next moves reach everyone, once and
// in order.
func TestHandOverRefusedTakesTheTableBack(t *testing.T) {
	nodes := startNodes(t, 2, func(i int, c *server.Config) {
		if i == 1 {
			c.Cluster.Owners = unloadable{c.Cluster.Owners}
		}
	})
	ca, cb, id := annAndBobOneMoveIn(nodes)
	all := []*client{ca, cb}

	if err := nodes[0].srv.HandOver(id, nodes[1].st.Fence()); err == nil {
		t.Fatal("a hand-over to a node that could not load the table reported success")
	}
	if !nodes[0].srv.Holds(id) || nodes[1].srv.Holds(id) {
		t.Fatalf("after the refused hand-over node 0 holds the table: %v, node 1: %v; want node 0 only",
			nodes[0].srv.Holds(id), nodes[1].srv.Holds(id))
	}
	if o, err := nodes[0].st.TableOwner(context.Background(), id); err != nil || o.Fence != nodes[0].st.Fence() {
		t.Fatalf("the store gives the table to node %d (%v), want node 0 (%d)", o.Fence, err, nodes[0].st.Fence())
	}
	if r := cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": "a3-b3"}); r["seq"] != float64(2) {
		t.Fatalf("Bob's move after the refused hand-over answered %v, want seq 2", r)
	}
	if r := ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "b1-c1"}); r["seq"] != float64(3) {
		t.Fatalf("Ann's move after the refused hand-over answered %v, want seq 3", r)
	}
	for _, c := range all {
		waitSeq(c, id, 3)
		c.still("after a refused hand-over of the table it watches")
		if seqs := seqsOf(c, id); fmt.Sprint(seqs) != "[1 2 3]" {
			t.Errorf("%s got the updates %v, want [1 2 3]", c.u.name, seqs)
		}
	}
}

// TestHandOverAnswersHeldMessagesOnTheirSockets: messages that name a
// table while it is being handed over wait, and are answered at its new
// node on the sockets that sent them, after what they caused. Bob's move
// (on node 1, forwarded to node 0, which holds the table) and Ann's line
// in the table's chat (on node 0) are held; the table goes to node 2.
// Bob gets his move's update, then its answer; Ann, whose watch followed
// the table, gets her line as a reader of the table's chat, then its
// answer. Nobody's socket closes.
func TestHandOverAnswersHeldMessagesOnTheirSockets(t *testing.T) {
	nodes := startNodes(t, 3, nil)
	ca, cb, id := annAndBobOneMoveIn(nodes)
	all := []*client{ca, cb}

	handOver := nodes[0].srv.HoldForHandOver(id)
	cb.send(map[string]any{"t": "match.play", "id": 900, "table": id, "seat": 1, "move": "a3-b3"})
	ca.send(map[string]any{"t": "chat.send", "id": 901, "channel": "table:" + id, "text": "held"})
	answered := func(c *client, id int) int {
		for i, m := range c.all() {
			if m.t() == "reply" && m.m["id"] == float64(id) {
				return i
			}
		}
		return -1
	}
	if answered(cb, 900) >= 0 || answered(ca, 901) >= 0 {
		t.Fatal("a message was answered while its table was held for a hand-over")
	}
	if err := handOver(nodes[2].st.Fence()); err != nil {
		t.Fatalf("handing the table to node 2: %v", err)
	}

	r := cb.waitFor("the answer to the held move", func(m msg) bool { return m.t() == "reply" && m.m["id"] == float64(900) })
	if r.m["ok"] != true || r.m["seq"] != float64(2) {
		t.Fatalf("Bob's held move was answered %s, want ok at seq 2", r.raw)
	}
	update := waitSeq(cb, id, 2)
	if i, j := slicesIndex(cb.all(), update), answered(cb, 900); i > j {
		t.Errorf("Bob got his move's answer (message %d) before its update (message %d)", j, i)
	}
	r = ca.waitFor("the answer to the held chat line", func(m msg) bool { return m.t() == "reply" && m.m["id"] == float64(901) })
	if r.m["ok"] != true {
		t.Fatalf("Ann's held chat line was answered %s", r.raw)
	}
	line := ca.waitFor("her line in the table's chat", func(m msg) bool { return m.t() == "chat" && m.m["text"] == "held" })
	if i, j := slicesIndex(ca.all(), line), answered(ca, 901); i > j {
		t.Errorf("Ann got her line's answer (message %d) before the line (message %d)", j, i)
	}
	waitSeq(ca, id, 2)
	for _, c := range all {
		c.still("after the hand-over of the table it watches")
		if seqs := seqsOf(c, id); fmt.Sprint(seqs) != "[1 2]" {
			t.Errorf("%s got the updates %v, want [1 2]", c.u.name, seqs)
		}
	}
	if !nodes[2].srv.Holds(id) || nodes[0].srv.Holds(id) {
		t.Errorf("after the hand-over node 2 holds the table: %v, node 0: %v", nodes[2].srv.Holds(id), nodes[0].srv.Holds(id))
	}
}

// slicesIndex is where m is among ms (by its bytes), -1 if nowhere.
func slicesIndex(ms []msg, m msg) int {
	return slices.IndexFunc(ms, func(x msg) bool { return string(x.raw) == string(m.raw) })
}

// annAndBobOneMoveIn starts a Dots table between Ann, connected to node
// 0, and Bob, connected to node 1, both watching it, and plays Ann's
// first line; it returns their clients and the table once both have
// seen it.
func annAndBobOneMoveIn(nodes []*env) (ca, cb *client, id string) {
	ca, cb = nodes[0].guest("Ann").dial(), nodes[0].guest("Bob").at(nodes[1]).dial()
	id = dotsBetween(ca, cb, []*client{ca, cb})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "a1-b1"})
	for _, c := range []*client{ca, cb} {
		waitSeq(c, id, 1)
	}
	return ca, cb, id
}

// dotsBetween starts a 3x3 Dots and Boxes table with ca's player in
// seat 0 and cb's in seat 1, watched by every client of watchers, and
// returns its id.
func dotsBetween(ca, cb *client, watchers []*client) string {
	id := tableID(ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
	cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ca.ok("table.start", map[string]any{"table": id})
	for _, c := range watchers {
		c.ok("table.watch", map[string]any{"table": id})
	}
	return id
}
