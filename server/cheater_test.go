package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/store"
)

// The tests in this file try, as a cheating player would, every route by
// which a hidden fact of a match could be learnt before the match has
// ended for good: a save loaded with other seats or with two bots, a
// second load of the same save, a downloaded sealed file imported again or
// by someone else, a replay asked for by id or from the lobby listing, and
// the seed. The property they share: nobody sees the other fleet of a
// Battleship match that is still being played, and nothing derived from a
// match (a copy) can be played or counted instead of it.

// fleetIn reports which of fleet's placements text carries, as the game
// writes a placement in moves, events and views.
func fleetIn(text string, fleet []map[string]any) []string {
	var found []string
	for _, p := range fleet {
		s := fmt.Sprintf(`"ship":%q,"row":%d,"col":%d`, p["ship"], p["row"], p["col"])
		if strings.Contains(text, s) {
			found = append(found, s)
		}
	}
	return found
}

// savedID reads the id from a match.save reply.
func savedID(rep map[string]any) string { return rep["save"].(map[string]any)["id"].(string) }

// battleshipAgainstBob starts a Battleship match between Ann (seat 0,
// otherFleet) and Bob (seat 1, plantedFleet, the secret), both fleets
// placed, and returns the table.
func battleshipAgainstBob(ca, cb *client) string {
	id := tableID(ca.ok("table.create", map[string]any{"game": "battleship",
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
	cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ca.ok("table.start", map[string]any{"table": id})
	ca.ok("table.watch", map[string]any{"table": id})
	cb.ok("table.watch", map[string]any{"table": id})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"fleet": otherFleet}})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": map[string]any{"fleet": plantedFleet}})
	waitSeq(ca, id, 2)
	// Bob's own traffic does carry his fleet: the checks below would be
	// vacuous otherwise.
	if got := fleetIn(rawAll(cb), plantedFleet); len(got) != len(plantedFleet) {
		panic(fmt.Sprintf("Bob's traffic shows %d of his %d placements", len(got), len(plantedFleet)))
	}
	return id
}

// tableCount is the number of tables a fresh lobby listing shows.
func tableCount(c *client) int {
	c.ok("lobby.join", nil)
	defer c.ok("lobby.leave", nil)
	m := c.waitFor("lobby.tables", func(m msg) bool { return m.t() == "lobby.tables" })
	return len(m.m["tables"].([]any))
}

// TestCheaterCannotForkALiveHiddenMatch: Ann saves her live game against
// Bob. Loading the save, whichever seats she asks for, makes no copy: with
// seats given it is refused and changes nothing, and without, it brings
// her back to the one table where the match is played, as often as she
// loads it. Her traffic never carries Bob's fleet.
func TestCheaterCannotForkALiveHiddenMatch(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := battleshipAgainstBob(ca, cb)
	save := savedID(ca.ok("match.save", map[string]any{"table": id, "name": "mid-game"}))
	before := tableCount(ca)

	me := map[string]any{"kind": "me"}
	bot := map[string]any{"kind": "bot", "level": "easy"}
	for _, seats := range [][]any{{me, me}, {bot, bot}, {me, bot}, {bot, me}} {
		r := ca.call("match.load", map[string]any{"save": save, "seats": seats})
		if r.m["ok"] != false || r.m["code"] != "bad-request" {
			t.Fatalf("loading a bookmark with seats %v: %s, want a bad-request refusal", seats, r.raw)
		}
	}
	for i := 0; i < 2; i++ {
		tb := ca.ok("match.load", map[string]any{"save": save})["table"].(map[string]any)
		if tb["id"] != id {
			t.Fatalf("load %d of Ann's save opened table %v, want the match's own table %s", i+1, tb["id"], id)
		}
		if s0 := tb["seats"].([]any)[0].(map[string]any); s0["mine"] != true {
			t.Fatalf("load %d: seat 0 %v is not marked Ann's", i+1, s0)
		}
	}
	if after := tableCount(ca); after != before {
		t.Fatalf("the lobby lists %d tables after the loads, %d before: a load made a copy", after, before)
	}
	// Back at the table, Ann plays on and still sees only her own fleet.
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "J10"})
	waitSeq(ca, id, 3)
	if leaked := fleetIn(rawAll(ca), plantedFleet); len(leaked) > 0 {
		t.Fatalf("Ann's traffic carries Bob's fleet: %v", leaked)
	}
}

