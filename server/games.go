package server

import (
	"net/http"

	"github.com/parlor-games/parlor/game"
)

// The list of games a client may offer (GET /api/games).

// gameJSON is one game as clients see it.
type gameJSON struct {
	Name    string            `json:"name"`
	Title   string            `json:"title"`
	Summary string            `json:"summary"`
	Options []game.OptionSpec `json:"options"`
	Hidden  bool              `json:"hidden"`
	// Forkable: saves of the game are copies (game.Definition.Forkable).
	Forkable bool     `json:"forkable"`
	Bots     []string `json:"bots"`
	// Roles lists the characters seats choose, in a game that has them.
	Roles *game.RoleSpec `json:"roles,omitempty"`
	// Policy is the policy a table of the game gets when its creator
	// sends none, so that a client adding a clock can keep the rest.
	Policy PolicyJSON `json:"policy"`
	// Preview: GET /api/games/{game}/preview shows the start of a match
	// with given options (game.Definition.Preview).
	Preview bool `json:"preview,omitempty"`
}

// apiGames lists every game the server ships, with its options and bot
// levels, for a client's create-table form.
func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	var out []gameJSON
	for _, d := range s.reg.List() {
		g := gameJSON{Name: d.Name, Title: d.Title, Summary: d.Summary, Options: s.optionDefaults(d), Hidden: d.Hidden, Forkable: d.Forkable(), Bots: d.BotLevels, Roles: d.Roles, Policy: defaultPolicy(d), Preview: d.Preview != nil}
		if g.Bots == nil {
			g.Bots = []string{}
		}
		out = append(out, g)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}
