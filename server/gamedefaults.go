package server

import (
	"bytes"
	"encoding/json"
)

// withDefaults lays a table's options over the server's default options
// for its game (Config.GameDefaults): a field the table sets wins, a field
// it leaves out takes the server's default, and only then the game's own.
// That is how an operator starts a Clue-Less server whose tables are hard
// unless their creator says otherwise (the spec's requirement 13).
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
