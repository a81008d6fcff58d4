package server_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

// isRematch matches a rematch push about table in state.
func isRematch(table, state string) func(msg) bool {
	return func(m msg) bool {
		o, _ := m.m["offer"].(map[string]any)
		return m.t() == "rematch" && o["table"] == table && o["state"] == state
	}
}

// offerOf is the offer of a rematch push or reply.
func offerOf(m map[string]any) map[string]any {
	o, _ := m["offer"].(map[string]any)
	return o
}

// resignAt ends table id by the resignation of c's seat 0, and waits
// until each of watchers has seen the end.
func resignAt(c *client, id string, watchers ...*client) {
	c.ok("match.resign", map[string]any{"table": id, "seat": 0})
	for _, w := range append(watchers, c) {
		w.waitFor("the end", func(m msg) bool { return m.t() == "match" && m.m["table"] == id && m.m["outcome"] != nil })
	}
}

// playingTables counts the tables being played that the lobby lists to
// a newcomer.
func playingTables(e *env, who string) int {
	c := e.guest(who).dial()
	defer c.close()
	c.ok("lobby.join", nil)
	n := 0
	for _, tb := range c.waitFor("tables", func(m msg) bool { return m.t() == "lobby.tables" }).m["tables"].([]any) {
		if tb.(map[string]any)["status"] == "playing" {
			n++
		}
	}
	return n
}

// TestRematchIsAnOffer: Ann resigns a game against Bob, who has gone back
// to the lobby; Ann asks for a rematch. Nobody is seated yet: Ann's reply
// is an offer, the lobby lists no new match, and Bob, in the lobby, is
// shown the offer with Ann's yes and a deadline. When Bob accepts, the new
// table opens with both in their seats, Ann (at the old table and in her
// rematch push) learns where it is, and asking again returns that table.
func TestRematchIsAnOffer(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 3}}, nil)
	resignAt(ca, id, cb)
	cb.ok("table.unwatch", map[string]any{"table": id})
	cb.ok("lobby.join", nil)

	rep := ca.ok("match.rematch", map[string]any{"table": id})
	if rep["table"] != nil || offerOf(rep)["state"] != "open" {
		t.Fatalf("Ann's rematch seated Bob without asking him: %v", rep)
	}
	if n := playingTables(e, "Eve"); n != 0 {
		t.Fatalf("%d matches are being played before Bob answered", n)
	}
	o := offerOf(cb.waitFor("Bob is shown the offer in the lobby", isRematch(id, "open")).m)
	people := o["people"].([]any)
	if o["by"] != "Ann" || o["game"] != "dots" || len(people) != 2 ||
		people[0].(map[string]any)["accepted"] != true || people[1].(map[string]any)["accepted"] != false {
		t.Fatalf("the offer Bob sees: %v", o)
	}
	until, err := time.Parse(time.RFC3339Nano, o["until"].(string))
	if err != nil || until.Before(time.Now()) {
		t.Fatalf("the offer's deadline %v (%v)", o["until"], err)
	}
	// Ann asking again changes nothing.
	if rep := ca.ok("match.rematch", map[string]any{"table": id}); rep["table"] != nil {
		t.Fatalf("Ann's second request opened a table: %v", rep)
	}

	next := tableID(cb.ok("match.rematch", map[string]any{"table": id}))
	if next == "" || next == id {
		t.Fatalf("Bob's acceptance opened %q", next)
	}
	started := offerOf(ca.waitFor("Ann learns the rematch started", isRematch(id, "started")).m)
	if started["next"] != next {
		t.Fatalf("Ann's rematch push names %v, want %s", started["next"], next)
	}
	ca.waitFor("a table push naming the rematch", func(m msg) bool {
		tb, _ := m.m["table"].(map[string]any)
		return m.t() == "table" && tb["id"] == id && tb["rematch"] == next
	})
	again := ca.ok("match.rematch", map[string]any{"table": id})
	if got := tableID(again); got != next {
		t.Fatalf("Ann's request after the start went to %s, not %s", got, next)
	}
	tb := again["table"].(map[string]any)
	seats := tb["seats"].([]any)
	if tb["status"] != "playing" || seats[0].(map[string]any)["name"] != "Ann" || seats[1].(map[string]any)["name"] != "Bob" ||
		seats[0].(map[string]any)["mine"] != true {
		t.Fatalf("the rematch table: %v", tb)
	}
}

