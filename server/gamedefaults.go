package server

import (
	"bytes"
	"encoding/json"

	"github.com/parlor-games/parlor/game"
)

// withDefaults lays a table's options over the server's default options
// for its game (Config.GameDefaults): a field the table sets wins, a field
// it leaves out takes the server's default, and only then the game's own.
// That is how an operator starts a server whose tables of a game with
// difficulties are hard unless their creator says otherwise (a game's
// spec may ask for such a setting).
func (s *Server) withDefaults(game string, options json.RawMessage) (json.RawMessage, error) {
	def, ok := s.cfg.GameDefaults[game]
	if !ok || len(def) == 0 {
		return options, nil
	}
	merged := map[string]json.RawMessage{}
	if err := json.Unmarshal(def, &merged); err != nil {
		return nil, err
	}
	if t := bytes.TrimSpace(options); len(t) > 0 && !bytes.Equal(t, []byte("null")) {
		var own map[string]json.RawMessage
		if err := json.Unmarshal(t, &own); err != nil {
			return nil, badRequest("options must be a JSON object")
		}
		for k, v := range own {
			merged[k] = v
		}
	}
	return json.Marshal(merged)
}

// optionDefaults is the game's options as /api/games lists them, each
// default replaced by the server's own where the operator set one
// (Config.GameDefaults), so that a client's create form starts from the
// defaults a table made without it would get: a form that filled in the
// game's default and sent it would override the server's choice. The
// registry's list is never changed.
func (s *Server) optionDefaults(d *game.Definition) []game.OptionSpec {
	out := append([]game.OptionSpec{}, d.Options...)
	var own map[string]json.RawMessage
	if err := json.Unmarshal(s.cfg.GameDefaults[d.Name], &own); err != nil {
		return out
	}
	for i, o := range out {
		raw, ok := own[o.Name]
		if !ok {
			continue
		}
		var v any
		if json.Unmarshal(raw, &v) == nil {
			out[i].Default = v
		}
	}
	return out
}
