package server

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/games"
)

// TestGamesListWritesGamesOwn: /api/games writes each game's options and
// characters as the game declares them. The list is the protocol's Game,
// into which game's own option and role types are copied; a member the
// copy forgot would vanish from the create forms (a help line, a
// choice, the word for "none") without any other test noticing.
func TestGamesListWritesGamesOwn(t *testing.T) {
	for _, d := range games.Registry().List() {
		want, _ := json.Marshal(d.Options)
		if len(d.Options) == 0 {
			want = []byte("[]")
		}
		if got, _ := json.Marshal(wireOptions(d.Options)); string(got) != string(want) {
			t.Errorf("%s's options are written\n%s\nthe game declares\n%s", d.Name, got, want)
		}
		want, _ = json.Marshal(d.Roles)
		if got, _ := json.Marshal(wireRoles(d.Roles)); string(got) != string(want) {
			t.Errorf("%s's roles are written\n%s\nthe game declares\n%s", d.Name, got, want)
		}
	}
}