// TestCheaterImportsTheSealedFile: a downloaded sealed file of a live
// match, imported again by its saver or by a third person, is the same
// bookmark: loading it leads to the live table, where Cat, who holds no
// seat, watches as a spectator and sees no fleet. A plain file of an
// unfinished Battleship game, which Parlor never makes, is refused.
func TestCheaterImportsTheSealedFile(t *testing.T) {
	e := newEnv(t)
	ann, bob, cat := e.guest("Ann"), e.guest("Bob"), e.guest("Cat")
	ca, cb, cc := ann.dial(), bob.dial(), cat.dial()
	id := battleshipAgainstBob(ca, cb)
	save := savedID(ca.ok("match.save", map[string]any{"table": id, "name": "mid-game"}))

	code, file := ann.do("GET", "/api/saves/"+save+"/file", nil)
	if code != 200 || !strings.Contains(string(file), `"sealed"`) {
		t.Fatalf("downloading Ann's save: %d %s", code, file)
	}
	if strings.Contains(string(file), `"seed"`) || len(fleetIn(string(file), plantedFleet)) > 0 {
		t.Fatalf("the sealed file shows the seed or the fleet: %s", file)
	}
	for _, u := range []*user{ann, cat} {
		code, body := u.do("POST", "/api/saves/import", file)
		if code != 200 {
			t.Fatalf("%s importing the sealed file: %d %s", u.name, code, body)
		}
		var imp struct {
			Save struct{ ID, Match string }
		}
		if err := json.Unmarshal(body, &imp); err != nil {
			t.Fatal(err)
		}
		c := map[*user]*client{ann: ca, cat: cc}[u]
		tb := c.ok("match.load", map[string]any{"save": imp.Save.ID})["table"].(map[string]any)
		if tb["id"] != id {
			t.Fatalf("%s's imported file opened table %v, want the live table %s", u.name, tb["id"], id)
		}
	}
	rep := cc.ok("table.watch", map[string]any{"table": id})
	if seats := rep["seats"].([]any); len(seats) != 0 {
		t.Fatalf("Cat holds seats %v at a table she never sat at", seats)
	}
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "A1"})
	waitSeq(cc, id, 3)
	if leaked := fleetIn(rawAll(cc), plantedFleet); len(leaked) > 0 {
		t.Fatalf("Cat's traffic carries Bob's fleet: %v", leaked)
	}

	// A plain file of the same unfinished game (the seed and both fleets
	// in clear), as a cheater would write one, is refused.
	ml, err := e.st.LoadMatch(context.Background(), e.matchOf(t, ca, id))
	if err != nil {
		t.Fatal(err)
	}
	plain := mustMarshal(map[string]any{"parlor": "save", "v": 1, "name": "forged", "seats": []string{"Ann", "Bob"}, "log": ml.Log()})
	if code, body := cat.do("POST", "/api/saves/import", json.RawMessage(plain)); code != 400 || !strings.Contains(string(body), `"code":"bad-request"`) {
		t.Fatalf("importing a plain file of an unfinished Battleship game: %d %s, want 400 bad-request", code, body)
	}
}

