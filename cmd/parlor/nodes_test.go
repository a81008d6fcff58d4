package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store/storetest"
)

// nodeLease is the nodes' lease in these tests: short, so that a
// failover is quick to wait for, but long enough that a node starved of
// CPU by a loaded test machine (the race detector, other packages'
// tests) still renews its lease in time.
const nodeLease = 5 * time.Second

// startNode runs parlor serve as node name over the PostgreSQL database
// at url, forwarding over the NATS server at bus. It hands no table to
// another node to even their loads (-rebalance 0), so that a test knows
// which node holds a table; extra flags follow, and may say otherwise.
func startNode(t *testing.T, url, bus, name string, extra ...string) *serveProc {
	return startServe(t, t.TempDir(), append([]string{"-db", url, "-nats", bus, "-node", name, "-lease", nodeLease.String(), "-rebalance", "0"}, extra...)...)
}

// startNATS runs a NATS server in the test's process, on port (0 for
// any), and returns it with its URL.
func startNATS(t *testing.T, port int) (*natsserver.Server, string) {
	t.Helper()
	if port == 0 {
		port = -1 // the server's way of saying "any"
	}
	return startNATSWith(t, natsserver.Options{Port: port})
}

// startNATSWith runs a NATS server in the test's process with opts, on
// 127.0.0.1.
func startNATSWith(t *testing.T, opts natsserver.Options) (*natsserver.Server, string) {
	t.Helper()
	opts.Host, opts.NoLog, opts.NoSigs = "127.0.0.1", true, true
	ns, err := natsserver.NewServer(&opts)
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(serveWait) {
		t.Fatal("NATS did not start")
	}
	t.Cleanup(ns.Shutdown)
	return ns, ns.ClientURL()
}

// holds reports whether node p holds table id itself (other nodes
// describe it too, as "elsewhere").
func (p *serveProc) holds(id string) bool {
	var tj struct {
		Elsewhere bool `json:"elsewhere"`
	}
	return p.getJSON("/api/tables/"+id, &tj) == http.StatusOK && !tj.Elsewhere
}

