package server_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// clueThree opens a Clue-Less table for three guests, starts it, and has
// each watch; Scarlet, seat 0, moves first.
func clueThree(t *testing.T, cs []*client) (string, []map[string]any) {
	t.Helper()
	id := tableID(cs[0].ok("table.create", map[string]any{"game": "clue", "options": map[string]any{"players": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}, map[string]any{"kind": "open"}}}))
	cs[1].ok("table.sit", map[string]any{"table": id, "seat": 1})
	cs[2].ok("table.sit", map[string]any{"table": id, "seat": 2})
	cs[0].ok("table.start", map[string]any{"table": id})
	var snaps []map[string]any
	for _, c := range cs {
		w := c.ok("table.watch", map[string]any{"table": id})
		snaps = append(snaps, w["snapshot"].(map[string]any))
	}
	return id, snaps
}

// refusedWith sends a request that must be refused with code, and
// returns the sentence a player reads.
func refusedWith(t *testing.T, c *client, typ string, fields map[string]any, code string) string {
	t.Helper()
	r := c.call(typ, fields)
	if r.m["ok"] != false || r.m["code"] != code {
		t.Fatalf("%s %v: %s, want refusal %q", typ, fields, r.raw, code)
	}
	text, _ := r.m["error"].(string)
	// A malformed request names the request, as every one does; a
	// refusal of a well-formed one speaks to the player.
	if text == "" || (code != "bad-request" && strings.Contains(text, "match.")) || strings.Contains(text, "*") {
		t.Fatalf("%s refusal %q is not a sentence for a player", typ, text)
	}
	return text
}

// pushEvent waits for push seq at every client and returns the type and
// data of its first event as the first client saw it.
func pushEvent(t *testing.T, id string, seq int, cs ...*client) (string, map[string]any, msg) {
	t.Helper()
	var first msg
	for i, c := range cs {
		m := waitSeq(c, id, seq)
		if i == 0 {
			first = m
		}
	}
	evs, _ := first.m["events"].([]any)
	if len(evs) == 0 {
		t.Fatalf("push %d has no event: %s", seq, first.raw)
	}
	e := evs[0].(map[string]any)
	data, _ := e["data"].(map[string]any)
	vote, _ := data["vote"].(map[string]any)
	return e["type"].(string), vote, first
}