// TestRematchDeclined: Bob declines Ann's offer; Ann is told who said no,
// no match is opened, and nobody can accept the ended offer into a
// table. A spectator can neither ask nor decline.
func TestRematchDeclined(t *testing.T) {
	e := newEnv(t)
	ann, bob, eve := e.guest("Ann"), e.guest("Bob"), e.guest("Eve")
	ca, cb, ce := ann.dial(), bob.dial(), eve.dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2}}, nil)
	ce.ok("table.watch", map[string]any{"table": id})
	resignAt(ca, id, cb)

	if s := ce.fail("match.rematch", map[string]any{"table": id}); !strings.Contains(s, "only players") {
		t.Fatalf("a spectator's rematch: %q", s)
	}
	if s := cb.fail("match.rematch.decline", map[string]any{"table": id}); !strings.Contains(s, "no rematch is on offer") {
		t.Fatalf("declining before anyone asked: %q", s)
	}
	ca.ok("match.rematch", map[string]any{"table": id})
	cb.waitFor("Bob sees the offer", isRematch(id, "open"))
	if s := ce.fail("match.rematch.decline", map[string]any{"table": id}); !strings.Contains(s, "only players") {
		t.Fatalf("a spectator's decline: %q", s)
	}
	cb.ok("match.rematch.decline", map[string]any{"table": id})
	o := offerOf(ca.waitFor("Ann hears of the no", isRematch(id, "declined")).m)
	if o["declinedBy"] != "Bob" {
		t.Fatalf("the declined offer: %v", o)
	}
	if n := playingTables(e, "Cid"); n != 0 {
		t.Fatalf("%d matches after Bob declined", n)
	}
	// Bob's later yes is a new offer of his own, not a seat for Ann.
	if rep := cb.ok("match.rematch", map[string]any{"table": id}); rep["table"] != nil || offerOf(rep)["by"] != "Bob" {
		t.Fatalf("Bob's request after declining: %v", rep)
	}
}

// TestRematchLapses: an offer nobody completes lapses after its wait;
// both people are told, and nothing was opened. A player who connects
// while an offer waits for them is shown it at once.
func TestRematchLapses(t *testing.T) {
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) { c.RematchWait = 300 * time.Millisecond })
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2}}, nil)
	resignAt(ca, id, cb)
	cb.close()
	ca.ok("match.rematch", map[string]any{"table": id})
	bob.dial().waitFor("a new connection of Bob's is shown the offer", isRematch(id, "open"))
	for _, c := range []*client{ca, bob.dial()} {
		c.waitFor("the lapse", isRematch(id, "lapsed"))
	}
	if n := playingTables(e, "Eve"); n != 0 {
		t.Fatalf("%d matches after the offer lapsed", n)
	}
	if s := bob.dial().fail("match.rematch.decline", map[string]any{"table": id}); !strings.Contains(s, "no rematch is on offer") {
		t.Fatalf("declining a lapsed offer: %q", s)
	}
}

// TestRematchKeepsBotsAndAsksPeople: at a Clue-Less table of Ann, Bob and
// a bot, a rematch waits for Bob alone (the bot is not asked), and opens
// with the bot in its seat at its level. Ann alone with a bot needs
// nobody's word: her rematch opens at once, and so does a restart at one
// screen during the game.
func TestRematchKeepsBotsAndAsksPeople(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := tableID(ca.ok("table.create", map[string]any{"game": "clue", "options": map[string]any{"players": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}, map[string]any{"kind": "bot", "level": "easy"}}}))
	cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ca.ok("table.start", map[string]any{"table": id})
	ca.ok("table.watch", map[string]any{"table": id})
	cb.ok("table.watch", map[string]any{"table": id})
	resignAt(ca, id, cb)

	o := offerOf(ca.ok("match.rematch", map[string]any{"table": id}))
	if people := o["people"].([]any); len(people) != 2 {
		t.Fatalf("the offer asks %v; want Ann and Bob only", people)
	}
	cb.waitFor("Bob's offer", isRematch(id, "open"))
	tb := cb.ok("match.rematch", map[string]any{"table": id})["table"].(map[string]any)
	bot := tb["seats"].([]any)[2].(map[string]any)
	if tb["status"] != "playing" || bot["kind"] != "bot" || bot["level"] != "easy" {
		t.Fatalf("the rematch table: %v", tb)
	}

	solo := tableID(ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}}))
	ca.ok("table.watch", map[string]any{"table": solo})
	resignAt(ca, solo)
	if got := tableID(ca.ok("match.rematch", map[string]any{"table": solo})); got == "" || got == solo {
		t.Fatalf("Ann's rematch against a bot opened %q", got)
	}
	hot := tableID(ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "me"}}}))
	if got := tableID(ca.ok("match.rematch", map[string]any{"table": hot})); got == "" || got == hot {
		t.Fatalf("a restart at one screen opened %q", got)
	}
}