// hosting waits until one of nodes holds table id (a node holds a table
// once it owns it and has loaded it), and returns that node.
func hosting(t *testing.T, id string, nodes ...*serveProc) *serveProc {
	t.Helper()
	deadline := time.Now().Add(serveWait)
	for time.Now().Before(deadline) {
		for _, n := range nodes {
			if n.holds(id) {
				return n
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no node of %d serves table %s", len(nodes), id)
	return nil
}

func (p *serveProc) text(path string) string {
	p.t.Helper()
	res, err := http.Get(p.base + path)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// TestNodesFailover: three nodes share one PostgreSQL database and a NATS
// server. At a table of node a, Ann (connected to node a) plays Ben
// (connected to node b, which forwards his messages); at another, Cal
// plays a bot. Node a is
// killed with SIGKILL: once its lease runs out another node takes both
// tables, rebuilds them from the log, and the people, reconnecting to
// that node, resume by sequence number; the player who does not come
// back is replaced by a bot (the table's policy), and the bots play on.
// Then that node is stopped with SIGTERM: it hands the tables over at
// once, and the last node finishes both matches. No acknowledged move is
// lost or applied twice (every push is the next sequence number and
// applies to the players' own copy of the game), and each result is
// counted once.
func TestNodesFailover(t *testing.T) {
	url := storetest.Postgres(t)
	_, bus := startNATS(t, 0)
	a, b, c := startNode(t, url, bus, "a"), startNode(t, url, bus, "b"), startNode(t, url, bus, "c")
	const options = `{"rows":4,"cols":4}`

	// Table 1: Ann, on node a, against Ben, whom the load balancer sent
	// to node b.
	hAnn, hBen := a.guest("Ann"), b.guest("Ben")
	ann, ben := a.dial(hAnn), b.dial(hBen)
	rep := ann.ok(nil, "table.create", `"game":"dots","options":`+options+`,"seats":[{"kind":"me"},{"kind":"open"}]`)
	t1 := rep["table"].(map[string]any)["id"].(string)
	ben.ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, t1))
	rep = ann.ok(nil, "table.start", fmt.Sprintf(`"table":%q`, t1))
	m1 := rep["table"].(map[string]any)["match"].(string)
	// Table 2: Cal against a bot; a seat whose holder is gone for a
	// second goes to a bot.
	hCal := a.guest("Cal")
	cal := a.dial(hCal)
	rep = cal.ok(nil, "table.create", `"game":"dots","options":`+options+`,"seats":[{"kind":"me"},{"kind":"bot","level":"easy"}],"policy":{"grace":1,"onGone":"bot"}`)
	t2 := rep["table"].(map[string]any)["id"].(string)
	cal.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, t2))
	f2 := newFollower(t, options)
	for _, f := range []*wsPeer{ann, ben} {
		f.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, t1))
	}
	if b.holds(t1) {
		t.Fatal("node b holds node a's live table")
	}

	f1 := newFollower(t, options)
	people := []*wsPeer{ann, ben}
	// play makes one move of table 1 by whoever owes it, checks its ack
	// is the next sequence number, and takes the push from the mover's
	// own connection (which may come before or after the ack).
	play := func() {
		t.Helper()
		seat := int(f1.local.Turn()[0])
		mv := game.Canonical(f1.local.Legal(game.Seat(seat))[0])
		var pushes []map[string]any
		ack := people[seat].ok(&pushes, "match.play", fmt.Sprintf(`"table":%q,"seat":%d,"move":%s`, t1, seat, mv))
		if ack["seq"] != float64(f1.seq+1) {
			t.Fatalf("ack %v after seq %d", ack, f1.seq)
		}
		f1.apply(nextSeq(people[seat], pushes, f1.seq+1))
	}
	for range 6 {
		play()
	}
	// Cal's table: Cal moves when owed, the bot answers.
	for f2.seq < 4 && f2.outcome == nil {
		if f2.owes(0) {
			var pushes []map[string]any
			cal.ok(&pushes, "match.play", fmt.Sprintf(`"table":%q,"seat":0,"move":%s`, t2, game.Canonical(f2.local.Legal(0)[0])))
			for _, m := range pushes {
				f2.apply(m)
			}
			continue
		}
		f2.apply(cal.next(isMatch))
	}

	a.cmd.Process.Kill() // SIGKILL: its lease is left to run out
	<-a.done
	killed := time.Now()
	// a's tables are shared between the live nodes by their ids' hashes
	// (store.Heartbeat): both may go to one node, or one to each.
	x, y := hosting(t, t1, b, c), hosting(t, t2, b, c)
	t.Logf("a's tables served again %v after its SIGKILL (lease %v)", time.Since(killed).Round(10*time.Millisecond), nodeLease)
	if h := x.text("/healthz"); !strings.HasPrefix(h, "ok\n") || !strings.Contains(h, "postgres: ok") || !strings.Contains(h, "lease: renewed") {
		t.Errorf("healthz of the node that took over: %q", h)
	}
	took := map[*serveProc]int{x: 0, y: 0}
	took[x]++
	took[y]++
	for n, k := range took {
		want := fmt.Sprintf("parlor_lease_takeovers_total %d", k)
		if m := n.text("/metrics"); !strings.Contains(m, want) || !strings.Contains(m, fmt.Sprintf("parlor_tables_owned %d", k)) {
			t.Errorf("metrics of a node that took %d tables lack the takeover:\n%s", k, grepLines(m, "parlor_"))
		}
	}

	// Ann reconnects to that node, Ben (whose connection node b closed
	// when node a's lease ended) to node b again, and they resume where
	// they were.
	ann, ben = x.dial(rehome(hAnn, a, x)), b.dial(hBen)
	var pushes []map[string]any
	ann.ok(&pushes, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, t1, f1.seq))
	ben.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, t1, f1.seq))
	if len(pushes) != 0 {
		t.Fatalf("resuming at the last acknowledged move replayed %v", pushes)
	}
	people = []*wsPeer{ann, ben}
	for range 4 {
		play()
	}
	// Cal did not come back: a bot took his seat and the bots play on; a
	// spectator on the new node follows from where Cal left.
	spec := y.dial(y.guest("Dee"))
	spec.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, t2, f2.seq))
	for f2.seq < 8 && f2.outcome == nil {
		f2.apply(spec.next(isMatch))
	}

	// SIGTERM: the node hands its tables to the last one at once.
	last := b
	if x == b {
		last = c
	}
	x.cmd.Process.Signal(syscall.SIGTERM)
	if err := <-x.done; err != nil {
		t.Fatalf("SIGTERM exit: %v", err)
	}
	stopped := time.Now()
	hosting(t, t1, last)
	hosting(t, t2, last)
	t.Logf("handed over %v after the SIGTERM exit", time.Since(stopped).Round(10*time.Millisecond))
	// Ben stays on node b while it runs; whichever node he is on, the
	// table is reached.
	benAt := b
	if x == b {
		benAt = last
	}
	ann, ben = last.dial(rehome(hAnn, x, last)), benAt.dial(rehome(hBen, b, benAt))
	ann.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, t1, f1.seq))
	ben.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, t1, f1.seq))
	people = []*wsPeer{ann, ben}
	for f1.outcome == nil {
		play()
	}
	spec = last.dial(last.guest("Eve"))
	spec.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, t2, f2.seq))
	for f2.outcome == nil {
		f2.apply(spec.next(isMatch))
	}
	if fmt.Sprint(f2.events) != "[takeover 0]" {
		t.Errorf("Cal's seat: events %v, want one takeover", f2.events)
	}

	// Every move is in the stored match once, in order, and each result
	// was counted once.
	if r := last.replay(m1); len(r.Steps)-1 != int(f1.seq) || r.Outcome == nil {
		t.Errorf("stored match of table 1: %d steps, outcome %v; pushed %d", len(r.Steps)-1, r.Outcome, f1.seq)
	}
	for _, name := range []string{"Ann", "Ben"} {
		if st := last.waitPlayed(name); st.Played != 1 {
			t.Errorf("%s played %d, want 1", name, st.Played)
		}
	}
}

