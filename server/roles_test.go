package server_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

// seatRoles reads the roles of a table's seats from a reply or push.
func seatRoles(table any) []string {
	var out []string
	for _, s := range table.(map[string]any)["seats"].([]any) {
		r, _ := s.(map[string]any)["role"].(string)
		out = append(out, r)
	}
	return out
}

// TestClueCharacters: Clue-Less requirement 1 (a player selects a
// character not already selected) and 18 (a player who leaves before the
// start frees the character), through the protocol.
func TestClueCharacters(t *testing.T) {
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) { c.LeaveGrace = 50 * time.Millisecond })
	ann, bob, cy, dee := e.guest("Ann").dial(), e.guest("Bob").dial(), e.guest("Cy").dial(), e.guest("Dee").dial()
	r := ann.ok("table.create", map[string]any{"game": "clue", "options": map[string]any{"players": 3},
		"seats": []any{map[string]any{"kind": "me", "role": "plum"}, map[string]any{"kind": "open"}, map[string]any{"kind": "open"}}})
	id := tableID(r)
	if got := seatRoles(r["table"]); got[0] != "plum" {
		t.Fatalf("roles %v", got)
	}
	seat := func(c *client, i int, role string) string {
		return c.fail("table.sit", map[string]any{"table": id, "seat": i, "role": role})
	}
	if msg := seat(bob, 1, "plum"); msg != "Professor Plum is already taken by Ann" {
		t.Fatalf("a taken character: %q", msg)
	}
	if msg := seat(bob, 1, "knife"); !strings.Contains(msg, `"knife" is not a character of Clue-Less`) {
		t.Fatalf("not a character: %q", msg)
	}
	if got := seatRoles(bob.ok("table.sit", map[string]any{"table": id, "seat": 1, "role": "white"})["table"]); got[1] != "white" {
		t.Fatalf("roles after Bob sat: %v", got)
	}
	// A player changes character before the start; the creator's is taken.
	if msg := bob.fail("table.role", map[string]any{"table": id, "seat": 1, "role": "plum"}); !strings.Contains(msg, "already taken") {
		t.Fatalf("changing to a taken character: %q", msg)
	}
	if msg := bob.fail("table.role", map[string]any{"table": id, "seat": 0, "role": "green"}); msg != "you do not hold seat 0" {
		t.Fatalf("changing another's character: %q", msg)
	}
	bob.ok("table.role", map[string]any{"table": id, "seat": 1, "role": "scarlet"})

	// Cy sits with Mrs. White, now free, watches, and leaves: the seat and
	// the character are free again.
	cy.ok("table.sit", map[string]any{"table": id, "seat": 2, "role": "white"})
	cy.ok("table.watch", map[string]any{"table": id})
	ann.ok("table.watch", map[string]any{"table": id})
	cy.close()
	ann.waitFor("Cy's seat freed", func(m msg) bool {
		if m.t() != "table" {
			return false
		}
		st := m.m["table"].(map[string]any)["seats"].([]any)[2].(map[string]any)
		return st["kind"] == "open" && st["role"] == nil
	})
	// The creator who leaves keeps the seat.
	if msg := seat(dee, 0, ""); msg != "seat 0 is not open" {
		t.Fatalf("the creator's seat: %q", msg)
	}
	dee.ok("table.sit", map[string]any{"table": id, "seat": 2, "role": "white"})
	dee.ok("table.stand", map[string]any{"table": id, "seat": 2})
	dee.ok("table.sit", map[string]any{"table": id, "seat": 2})

	// At the start Dee, who chose nothing, gets the first free character
	// in turn order (Mustard), and the game deals with those characters.
	r = ann.ok("table.start", map[string]any{"table": id})
	if got := seatRoles(r["table"]); strings.Join(got, ",") != "plum,scarlet,mustard" {
		t.Fatalf("roles at the start: %v", got)
	}
	ann.ok("table.unwatch", map[string]any{"table": id})
	w := ann.ok("table.watch", map[string]any{"table": id})
	var view struct {
		Players []struct {
			Seat    int    `json:"seat"`
			Suspect string `json:"suspect"`
		} `json:"players"`
	}
	b, _ := json.Marshal(w["snapshot"].(map[string]any)["views"].(map[string]any)["0"])
	if err := json.Unmarshal(b, &view); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range view.Players {
		got = append(got, p.Suspect)
	}
	if strings.Join(got, ",") != "plum,scarlet,mustard" {
		t.Fatalf("the game's characters: %v", got)
	}
	if msg := bob.fail("table.role", map[string]any{"table": id, "seat": 1, "role": "green"}); msg != "characters can only be chosen before the start" {
		t.Fatalf("a change after the start: %q", msg)
	}
	// A game without characters refuses one.
	if msg := ann.fail("table.create", map[string]any{"game": "dots", "seats": []any{map[string]any{"kind": "me", "role": "plum"}, map[string]any{"kind": "open"}}}); msg != "Dots and Boxes has no characters to choose" {
		t.Fatalf("a character in Dots: %q", msg)
	}
}
