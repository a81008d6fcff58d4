package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// fleetSquares are the squares of plantedFleet, in notation.
var plantedSquares = []string{
	"F10", "G10", "H10", "I10", "J10", // carrier row 9 col 5 h
	"I3", "I4", "I5", "I6", // battleship row 2 col 8 v
	"B7", "B8", "B9", // cruiser row 6 col 1 v
	"D1", "E1", "F1", // submarine row 0 col 3 h
	"G5", "H5", // destroyer row 4 col 6 h
}

// water lists squares outside plantedFleet.
var waterSquares = []string{"A1", "B1", "C1", "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "A3", "B3", "C3", "D3", "E3", "F3", "G3"}

// TestHotSeatHandover: one connection holds both Battleship seats. Before
// each seat acts the server asks for a hand-over and sends that seat's
// view only after the client confirms; the other seat's fleet never shows.
func TestHotSeatHandover(t *testing.T) {
	e := newEnv(t)
	c := e.guest("Solo").dial()
	rep := c.ok("table.create", map[string]any{"game": "battleship",
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "me"}}})
	id := tableID(rep)
	w := c.ok("table.watch", map[string]any{"table": id})
	snap := w["snapshot"].(map[string]any)
	if snap["handover"] != float64(0) {
		t.Fatalf("snapshot handover %v, want seat 0", snap["handover"])
	}
	if v := snap["views"].(map[string]any); v["0"] != nil || v["1"] != nil {
		t.Fatalf("a seat's view before any hand-over: %v", v)
	}
	c.fail("match.play", map[string]any{"table": id, "seat": 0, "move": "random"})
	h := c.ok("match.handover", map[string]any{"table": id, "seat": 0})
	if h["snapshot"].(map[string]any)["views"].(map[string]any)["0"] == nil {
		t.Fatalf("no seat 0 view after hand-over: %v", h)
	}
	c.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"fleet": plantedFleet}})
	c.waitFor("handover to seat 1", func(m msg) bool {
		return m.t() == "handover" && m.m["seat"] == float64(1)
	})
	mark := len(c.all())
	c.fail("match.play", map[string]any{"table": id, "seat": 1, "move": "random"})
	h = c.ok("match.handover", map[string]any{"table": id, "seat": 1})
	v1 := mustMarshal(h["snapshot"].(map[string]any)["views"])
	if strings.Contains(string(v1), `"row":9,"col":5`) || h["snapshot"].(map[string]any)["views"].(map[string]any)["1"] == nil {
		t.Fatalf("seat 1's hand-over view: %s", v1)
	}
	c.ok("match.play", map[string]any{"table": id, "seat": 1, "move": "random"})
	waitSeq(c, id, 2)
	// Seat 1's random fleet may share a square with seat 0's; it will not
	// share its first two ships.
	for _, m := range c.all()[mark:] {
		if strings.Contains(string(m.raw), `{"ship":"carrier","row":9,"col":5,"dir":"h"},{"ship":"battleship","row":2,"col":8,"dir":"v"}`) {
			t.Fatalf("seat 0's fleet shown while seat 1 had the screen: %s", m.raw)
		}
	}
	// Battle: seat 0 fires first; the screen goes back to seat 0.
	c.waitFor("handover to seat 0", func(m msg) bool {
		return m.t() == "handover" && m.m["seat"] == float64(0)
	})
}

// TestBotSeat: a Dots match against a bot plays to the end with the bot
// answering every time its seat owes a move.
func TestBotSeat(t *testing.T) {
	e := newEnv(t)
	c := e.guest("Human").dial()
	rep := c.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}})
	id := tableID(rep)
	if rep["table"].(map[string]any)["status"] != "playing" {
		t.Fatalf("a table with no open seat did not start: %v", rep["table"])
	}
	c.ok("table.watch", map[string]any{"table": id, "views": false})
	local := newLocal(t, "dots", `{"rows":3,"cols":3}`)
	seq := 0
	for local.st.Outcome() == nil {
		if local.st.Turn()[0] == 0 {
			legal := local.st.Legal(0)
			c.ok("match.play", map[string]any{"table": id, "seat": 0, "move": game.Canonical(legal[0])})
		}
		seq++
		local.apply(t, waitSeq(c, id, seq))
	}
	bot := 0
	for _, m := range pushesOf(c, id) {
		if m.m["seat"] == float64(1) {
			bot++
		}
	}
	if bot == 0 {
		t.Fatal("the bot never moved")
	}
	// The bot thinks within the server's configured budget (parlor serve
	// -bot-ms; 50 ms in these tests), recorded with the match so that it
	// holds after a restart too.
	ml, err := e.st.LoadMatch(context.Background(), e.matchOf(t, c, id))
	if err != nil {
		t.Fatal(err)
	}
	var set struct {
		BotTime time.Duration `json:"botTime"`
	}
	if err := json.Unmarshal(ml.Settings, &set); err != nil || set.BotTime != 50*time.Millisecond {
		t.Fatalf("the match's bot budget is %v (%v), want the server's 50ms", set.BotTime, err)
	}
}

