package server_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

// friendsOf is the friends list of a social.list (or social.set) reply,
// by name.
func friendsOf(rep map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, f := range rep["friends"].([]any) {
		fm := f.(map[string]any)
		out[fm["name"].(string)] = fm
	}
	return out
}

// names is a JSON list of strings.
func names(v any) []string {
	var out []string
	l, _ := v.([]any)
	for _, n := range l {
		out = append(out, n.(string))
	}
	return out
}

// isChatFrom matches a chat push of who's saying text.
func isChatFrom(who, text string) func(msg) bool {
	return func(m msg) bool { return m.t() == "chat" && m.m["from"] == who && m.m["text"] == text }
}

// isChallenge matches a challenge push in state.
func isChallenge(state string) func(msg) bool {
	return func(m msg) bool {
		c, _ := m.m["challenge"].(map[string]any)
		return m.t() == "challenge" && c["state"] == state
	}
}

// TestFollowShowsWhereFriendsAre: Ann follows Bob by name. Her list shows
// him offline; once he connects and opens a table, online and at that
// table. Following nobody, or oneself, is refused with a reason; stopping
// empties the list.
func TestFollowShowsWhereFriendsAre(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		ann, bob := e.guest("Ann"), e.guest("Bob")
		ca := ann.dial()
		rep := ca.ok("social.set", map[string]any{"relation": "follow", "name": "bob", "on": true})
		if f := friendsOf(rep)["Bob"]; f == nil || f["online"] != false {
			t.Fatalf("after following Bob: %v", rep)
		}
		cb := bob.dial()
		id := tableID(cb.ok("table.create", map[string]any{"game": "dots", "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
		deadline := time.Now().Add(wait)
		for {
			f := friendsOf(ca.ok("social.list", nil))["Bob"]
			tables, _ := f["tables"].([]any)
			if f["online"] == true && len(tables) == 1 && tables[0].(map[string]any)["id"] == id {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("Bob online at table %s never showed: %v", id, f)
			}
			time.Sleep(50 * time.Millisecond)
		}
		if msg := ca.fail("social.set", map[string]any{"relation": "follow", "name": "Nobody", "on": true}); !strings.Contains(msg, "nobody is called") {
			t.Fatalf("following nobody: %q", msg)
		}
		if msg := ca.fail("social.set", map[string]any{"relation": "follow", "name": "Ann", "on": true}); !strings.Contains(msg, "yourself") {
			t.Fatalf("following oneself: %q", msg)
		}
		if msg := ca.fail("social.set", map[string]any{"relation": "befriend", "name": "Bob", "on": true}); !strings.Contains(msg, "not follow, block or mute") {
			t.Fatalf("an unknown relation: %q", msg)
		}
		rep = ca.ok("social.set", map[string]any{"relation": "follow", "name": "Bob", "on": false})
		if len(friendsOf(rep)) != 0 {
			t.Fatalf("after unfollowing: %v", rep)
		}
	})
}

// TestBlockStopsChallengesFollowsAndChat: Bob blocks Ann, who followed
// him. Her follow ends, and she can neither follow nor challenge him
// again; her lobby chat reaches Carl but not Bob, live or in the history;
// Bob's own chat still reaches her. Once he unblocks her, he reads her
// again.
func TestBlockStopsChallengesFollowsAndChat(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		ann, bob, carl := e.guest("Ann"), e.guest("Bob"), e.guest("Carl")
		ca, cb, cc := ann.dial(), bob.dial(), carl.dial()
		ca.ok("social.set", map[string]any{"relation": "follow", "name": "Bob", "on": true})
		rep := cb.ok("social.set", map[string]any{"relation": "block", "name": "Ann", "on": true})
		if !slices.Equal(names(rep["blocked"]), []string{"Ann"}) {
			t.Fatalf("Bob's blocked list: %v", rep)
		}
		if f := friendsOf(ca.ok("social.list", nil)); len(f) != 0 {
			t.Fatalf("Ann still follows Bob after his block: %v", f)
		}
		if msg := ca.fail("social.set", map[string]any{"relation": "follow", "name": "Bob", "on": true}); !strings.Contains(msg, "cannot follow Bob") {
			t.Fatalf("Ann following Bob again: %q", msg)
		}
		if msg := ca.fail("challenge.send", map[string]any{"to": "Bob", "game": "dots"}); !strings.Contains(msg, "cannot challenge Bob") {
			t.Fatalf("Ann challenging Bob: %q", msg)
		}
		if msg := cb.fail("challenge.send", map[string]any{"to": "Ann", "game": "dots"}); !strings.Contains(msg, "unblock") {
			t.Fatalf("Bob challenging whom he blocked: %q", msg)
		}
		for _, c := range []*client{ca, cb, cc} {
			c.ok("lobby.join", nil)
		}
		ca.ok("chat.send", map[string]any{"channel": "lobby", "text": "hello from Ann"})
		cb.ok("chat.send", map[string]any{"channel": "lobby", "text": "hello from Bob"})
		cc.waitFor("Ann's line", isChatFrom("Ann", "hello from Ann"))
		cc.waitFor("Bob's line", isChatFrom("Bob", "hello from Bob"))
		ca.waitFor("Bob's line", isChatFrom("Bob", "hello from Bob"))
		// Bob's own line came after Ann's: had hers reached him, it would
		// be there by now.
		cb.waitFor("Bob's own line", isChatFrom("Bob", "hello from Bob"))
		for _, m := range cb.all() {
			if isChatFrom("Ann", "hello from Ann")(m) {
				t.Fatalf("Bob, who blocked Ann, was shown her line: %s", m.raw)
			}
		}
		hist := cb.ok("chat.history", map[string]any{"channel": "lobby"})
		for _, l := range hist["messages"].([]any) {
			if l.(map[string]any)["from"] == "Ann" {
				t.Fatalf("Bob's chat history shows Ann's line: %v", hist)
			}
		}
		if n := len(cc.ok("chat.history", map[string]any{"channel": "lobby"})["messages"].([]any)); n != 2 {
			t.Fatalf("Carl's history has %d lines, want 2", n)
		}
		cb.ok("social.set", map[string]any{"relation": "block", "name": "Ann", "on": false})
		ca.ok("chat.send", map[string]any{"channel": "lobby", "text": "again"})
		cb.waitFor("Ann's line after the unblock", isChatFrom("Ann", "again"))
	})
}