// TestRematchRules: during a game with another player a rematch is
// refused (the opponent would be seated in a second match), and players
// accepting at the same moment after the end share one new table.
func TestRematchRules(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "options": map[string]any{"rows": 2, "cols": 2}}, nil)
	if s := cb.fail("match.rematch", map[string]any{"table": id}); !strings.Contains(s, "still being played") {
		t.Fatalf("a rematch during the game: %q", s)
	}
	if n := playingTables(e, "Eve"); n != 1 {
		t.Fatalf("%d tables playing after a refused rematch", n)
	}

	// Finish the duel (2x2 dots: four lines), then both ask at once.
	local := newLocal(t, "dots", `{"rows":2,"cols":2}`)
	r := rand.New(rand.NewPCG(5, 6))
	conns := []*client{ca, cb}
	for seq := 1; local.st.Outcome() == nil; seq++ {
		seat := local.st.Turn()[0]
		conns[seat].ok("match.play", map[string]any{"table": id, "seat": int(seat), "move": local.randomMove(r, seat)})
		local.apply(t, waitSeq(ca, id, seq))
	}
	got := make(chan string, 2)
	for _, c := range conns {
		go func() {
			rep := c.call("match.rematch", map[string]any{"table": id})
			tb, _ := rep.m["table"].(map[string]any)
			id, _ := tb["id"].(string)
			got <- id
		}()
	}
	a, b := <-got, <-got
	if a == b || a != "" && b != "" {
		t.Fatalf("players asking at once got tables %q and %q: one should wait for the other's yes", a, b)
	}
	next := a + b
	for _, c := range conns {
		if tid := tableID(c.ok("match.rematch", map[string]any{"table": id})); tid != next {
			t.Fatalf("asking again after the start went to %s, not %s", tid, next)
		}
	}
}

// TestRematchAcrossNodes: Ann's table is on node 0; Bob is in the lobby
// of node 1. Ann's offer reaches Bob there, and a second connection Bob
// opens on node 1 is shown it too; Bob accepts through node 1 and both
// are seated at the new table; Ann, on node 0, learns where it is.
func TestRematchAcrossNodes(t *testing.T) {
	nodes := startNodes(t, 2, nil)
	ann := nodes[0].guest("Ann")
	bob := nodes[0].guest("Bob").at(nodes[1])
	ca, cb := ann.dial(), bob.dial()
	id := dotsBetween(ca, cb, []*client{ca, cb})
	resignAt(ca, id, cb)
	cb.ok("table.unwatch", map[string]any{"table": id})
	cb.ok("lobby.join", nil)

	if rep := ca.ok("match.rematch", map[string]any{"table": id}); rep["table"] != nil {
		t.Fatalf("Ann's rematch seated Bob without asking him: %v", rep)
	}
	cb.waitFor("Bob's offer on node 1", isRematch(id, "open"))
	bob.dial().waitFor("a later connection of Bob's on node 1 is shown the offer", isRematch(id, "open"))
	tb := cb.ok("match.rematch", map[string]any{"table": id})["table"].(map[string]any)
	seats := tb["seats"].([]any)
	if tb["status"] != "playing" || seats[1].(map[string]any)["mine"] != true || seats[0].(map[string]any)["name"] != "Ann" {
		t.Fatalf("the rematch Bob joined: %v", tb)
	}
	if o := offerOf(ca.waitFor("Ann learns the rematch started", isRematch(id, "started")).m); o["next"] != tb["id"] {
		t.Fatalf("Ann's push names %v, want %v", o["next"], tb["id"])
	}
}