// playDotsVsBot starts a small Dots match against a bot and plays n of
// the human's moves; it returns the table and the seq reached.
func playDotsVsBot(t *testing.T, c *client, n int) (string, int) {
	t.Helper()
	rep := c.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}})
	id := tableID(rep)
	c.ok("table.watch", map[string]any{"table": id, "views": false})
	local := newLocal(t, "dots", `{"rows":3,"cols":3}`)
	seq := 0
	for played := 0; local.st.Outcome() == nil; {
		if local.st.Turn()[0] == 0 {
			if n >= 0 && played >= n {
				break
			}
			c.ok("match.play", map[string]any{"table": id, "seat": 0, "move": game.Canonical(local.st.Legal(0)[0])})
			played++
		}
		seq++
		local.apply(t, waitSeq(c, id, seq))
	}
	return id, seq
}

// TestSaveExportImportLoad: save a live match, list it, download it,
// import it back, refuse tampered and corrupt files with the reason, and
// resume the save at a new table.
func TestSaveExportImportLoad(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		u := e.account("Saver", "long enough pw")
		c := u.dial()
		id, seq := playDotsVsBot(t, c, 3)
		rep := c.ok("match.save", map[string]any{"table": id, "name": "midgame"})
		saveID := rep["save"].(map[string]any)["id"].(string)
		code, body := u.do("GET", "/api/saves", nil)
		if code != 200 || !strings.Contains(string(body), `"midgame"`) {
			t.Fatalf("saves list %d %s", code, body)
		}
		code, file := u.do("GET", "/api/saves/"+saveID+"/file", nil)
		if code != 200 {
			t.Fatalf("download %d %s", code, file)
		}
		var f struct {
			Log struct {
				Moves []json.RawMessage `json:"moves"`
			} `json:"log"`
		}
		if err := json.Unmarshal(file, &f); err != nil || len(f.Log.Moves) != seq {
			t.Fatalf("file has %d moves (want %d): %v %s", len(f.Log.Moves), seq, err, file)
		}
		// Another user cannot download it.
		other := e.guest("Snoop")
		if code, _ := other.do("GET", "/api/saves/"+saveID+"/file", nil); code != 404 {
			t.Fatalf("another user's download: %d", code)
		}
		code, body = u.do("POST", "/api/saves/import", file)
		if code != 200 {
			t.Fatalf("import of an exported file: %d %s", code, body)
		}
		// Tamper: the first move becomes a diagonal line.
		var raw map[string]any
		json.Unmarshal(file, &raw)
		moves := raw["log"].(map[string]any)["moves"].([]any)
		moves[0].(map[string]any)["move"] = map[string]any{"from": []int{0, 0}, "to": []int{1, 1}}
		code, body = u.do("POST", "/api/saves/import", mustMarshal(raw))
		if code != 400 || !strings.Contains(string(body), "move 1") {
			t.Fatalf("tampered import: %d %s", code, body)
		}
		code, body = u.do("POST", "/api/saves/import", []byte(`{"parlor":"save","v":1,"name":"x","log":`))
		if code != 400 || !strings.Contains(string(body), "not a valid save") {
			t.Fatalf("corrupt import: %d %s", code, body)
		}

		// Resume the save at a new table, against a bot as before.
		rep = c.ok("match.load", map[string]any{"save": saveID, "seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}})
		nid := tableID(rep)
		w := c.ok("table.watch", map[string]any{"table": nid})
		if got := w["snapshot"].(map[string]any)["seq"]; got != float64(seq) {
			t.Fatalf("loaded match at seq %v, want %d", got, seq)
		}
		local := newLocal(t, "dots", `{"rows":3,"cols":3}`)
		for _, m := range f.Log.Moves {
			var en game.Entry
			json.Unmarshal(m, &en)
			if err := game.Play(local.st, en.Seat, en.Move); err != nil {
				t.Fatal(err)
			}
		}
		if local.st.Turn()[0] == 0 {
			c.ok("match.play", map[string]any{"table": nid, "seat": 0, "move": game.Canonical(local.st.Legal(0)[0])})
		}
		waitSeq(c, nid, seq+1)
	})
}

// battleshipDuel opens a Battleship table for two players who both place
// plantedFleet; it returns the table id.
func battleshipDuel(t *testing.T, ca, cb *client) string {
	t.Helper()
	id := openDuel(t, ca, cb, map[string]any{"game": "battleship"}, map[string]any{"views": false})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"fleet": plantedFleet}})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": map[string]any{"fleet": plantedFleet}})
	return id
}

// seat 0 sinks seat 1's fleet while seat 1 fires at water.
func sinkAll(t *testing.T, ca, cb *client, id string) {
	t.Helper()
	for i, sq := range plantedSquares {
		ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": sq})
		if i < len(plantedSquares)-1 {
			cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": waterSquares[i]})
		}
	}
}