// TestMuteHidesTableChat: at a table, Bob mutes Ann: her lines stop
// reaching him, and reach Carl, who watches, as before.
func TestMuteHidesTableChat(t *testing.T) {
	e := newEnv(t)
	ann, bob, carl := e.guest("Ann"), e.guest("Bob"), e.guest("Carl")
	ca, cb, cc := ann.dial(), bob.dial(), carl.dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "spectatorChat": true}, nil)
	cc.ok("table.watch", map[string]any{"table": id})
	ch := "table:" + id
	cb.ok("social.set", map[string]any{"relation": "mute", "name": "Ann", "on": true})
	ca.ok("chat.send", map[string]any{"channel": ch, "text": "muted words"})
	cb.ok("chat.send", map[string]any{"channel": ch, "text": "marker"})
	cc.waitFor("Ann's line", isChatFrom("Ann", "muted words"))
	cb.waitFor("Bob's own line", isChatFrom("Bob", "marker"))
	for _, m := range cb.all() {
		if isChatFrom("Ann", "muted words")(m) {
			t.Fatalf("Bob, who muted Ann, was shown her line: %s", m.raw)
		}
	}
	rep := cb.ok("social.list", nil)
	if !slices.Equal(names(rep["muted"]), []string{"Ann"}) {
		t.Fatalf("Bob's muted list: %v", rep)
	}
}

