package server_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/parlor-games/parlor/match"
)

// seatOf returns seat i of a table push.
func seatOf(m msg, i int) map[string]any {
	seats, _ := m.m["table"].(map[string]any)["seats"].([]any)
	if i >= len(seats) {
		return nil
	}
	return seats[i].(map[string]any)
}

// tablePush waits for a table push after mark that satisfies ok.
func tablePush(c *client, mark int, what string, ok func(tj map[string]any) bool) msg {
	c.t.Helper()
	return waitAfter(c, mark, what, func(m msg) bool {
		return m.t() == "table" && ok(m.m["table"].(map[string]any))
	})
}

// Issue 21, "everyone sees the clock": when Bob leaves, Ann and a
// spectator get the same table push naming Bob's seat, when his wait
// ends and what happens then.
func TestGoneSeatCountdownReachesEveryone(t *testing.T) {
	e, clock := newClockEnv(t)
	ann, bob, cy := e.guest("Ann"), e.guest("Bob"), e.guest("Cy")
	ca, cb, cc := ann.dial(), bob.dial(), cy.dial()
	id := dotsDuel(t, ca, cb, map[string]any{"grace": 120, "onGone": "bot"})
	cc.ok("table.watch", map[string]any{"table": id, "views": false})
	marks := []int{len(ca.all()), len(cc.all())}
	left := clock.Now()
	cb.close()
	for i, c := range []*client{ca, cc} {
		m := tablePush(c, marks[i], "Bob's countdown", func(tj map[string]any) bool {
			s := tj["seats"].([]any)[1].(map[string]any)
			return s["connected"] == false && s["goneUntil"] != nil
		})
		s := seatOf(m, 1)
		until, err := time.Parse(time.RFC3339Nano, s["goneUntil"].(string))
		if err != nil || !until.Equal(left.Add(120*time.Second)) || s["then"] != "bot" {
			t.Fatalf("%s sees Bob's seat as %v; want a bot at %v", c.u.name, s, left.Add(120*time.Second))
		}
		if seatOf(m, 0)["goneUntil"] != nil {
			t.Fatalf("%s sees a countdown on Ann's seat: %s", c.u.name, m.raw)
		}
	}
	// Bob comes back: the countdown goes.
	mark := len(ca.all())
	cb2 := bob.dial()
	cb2.ok("table.watch", map[string]any{"table": id, "views": false})
	tablePush(ca, mark, "Bob back without a countdown", func(tj map[string]any) bool {
		s := tj["seats"].([]any)[1].(map[string]any)
		return s["connected"] == true && s["goneUntil"] == nil && s["then"] == nil
	})
}

// Issue 21, "games against bots only wait": Ann's table against a bot,
// with the default policy (forfeit after 60 s), pauses when she leaves
// instead of forfeiting; the lobby shows it paused; it resumes when she
// returns; and after a week away it is closed for all.
func TestBotsOnlyTablePausesResumesAndCloses(t *testing.T) {
	e, clock := newClockEnv(t)
	ann, cy := e.guest("Ann"), e.guest("Cy")
	ca, cc := ann.dial(), cy.dial()
	id, m := annLeavesHerBotTable(ca, cc)
	if s := seatOf(m, 0); s["then"] != "pause" {
		t.Fatalf("Ann alone against a bot left: her seat shows %v, want a pause", s)
	}
	mark := len(cc.all())
	clock.Advance(60 * time.Second)
	m = tablePush(cc, mark, "the table paused", func(tj map[string]any) bool { return tj["paused"] == true })
	if closes, _ := time.Parse(time.RFC3339Nano, m.m["table"].(map[string]any)["closesAt"].(string)); !closes.Equal(clock.Now().Add(7 * 24 * time.Hour)) {
		t.Fatalf("closesAt %v, want a week from now", m.m["table"].(map[string]any)["closesAt"])
	}
	cc.ok("lobby.join", nil)
	lobby := cc.waitFor("the lobby's tables", func(m msg) bool { return m.t() == "lobby.tables" })
	listed := false
	for _, tj := range lobby.m["tables"].([]any) {
		if tj.(map[string]any)["id"] == id {
			listed = true
			if tj.(map[string]any)["paused"] != true {
				t.Fatalf("the lobby lists the table as %v, not paused", tj)
			}
		}
	}
	if !listed {
		t.Fatal("the lobby does not list the paused table")
	}
	// While paused nothing runs out: no forfeit, however long.
	clock.Advance(24 * time.Hour)
	quiet(t, cc, id, 0, "a day paused")

	mark = len(cc.all())
	ca2 := ann.dial()
	ca2.ok("table.watch", map[string]any{"table": id, "views": false})
	tablePush(cc, mark, "the table resumed", func(tj map[string]any) bool {
		return tj["paused"] == nil && tj["seats"].([]any)[0].(map[string]any)["connected"] == true
	})

	mark = len(cc.all())
	ca2.close()
	// The grace starts when the server sees Ann gone, which the push of
	// her countdown shows.
	tablePush(cc, mark, "Ann's countdown again", func(tj map[string]any) bool {
		return tj["seats"].([]any)[0].(map[string]any)["goneUntil"] != nil
	})
	mark = len(cc.all())
	clock.Advance(60 * time.Second)
	tablePush(cc, mark, "paused again", func(tj map[string]any) bool { return tj["paused"] == true })
	clock.Advance(7 * 24 * time.Hour)
	end := cc.waitFor("the close", func(m msg) bool { return m.t() == "match" && m.m["outcome"] != nil })
	if o := end.m["outcome"].(map[string]any); o["reason"] != "the table was closed: nobody came back for 7 days" || len(o["winners"].([]any)) != 0 {
		t.Fatalf("the closed table's outcome: %v", o)
	}
	tablePush(cc, 0, "the table over", func(tj map[string]any) bool { return tj["status"] == "over" })
}

