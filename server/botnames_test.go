package server_test

import (
	"encoding/json"
	"slices"
	"testing"
)

// seatNames are the names of a table's seats in a reply that holds it.
func seatNames(t *testing.T, rep map[string]any) []string {
	t.Helper()
	var out []string
	for _, s := range rep["table"].(map[string]any)["seats"].([]any) {
		name, _ := s.(map[string]any)["name"].(string)
		out = append(out, name)
	}
	return out
}

// TestBotNames (issue 32, point 3): bots of one level are told apart by
// names of their game's own. Before the start a table's bots are
// "Computer 2" and "Computer 3" by seat; at the start each takes the
// name the game gives it (Clue-Less: the suspect it was given); the
// table, the replay and the player's list of games then all say that
// same name, never "Clue-Less bot (easy)".
func TestBotNames(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann")
	ca := ann.dial()
	bot := map[string]any{"kind": "bot", "level": "easy"}
	rep := ca.ok("table.create", map[string]any{"game": "clue", "options": map[string]any{"players": 4},
		"seats": []any{map[string]any{"kind": "me", "role": "plum"}, bot, bot, map[string]any{"kind": "open"}}})
	id := tableID(rep)
	if got := seatNames(t, rep); got[1] != "Computer 2" || got[2] != "Computer 3" {
		t.Fatalf("before the start the bots are %q, want Computer 2 and Computer 3", got)
	}

	cb := e.guest("Bob").dial()
	cb.ok("table.sit", map[string]any{"table": id, "seat": 3})
	ca.ok("table.start", map[string]any{"table": id})
	// Ann chose Plum; the others take the first free suspects in turn
	// order: Scarlet and Mustard for the bots, White for Bob.
	w := ca.ok("table.watch", map[string]any{"table": id, "views": false})
	want := []string{"Ann", "Scarlet", "Mustard", "Bob"}
	if got := seatNames(t, w); !slices.Equal(got, want) {
		t.Fatalf("at the table the seats are %q, want %q", got, want)
	}
	// A watcher who comes later reads the same names.
	if got := seatNames(t, e.guest("Cat").dial().ok("table.watch", map[string]any{"table": id, "views": false})); !slices.Equal(got, want) {
		t.Fatalf("a spectator reads the seats as %q, want %q", got, want)
	}

	ca.ok("match.resign", map[string]any{"table": id, "seat": 0})
	m := e.matchOf(t, ca, id)
	code, body := ann.do("GET", "/api/replays/"+m, nil)
	var r struct {
		Seats []struct {
			Kind  string `json:"kind"`
			Level string `json:"level"`
			Name  string `json:"name"`
		} `json:"seats"`
	}
	if code != 200 || json.Unmarshal(body, &r) != nil || len(r.Seats) != 4 {
		t.Fatalf("replay %d: %s", code, body)
	}
	for i, s := range r.Seats {
		if s.Name != want[i] {
			t.Errorf("the replay names seat %d %q, want %q", i, s.Name, want[i])
		}
	}
	if r.Seats[1].Kind != "bot" || r.Seats[1].Level != "easy" {
		t.Errorf("the replay's seat 1 is %+v, want an easy bot", r.Seats[1])
	}
	// The profile's list of games names the bots so too.
	for _, g := range recentOf(t, ann, "Ann").Games {
		if g.Match != m {
			continue
		}
		for i, s := range g.Seats {
			if s.Name != want[i] {
				t.Errorf("Ann's games name seat %d %q, want %q", i, s.Name, want[i])
			}
		}
	}
}

// TestOneBotIsComputerUntilTheStart: a table with one bot and an open
// seat calls the bot "Computer" until the start, then by its game's
// name for the seat (Medieval Warfare: a lord).
func TestOneBotIsComputerUntilTheStart(t *testing.T) {
	e := newEnv(t)
	ca := e.guest("Ann").dial()
	rep := ca.ok("table.create", map[string]any{"game": "warfare", "options": map[string]any{"players": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}, map[string]any{"kind": "bot", "level": "easy"}}})
	id := tableID(rep)
	if got := seatNames(t, rep); got[2] != "Computer" {
		t.Fatalf("before the start the one bot is %q, want Computer", got[2])
	}
	e.guest("Bob").dial().ok("table.sit", map[string]any{"table": id, "seat": 1})
	ca.ok("table.start", map[string]any{"table": id})
	if got := seatNames(t, ca.ok("table.watch", map[string]any{"table": id, "views": false})); !slices.Equal(got, []string{"Ann", "Bob", "Count Cedric"}) {
		t.Fatalf("after the start the seats are %q", got)
	}
}

// TestBotNamesInALoadedCopy: a Dots and Boxes save loaded as a new match
// against a bot (a copy, written as a log to recover, not made by the
// match from its start) names the bot as a match from the start does.
func TestBotNamesInALoadedCopy(t *testing.T) {
	e := newEnv(t)
	ca := e.guest("Ann").dial()
	id := tableID(ca.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}}))
	save := savedID(ca.ok("match.save", map[string]any{"table": id, "name": "start"}))
	rep := ca.ok("match.load", map[string]any{"save": save, "seats": []any{map[string]any{"kind": "bot", "level": "easy"}, map[string]any{"kind": "me"}}})
	if got := seatNames(t, rep); !slices.Equal(got, []string{"Pencil", "Ann"}) {
		t.Fatalf("the loaded copy's seats are %q, want the bot named Pencil", got)
	}
}
