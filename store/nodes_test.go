package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// The tests of leases and fencing (nodes.go): several nodes over one
// PostgreSQL database.

func tableRow(id, matchID string, status TableStatus) TableRow {
	return TableRow{ID: id, Game: "dots", Options: json.RawMessage(`{}`), Seats: json.RawMessage(`[]`),
		Policy: json.RawMessage(`{}`), MatchID: matchID, Status: status, Created: time.UnixMilli(1700000000000)}
}

// joinNode opens another store on url and joins it as node.
func joinNode(t *testing.T, url, node string, ttl time.Duration) *Store {
	t.Helper()
	s, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.JoinNodes(context.Background(), node, "127.0.0.1:0", ttl); err != nil {
		t.Fatal(err)
	}
	return s
}

func tableIDs(rows []TableRow) []string {
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	return ids
}

// expire makes node's lease run out now, as if the node had stopped
// beating: the tests wait for no clock.
func expire(t *testing.T, s *Store, node string) {
	t.Helper()
	if _, err := s.db.Exec(`UPDATE node_leases SET expires = 0 WHERE node = $1`, node); err != nil {
		t.Fatal(err)
	}
}

// A node lists only its own tables; when its lease runs out another node
// takes them with its next heartbeat, and from then on the old node can
// write nothing: no move, no table, no heartbeat.
func TestNodeLeaseTakenFencesTheOldNode(t *testing.T) {
	ctx := context.Background()
	_, url := postgresBackend.openTemp(t)
	a := joinNode(t, url, "a", time.Minute)
	b := joinNode(t, url, "b", time.Minute)
	if err := a.CreateMatch(ctx, header("m")); err != nil {
		t.Fatal(err)
	}
	if err := a.SaveTable(ctx, tableRow("ta", "m", TablePlaying)); err != nil {
		t.Fatal(err)
	}
	if err := b.SaveTable(ctx, tableRow("tb", "", TableOpen)); err != nil {
		t.Fatal(err)
	}
	appendAll(t, a, "m", 1, 2)
	for s, want := range map[*Store][]string{a: {"ta"}, b: {"tb"}} {
		rows, err := s.ListOpenTables(ctx)
		if err != nil || !slices.Equal(tableIDs(rows), want) {
			t.Fatalf("node lists %v (%v), want %v", tableIDs(rows), err, want)
		}
	}
	if got, err := a.UnfinishedMatches(ctx); err != nil || !slices.Equal(got, []string{"m"}) {
		t.Fatalf("a's unfinished matches %v %v", got, err)
	}
	if got, _ := b.UnfinishedMatches(ctx); len(got) != 0 {
		t.Fatalf("b rebuilds a's match: %v", got)
	}

	owner := func(id string) TableOwnership {
		t.Helper()
		o, err := b.TableOwner(ctx, id)
		if err != nil {
			t.Fatalf("owner of %s: %v", id, err)
		}
		return o
	}
	if o := owner("ta"); o != (TableOwnership{Fence: a.Fence(), Live: true}) {
		t.Fatalf("ta's owner %+v, want a's live fence %d", o, a.Fence())
	}
	if _, err := b.TableOwner(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("owner of no table: %v, want ErrNotFound", err)
	}

	// Within its time the lease holds: b takes nothing.
	if taken, err := b.Heartbeat(ctx); err != nil || len(taken) != 0 {
		t.Fatalf("b took %v (%v) from a live node", tableIDs(taken), err)
	}
	expire(t, b, "a")
	if o := owner("ta"); o.Live {
		t.Fatalf("ta's owner %+v still live after a's lease ran out", o)
	}
	taken, err := b.Heartbeat(ctx)
	if err != nil || !slices.Equal(tableIDs(taken), []string{"ta"}) {
		t.Fatalf("after a's lease ran out b took %v (%v), want [ta]", tableIDs(taken), err)
	}
	if got, _ := b.UnfinishedMatches(ctx); !slices.Equal(got, []string{"m"}) {
		t.Fatalf("b does not rebuild the match it took: %v", got)
	}
	if err := a.Append(ctx, move("m", 3)); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("a fenced node's append: %v, want ErrLeaseLost", err)
	}
	if err := a.SaveTable(ctx, tableRow("ta", "m", TableOver)); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("a fenced node's table write: %v, want ErrLeaseLost", err)
	}
	if err := a.FinishMatch(ctx, "m", json.RawMessage(`{}`), "done"); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("a fenced node's finish: %v, want ErrLeaseLost", err)
	}
	if _, err := a.Heartbeat(ctx); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("a fenced node's heartbeat: %v, want ErrLeaseLost", err)
	}
	if o := owner("ta"); o != (TableOwnership{Fence: b.Fence(), Live: true}) {
		t.Fatalf("ta's owner after the takeover %+v, want b's fence %d", o, b.Fence())
	}
	wantLog(t, b, "m", 1, 2)
	appendAll(t, b, "m", 3)
	wantLog(t, b, "m", 1, 2, 3)
	if rows, _ := b.ListOpenTables(ctx); !slices.Equal(tableIDs(rows), []string{"ta", "tb"}) {
		t.Fatalf("b lists %v after the takeover", tableIDs(rows))
	}
	if err := b.SaveTable(ctx, tableRow("ta", "m", TableOver)); err != nil {
		t.Fatal(err)
	}
	if o := owner("ta"); !o.Over || o.Fence != b.Fence() {
		t.Fatalf("ta's owner once over %+v: the table stays with b, over", o)
	}
}

