package server_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestLoadedSaveKeepsOtherSeatsSecret: Ann saves a Battleship game against
// Bob before its end. Loading that save must not let her (or anyone she
// gives the file to) play Bob's seat, whose view shows Bob's fleet: she
// may take only the seat she held, Bob's goes to a bot. The same holds for
// a sealed file downloaded and imported by someone else, and Bob may load
// his own save in his own seat.
func TestLoadedSaveKeepsOtherSeatsSecret(t *testing.T) {
	e := newEnv(t)
	ann, bob, cat := e.guest("Ann"), e.guest("Bob"), e.guest("Cat")
	ca, cb, cc := ann.dial(), bob.dial(), cat.dial()
	id := tableID(ca.ok("table.create", map[string]any{"game": "battleship",
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
	cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ca.ok("table.start", map[string]any{"table": id})
	ca.ok("table.watch", map[string]any{"table": id})
	cb.ok("table.watch", map[string]any{"table": id})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"fleet": otherFleet}})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": map[string]any{"fleet": plantedFleet}})
	waitSeq(ca, id, 2)

	saveID := func(rep map[string]any) string { return rep["save"].(map[string]any)["id"].(string) }
	annSave := saveID(ca.ok("match.save", map[string]any{"table": id, "name": "mid-game"}))
	bobSave := saveID(cb.ok("match.save", map[string]any{"table": id, "name": "mid-game"}))

	me := map[string]any{"kind": "me"}
	bot := map[string]any{"kind": "bot", "level": "easy"}
	for _, seats := range [][]any{{me, me}, {bot, me}} {
		r := ca.call("match.load", map[string]any{"save": annSave, "seats": seats})
		if r.m["ok"] != false || r.m["code"] != "forbidden" || !strings.Contains(r.m["error"].(string), "seat 1") {
			t.Fatalf("Ann loading her save with seats %v: %s, want a forbidden refusal naming seat 1", seats, r.raw)
		}
	}

	// With no seats given, Ann gets her own seat and a bot gets Bob's.
	lt := ca.ok("match.load", map[string]any{"save": annSave})["table"].(map[string]any)
	seats := lt["seats"].([]any)
	if seats[0].(map[string]any)["kind"] != "human" || seats[1].(map[string]any)["kind"] != "bot" {
		t.Fatalf("default seats of Ann's loaded save: %v, want Ann then a bot", seats)
	}
	loaded := lt["id"].(string)
	ca.ok("table.watch", map[string]any{"table": loaded})
	// Ann's move in the loaded game, so that the bot answers and her
	// connection receives its views.
	ca.ok("match.play", map[string]any{"table": loaded, "seat": 0, "move": "J10"})
	waitSeq(ca, loaded, 4)
	for _, p := range plantedFleet {
		if s := rawAll(ca); strings.Contains(s, string(mustMarshal(p))) {
			t.Fatalf("Ann's traffic holds Bob's %v after loading her save", p)
		}
	}

	// Bob may load his own save in his own seat.
	cb.ok("match.load", map[string]any{"save": bobSave, "seats": []any{bot, me}})

	// A sealed file of Ann's save, imported by Cat: no seat is Cat's.
	code, file := ann.do("GET", "/api/saves/"+annSave+"/file", nil)
	if code != 200 || !strings.Contains(string(file), `"sealed"`) {
		t.Fatalf("downloading Ann's save: %d %s", code, file)
	}
	code, body := cat.do("POST", "/api/saves/import", file)
	if code != 200 {
		t.Fatalf("Cat importing Ann's sealed file: %d %s", code, body)
	}
	var imp struct {
		Save struct {
			ID string `json:"id"`
		} `json:"save"`
	}
	if err := json.Unmarshal(body, &imp); err != nil {
		t.Fatal(err)
	}
	for _, seats := range [][]any{{me, bot}, {bot, me}} {
		r := cc.call("match.load", map[string]any{"save": imp.Save.ID, "seats": seats})
		if r.m["ok"] != false || r.m["code"] != "forbidden" {
			t.Fatalf("Cat loading Ann's imported save with seats %v: %s, want forbidden", seats, r.raw)
		}
	}
	cc.ok("match.load", map[string]any{"save": imp.Save.ID, "seats": []any{bot, bot}})

	// Against a bot, the default load gives the bot its seat back at the
	// same level.
	vs := tableID(ca.ok("table.create", map[string]any{"game": "battleship",
		"seats": []any{me, map[string]any{"kind": "bot", "level": "expert"}}}))
	ca.ok("table.watch", map[string]any{"table": vs})
	ca.ok("match.play", map[string]any{"table": vs, "seat": 0, "move": map[string]any{"fleet": otherFleet}})
	waitSeq(ca, vs, 2)
	vsSave := saveID(ca.ok("match.save", map[string]any{"table": vs, "name": "against the expert"}))
	seats = ca.ok("match.load", map[string]any{"save": vsSave})["table"].(map[string]any)["seats"].([]any)
	if s1 := seats[1].(map[string]any); s1["kind"] != "bot" || s1["level"] != "expert" {
		t.Fatalf("seat 1 of a loaded game against the expert: %v, want the expert bot", s1)
	}
}