// TestChallengeAcceptedOpensPrivateTable: Ann challenges Bob to Dots and
// Boxes, choosing the second seat. Bob, in the lobby, is told at once;
// both see the challenge in challenge.list. Bob accepts: a table opens
// with Bob in seat 0 and Ann in seat 1, playing, and Ann is told where.
// The lobby lists it to nobody; Carl may not watch it nor read it by its
// link; Ann may. Accepting again is refused.
func TestChallengeAcceptedOpensPrivateTable(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		ann, bob, carl := e.guest("Ann"), e.guest("Bob"), e.guest("Carl")
		ca, cb, cc := ann.dial(), bob.dial(), carl.dial()
		cb.ok("lobby.join", nil)
		cc.ok("lobby.join", nil)
		sent := ca.ok("challenge.send", map[string]any{"to": "Bob", "game": "dots", "options": map[string]any{"rows": 2, "cols": 2}, "seat": 1})["challenge"].(map[string]any)
		if sent["state"] != "open" || sent["from"] != "Ann" || sent["to"] != "Bob" {
			t.Fatalf("the challenge sent: %v", sent)
		}
		got := cb.waitFor("the challenge", isChallenge("open")).m["challenge"].(map[string]any)
		if got["id"] != sent["id"] || got["game"] != "dots" || got["title"] != "Dots and Boxes" {
			t.Fatalf("the challenge Bob sees: %v", got)
		}
		if l := cb.ok("challenge.list", nil)["challenges"].([]any); len(l) != 1 {
			t.Fatalf("Bob's challenges: %v", l)
		}
		if msg := ca.fail("challenge.accept", map[string]any{"challenge": sent["id"]}); !strings.Contains(msg, "only Bob") {
			t.Fatalf("Ann accepting her own challenge: %q", msg)
		}
		if msg := cc.fail("challenge.accept", map[string]any{"challenge": sent["id"]}); !strings.Contains(msg, "no challenge") {
			t.Fatalf("Carl accepting Bob's challenge: %q", msg)
		}
		rep := cb.ok("challenge.accept", map[string]any{"challenge": sent["id"]})
		tb := rep["table"].(map[string]any)
		seats := tb["seats"].([]any)
		if tb["status"] != "playing" || seats[0].(map[string]any)["name"] != "Bob" || seats[1].(map[string]any)["name"] != "Ann" {
			t.Fatalf("the table the challenge opened: %v", tb)
		}
		id := tb["id"].(string)
		told := ca.waitFor("the acceptance", isChallenge("accepted")).m["challenge"].(map[string]any)
		if told["table"] != id {
			t.Fatalf("Ann is told of table %v, want %s", told["table"], id)
		}
		ca.ok("table.watch", map[string]any{"table": id})
		if msg := cc.fail("table.watch", map[string]any{"table": id}); !strings.Contains(msg, "private") {
			t.Fatalf("Carl watching the private table: %q", msg)
		}
		if code, _ := carl.do("GET", "/api/tables/"+id, nil); code != 404 {
			t.Fatalf("Carl reading the private table by its link: %d", code)
		}
		if code, _ := ann.do("GET", "/api/tables/"+id, nil); code != 200 {
			t.Fatalf("Ann reading her private table by its link: %d", code)
		}
		// A table made after the challenge's is listed, the private one never.
		other := tableID(cc.ok("table.create", map[string]any{"game": "dots", "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
		cc.waitFor("Carl's own table in the lobby", func(m msg) bool {
			if m.t() != "lobby.tables" {
				return false
			}
			for _, x := range m.m["tables"].([]any) {
				if x.(map[string]any)["id"] == id {
					t.Fatalf("the lobby lists the private table: %s", m.raw)
				}
			}
			return strings.Contains(string(m.raw), other)
		})
		// The two find it in their lists, since the lobby lists it to nobody.
		for who, c := range map[string]*client{"Bob": ca, "Ann": cb} {
			priv := c.ok("social.list", nil)["private"].([]any)
			if len(priv) != 1 || priv[0].(map[string]any)["id"] != id || priv[0].(map[string]any)["with"] != who {
				t.Fatalf("private tables listed: %v, want %s with %s", priv, id, who)
			}
		}
		if priv := cc.ok("social.list", nil)["private"].([]any); len(priv) != 0 {
			t.Fatalf("Carl's private tables: %v", priv)
		}
		if msg := cb.fail("challenge.accept", map[string]any{"challenge": sent["id"]}); !strings.Contains(msg, "accepted already") {
			t.Fatalf("accepting twice: %q", msg)
		}
	})
}

// TestChallengeDeclinedWithdrawnAndLapsed: Bob declines Ann's challenge
// and Ann is told; she withdraws another, and Bob is told; a third
// nobody answers lapses at its time, both are told, and accepting it
// then is refused. Bad challenges are refused with their reasons.
func TestChallengeDeclinedWithdrawnAndLapsed(t *testing.T) {
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) { c.ChallengeWait = 2 * time.Second })
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	one := ca.ok("challenge.send", map[string]any{"to": "Bob", "game": "dots"})["challenge"].(map[string]any)
	cb.ok("challenge.decline", map[string]any{"challenge": one["id"]})
	if c := ca.waitFor("the decline", isChallenge("declined")).m["challenge"].(map[string]any); c["id"] != one["id"] {
		t.Fatalf("declined: %v", c)
	}
	two := ca.ok("challenge.send", map[string]any{"to": "Bob", "game": "dots"})["challenge"].(map[string]any)
	ca.ok("challenge.decline", map[string]any{"challenge": two["id"]})
	cb.waitFor("the withdrawal", isChallenge("withdrawn"))
	if msg := cb.fail("challenge.accept", map[string]any{"challenge": two["id"]}); !strings.Contains(msg, "withdrew") {
		t.Fatalf("accepting a withdrawn challenge: %q", msg)
	}
	three := ca.ok("challenge.send", map[string]any{"to": "Bob", "game": "dots"})["challenge"].(map[string]any)
	cb.waitFor("the lapse", isChallenge("lapsed"))
	ca.waitFor("the lapse", isChallenge("lapsed"))
	if msg := cb.fail("challenge.accept", map[string]any{"challenge": three["id"]}); !strings.Contains(msg, "lapsed") {
		t.Fatalf("accepting a lapsed challenge: %q", msg)
	}
	for _, bad := range []struct {
		req  map[string]any
		want string
	}{
		{map[string]any{"to": "Ann", "game": "dots"}, "yourself"},
		{map[string]any{"to": "Nobody", "game": "dots"}, "nobody is called"},
		{map[string]any{"to": "Bob", "game": "chess"}, "chess"},
		{map[string]any{"to": "Bob", "game": "dots", "seat": 2}, "seat must be 0 to 1"},
		{map[string]any{"to": "Bob", "game": "dots", "bots": "easy"}, "no seat for a bot"},
		{map[string]any{"to": "Bob", "game": "clue", "options": map[string]any{"players": 3}}, "give bots"},
		{map[string]any{"to": "Bob"}, "needs to and game"},
	} {
		if msg := ca.fail("challenge.send", bad.req); !strings.Contains(msg, bad.want) {
			t.Errorf("challenge %v: %q, want it to say %q", bad.req, msg, bad.want)
		}
	}
	if l := cb.ok("challenge.list", nil)["challenges"].([]any); len(l) != 0 {
		t.Fatalf("open challenges after all that: %v", l)
	}
}

