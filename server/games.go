package server

import (
	"encoding/json"
	"net/http"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/protocol"
)

// The list of games a client may offer (GET /api/games).

// gameJSON is one game as clients see it: the protocol's Game. Its
// options and roles are game's own types (game.OptionSpec, game.RoleSpec)
// written as the protocol's, since package game, which every game's
// package imports, does not import the protocol.
type gameJSON = protocol.Game

// apiGames lists every game the server ships, with its options and bot
// levels, for a client's create-table form.
func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	var out []gameJSON
	for _, d := range s.reg.List() {
		g := gameJSON{Name: d.Name, Title: d.Title, Summary: d.Summary, Options: wireOptions(s.optionDefaults(d)), Hidden: d.Hidden, Forkable: d.Forkable(), Bots: d.BotLevels, Roles: wireRoles(d.Roles), Policy: defaultPolicy(d), Preview: d.Preview != nil}
		if g.Bots == nil {
			g.Bots = []string{}
		}
		out = append(out, g)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

// wireOptions is a game's options as the protocol writes them: an empty
// list, not null, for a game without options.
func wireOptions(opts []game.OptionSpec) []protocol.OptionSpec {
	out := make([]protocol.OptionSpec, 0, len(opts))
	for _, o := range opts {
		// A default is a number, a truth or a word (the game's, or the
		// operator's read from JSON), which always encodes.
		def, _ := json.Marshal(o.Default)
		out = append(out, protocol.OptionSpec{Name: o.Name, Label: o.Label, Kind: string(o.Kind), Default: def,
			Min: o.Min, Max: o.Max, Choices: o.Choices, Help: o.Help, Off: o.Off})
	}
	return out
}

// wireRoles is a game's characters as the protocol writes them; nil for
// a game without.
func wireRoles(r *game.RoleSpec) *protocol.Roles {
	if r == nil {
		return nil
	}
	out := &protocol.Roles{Option: r.Option, Label: r.Label, Choices: make([]protocol.Role, 0, len(r.Choices))}
	for _, c := range r.Choices {
		out.Choices = append(out.Choices, protocol.Role{Key: c.Key, Name: c.Name})
	}
	return out
}