// TestCheaterReadsReplays: while the match is played, its replay is
// refused by id and from every match id the lobby lists; once Ann
// resigns it opens, and her bookmark then opens only as that replay.
func TestCheaterReadsReplays(t *testing.T) {
	e := newEnv(t)
	ann, bob, cat := e.guest("Ann"), e.guest("Bob"), e.guest("Cat")
	ca, cb, cc := ann.dial(), bob.dial(), cat.dial()
	id := battleshipAgainstBob(ca, cb)
	save := savedID(ca.ok("match.save", map[string]any{"table": id, "name": "mid-game"}))

	cc.ok("lobby.join", nil)
	lt := cc.waitFor("lobby.tables", func(m msg) bool { return m.t() == "lobby.tables" })
	if strings.Contains(string(lt.raw), "seed") {
		t.Fatalf("the lobby listing names a seed: %s", lt.raw)
	}
	var listed []string
	for _, tb := range lt.m["tables"].([]any) {
		if mid, _ := tb.(map[string]any)["match"].(string); mid != "" {
			listed = append(listed, mid)
		}
	}
	if len(listed) == 0 {
		t.Fatal("the lobby lists no match")
	}
	for _, mid := range listed {
		code, body := cat.do("GET", "/api/replays/"+mid, nil)
		if code != http.StatusConflict || !strings.Contains(string(body), `"code":"conflict"`) || len(fleetIn(string(body), plantedFleet)) > 0 {
			t.Fatalf("replay of live match %s: %d %s, want 409 conflict and no fleet", mid, code, body)
		}
	}

	ca.ok("match.resign", map[string]any{"table": id, "seat": 0})
	waitSeq(ca, id, 3)
	r := ca.call("match.load", map[string]any{"save": save})
	if r.m["ok"] != false || r.m["code"] != "conflict" || !strings.Contains(r.m["error"].(string), "replay") {
		t.Fatalf("loading a bookmark of an ended match: %s, want a conflict pointing at the replay", r.raw)
	}
	code, body := ann.do("GET", "/api/saves", nil)
	if code != 200 || !strings.Contains(string(body), `"over":true`) {
		t.Fatalf("Ann's saves after the end: %d %s, want the bookmark marked over", code, body)
	}
	code, body = cat.do("GET", "/api/replays/"+listed[0], nil)
	if code != 200 || len(fleetIn(string(body), plantedFleet)) == 0 {
		t.Fatalf("replay after the end: %d, want 200 with both fleets revealed", code)
	}
	// Once over, the save downloads as a plain file: nothing is hidden.
	code, file := ann.do("GET", "/api/saves/"+save+"/file", nil)
	if code != 200 || strings.Contains(string(file), `"sealed"`) {
		t.Fatalf("downloading the bookmark of an ended match: %d %s, want a plain file", code, file)
	}
}

