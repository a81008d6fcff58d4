package server_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

// playDuelToEnd plays a 2x3-dot duel between ca (seat 0) and cb with
// random legal moves until it ends, and returns its table and the number
// of moves.
func playDuelToEnd(t *testing.T, ca, cb *client, seed uint64) (string, int) {
	t.Helper()
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 3}}, nil)
	local := newLocal(t, "dots", `{"rows":2,"cols":3}`)
	r := rand.New(rand.NewPCG(seed, 1))
	conns := []*client{ca, cb}
	seq := 0
	for local.st.Outcome() == nil {
		seat := local.st.Turn()[0]
		conns[seat].ok("match.play", map[string]any{"table": id, "seat": int(seat), "move": local.randomMove(r, seat)})
		seq++
		local.apply(t, waitSeq(ca, id, seq))
	}
	return id, seq
}

// tableCode is the status of GET /api/tables/{id}: 200 while the lobby
// lists the table.
func tableCode(u *user, id string) int {
	code, _ := u.do("GET", "/api/tables/"+id, nil)
	return code
}

// A node keeps only so many finished tables (server.Config.OverTables,
// here 2): a third end forgets the oldest at once, long before its ten
// minutes, while the match itself stays in the store for its replay. The
// tables kept hold no more than a summary of their matches (the manager
// has let them go), and yet a late watcher gets the end, the board and
// the history, and the players their analysis, save and rematch.
func TestFinishedTablesAreBoundedAndAnswerFromTheStore(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) { c.OverTables = 2 })
		ann, bob, eve := e.guest("Ann"), e.guest("Bob"), e.guest("Eve")
		ca, cb := ann.dial(), bob.dial()

		first, _ := playDuelToEnd(t, ca, cb, 1)
		firstMatch := e.matchOf(t, ca, first)
		second, _ := playDuelToEnd(t, ca, cb, 2)
		secondMatch := e.matchOf(t, ca, second)
		third, moves := playDuelToEnd(t, ca, cb, 3)
		thirdMatch := e.matchOf(t, ca, third)

		deadline := time.Now().Add(wait)
		for tableCode(eve, first) == 200 {
			if time.Now().After(deadline) {
				t.Fatal("the oldest of three finished tables is still listed with a cap of two")
			}
			time.Sleep(10 * time.Millisecond)
		}
		for _, id := range []string{second, third} {
			if code := tableCode(eve, id); code != 200 {
				t.Fatalf("finished table %s: %d, want it listed", id, code)
			}
		}
		if code, body := eve.do("GET", "/api/replays/"+firstMatch, nil); code != 200 {
			t.Fatalf("the replay of the forgotten table's match: %d %s", code, body)
		}

		for deadline := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
			if _, live := e.mgr.Get(thirdMatch); !live {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the manager still holds the finished match")
			}
		}
		w := eve.dial().call("table.watch", map[string]any{"table": third, "history": true})
		if w.m["ok"] != true {
			t.Fatalf("watching the finished table: %s", w.raw)
		}
		snap, _ := w.m["snapshot"].(map[string]any)
		hist, _ := w.m["history"].([]any)
		if snap == nil || snap["outcome"] == nil || snap["seq"] != float64(moves) || len(hist) != moves {
			t.Fatalf("the finished table's snapshot and history (%d moves): %s", moves, w.raw)
		}
		if views, _ := snap["views"].(map[string]any); views == nil || !strings.Contains(string(mustMarshal(views["-1"])), `"outcome"`) {
			t.Fatalf("the finished table's board: %s", w.raw)
		}
		if code, body := bob.do("GET", "/api/replays/"+secondMatch+"/analysis", nil); code != 200 {
			t.Fatalf("the analysis of a kept table's match: %d %s", code, body)
		}
		if rep := ca.ok("match.save", map[string]any{"table": third, "name": "the end"}); rep["save"] == nil {
			t.Fatalf("saving the finished match: %v", rep)
		}
		// A rematch is an offer: Bob asks, and Ann's acceptance opens it.
		if rep := cb.ok("match.rematch", map[string]any{"table": third}); rep["offer"] == nil {
			t.Fatalf("Bob's rematch of the finished table is no offer: %v", rep)
		}
		next := tableID(ca.ok("match.rematch", map[string]any{"table": third}))
		if next == third || tableCode(eve, next) != 200 {
			t.Fatalf("the rematch of the finished table: %s", next)
		}
	})
}