// nextSeq returns the push of sequence number seq from those a request
// gathered or, failing them, from the connection; earlier ones (a
// connection sees every move, its own and the others') are passed over.
func nextSeq(p *wsPeer, gathered []map[string]any, seq int64) map[string]any {
	p.t.Helper()
	for _, m := range gathered {
		if m["seq"] == float64(seq) {
			return m
		}
	}
	return p.next(func(m map[string]any) bool { return isMatch(m) && m["seq"] == float64(seq) })
}

// grepLines keeps the lines of s that start with prefix.
func grepLines(s, prefix string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestNodesForwarding: Ann is connected to node a, Ben to node b, and
// they play each other at a table of node a: everything Ben sends that
// names the table goes to node a over NATS and everything node a sends
// him comes back the same way, so that neither can tell. Midway the NATS
// server stops: Ben's moves are refused with a sentence meanwhile, and
// the nodes' /healthz says why; it starts again, the nodes reconnect by
// themselves, and the match goes on to its end without a move lost.
func TestNodesForwarding(t *testing.T) {
	url := storetest.Postgres(t)
	ns, bus := startNATS(t, 0)
	a, b := startNode(t, url, bus, "a"), startNode(t, url, bus, "b")
	const options = `{"rows":3,"cols":3}`
	hAnn, hBen := a.guest("Ann"), b.guest("Ben")
	ann, ben := a.dial(hAnn), b.dial(hBen)
	rep := ann.ok(nil, "table.create", `"game":"dots","options":`+options+`,"seats":[{"kind":"me"},{"kind":"open"}]`)
	id := rep["table"].(map[string]any)["id"].(string)
	if b.holds(id) {
		t.Fatal("node b holds node a's table")
	}
	// Ben sits and watches through node b.
	sit := ben.ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, id))
	if seats := sit["table"].(map[string]any)["seats"].([]any); seats[1].(map[string]any)["name"] != "Ben" {
		t.Fatalf("after Ben sat through node b: %v", seats)
	}
	st := ann.ok(nil, "table.start", fmt.Sprintf(`"table":%q`, id))
	mid := st["table"].(map[string]any)["match"].(string)
	for _, p := range []*wsPeer{ann, ben} {
		p.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, id))
	}
	// A move out of turn is refused through the link as it would be at
	// node a: same code, same sentence.
	bad := ben.call(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":1,"move":"a1-b1"`, id))
	if bad["ok"] == true || bad["code"] == nil {
		t.Fatalf("Ben's move out of turn through node b: %v", bad)
	}

	f := newFollower(t, options)
	people := []*wsPeer{ann, ben}
	play := func() {
		t.Helper()
		seat := int(f.local.Turn()[0])
		mv := game.Canonical(f.local.Legal(game.Seat(seat))[0])
		var pushes []map[string]any
		ack := people[seat].ok(&pushes, "match.play", fmt.Sprintf(`"table":%q,"seat":%d,"move":%s`, id, seat, mv))
		if ack["seq"] != float64(f.seq+1) {
			t.Fatalf("ack %v after seq %d", ack, f.seq)
		}
		f.apply(nextSeq(people[seat], pushes, f.seq+1))
		// The other player sees the move too, whichever node they are on.
		other := people[1-seat]
		if other == nil {
			return
		}
		if m := other.next(func(m map[string]any) bool { return isMatch(m) && m["seq"] == float64(f.seq) }); m["text"] == nil {
			t.Fatalf("push without the move's text: %v", m)
		}
	}
	for range 4 {
		play()
	}
	if m := b.text("/metrics"); !strings.Contains(m, "parlor_forwarded_total") || strings.Contains(m, "parlor_forwarded_total 0\n") {
		t.Errorf("node b's metrics do not count the forwarded messages:\n%s", grepLines(m, "parlor_forward"))
	}

	// NATS stops. Node b closes Ben's connection, whose pushes can no
	// longer reach him, as a restarting server would; reconnected, his
	// moves are refused with a reason until NATS is back. Ann, on the
	// table's own node, plays on meanwhile.
	port := ns.Addr().(*net.TCPAddr).Port
	ns.Shutdown()
	ns.WaitForShutdown()
	waitHealth(t, b, "nats: down")
	people[1] = nil
	for f.local.Turn()[0] != 1 {
		play()
	}
	ben = b.dial(hBen)
	refused := ben.call(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":1,"move":%s`, id, game.Canonical(f.local.Legal(1)[0])))
	if refused["ok"] == true || refused["code"] != "unavailable" {
		t.Fatalf("Ben's move with NATS down: %v", refused)
	}
	// NATS comes back on its address; the nodes reconnect by themselves
	// and Ben resumes from the last move he saw.
	startNATS(t, port)
	waitHealth(t, a, "nats: ok")
	waitHealth(t, b, "nats: ok")
	ben.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, id, f.seq))
	people[1] = ben
	for f.outcome == nil {
		play()
	}
	r := a.replay(mid)
	if len(r.Steps)-1 != int(f.seq) || r.Outcome == nil {
		t.Errorf("stored match: %d steps, outcome %v; pushed %d", len(r.Steps)-1, r.Outcome, f.seq)
	}
}

