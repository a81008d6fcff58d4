package accounts

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

// Two servers sharing one PostgreSQL database count the results of
// matches that end on both at once. These tests always run on
// PostgreSQL: several servers exist only there.

// twoNodes opens two services, each over a store of its own, sharing one
// PostgreSQL schema: two servers of one deployment.
func twoNodes(t *testing.T) (*Service, *Service) {
	t.Helper()
	url := storetest.Postgres(t)
	var nodes [2]*Service
	for i := range nodes {
		st, err := store.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		nodes[i] = New(st, Options{Hash: cheapHash})
		if err := nodes[i].Init(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return nodes[0], nodes[1]
}

// nodeMatch is one match of the tests below, by player names.
type nodeMatch struct {
	id      string
	players [2]string
	results [2]Result
}

// someMatches are n matches among three players, every pair and every
// outcome, so that every match shares a player with most others.
func someMatches(n int) []nodeMatch {
	pairs := [][2]string{{"alice", "bob"}, {"bob", "carol"}, {"carol", "alice"}, {"alice", "bob"}}
	outcomes := [][2]Result{{Won, Lost}, {Lost, Won}, {Tied, Tied}, {Won, Lost}, {Won, Lost}}
	out := make([]nodeMatch, n)
	for i := range out {
		out[i] = nodeMatch{id: fmt.Sprintf("m%03d", i), players: pairs[i%len(pairs)], results: outcomes[i%len(outcomes)]}
	}
	return out
}

func (m nodeMatch) seats(ids map[string]int64) []SeatResult {
	return []SeatResult{{UserID: ids[m.players[0]], Result: m.results[0]}, {UserID: ids[m.players[1]], Result: m.results[1]}}
}

// Matches of the same players ending at once on two servers are each
// counted once, and one after the other: the totals are exact, and the
// ratings are those of counting the matches one by one, in the order the
// database counted them. Without a lock both servers see, two counts
// would read the same statistics and one of them would be lost.
func TestCountsOfTwoServersAddUp(t *testing.T) {
	ctx := context.Background()
	n1, n2 := twoNodes(t)
	ids := map[string]int64{}
	for _, name := range []string{"alice", "bob", "carol"} {
		ids[name] = mustRegister(t, n1, name).ID
	}
	matches := someMatches(60)
	var mu sync.Mutex
	var granted []Granted
	var wg sync.WaitGroup
	for i, m := range matches {
		node := []*Service{n1, n2}[i%2]
		wg.Go(func() {
			rec, err := node.CountMatch(ctx, Match{ID: m.id, Game: "dots", Seats: m.seats(ids)})
			if err != nil {
				t.Errorf("match %s: %v", m.id, err)
				return
			}
			mu.Lock()
			granted = append(granted, rec.Granted...)
			mu.Unlock()
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}

	// Every match counted once.
	order, err := n1.st.(*store.Store).CountedMatches(ctx)
	if err != nil {
		t.Fatal(err)
	}
	distinct := slices.Compact(slices.Sorted(slices.Values(order)))
	if len(order) != len(matches) || len(distinct) != len(matches) {
		t.Fatalf("%d counts of %d matches (%v), want each of %d once", len(order), len(distinct), order, len(matches))
	}

	// The same matches counted one by one, on one server, in the order
	// the database counted them, give the same statistics to the bit.
	replay, _ := newService(t, Options{})
	rids := map[string]int64{}
	for name := range ids {
		rids[name] = mustRegister(t, replay, name).ID
	}
	byID := map[string]nodeMatch{}
	for _, m := range matches {
		byID[m.id] = m
	}
	var want []Granted
	for _, id := range order {
		rec, err := replay.CountMatch(ctx, Match{ID: id, Game: "dots", Seats: byID[id].seats(rids)})
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, rec.Granted...)
	}
	for name, id := range ids {
		got, exp := statsOf(t, n2, id, "dots"), statsOf(t, replay, rids[name], "dots")
		if got != exp {
			t.Errorf("%s: %+v after the two servers, %+v counting one match after the other", name, got, exp)
		}
	}

	// Each achievement announced once, by the match that earned it.
	key := func(g Granted, ids map[string]int64) string {
		for name, id := range ids {
			if id == g.UserID {
				return name + " " + g.Achievement.ID
			}
		}
		return "?"
	}
	var gotKeys, wantKeys []string
	for _, g := range granted {
		gotKeys = append(gotKeys, key(g, ids))
	}
	for _, g := range want {
		wantKeys = append(wantKeys, key(g, rids))
	}
	slices.Sort(gotKeys)
	slices.Sort(wantKeys)
	if !slices.Equal(gotKeys, wantKeys) {
		t.Errorf("achievements announced: %v, want %v", gotKeys, wantKeys)
	}
	for name, id := range ids {
		held, err := n1.Achievements(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, k := range wantKeys {
			if strings.HasPrefix(k, name+" ") {
				n++
			}
		}
		if len(held) != n {
			t.Errorf("%s holds %d achievements, want %d", name, len(held), n)
		}
	}
}

// A match whose end both servers count (one took the other's tables over
// while the other was still finishing the match) is counted once: one of
// them counts it, and the other is told it was counted.
func TestMatchCountedOnceByTwoServers(t *testing.T) {
	ctx := context.Background()
	n1, n2 := twoNodes(t)
	ids := map[string]int64{"alice": mustRegister(t, n1, "alice").ID, "bob": mustRegister(t, n1, "bob").ID}
	st1, st2 := n1.st.(*store.Store), n2.st.(*store.Store)
	const n = 30
	counted := make([]int, n)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range n {
		m := nodeMatch{id: fmt.Sprintf("m%03d", i), players: [2]string{"alice", "bob"}, results: [2]Result{Won, Lost}}
		for k, node := range []*Service{n1, n2} {
			st := []*store.Store{st1, st2}[k]
			row := store.TableRow{ID: m.id, Game: "dots", Options: []byte("{}"), Seats: []byte("[]"), Policy: []byte("{}"),
				Status: store.TableOver, MatchID: m.id, Created: time.UnixMilli(1)}
			wg.Go(func() {
				_, err := node.CountMatch(ctx, Match{ID: m.id, Game: "dots", Seats: m.seats(ids)}, st.SaveTableStmt(row))
				switch {
				case err == nil:
					mu.Lock()
					counted[i]++
					mu.Unlock()
				case !errors.Is(err, ErrCounted):
					t.Errorf("match %s on node %d: %v", m.id, k+1, err)
				}
			})
		}
	}
	wg.Wait()
	for i, c := range counted {
		if c != 1 {
			t.Errorf("match m%03d counted %d times", i, c)
		}
	}
	if st := statsOf(t, n1, ids["alice"], "dots"); st.Played != n || st.Won != n {
		t.Errorf("alice: %+v, want %d played and won", st, n)
	}
	if st := statsOf(t, n2, ids["bob"], "dots"); st.Played != n || st.Won != 0 {
		t.Errorf("bob: %+v, want %d played, none won", st, n)
	}
	if row, err := st2.Table(ctx, "m007"); err != nil || row.Status != store.TableOver {
		t.Errorf("the table stored with the count: %+v, %v", row, err)
	}

	// Later attempts change nothing either.
	before := statsOf(t, n1, ids["alice"], "dots")
	if _, err := n2.CountMatch(ctx, Match{ID: "m000", Game: "dots", Seats: []SeatResult{{UserID: ids["alice"], Result: Won}, {UserID: ids["bob"], Result: Lost}}}); !errors.Is(err, ErrCounted) {
		t.Fatalf("counting m000 again: %v, want ErrCounted", err)
	}
	if after := statsOf(t, n1, ids["alice"], "dots"); after != before {
		t.Errorf("alice changed by a repeated count: %+v, then %+v", before, after)
	}
}