// TestClueVote: Clue-Less spec section 5 over the protocol. Three players
// and a spectator: the snapshot offers both votes; refusals (not a player,
// a vote already open, voting twice, the subject voting, a turn that is
// not the one to move) carry codes and sentences; every watcher, the
// spectator too, gets each step; a pass carried moves the turn on, and a
// removal voted down changes nothing.
func TestClueVote(t *testing.T) {
	e := newEnv(t)
	cs := []*client{e.guest("Ann").dial(), e.guest("Bob").dial(), e.guest("Cy").dial()}
	dee := e.guest("Dee").dial()
	id, snaps := clueThree(t, cs)
	dee.ok("table.watch", map[string]any{"table": id})
	if v := snaps[0]["votes"]; len(v.([]any)) != 2 || snaps[0]["vote"] != nil {
		t.Fatalf("snapshot votes %v vote %v", v, snaps[0]["vote"])
	}
	all := append(cs[:3:3], dee)

	refusedWith(t, dee, "match.vote.call", map[string]any{"table": id, "seat": 1, "kind": "pass", "subject": 0}, "forbidden")
	refusedWith(t, cs[0], "match.vote.call", map[string]any{"table": id, "seat": 0, "kind": "pass", "subject": 1}, "not-to-move")
	refusedWith(t, cs[0], "match.vote.call", map[string]any{"table": id, "seat": 0, "kind": "pass", "subject": 0}, "vote-self")
	refusedWith(t, cs[0], "match.vote.call", map[string]any{"table": id, "seat": 0, "kind": "skip", "subject": 1}, "bad-request")
	refusedWith(t, cs[1], "match.vote.cast", map[string]any{"table": id, "seat": 1, "yes": true}, "no-vote-open")

	if r := cs[1].ok("match.vote.call", map[string]any{"table": id, "seat": 1, "kind": "pass", "subject": 0}); r["seq"] != float64(1) {
		t.Fatalf("call reply %v", r)
	}
	typ, v, _ := pushEvent(t, id, 1, all...)
	if typ != "vote" || v["kind"] != "pass" || v["subject"] != float64(0) || v["needed"] != float64(2) || v["until"] == nil {
		t.Fatalf("the call's push: %s %v", typ, v)
	}
	refusedWith(t, cs[2], "match.vote.call", map[string]any{"table": id, "seat": 2, "kind": "remove", "subject": 0}, "vote-open")
	refusedWith(t, cs[1], "match.vote.cast", map[string]any{"table": id, "seat": 1, "yes": true}, "voted-already")
	refusedWith(t, cs[0], "match.vote.cast", map[string]any{"table": id, "seat": 0, "yes": false}, "not-a-voter")
	refusedWith(t, dee, "match.vote.cast", map[string]any{"table": id, "seat": 2, "yes": true}, "forbidden")
	if w := cs[2].ok("table.unwatch", map[string]any{"table": id}); w == nil {
		t.Fatal("unwatch")
	}
	w := cs[2].ok("table.watch", map[string]any{"table": id})
	if ov, _ := w["snapshot"].(map[string]any)["vote"].(map[string]any); ov == nil || ov["caller"] != float64(1) {
		t.Fatalf("a watcher who comes back sees the open vote: %v", w["snapshot"])
	}

	cs[2].ok("match.vote.cast", map[string]any{"table": id, "seat": 2, "yes": true})
	typ, v, m := pushEvent(t, id, 3, all...)
	if typ != "voteend" || v["result"] != "carried" || m.m["turn"].([]any)[0] != float64(1) {
		t.Fatalf("the pass carried: %s %v turn %v", typ, v, m.m["turn"])
	}

	// Cy calls to remove Ann; Bob says no: with two voters, that fails it.
	cs[2].ok("match.vote.call", map[string]any{"table": id, "seat": 2, "kind": "remove", "subject": 0})
	cs[1].ok("match.vote.cast", map[string]any{"table": id, "seat": 1, "yes": false})
	typ, v, m = pushEvent(t, id, 6, all...)
	if typ != "voteend" || v["result"] != "failed" || m.m["turn"].([]any)[0] != float64(1) {
		t.Fatalf("the removal voted down: %s %v", typ, v)
	}

	// The replay of the finished match shows the passed turn where the
	// vote carried it.
	cs[0].ok("match.resign", map[string]any{"table": id, "seat": 0})
	waitSeq(cs[0], id, 7)
	code, body := cs[0].u.do("GET", "/api/replays/"+e.matchOf(t, cs[0], id), nil)
	if code != 200 {
		t.Fatalf("replay: %d %s", code, body)
	}
	var r struct {
		Steps []struct {
			Seq    int `json:"seq"`
			Events []struct {
				Type string `json:"type"`
			} `json:"events"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Steps) != 8 || len(r.Steps[3].Events) < 2 || r.Steps[3].Events[0].Type != "voteend" || r.Steps[3].Events[1].Type != "turnpassed" {
		t.Fatalf("replay steps: %s", body)
	}
}

// TestVoteNotAtTwo: a table of two is offered no vote, and a call there
// is refused.
func TestVoteNotAtTwo(t *testing.T) {
	e := newEnv(t)
	ca, cb := e.guest("Ann").dial(), e.guest("Bob").dial()
	id := dotsDuel(t, ca, cb, nil)
	text := refusedWith(t, ca, "match.vote.call", map[string]any{"table": id, "seat": 0, "kind": "pass", "subject": 1}, "no-vote-here")
	if !strings.Contains(text, "three or more") {
		t.Fatalf("refusal %q", text)
	}
}

// TestVoteNotAtOneScreen: a person holding every seat (a hot seat) is
// offered no vote and cannot call one: one person would vote for all.
func TestVoteNotAtOneScreen(t *testing.T) {
	e := newEnv(t)
	c := e.guest("Ann").dial()
	me := map[string]any{"kind": "me"}
	id := tableID(c.ok("table.create", map[string]any{"game": "warfare", "options": map[string]any{"players": 3}, "seats": []any{me, me, me}}))
	w := c.ok("table.watch", map[string]any{"table": id})
	if v, _ := w["snapshot"].(map[string]any)["votes"].([]any); len(v) != 0 {
		t.Fatalf("a hot seat is offered votes %v", v)
	}
	refusedWith(t, c, "match.vote.call", map[string]any{"table": id, "seat": 1, "kind": "pass", "subject": 0}, "conflict")
}

// TestClueVoteThenTheEnd: Clue-Less requirements 8 and 19 after a vote.
// Ann (seat 0, first to move) accuses wrongly and sits out, seeing the
// case file; Bob calls a vote to remove Cy, and is refused: with Ann
// out, Bob and Cy are the people still in the game, and Bob's word alone
// is no majority of two; Bob accuses rightly, everyone gets the end, and
// the table closes (requirement 19).
func TestClueVoteThenTheEnd(t *testing.T) {
	e := newEnv(t)
	cs := []*client{e.guest("Ann").dial(), e.guest("Bob").dial(), e.guest("Cy").dial()}
	id, snaps := clueThree(t, cs)
	var hand struct{ Hand []string }
	b, _ := json.Marshal(snaps[0]["views"].(map[string]any)["0"])
	json.Unmarshal(b, &hand)
	kind := func(card string) string {
		switch card {
		case "scarlet", "mustard", "white", "green", "peacock", "plum":
			return "suspect"
		case "candlestick", "knife", "lead-pipe", "revolver", "rope", "wrench":
			return "weapon"
		}
		return "room"
	}
	acc := map[string]any{"kind": "accuse", "suspect": "plum", "weapon": "rope", "room": "study"}
	acc[kind(hand.Hand[0])] = hand.Hand[0] // a card of her own: surely wrong
	cs[0].ok("match.play", map[string]any{"table": id, "seat": 0, "move": acc})
	m := waitSeq(cs[0], id, 1)
	var seen struct{ CaseFile []string }
	b, _ = json.Marshal(m.m["views"].(map[string]any)["0"])
	json.Unmarshal(b, &seen)
	if len(seen.CaseFile) != 3 {
		t.Fatalf("the wrong accuser sees no case file: %s", m.raw)
	}
	refusedWith(t, cs[0], "match.vote.call", map[string]any{"table": id, "seat": 0, "kind": "remove", "subject": 2}, "not-a-voter")

	if s := refusedWith(t, cs[1], "match.vote.call", map[string]any{"table": id, "seat": 1, "kind": "remove", "subject": 2}, "vote-too-few"); !strings.Contains(s, "people still in the game") {
		t.Fatalf("Bob's lone removal refused with %q", s)
	}

	cs[1].ok("match.play", map[string]any{"table": id, "seat": 1, "move": map[string]any{"kind": "accuse",
		"suspect": seen.CaseFile[0], "weapon": seen.CaseFile[1], "room": seen.CaseFile[2]}})
	for _, c := range cs {
		end := c.waitFor("the end", func(m msg) bool { return m.t() == "match" && m.m["outcome"] != nil })
		if w := end.m["outcome"].(map[string]any)["winners"].([]any); len(w) != 1 || w[0] != float64(1) {
			t.Fatalf("winners %v", w)
		}
		c.waitFor("the table over", func(m msg) bool {
			return m.t() == "table" && m.m["table"].(map[string]any)["status"] == "over"
		})
	}
	refusedWith(t, cs[1], "match.vote.call", map[string]any{"table": id, "seat": 1, "kind": "pass", "subject": 0}, "conflict")
}

// TestVoteBotsDoNotVote: at a Clue-Less table of Ann, Bob and a bot, no
// vote is offered and Bob cannot pass Ann's turn with the bot's yes: the
// call is refused with a sentence and nothing reaches Ann's screen. At a table of Ann, Bob, Cy
// and a bot, Bob's call leaves the vote open: Ann, voted on, gets it
// with its countdown and a need of two yeses (the bot is no voter), and
// only Cy's yes carries it.
func TestVoteBotsDoNotVote(t *testing.T) {
	e := newEnv(t)
	annU := e.guest("Ann")
	ann, bob, cy := annU.dial(), e.guest("Bob").dial(), e.guest("Cy").dial()
	open, bot := map[string]any{"kind": "open"}, map[string]any{"kind": "bot", "level": "easy"}
	id := tableID(ann.ok("table.create", map[string]any{"game": "clue", "options": map[string]any{"players": 3},
		"seats": []any{map[string]any{"kind": "me"}, open, bot}}))
	bob.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ann.ok("table.start", map[string]any{"table": id})
	for _, c := range []*client{ann, bob} {
		c.ok("table.watch", map[string]any{"table": id})
	}
	if s := refusedWith(t, bob, "match.vote.call", map[string]any{"table": id, "seat": 1, "kind": "pass", "subject": 0}, "no-vote-here"); !strings.Contains(s, "bots do not vote") {
		t.Fatalf("the refusal says %q", s)
	}
	snap := annU.dial().ok("table.watch", map[string]any{"table": id})["snapshot"].(map[string]any)
	if v, _ := snap["votes"].([]any); snap["vote"] != nil || len(v) != 0 {
		t.Fatalf("two people and a bot: votes %v offered, vote %v open", snap["votes"], snap["vote"])
	}

	id = tableID(ann.ok("table.create", map[string]any{"game": "clue", "options": map[string]any{"players": 4},
		"seats": []any{map[string]any{"kind": "me"}, open, open, bot}}))
	bob.ok("table.sit", map[string]any{"table": id, "seat": 1})
	cy.ok("table.sit", map[string]any{"table": id, "seat": 2})
	ann.ok("table.start", map[string]any{"table": id})
	for _, c := range []*client{ann, bob, cy} {
		c.ok("table.watch", map[string]any{"table": id})
	}
	bob.ok("match.vote.call", map[string]any{"table": id, "seat": 1, "kind": "pass", "subject": 0})
	typ, v, _ := pushEvent(t, id, 1, ann, bob, cy)
	if typ != "vote" || v["result"] != nil || v["needed"] != float64(2) || len(v["voters"].([]any)) != 2 || v["until"] == nil || len(v["yes"].([]any)) != 1 {
		t.Fatalf("Ann, voted on, sees %s %v", typ, v)
	}
	cy.ok("match.vote.cast", map[string]any{"table": id, "seat": 2, "yes": true})
	typ, v, m := pushEvent(t, id, 3, ann, bob, cy)
	if typ != "voteend" || v["result"] != "carried" || m.m["turn"].([]any)[0] != float64(1) {
		t.Fatalf("Cy's yes: %s %v turn %v", typ, v, m.m["turn"])
	}
}
