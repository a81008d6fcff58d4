package server

import (
	"encoding/json"

	"github.com/parlor-games/parlor/game"
)

// checkOptions is the one check of a game's options on every route that
// takes them (table.create, the preview): it lays them over the server's
// defaults (withDefaults) and starts the game once with them, which checks
// every value the way the match will. It returns the options as the match
// will have them and the number of seats they give. A route that checked
// options its own way would let a value through that another refuses
// (a preview of a game of generated maps with -5 players and seed 0 once
// answered with a note where table.create refused).
func (s *Server) checkOptions(def *game.Definition, options json.RawMessage) (json.RawMessage, int, error) {
	options, err := s.withDefaults(def.Name, options)
	if err != nil {
		return nil, 0, err
	}
	st, err := def.New(options, game.NewRand(1))
	if err != nil {
		return nil, 0, withCode(codeBadRequest, err)
	}
	return options, st.Seats(), nil
}