// A node that takes longer to start than its lease (many matches to
// recover) keeps its lease and its tables while it holds it (HoldLease):
// another node's heartbeat takes nothing from it, however long the
// start-up. Once it stops holding and beats no more, its tables go.
func TestNodeStartUpHoldsTheLease(t *testing.T) {
	ctx := context.Background()
	_, url := postgresBackend.openTemp(t)
	const ttl = 2 * time.Second
	a := joinNode(t, url, "a", ttl)
	stop := a.HoldLease(ctx, ttl/20)
	b := joinNode(t, url, "b", time.Minute)
	if err := a.SaveTable(ctx, tableRow("ta", "", TableOpen)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(ttl + ttl/2) // a start-up longer than the lease
	if taken, err := b.Heartbeat(ctx); err != nil || len(taken) != 0 {
		t.Fatalf("b took %v (%v) from a node still starting", tableIDs(taken), err)
	}
	if _, err := a.Heartbeat(ctx); err != nil {
		t.Fatalf("the starting node's first heartbeat: %v", err)
	}
	stop()
	stop() // a second stop is harmless (the server stops it on every exit)
	expire(t, b, "a")
	if taken, err := b.Heartbeat(ctx); err != nil || !slices.Equal(tableIDs(taken), []string{"ta"}) {
		t.Fatalf("after a stopped, b took %v (%v), want [ta]", tableIDs(taken), err)
	}
	if err := a.RenewLease(ctx); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("renewing a lease another node took: %v, want ErrLeaseLost", err)
	}
}