// A table may choose "pause"; a clock may not.
func TestPausePolicyChoices(t *testing.T) {
	e := startEnv(t, t.TempDir())
	ca := e.guest("Ann").dial()
	rep := ca.ok("table.create", map[string]any{"game": "dots", "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}},
		"policy": map[string]any{"grace": 300, "onGone": "pause"}})
	if pol := rep["table"].(map[string]any)["policy"].(map[string]any); pol["onGone"] != "pause" || pol["grace"] != float64(300) {
		t.Fatalf("policy %v", pol)
	}
	r := ca.call("table.create", map[string]any{"game": "dots", "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}},
		"policy": map[string]any{"moveClock": 60, "onTimeout": "pause"}})
	if r.m["ok"] != false || r.m["code"] != "bad-request" {
		t.Fatalf("onTimeout pause: %s", r.raw)
	}
}

// Clue-Less requirement 17 after the grace: when Bob leaves a game of three
// people, Ann and Cy see his seat's countdown to the end of the game for
// everyone; nothing happens before the table's 60 s are out, and then
// the game ends for all with no winner.
func TestClueRequirement17AfterTheGrace(t *testing.T) {
	e, clock := newClockEnv(t)
	cs := []*client{e.guest("Ann").dial(), e.guest("Bob").dial(), e.guest("Cy").dial()}
	id := tableID(cs[0].ok("table.create", map[string]any{"game": "clue", "options": map[string]any{"players": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}, map[string]any{"kind": "open"}}}))
	cs[1].ok("table.sit", map[string]any{"table": id, "seat": 1})
	cs[2].ok("table.sit", map[string]any{"table": id, "seat": 2})
	cs[0].ok("table.start", map[string]any{"table": id})
	for _, c := range cs {
		c.ok("table.watch", map[string]any{"table": id, "views": false})
	}
	mark := len(cs[2].all())
	left := clock.Now()
	cs[1].close()
	m := tablePush(cs[2], mark, "Bob's countdown", func(tj map[string]any) bool {
		return tj["seats"].([]any)[1].(map[string]any)["goneUntil"] != nil
	})
	s := seatOf(m, 1)
	until, _ := time.Parse(time.RFC3339Nano, s["goneUntil"].(string))
	if s["then"] != "end" || !until.Equal(left.Add(60*time.Second)) {
		t.Fatalf("Bob's seat %v: want the game to end for all 60 s after he left", s)
	}
	clock.Advance(59 * time.Second)
	quiet(t, cs[0], id, 0, "before the grace ran out")
	clock.Advance(time.Second)
	for _, c := range []*client{cs[0], cs[2]} {
		end := waitSeq(c, id, 1)
		o, _ := end.m["outcome"].(map[string]any)
		if !eventIs(end, "abandoned") || o == nil || len(o["winners"].([]any)) != 0 {
			t.Fatalf("%s after the grace: %s", c.u.name, end.raw)
		}
	}
}

// A paused table is still paused after the server restarts, closing when
// it would have, and its player's return resumes it. Before pauses were
// stored, a restart counted Ann gone from the restart on and the table
// showed her countdown again, as if she had just left.
func TestPausedTableStaysPausedAfterARestart(t *testing.T) {
	e, clock := newClockEnv(t)
	ann, cy := e.guest("Ann"), e.guest("Cy")
	ca, cc := ann.dial(), cy.dial()
	id, _ := annLeavesHerBotTable(ca, cc)
	mark := len(cc.all())
	clock.Advance(60 * time.Second)
	m := tablePush(cc, mark, "the table paused", func(tj map[string]any) bool { return tj["paused"] == true })
	closesAt := m.m["table"].(map[string]any)["closesAt"]

	clock.Advance(time.Hour)
	e.stop()
	e2 := startEnvWith(t, e.dir, match.Options{Clock: clock, BotTime: 50 * time.Millisecond})
	ann.e, cy.e = e2, e2
	cc2 := cy.dial()
	rep := cc2.ok("table.watch", map[string]any{"table": id, "views": false})
	tj := rep["table"].(map[string]any)
	before, _ := time.Parse(time.RFC3339Nano, closesAt.(string))
	after, _ := time.Parse(time.RFC3339Nano, fmt.Sprint(tj["closesAt"]))
	// The store keeps times to the millisecond.
	if tj["paused"] != true || !after.Equal(before.Truncate(time.Millisecond)) {
		t.Fatalf("after the restart the table is %v, want paused and closing at %v", tj, closesAt)
	}
	mark = len(cc2.all())
	ca2 := ann.dial()
	ca2.ok("table.watch", map[string]any{"table": id, "views": false})
	tablePush(cc2, mark, "the table resumed", func(tj map[string]any) bool {
		return tj["paused"] == nil && tj["seats"].([]any)[0].(map[string]any)["connected"] == true
	})
}

// annLeavesHerBotTable: Ann (on ca) makes a small Dots table against an
// easy bot, she and a spectator (on cc) watch it, and Ann's connection
// closes; it returns the table and the push of her countdown.
func annLeavesHerBotTable(ca, cc *client) (string, msg) {
	ca.t.Helper()
	id := tableID(ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}}))
	ca.ok("table.watch", map[string]any{"table": id, "views": false})
	cc.ok("table.watch", map[string]any{"table": id, "views": false})
	mark := len(cc.all())
	ca.close()
	return id, tablePush(cc, mark, "Ann's countdown", func(tj map[string]any) bool {
		return tj["seats"].([]any)[0].(map[string]any)["goneUntil"] != nil
	})
}