// TestCheaterAgainstABotGainsNothing: against the expert bot, neither a
// load with two bots nor a second load makes a copy to peek into or to
// win instead, and the one match counts once.
func TestCheaterAgainstABotGainsNothing(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann")
	ca := ann.dial()
	me := map[string]any{"kind": "me"}
	id := tableID(ca.ok("table.create", map[string]any{"game": "battleship",
		"seats": []any{me, map[string]any{"kind": "bot", "level": "expert"}}}))
	ca.ok("table.watch", map[string]any{"table": id})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"fleet": otherFleet}})
	waitSeq(ca, id, 2)
	save := savedID(ca.ok("match.save", map[string]any{"table": id, "name": "against the expert"}))
	bots := []any{map[string]any{"kind": "bot", "level": "easy"}, map[string]any{"kind": "bot", "level": "easy"}}
	if r := ca.call("match.load", map[string]any{"save": save, "seats": bots}); r.m["ok"] != false {
		t.Fatalf("loading with two bots: %s, want a refusal", r.raw)
	}
	if tb := ca.ok("match.load", map[string]any{"save": save})["table"].(map[string]any); tb["id"] != id {
		t.Fatalf("the load opened %v, want the table %s", tb["id"], id)
	}
	ca.ok("match.resign", map[string]any{"table": id, "seat": 0})
	waitSeq(ca, id, 3)
	deadline := time.Now().Add(wait)
	for {
		code, body := ann.do("GET", "/api/profile/Ann", nil)
		var p struct {
			Stats map[string]struct{ Played, Won int }
		}
		_ = json.Unmarshal(body, &p)
		if code == 200 && p.Stats["battleship"].Played == 1 {
			if p.Stats["battleship"].Won != 0 {
				t.Fatalf("Ann's stats %+v after resigning", p.Stats)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Ann's profile: %d %s, want one Battleship game played", code, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestEarlierCopiesStayClosed: saves and copies of unfinished Battleship
// games made by earlier versions (a save with no bookmark, a copy whose id
// starts with "m") can no longer be loaded, and a copy's replay stays
// closed even after it ended, since the match it was copied from may still
// be played.
func TestEarlierCopiesStayClosed(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := battleshipAgainstBob(ca, cb)
	ctx := context.Background()
	ml, err := e.st.LoadMatch(ctx, e.matchOf(t, ca, id))
	if err != nil {
		t.Fatal(err)
	}
	lb := mustMarshal(ml.Log())
	var annID int64
	if code, body := ann.do("GET", "/api/me", nil); code == 200 {
		var m struct{ User struct{ ID int64 } }
		_ = json.Unmarshal(body, &m)
		annID = m.User.ID
	}
	old, err := e.st.CreateSave(ctx, store.Save{UserID: annID, Name: "old", Log: lb, Seats: json.RawMessage(`["Ann","Bob"]`)})
	if err != nil {
		t.Fatal(err)
	}
	if r := ca.call("match.load", map[string]any{"save": old.ID}); r.m["ok"] != false || r.m["code"] != "conflict" {
		t.Fatalf("loading a save made before bookmarks: %s, want a conflict", r.raw)
	}

	copyID := "m0123456789abcdef"
	if err := e.st.CreateMatch(ctx, store.MatchHeader{ID: copyID, Game: "battleship", Seed: ml.Seed, Seats: ml.Seats, Settings: ml.Settings, Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := e.st.FinishMatch(ctx, copyID, json.RawMessage(`{"winners":[1]}`), "resigned"); err != nil {
		t.Fatal(err)
	}
	if code, body := ann.do("GET", "/api/replays/"+copyID, nil); code != http.StatusForbidden || !strings.Contains(string(body), `"code":"forbidden"`) {
		t.Fatalf("replay of an earlier version's copy: %d %s, want 403 forbidden", code, body)
	}
}

// TestForkableSavesCopyUnrated: a Dots and Boxes save (nothing hidden)
// still loads as a new table, which says it is not rated, and whose end
// counts for nothing: otherwise a player could load the same save until
// a lost ending is won.
func TestForkableSavesCopyUnrated(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann")
	ca := ann.dial()
	id := tableID(ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}}))
	ca.ok("table.watch", map[string]any{"table": id})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "a1-b1"})
	waitSeq(ca, id, 2)
	save := savedID(ca.ok("match.save", map[string]any{"table": id, "name": "opening"}))
	tb := ca.ok("match.load", map[string]any{"save": save})["table"].(map[string]any)
	if tb["id"] == id || tb["rated"] != false {
		t.Fatalf("a loaded Dots save: table %v rated %v, want a new unrated table", tb["id"], tb["rated"])
	}
	copyTable := tb["id"].(string)
	ca.ok("table.watch", map[string]any{"table": copyTable})
	r := ca.ok("match.resign", map[string]any{"table": copyTable, "seat": 0})
	waitSeq(ca, copyTable, int(r["seq"].(float64)))
	r = ca.ok("match.resign", map[string]any{"table": id, "seat": 0})
	waitSeq(ca, id, int(r["seq"].(float64)))
	deadline := time.Now().Add(wait)
	for {
		_, body := ann.do("GET", "/api/profile/Ann", nil)
		var p struct {
			Stats map[string]struct{ Played int }
		}
		_ = json.Unmarshal(body, &p)
		if n := p.Stats["dots"].Played; n >= 1 {
			// Give a wrongly counted copy the time to land too.
			time.Sleep(100 * time.Millisecond)
			_, body = ann.do("GET", "/api/profile/Ann", nil)
			_ = json.Unmarshal(body, &p)
			if n := p.Stats["dots"].Played; n != 1 {
				t.Fatalf("Ann played %d Dots games by her profile, want 1: the copy counted", n)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Ann's profile never counted the rated game: %s", body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestUnratedTableStaysUnrated: a table created with rated false says so,
// and still does after a restart before its match starts; a scenario
// cannot be asked for at a rated table (Medieval Warfare has a scenario
// option).
func TestUnratedTableStaysUnrated(t *testing.T) {
	dir := t.TempDir()
	e := startEnv(t, dir)
	ann := e.guest("Ann")
	ca := ann.dial()
	id := tableID(ca.ok("table.create", map[string]any{"game": "dots", "rated": false,
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
	r := ca.call("table.create", map[string]any{"game": "warfare", "rated": true,
		"options": map[string]any{"scenario": map[string]any{}},
		"seats":   []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}})
	if r.m["ok"] != false || r.m["code"] != "bad-request" || !strings.Contains(fmt.Sprint(r.m["error"]), "rated") {
		t.Fatalf("a rated table with a scenario: %s, want bad-request saying it cannot be rated", r.raw)
	}
	e.stop()
	e = startEnv(t, dir)
	code, body := e.newUser("Cat").do("GET", "/api/tables/"+id, nil)
	if code != 200 || !strings.Contains(string(body), `"rated":false`) {
		t.Fatalf("the unrated table after a restart: %d %s", code, body)
	}
}