// waitHealth waits until the node's /healthz says what.
func waitHealth(t *testing.T, p *serveProc, what string) {
	t.Helper()
	deadline := time.Now().Add(serveWait)
	for {
		h := p.text("/healthz")
		if strings.Contains(h, what) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("healthz never said %q; it says %q", what, h)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestNodesOneLobby: Ann is connected to node a and Ben to node b, and
// both see one lobby: each is listed online at the other's node, a table
// made at node a is listed at node b (and described by its invite link
// there), a line of lobby chat sent at one node reaches the other, and
// so does a line of the table's chat sent by Ben through node b.
func TestNodesOneLobby(t *testing.T) {
	url := storetest.Postgres(t)
	_, bus := startNATS(t, 0)
	a, b := startNode(t, url, bus, "a"), startNode(t, url, bus, "b")
	ann, ben := a.dial(a.guest("Ann")), b.dial(b.guest("Ben"))
	ann.ok(nil, "lobby.join", "")
	ben.ok(nil, "lobby.join", "")
	online := func(p *wsPeer, name string) {
		t.Helper()
		p.next(func(m map[string]any) bool {
			if m["t"] != "lobby.online" {
				return false
			}
			for _, u := range m["users"].([]any) {
				if u.(map[string]any)["name"] == name {
					return true
				}
			}
			return false
		})
	}
	online(ann, "Ben")
	online(ben, "Ann")

	// What the nodes tell each other of the lobby, read off the bus: a
	// node's part goes as changes, and a heartbeat with nothing new is a
	// beat naming the last change, never the whole part again.
	nc, err := nats.Connect(bus)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	states := make(chan []byte, 256)
	sub, err := nc.Subscribe("parlor.lobby.state", func(m *nats.Msg) {
		select {
		case states <- m.Data:
		default:
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	type lobbyMsg struct {
		Whole  bool              `json:"whole"`
		Beat   bool              `json:"beat"`
		Users  []json.RawMessage `json:"users"`
		Tables []json.RawMessage `json:"tables"`
	}
	// next reads the bus until a message for which ok holds.
	next := func(what string, ok func(lobbyMsg, []byte) bool) {
		t.Helper()
		deadline := time.After(serveWait)
		for {
			select {
			case data := <-states:
				var st lobbyMsg
				if err := json.Unmarshal(data, &st); err != nil {
					t.Fatalf("a lobby message on the bus does not read: %v: %s", err, data)
				}
				if st.Whole {
					t.Fatalf("a node sent its whole part to every node: %s", data)
				}
				if ok(st, data) {
					return
				}
			case <-deadline:
				t.Fatalf("no %s on the bus", what)
			}
		}
	}
	rep := ann.ok(nil, "table.create", `"game":"dots","options":{"rows":3,"cols":3},"seats":[{"kind":"me"},{"kind":"open"}]`)
	id := rep["table"].(map[string]any)["id"].(string)
	next("change for the new table", func(st lobbyMsg, data []byte) bool {
		if !strings.Contains(string(data), id) {
			return false
		}
		if len(st.Tables) != 1 || len(st.Users) != 0 {
			t.Fatalf("node a's change for the new table names %d tables and %d players: %s", len(st.Tables), len(st.Users), data)
		}
		return true
	})
	next("beat", func(st lobbyMsg, data []byte) bool {
		if st.Beat && (len(st.Tables) != 0 || len(st.Users) != 0) {
			t.Fatalf("a beat with a part of the lobby: %s", data)
		}
		return st.Beat
	})
	ben.next(func(m map[string]any) bool {
		if m["t"] != "lobby.tables" {
			return false
		}
		for _, tb := range m["tables"].([]any) {
			if tb.(map[string]any)["id"] == id {
				return true
			}
		}
		return false
	})
	var tj struct {
		Table     map[string]any `json:"table"`
		Elsewhere bool           `json:"elsewhere"`
	}
	if code := b.getJSON("/api/tables/"+id, &tj); code != http.StatusOK || !tj.Elsewhere || tj.Table["creator"] != "Ann" {
		t.Fatalf("node b's invite link to node a's table: %d %+v", code, tj)
	}

	ben.ok(nil, "chat.send", `"channel":"lobby","text":"hello from b"`)
	ann.next(func(m map[string]any) bool {
		return m["t"] == "chat" && m["text"] == "hello from b" && m["from"] == "Ben"
	})
	ann.ok(nil, "chat.send", `"channel":"lobby","text":"hello from a"`)
	ben.next(func(m map[string]any) bool {
		return m["t"] == "chat" && m["text"] == "hello from a" && m["from"] == "Ann"
	})

	ben.ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, id))
	ann.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, id))
	ben.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, id))
	ben.ok(nil, "chat.send", fmt.Sprintf(`"channel":"table:%s","text":"good luck"`, id))
	ann.next(func(m map[string]any) bool {
		return m["t"] == "chat" && m["text"] == "good luck" && m["channel"] == "table:"+id
	})
	hist := ann.ok(nil, "chat.history", fmt.Sprintf(`"channel":"table:%s"`, id))
	if !strings.Contains(fmt.Sprint(hist), "good luck") {
		t.Fatalf("the table's history at node a lacks Ben's line: %v", hist)
	}
}

