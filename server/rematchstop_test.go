package server_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestRematchOfferLapsesWhenItsServerStops: the server holding a finished
// table with an open offer restarts. Before their connections close, Ann
// and Bob are both told that the offer lapsed because the server
// stopped; after the restart neither is shown it again, and asking at
// the old table again seats nobody.
func TestRematchOfferLapsesWhenItsServerStops(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := startEnv(t, t.TempDir())
		ann, bob, ca, cb, id := offerAfterDuel(t, e, 60)
		e.stop()
		for _, c := range []*client{ca, cb} {
			<-c.done
			lapseSeen(t, c, id, "stopped", "")
		}

		e2 := startEnv(t, e.dir)
		ann.e, bob.e = e2, e2
		for _, u := range []*user{ann, bob} {
			c := u.dial()
			c.ok("lobby.join", nil)
			for _, m := range c.all() {
				if m.t() == "rematch" {
					t.Fatalf("%s was shown an offer after the restart: %v", u.name, m.m)
				}
			}
		}
		// The table is over, so it is not read back (or, stopped before
		// its end was written, it is, over): either way nobody is seated.
		rep := ann.dial().call("match.rematch", map[string]any{"table": id}).m
		if o := offerOf(rep); rep["ok"] == true && (rep["table"] != nil || o["by"] != "Ann" || o["state"] != "open") ||
			rep["ok"] != true && !strings.Contains(fmt.Sprint(rep["error"]), "no table") {
			t.Fatalf("Ann's rematch after the restart: %v", rep)
		}
		if n := playingTables(e2, "Eve"); n != 0 {
			t.Fatalf("%d matches after the restart", n)
		}
	})
}

// TestRematchOfferLapsesWhenItsNodeStops: the offer's table is on node 0
// and Bob is connected to node 1 only. Node 0 stops: Bob, still
// connected, is told through the bus that the offer lapsed because its
// server stopped, and node 1 no longer shows it to a new connection of
// his.
func TestRematchOfferLapsesWhenItsNodeStops(t *testing.T) {
	nodes := startNodes(t, 2, nil)
	ann := nodes[0].guest("Ann")
	bob := nodes[0].guest("Bob").at(nodes[1])
	ca, cb := ann.dial(), bob.dial()
	id := dotsBetween(ca, cb, []*client{ca, cb})
	resignAt(ca, id, cb)
	ca.ok("match.rematch", map[string]any{"table": id})
	cb.waitFor("Bob's offer on node 1", isRematch(id, "open"))

	nodes[0].stop()
	lapseSeen(t, cb, id, "stopped", "")
	c := bob.dial()
	c.ok("lobby.join", nil)
	for _, m := range c.all() {
		if m.t() == "rematch" {
			t.Fatalf("node 1 showed Bob the offer after node 0 stopped: %v", m.m)
		}
	}
}