// TestReplayAfterEnd: a finished match replays step by step with every
// seat's view; a live one is refused.
func TestReplayAfterEnd(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := battleshipDuel(t, ca, cb)
	mid := e.matchOf(t, ca, id)
	if code, _ := ann.do("GET", "/api/replays/"+mid, nil); code != 409 {
		t.Fatalf("replay of a live match: %d", code)
	}
	sinkAll(t, ca, cb, id)
	ca.waitFor("outcome", func(m msg) bool { return m.t() == "match" && m.m["outcome"] != nil })
	var r struct {
		Steps []struct {
			Seq   int                        `json:"seq"`
			Views map[string]json.RawMessage `json:"views"`
		} `json:"steps"`
	}
	code, body := bob.do("GET", "/api/replays/"+mid, nil)
	if code != 200 {
		t.Fatalf("replay %d %s", code, body)
	}
	if err := json.Unmarshal(body, &r); err != nil || len(r.Steps) != 2+2*len(plantedSquares) {
		t.Fatalf("replay has %d steps: %v", len(r.Steps), err)
	}
	// Secrets revealed: Bob's replay holds seat 0's view with its fleet.
	if !strings.Contains(string(r.Steps[2].Views["0"]), `"row":9,"col":5`) {
		t.Fatalf("replay views lack seat 0's fleet: %s", r.Steps[2].Views["0"])
	}
}

func over(ms []msg, table string) bool {
	for _, m := range ms {
		if m.t() == "match" && m.m["table"] == table && m.m["outcome"] != nil {
			return true
		}
	}
	return false
}

// TestAchievementAnnouncedOnce: winning a Battleship match grants Rookie,
// pushed at once, and not again on the next connection; a tutorial
// achievement is announced on the next connection.
func TestAchievementAnnouncedOnce(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		ann, bob := e.account("Ann", "password1"), e.account("Bob", "password2")
		ca, cb := ann.dial(), bob.dial()
		id := battleshipDuel(t, ca, cb)
		sinkAll(t, ca, cb, id)
		a := ca.waitFor("achievement", func(m msg) bool { return m.t() == "achievement" })
		if a.m["achievement"].(map[string]any)["id"] != "battleship.rookie" {
			t.Fatalf("achievement %s", a.raw)
		}
		ca.close()
		ann.mustPost("/api/achievements/tutorial", map[string]any{"game": "battleship"}, 200)
		again := ann.dial()
		tut := again.waitFor("tutorial achievement", func(m msg) bool { return m.t() == "achievement" })
		if tut.m["achievement"].(map[string]any)["id"] != "battleship.tutorial" {
			t.Fatalf("on reconnect: %s", tut.raw)
		}
		again.ok("lobby.join", nil) // a round trip: anything pending has arrived
		for _, m := range again.all() {
			if m.t() == "achievement" && strings.Contains(string(m.raw), "rookie") {
				t.Fatal("Rookie announced twice")
			}
		}
		for _, m := range cb.all() {
			if m.t() == "achievement" {
				t.Fatalf("the loser got %s", m.raw)
			}
		}
	})
}

// TestTableChatAndSpectators: players talk at their table; a spectator
// reads but may write only where the table allows it.
func TestTableChatAndSpectators(t *testing.T) {
	e := newEnv(t)
	ca, ce := e.guest("Host").dial(), e.guest("Watcher").dial()
	for _, allow := range []bool{false, true} {
		rep := ca.ok("table.create", map[string]any{"game": "dots", "spectatorChat": allow,
			"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}})
		id := tableID(rep)
		ch := "table:" + id
		ca.ok("table.watch", map[string]any{"table": id})
		ce.ok("table.watch", map[string]any{"table": id})
		ca.ok("chat.send", map[string]any{"channel": ch, "text": "welcome"})
		ce.waitFor("table chat", func(m msg) bool { return m.t() == "chat" && m.m["channel"] == ch && m.m["text"] == "welcome" })
		if allow {
			ce.ok("chat.send", map[string]any{"channel": ch, "text": "thanks"})
			ca.waitFor("spectator chat", func(m msg) bool { return m.t() == "chat" && m.m["text"] == "thanks" })
		} else if s := ce.fail("chat.send", map[string]any{"channel": ch, "text": "hi"}); !strings.Contains(s, "spectators") {
			t.Fatalf("spectator write: %q", s)
		}
	}
}

// TestDisconnectForfeit: with a short grace and forfeit, a player who
// leaves loses and the other is told.
func TestDisconnectForfeit(t *testing.T) {
	e := newEnv(t)
	ca, cb := e.guest("Stays").dial(), e.guest("Leaves").dial()
	id := openDuel(t, ca, cb, map[string]any{"game": "dots", "policy": map[string]any{"grace": 0.05, "onGone": "forfeit"}}, nil)
	cb.close()
	m := ca.waitFor("forfeit", func(m msg) bool { return m.t() == "match" && m.m["table"] == id && m.m["outcome"] != nil })
	w := m.m["outcome"].(map[string]any)["winners"].([]any)
	if len(w) != 1 || w[0] != float64(0) {
		t.Fatalf("outcome %s", m.raw)
	}
}
