package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/pgtest"
)

// outageCounts are what an outage of the database did to the players:
// every count but Acked must be zero.
type outageCounts struct {
	Acked         int // moves acknowledged
	Lost          int // acknowledged, yet not in the log at their seq
	Doubled       int // in the log twice
	RefusedStored int // refused as "unavailable" (nothing changed), yet in the log at their seq
	Stuck         int // matches not played to their end
	Exited        int // nodes that stopped
	// InDoubt counts the records whose commit the outage cut off, which
	// a node read back from the log before answering (match/settle.go):
	// the case where a refusal would have been false.
	InDoubt int
}

func (c outageCounts) String() string {
	return fmt.Sprintf("acknowledged %d, lost %d, doubled %d, refused yet stored %d, stuck matches %d, nodes exited %d (records read back after a cut commit: %d)",
		c.Acked, c.Lost, c.Doubled, c.RefusedStored, c.Stuck, c.Exited, c.InDoubt)
}

// patientDial connects a load seat to its home node, or else to the
// other, trying again while no node lets it in (the database being away,
// a node may not know its session yet) for up to a minute.
func patientDial(nodes []*serveProc) func(*loadSeat) error {
	return func(s *loadSeat) error {
		deadline := time.Now().Add(time.Minute)
		for {
			for i := range nodes {
				k := (s.home + i) % len(nodes)
				cl, err := client.New(nodes[k].base)
				if err != nil {
					return err
				}
				cl.SetSession(s.session)
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				c, err := cl.Dial(ctx)
				cancel()
				if err == nil {
					s.conn, s.at = c, k
					return nil
				}
				if client.Code(err) == "unauthorized" {
					return fmt.Errorf("node %d refused a valid session: %w", k, err)
				}
			}
			if time.Now().After(deadline) {
				return errors.New("no node lets the player in")
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// playThroughOutages plays n paced matches over nodes (each match's two
// players on different nodes) to their end, calling outage once a few
// moves are made, and counts what the players were told against the
// stored logs.
func playThroughOutages(t *testing.T, pg *pgtest.Server, nodes []*serveProc, n int, options string, pace time.Duration, outage func()) outageCounts {
	t.Helper()
	dial := patientDial(nodes)
	matches := make([]*loadMatch, n)
	for i := range matches {
		matches[i] = newLoadMatch(t, nodes[i%len(nodes)], i, len(nodes), dial, options)
		matches[i].pace = pace
	}
	var moves atomic.Int64
	var wg sync.WaitGroup
	for _, m := range matches {
		wg.Go(func() { m.err = m.play(context.Background(), dial, &moves) })
	}
	for moves.Load() < int64(n) {
		time.Sleep(5 * time.Millisecond)
	}
	outage()
	wg.Wait()

	var c outageCounts
	for _, p := range nodes {
		c.InDoubt += strings.Count(p.log.String(), "reading the log back")
		select {
		case <-p.done:
			c.Exited++
			t.Logf("a node exited; its log:\n%s", p.log.String())
		default:
		}
	}
	st, err := store.OpenPostgres(context.Background(), pg.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i, m := range matches {
		c.Acked += len(m.acked)
		if m.err != nil {
			c.Stuck++
			t.Logf("match %d: %v", i, m.err)
		}
		ml, err := st.LoadMatch(context.Background(), m.matchID)
		if err != nil {
			t.Fatal(err)
		}
		stored := map[int64]string{}
		seen := map[string]bool{}
		for _, r := range ml.Records {
			if r.Move == nil {
				continue
			}
			stored[r.Index] = string(r.Move)
			if seen[string(r.Move)] {
				c.Doubled++
			}
			seen[string(r.Move)] = true
		}
		for seq, mv := range m.acked {
			if stored[seq] != mv {
				c.Lost++
				t.Logf("match %d: acknowledged move %d %s, stored %q", i, seq, mv, stored[seq])
			}
		}
		for seq, mvs := range m.refused {
			n := 0
			for _, mv := range mvs {
				if stored[seq] == mv && m.acked[seq] != mv {
					n++
				}
			}
			if n > 0 {
				c.RefusedStored += n
				t.Logf("match %d: move %d %s was refused as unavailable %d times, and is stored", i, seq, stored[seq], n)
			}
		}
	}
	return c
}

// TestNodesPostgresOutage: two nodes share a PostgreSQL server of the
// test's own, on which sixteen Dots and Boxes matches are played at a
// steady pace, each match's players connected to different nodes. The
// database is stopped at once (pg_ctl -m immediate: every connection cut
// mid-commit) for three seconds, three times. Every match is played to
// its end, and against the stored logs: no acknowledged move is lost or
// stored twice, no move refused as "unavailable" (which says nothing
// changed) is in the log, and both nodes are still running.
func TestNodesPostgresOutage(t *testing.T) {
	pg := pgtest.Start(t)
	_, bus := startNATS(t, 0)
	nodes := []*serveProc{startNode(t, pg.URL(), bus, "n0"), startNode(t, pg.URL(), bus, "n1")}
	c := playThroughOutages(t, pg, nodes, 16, `{"rows":10,"cols":10}`, 20*time.Millisecond, func() {
		for range 3 {
			pg.Stop()
			time.Sleep(3 * time.Second)
			pg.Start()
			time.Sleep(time.Second)
		}
	})
	t.Logf("outage: %v", c)
	if c.Lost+c.Doubled+c.RefusedStored+c.Stuck+c.Exited != 0 {
		t.Errorf("the outages broke promises: %v", c)
	}
}

// TestNodesOutageLongerThanLease: the database is away for longer than
// the nodes' lease (2s here), so that the first node back finds the
// other's lease run out and takes its tables. No node exits: the other
// finds its lease gone, lets go of the tables it no longer holds, joins
// again and goes on serving; every match is played to its end.
func TestNodesOutageLongerThanLease(t *testing.T) {
	pg := pgtest.Start(t)
	_, bus := startNATS(t, 0)
	nodes := []*serveProc{startNode(t, pg.URL(), bus, "n0", "-lease", "2s"), startNode(t, pg.URL(), bus, "n1", "-lease", "2s")}
	rejoined := func() (n int) {
		for _, p := range nodes {
			if l := p.log.String(); strings.Contains(l, "lease was ended by another node") || strings.Contains(l, "lease was taken by another node") {
				n++
			}
		}
		return n
	}
	c := playThroughOutages(t, pg, nodes, 4, `{"rows":4,"cols":4}`, 100*time.Millisecond, func() {
		// Which node renews first once the database is back is a race:
		// when both renew before either finds the other's lease run
		// out, nobody's lease was ended, and the outage is made again
		// (three times at most).
		for range 3 {
			pg.Stop()
			time.Sleep(6 * time.Second)
			pg.Start()
			for deadline := time.Now().Add(5 * time.Second); rejoined() == 0 && time.Now().Before(deadline); {
				time.Sleep(100 * time.Millisecond)
			}
			if rejoined() > 0 {
				return
			}
		}
	})
	t.Logf("outage longer than the lease: %v", c)
	if rejoined() == 0 {
		t.Error("no node found its lease ended: the outage did not outlast the lease")
	}
	if c.Lost+c.Doubled+c.RefusedStored+c.Stuck+c.Exited != 0 {
		t.Errorf("the outage broke promises: %v", c)
	}
	// Both nodes serve: each holds a lease, and lets a new player in.
	for i, p := range nodes {
		if h := p.text("/healthz"); !containsAll(h, "postgres: ok", "lease: renewed") {
			t.Errorf("node %d after the outage: %q", i, h)
		}
		p.guest(fmt.Sprintf("After%d", i))
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestNodesDatabaseDownRefusals: while the database is down, a player
// with a good session who connects is told 503 "unavailable", not 401
// (which would send them to log in again), and the Go client keeps the
// session; a move sent through a node that cannot look up the table's
// owner is refused "unavailable", not "no table". Once the database is
// back, the same session connects and the move is taken.
func TestNodesDatabaseDownRefusals(t *testing.T) {
	pg := pgtest.Start(t)
	_, bus := startNATS(t, 0)
	nodes := []*serveProc{startNode(t, pg.URL(), bus, "n0"), startNode(t, pg.URL(), bus, "n1")}
	// Ann's table is on node 0; Ben plays at it through node 1.
	m := newLoadMatch(t, nodes[0], 0, len(nodes), patientDial(nodes), `{"rows":3,"cols":3}`)
	ctx := context.Background()
	ann, ben := m.seats[0], m.seats[1]
	if ann.at != 0 || ben.at != 1 {
		t.Fatalf("Ann is at node %d and Ben at node %d, want 0 and 1", ann.at, ben.at)
	}
	first := json.RawMessage(game.Canonical(m.local.Legal(0)[0]))
	if _, err := ann.conn.Play(ctx, m.table, 0, first); err != nil {
		t.Fatal(err)
	}
	if err := game.Play(m.local, 0, first); err != nil {
		t.Fatal(err)
	}

	pg.Stop()
	cl, err := client.New(nodes[0].base)
	if err != nil {
		t.Fatal(err)
	}
	cl.SetSession(ann.session)
	_, err = cl.Dial(ctx)
	var he *client.HTTPError
	if !errors.As(err, &he) || he.Status != http.StatusServiceUnavailable || client.Code(err) != "unavailable" {
		t.Errorf("connecting with a good session while the database is down: %v, want 503 unavailable", err)
	}
	if cl.Session() != ann.session {
		t.Error("the client dropped its session")
	}
	move := json.RawMessage(game.Canonical(m.local.Legal(1)[0]))
	pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	_, err = ben.conn.Play(pctx, m.table, 1, move)
	cancel()
	if client.Code(err) != "unavailable" {
		t.Errorf("a move through a node that cannot find the table's owner: %v (code %q), want unavailable", err, client.Code(err))
	}

	pg.Start()
	var c *client.Conn
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		if c, err = cl.Dial(ctx); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Fatalf("the kept session does not connect once the database is back: %v", err)
	}
	c.CloseNow()
	redial := patientDial(nodes)
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		pctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		_, err = ben.conn.Play(pctx, m.table, 1, move)
		cancel()
		// An outage that outlasted the nodes' leases makes the table's
		// node let go of it and take it again (server/rejoin.go): its
		// players are told to reconnect, as Ben's client does here.
		if err != nil && strings.Contains(err.Error(), "StatusGoingAway") && time.Now().Before(deadline) {
			if derr := redial(ben); derr != nil {
				t.Fatalf("Ben reconnecting once the database is back: %v", derr)
			}
			continue
		}
		if client.Code(err) != "unavailable" || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Errorf("Ben's move once the database is back: %v", err)
	}
}
