package server_test

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

// TestServerDefaultsAreTheClients: a server started with its own default
// for an option (parlor serve -clue-difficulty easy) lists that default in
// /api/games, which the create forms of both clients start from; a form
// that showed and sent the game's own default would override the
// operator's choice (Clue-Less requirement 13). Another game's options
// keep their own defaults.
func TestServerDefaultsAreTheClients(t *testing.T) {
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) {
		c.GameDefaults = map[string]json.RawMessage{"clue": json.RawMessage(`{"difficulty":"easy"}`)}
	})
	defaults := func(e *env) map[string]map[string]any {
		code, body := e.newUser("Reader").do("GET", "/api/games", nil)
		var list struct {
			Games []struct {
				Name    string
				Options []struct {
					Name    string
					Default any
				}
			}
		}
		if code != 200 || json.Unmarshal(body, &list) != nil {
			t.Fatalf("games: %d %s", code, body)
		}
		out := map[string]map[string]any{}
		for _, g := range list.Games {
			out[g.Name] = map[string]any{}
			for _, o := range g.Options {
				out[g.Name][o.Name] = o.Default
			}
		}
		return out
	}
	got := defaults(e)
	if got["clue"]["difficulty"] != "easy" {
		t.Errorf("the server's difficulty is easy; /api/games lists %v", got["clue"]["difficulty"])
	}
	if got["clue"]["players"] != float64(3) || got["dots"]["rows"] != float64(8) {
		t.Errorf("options the server leaves alone changed: %v", got)
	}
	// The registry's own default is untouched: a server without the
	// setting still lists the game's.
	if d := defaults(newEnv(t))["clue"]["difficulty"]; d != "medium" {
		t.Errorf("a server with no default of its own lists difficulty %v, want the game's medium", d)
	}
}