// TestReportKeepsTheLine: Bob reports a line of Ann's lobby chat, and
// Ann herself; both reports are kept, the line's text with the first. A
// report without a reason, of a line never written, or of oneself is
// refused.
func TestReportKeepsTheLine(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		ann, bob := e.guest("Ann"), e.guest("Bob")
		ca, cb := ann.dial(), bob.dial()
		ca.ok("lobby.join", nil)
		cb.ok("lobby.join", nil)
		ca.ok("chat.send", map[string]any{"channel": "lobby", "text": "something rude"})
		line := cb.waitFor("Ann's line", isChatFrom("Ann", "something rude"))
		cb.ok("social.report", map[string]any{"name": "Ann", "reason": "insults", "channel": "lobby", "at": line.m["at"]})
		cb.ok("social.report", map[string]any{"name": "Ann", "reason": "keeps insulting"})
		if msg := cb.fail("social.report", map[string]any{"name": "Ann", "reason": "  "}); !strings.Contains(msg, "cannot be empty") {
			t.Fatalf("a report without a reason: %q", msg)
		}
		if msg := cb.fail("social.report", map[string]any{"name": "Ann", "reason": "x", "channel": "lobby", "at": "2020-01-01T00:00:00Z"}); !strings.Contains(msg, "no line") {
			t.Fatalf("a report of a line never written: %q", msg)
		}
		if msg := cb.fail("social.report", map[string]any{"name": "Bob", "reason": "x"}); !strings.Contains(msg, "yourself") {
			t.Fatalf("reporting oneself: %q", msg)
		}
		reps, err := e.st.Reports(t.Context(), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(reps) != 2 || reps[1].LineText != "something rude" || reps[1].Reason != "insults" || reps[1].TargetName != "Ann" ||
			reps[0].LineText != "" || reps[0].ReporterName != "Bob" {
			t.Fatalf("reports kept: %+v", reps)
		}
	})
}
