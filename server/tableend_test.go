package server_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestClueEndClosesTheTable: Clue-Less requirements 7 and 19. When the
// match ends (here every detective accuses wrongly, each naming a card of
// their own hand), every player is told at once, with the outcome and
// the case file, and the table closes: it is over, and nothing more can
// be played, sat or started there. The WebSocket stays open, since it also
// carries the lobby and the players' other tables.
func TestClueEndClosesTheTable(t *testing.T) {
	e := newEnv(t)
	cs := []*client{e.guest("Ann").dial(), e.guest("Bob").dial(), e.guest("Cy").dial()}
	id := tableID(cs[0].ok("table.create", map[string]any{"game": "clue", "options": map[string]any{"players": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}, map[string]any{"kind": "open"}}}))
	cs[1].ok("table.sit", map[string]any{"table": id, "seat": 1})
	cs[2].ok("table.sit", map[string]any{"table": id, "seat": 2})
	cs[0].ok("table.start", map[string]any{"table": id})
	hands := make([][]string, 3)
	for i, c := range cs {
		w := c.ok("table.watch", map[string]any{"table": id})
		var v struct{ Hand []string }
		b, _ := json.Marshal(w["snapshot"].(map[string]any)["views"].(map[string]any)[fmt.Sprint(i)])
		json.Unmarshal(b, &v)
		hands[i] = v.Hand
	}
	kind := func(card string) string {
		switch card {
		case "scarlet", "mustard", "white", "green", "peacock", "plum":
			return "suspect"
		case "candlestick", "knife", "lead-pipe", "revolver", "rope", "wrench":
			return "weapon"
		}
		return "room"
	}
	// Turn order is Scarlet, Mustard, White: seats 0, 1, 2.
	for i, c := range cs {
		acc := map[string]any{"kind": "accuse", "suspect": "plum", "weapon": "rope", "room": "study"}
		acc[kind(hands[i][0])] = hands[i][0]
		c.ok("match.play", map[string]any{"table": id, "seat": i, "move": acc})
	}
	for i, c := range cs {
		end := c.waitFor("the end", func(m msg) bool { return m.t() == "match" && m.m["outcome"] != nil })
		if w := end.m["outcome"].(map[string]any)["winners"].([]any); len(w) != 0 {
			t.Fatalf("seat %d: winners %v after three wrong accusations", i, w)
		}
		c.waitFor("the table over", func(m msg) bool {
			return m.t() == "table" && m.m["table"].(map[string]any)["status"] == "over"
		})
		if msg := c.fail("match.play", map[string]any{"table": id, "seat": i, "move": "end"}); msg != "the match is over" {
			t.Fatalf("a move after the end: %q", msg)
		}
	}
	if msg := cs[0].fail("table.start", map[string]any{"table": id}); msg != "the table has already started" {
		t.Fatalf("a start after the end: %q", msg)
	}
	// The connection itself still works: the lobby answers.
	cs[1].ok("lobby.join", nil)
}

// TestClueLeaverEndsTheGameByDefault: Clue-Less requirement 17 and its
// decision: a table whose creator sets no policy gives a gone player the
// grace period, then ends the game for everyone; other games forfeit the
// gone player's seat.
func TestClueLeaverEndsTheGameByDefault(t *testing.T) {
	e := newEnv(t)
	c := e.guest("Ann").dial()
	for game, want := range map[string]string{"clue": "end", "dots": "forfeit"} {
		seats := []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}
		if game == "clue" {
			seats = append(seats, map[string]any{"kind": "open"})
		}
		r := c.ok("table.create", map[string]any{"game": game, "seats": seats})
		pol := r["table"].(map[string]any)["policy"].(map[string]any)
		if pol["onGone"] != want || pol["grace"] != float64(60) {
			t.Fatalf("%s: default policy %v, want onGone %q after 60 s", game, pol, want)
		}
	}
}
