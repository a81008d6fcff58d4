package server_test

import (
	"encoding/json"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// preview asks for the start of a match of game with options.
func preview(t *testing.T, u *user, game string, options any) (int, map[string]any) {
	t.Helper()
	q := ""
	if options != nil {
		q = "?options=" + url.QueryEscape(string(mustMarshal(options)))
	}
	code, body := u.do("GET", "/api/games/"+game+"/preview"+q, nil)
	var out map[string]any
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("preview of %s %v: %d %s", game, options, code, body)
	}
	return code, out
}

// TestPreviewIsTheStart: the preview of a Medieval Warfare table with an
// island seed is the island and colouring the match then starts with, the
// same for everyone who asks; without a seed it shows nothing and says
// why; games without a preview and bad options are refused.
func TestPreviewIsTheStart(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann")
	opts := map[string]any{"players": 2, "island": "random", "seed": 4242}

	code, body := ann.do("GET", "/api/games", nil)
	if code != 200 || !strings.Contains(string(body), `"name":"warfare"`) {
		t.Fatalf("games: %d %s", code, body)
	}
	var list struct {
		Games []struct {
			Name    string `json:"name"`
			Preview bool   `json:"preview"`
		} `json:"games"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	for _, g := range list.Games {
		if g.Preview != (g.Name == "warfare") {
			t.Errorf("game %s lists preview %v", g.Name, g.Preview)
		}
	}

	code, p := preview(t, ann, "warfare", opts)
	view, _ := p["view"].(map[string]any)
	if code != 200 || view == nil {
		t.Fatalf("preview: %d %v", code, p)
	}
	hexes, _ := view["hexes"].([]any)
	if len(hexes) < 300 || view["players"] != float64(2) {
		t.Fatalf("preview shows %d hexes for %v players, want an island of 300 or more for 2", len(hexes), view["players"])
	}
	_, again := preview(t, e.guest("Bob"), "warfare", opts)
	if !reflect.DeepEqual(again["view"], p["view"]) {
		t.Fatal("two people asking for the same island see different previews")
	}
	other := map[string]any{"players": 2, "island": "random", "seed": 4243}
	if _, q := preview(t, ann, "warfare", other); reflect.DeepEqual(q["view"], p["view"]) {
		t.Fatal("another island seed previews the same island")
	}

	// The match starts as previewed.
	c := ann.dial()
	id := tableID(c.ok("table.create", map[string]any{"game": "warfare", "options": opts,
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "me"}}}))
	w := c.ok("table.watch", map[string]any{"table": id})
	views, _ := w["snapshot"].(map[string]any)["views"].(map[string]any)
	var start map[string]any
	for _, v := range views {
		start, _ = v.(map[string]any)
	}
	if start == nil {
		t.Fatalf("no view of the started match: %v", w)
	}
	for _, k := range []string{"island", "width", "height", "hexes", "villages"} {
		if !reflect.DeepEqual(start[k], view[k]) {
			t.Errorf("the match starts with %s %.200v, the preview showed %.200v", k, start[k], view[k])
		}
	}

	// Island seed 0 is a new island each game: nothing to show yet.
	code, p = preview(t, ann, "warfare", map[string]any{"island": "random"})
	if code != 200 || p["view"] != nil || !strings.Contains(p["note"].(string), "new each game") {
		t.Fatalf("preview without a seed: %d %v, want no view and a note", code, p)
	}
	if code, p = preview(t, ann, "dots", nil); code != 404 || p["code"] != "not-found" {
		t.Fatalf("preview of dots: %d %v, want 404 not-found", code, p)
	}
	if code, p = preview(t, ann, "warfare", map[string]any{"seed": 1, "players": 9}); code != 400 || p["code"] != "bad-request" || !strings.Contains(p["error"].(string), "players") {
		t.Fatalf("preview for 9 players: %d %v, want 400 bad-request naming players", code, p)
	}
	if code, body := ann.do("GET", "/api/games/warfare/preview?options=%7Bnope", nil); code != 400 || !strings.Contains(string(body), "bad-request") {
		t.Fatalf("preview with broken JSON: %d %s", code, body)
	}
}

// TestOptionsCheckedAlikeOnEveryRoute: options are checked in one place,
// so the preview refuses what table.create refuses, with the same sentence,
// whatever the other options say. Island seed 0, which leaves the island to
// the match and so previews nothing, once let -5 players through with a
// note.
func TestOptionsCheckedAlikeOnEveryRoute(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann")
	c := ann.dial()
	for _, bad := range []map[string]any{
		{"players": -5}, {"players": 1}, {"players": 7}, {"rounds": -1},
		{"players": -5, "seed": 3}, {"rounds": -1, "seed": 3}, {"island": "atlantis"},
		{"seed": -1}, {"players": "two"}, {"colour": "red"},
	} {
		code, p := preview(t, ann, "warfare", bad)
		msg, _ := p["error"].(string)
		if code != 400 || p["code"] != "bad-request" || msg == "" {
			t.Errorf("preview of %v: %d %v, want 400 bad-request", bad, code, p)
			continue
		}
		created := c.fail("table.create", map[string]any{"game": "warfare", "options": bad,
			"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "me"}}})
		if created != msg {
			t.Errorf("options %v: the preview says %q, table.create %q", bad, msg, created)
		}
	}
	if code, p := preview(t, ann, "warfare", map[string]any{"players": 3}); code != 200 || p["note"] == nil {
		t.Fatalf("preview of 3 players without a seed: %d %v, want 200 and a note", code, p)
	}
}