// A dead node's tables are shared among the live nodes, each taken by
// exactly one, rather than all landing on whichever beats first.
func TestNodeTakeoverIsShared(t *testing.T) {
	ctx := context.Background()
	_, url := postgresBackend.openTemp(t)
	a := joinNode(t, url, "a", time.Minute)
	b := joinNode(t, url, "b", time.Minute)
	c := joinNode(t, url, "c", time.Minute)
	var all []string
	for i := range 24 {
		id := fmt.Sprintf("t%02d", i)
		if err := a.SaveTable(ctx, tableRow(id, "", TableOpen)); err != nil {
			t.Fatal(err)
		}
		all = append(all, id)
	}
	expire(t, b, "a")
	takenB, err := b.Heartbeat(ctx)
	if err != nil {
		t.Fatal(err)
	}
	takenC, err := c.Heartbeat(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Each beats again: nothing is left, nothing changes hands twice.
	againB, _ := b.Heartbeat(ctx)
	againC, _ := c.Heartbeat(ctx)
	gotB, gotC := tableIDs(takenB), tableIDs(takenC)
	if len(gotB) == 0 || len(gotC) == 0 || len(againB)+len(againC) != 0 {
		t.Fatalf("b took %v, c took %v, then %v and %v: want both a share, all at the first beat", gotB, gotC, tableIDs(againB), tableIDs(againC))
	}
	both := append(slices.Clone(gotB), gotC...)
	slices.Sort(both)
	if !slices.Equal(both, all) {
		t.Fatalf("b and c took %v together, want each of a's tables once: %v", both, all)
	}
	t.Logf("of %d tables b took %d, c %d", len(all), len(gotB), len(gotC))
}

// Every append a node had acknowledged before another took its tables is
// in the log the taker reads, and none it had not: appends race the
// takeover, and the log is exactly the acknowledged ones.
func TestNodeTakeoverKeepsEveryAcknowledgedMove(t *testing.T) {
	ctx := context.Background()
	_, url := postgresBackend.openTemp(t)
	a := joinNode(t, url, "a", time.Minute)
	b := joinNode(t, url, "b", time.Minute)
	var ids []string
	for _, id := range []string{"m1", "m2", "m3"} {
		if err := a.CreateMatch(ctx, header(id)); err != nil {
			t.Fatal(err)
		}
		if err := a.SaveTable(ctx, tableRow("t"+id, id, TablePlaying)); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	acked := make(map[string][]int64)
	var mu sync.Mutex
	var wg sync.WaitGroup
	stop := time.Now().Add(30 * time.Second)
	for _, id := range ids {
		wg.Go(func() {
			for i := int64(1); ; i++ {
				if time.Now().After(stop) {
					t.Errorf("%s: appends still succeed long after the takeover", id)
					return
				}
				if err := a.Append(ctx, move(id, i)); err != nil {
					if !errors.Is(err, ErrLeaseLost) {
						t.Errorf("append %s/%d: %v", id, i, err)
					}
					return
				}
				mu.Lock()
				acked[id] = append(acked[id], i)
				mu.Unlock()
			}
		})
	}
	// Once every match has some acknowledged moves, a's lease runs out
	// and b takes over while the appends go on.
	for {
		mu.Lock()
		n := min(len(acked["m1"]), len(acked["m2"]), len(acked["m3"]))
		mu.Unlock()
		if n >= 5 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	expire(t, b, "a")
	if taken, err := b.Heartbeat(ctx); err != nil || len(taken) != 3 {
		t.Fatalf("b took %v (%v), want a's three tables", tableIDs(taken), err)
	}
	wg.Wait()
	for _, id := range ids {
		if len(acked[id]) == 0 {
			t.Fatalf("no append of %s was acknowledged before the takeover; the test proves nothing", id)
		}
		wantLog(t, b, id, acked[id]...)
	}
}

// A node killed and started again under the same name gets its tables
// back at once, without waiting for its old lease to run out; a node that
// leaves hands its tables over at the others' next heartbeat.
func TestNodeRestartAndLeave(t *testing.T) {
	ctx := context.Background()
	_, url := postgresBackend.openTemp(t)
	a := joinNode(t, url, "a", time.Minute)
	if err := a.SaveTable(ctx, tableRow("t1", "", TableOpen)); err != nil {
		t.Fatal(err)
	}
	// "Killed": the store is dropped without leaving.
	a.Close()
	a2 := joinNode(t, url, "a", time.Minute)
	if rows, err := a2.ListOpenTables(ctx); err != nil || !slices.Equal(tableIDs(rows), []string{"t1"}) {
		t.Fatalf("the restarted node lists %v (%v), want [t1]", tableIDs(rows), err)
	}
	b := joinNode(t, url, "b", time.Minute)
	if taken, _ := b.Heartbeat(ctx); len(taken) != 0 {
		t.Fatalf("b took %v from a live node", tableIDs(taken))
	}
	if nodes, err := b.Nodes(ctx); err != nil || len(nodes) != 2 || nodes[0].Node != "a" || nodes[0].Tables != 1 {
		t.Fatalf("nodes %+v %v", nodes, err)
	}
	if err := a2.LeaveNodes(ctx); err != nil {
		t.Fatal(err)
	}
	if taken, err := b.Heartbeat(ctx); err != nil || !slices.Equal(tableIDs(taken), []string{"t1"}) {
		t.Fatalf("after a left, b took %v (%v)", tableIDs(taken), err)
	}
	if err := a2.SaveTable(ctx, tableRow("t2", "", TableOpen)); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("a node that left still writes: %v", err)
	}
}

// SQLite serves one node: it refuses to join.
func TestNodeSQLiteRefusesToJoin(t *testing.T) {
	s, _ := openTemp(t)
	if _, err := s.JoinNodes(context.Background(), "a", "", time.Second); err == nil {
		t.Fatal("an SQLite store joined the nodes")
	}
}

// A node hands a table it owns to a live node: the table is the other's
// from then on, in its list and its owner, and a late write of the row
// from the first node changes nothing. A table over, a table of another
// node, or a node whose lease ran out: nothing is handed over.
func TestNodeHandOverTable(t *testing.T) {
	ctx := context.Background()
	_, url := postgresBackend.openTemp(t)
	a := joinNode(t, url, "a", time.Minute)
	b := joinNode(t, url, "b", time.Minute)
	c := joinNode(t, url, "c", time.Minute)
	for _, r := range []TableRow{tableRow("t1", "", TableOpen), tableRow("t2", "", TableOver), tableRow("t3", "", TableOpen)} {
		if err := a.SaveTable(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.HandOverTable(ctx, "t1", b.Fence()); err != nil {
		t.Fatal(err)
	}
	if o, _ := a.TableOwner(ctx, "t1"); o.Fence != b.Fence() || !o.Live {
		t.Fatalf("t1's owner after the hand-over %+v, want b's fence %d", o, b.Fence())
	}
	if rows, _ := b.ListOpenTables(ctx); !slices.Equal(tableIDs(rows), []string{"t1"}) {
		t.Fatalf("b lists %v after the hand-over, want [t1]", tableIDs(rows))
	}
	if rows, _ := a.ListOpenTables(ctx); !slices.Equal(tableIDs(rows), []string{"t3"}) {
		t.Fatalf("a lists %v after the hand-over, want [t3]", tableIDs(rows))
	}
	// A late write from a: b's row stays as it is.
	late := tableRow("t1", "", TableOpen)
	late.Seats = json.RawMessage(`[{"kind":"open"}]`)
	if err := a.SaveTable(ctx, late); err != nil {
		t.Fatal(err)
	}
	if r, _ := b.Table(ctx, "t1"); string(r.Seats) != `[]` {
		t.Fatalf("a's write after handing t1 over changed its row: seats %s", r.Seats)
	}
	for _, tc := range []struct {
		what string
		from *Store
		id   string
		to   int64
	}{
		{"a table a no longer owns", a, "t1", c.Fence()},
		{"a table over", a, "t2", b.Fence()},
		{"a table to a node with no lease", a, "t3", 999999},
	} {
		if err := tc.from.HandOverTable(ctx, tc.id, tc.to); !errors.Is(err, ErrNoHandOver) {
			t.Errorf("handing over %s: %v, want ErrNoHandOver", tc.what, err)
		}
	}
	expire(t, a, "c")
	if err := a.HandOverTable(ctx, "t3", c.Fence()); !errors.Is(err, ErrNoHandOver) {
		t.Errorf("handing a table to a node whose lease ran out: %v, want ErrNoHandOver", err)
	}
	if o, _ := a.TableOwner(ctx, "t3"); o.Fence != a.Fence() {
		t.Errorf("t3 moved to %d though no hand-over succeeded", o.Fence)
	}
}

// A node takes back a table it handed to a node that could not load it,
// and only while that node owns it.
func TestNodeTakeBackTable(t *testing.T) {
	ctx := context.Background()
	_, url := postgresBackend.openTemp(t)
	a := joinNode(t, url, "a", time.Minute)
	b := joinNode(t, url, "b", time.Minute)
	c := joinNode(t, url, "c", time.Minute)
	for _, r := range []TableRow{tableRow("t1", "", TableOpen), tableRow("t2", "", TableOpen)} {
		if err := a.SaveTable(ctx, r); err != nil {
			t.Fatal(err)
		}
		if err := a.HandOverTable(ctx, r.ID, b.Fence()); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.TakeBackTable(ctx, "t1", b.Fence()); err != nil {
		t.Fatal(err)
	}
	if o, _ := a.TableOwner(ctx, "t1"); o.Fence != a.Fence() {
		t.Fatalf("t1's owner after it was taken back: %+v, want a's fence %d", o, a.Fence())
	}
	if rows, _ := a.ListOpenTables(ctx); !slices.Equal(tableIDs(rows), []string{"t1"}) {
		t.Fatalf("a lists %v after taking t1 back, want [t1]", tableIDs(rows))
	}
	// t1 is b's no more: nothing is taken from b.
	if err := c.TakeBackTable(ctx, "t1", b.Fence()); !errors.Is(err, ErrNoHandOver) {
		t.Errorf("taking back a table the other node no longer owns: %v, want ErrNoHandOver", err)
	}
	if o, _ := a.TableOwner(ctx, "t1"); o.Fence != a.Fence() {
		t.Errorf("t1 moved to %d", o.Fence)
	}
	if o, _ := a.TableOwner(ctx, "t2"); o.Fence != b.Fence() {
		t.Errorf("t2 moved to %d", o.Fence)
	}
}