// TestNodesLobbyLateNodeInParts: node a's part of the lobby outgrows one
// message of the bus (a NATS server taking 4 KiB at most): its changes go
// as several, and node b, started after them, asks node a for its whole
// part and gets it in parts, so Ben at node b sees every one of Ann's
// tables, and then a table made later as a change.
func TestNodesLobbyLateNodeInParts(t *testing.T) {
	url := storetest.Postgres(t)
	_, bus := startNATSWith(t, natsserver.Options{Port: -1, MaxPayload: 4096})
	a := startNode(t, url, bus, "a")
	ann := a.dial(a.guest("Ann"))
	const made = 30
	ids := map[string]bool{}
	for range made {
		rep := ann.ok(nil, "table.create", `"game":"dots","options":{"rows":3,"cols":3},"seats":[{"kind":"me"},{"kind":"open"}]`)
		ids[rep["table"].(map[string]any)["id"].(string)] = true
	}
	b := startNode(t, url, bus, "b")
	ben := b.dial(b.guest("Ben"))
	// Sent by hand, not through call, which keeps only match pushes: the
	// lobby's first lists come before the reply, and next reads them.
	ctx, cancel := context.WithTimeout(context.Background(), serveWait)
	defer cancel()
	if err := ben.conn.Send(ctx, []byte(`{"t":"lobby.join","id":1000,"changes":true}`)); err != nil {
		t.Fatal(err)
	}
	held := map[string]bool{}
	// seen reports whether Ben holds every table of ids, taking in his
	// lobby's table pushes as they come.
	seen := func(m map[string]any) bool {
		switch m["t"] {
		case "lobby.tables":
			held = map[string]bool{}
			fallthrough
		case "lobby.tables.diff":
			for _, tb := range m["tables"].([]any) {
				held[tb.(map[string]any)["id"].(string)] = true
			}
		}
		for id := range ids {
			if !held[id] {
				return false
			}
		}
		return true
	}
	t.Cleanup(func() {
		if t.Failed() {
			known := 0
			for id := range ids {
				var tj struct {
					Elsewhere bool `json:"elsewhere"`
				}
				if b.getJSON("/api/tables/"+id, &tj) == http.StatusOK && tj.Elsewhere {
					known++
				}
			}
			t.Logf("Ben held %d tables; node b knew %d of node a's %d", len(held), known, len(ids))
		}
	})
	ben.next(seen)
	rep := ann.ok(nil, "table.create", `"game":"dots","options":{"rows":3,"cols":3},"seats":[{"kind":"me"},{"kind":"open"}]`)
	ids[rep["table"].(map[string]any)["id"].(string)] = true
	ben.next(seen)
	if len(held) < made+1 {
		t.Fatalf("Ben holds %d tables, want the %d Ann made", len(held), made+1)
	}
}
