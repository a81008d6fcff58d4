package server

import (
	"net/http"

	"github.com/parlor-games/parlor/game"
)

// rulebookJSON is the answer of GET /api/games/{game}/rules: the game's
// rulebook as its package writes it (game.Rulebook), which the web's Help
// panel and rules page and the terminal's help screen show.
type rulebookJSON struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	game.Rulebook
}

// apiRulebook serves a game's rulebook. The text is public and the same
// for everyone, so no session is needed.
func (s *Server) apiRulebook(w http.ResponseWriter, r *http.Request) {
	d, err := s.reg.Lookup(r.PathValue("game"))
	if err != nil {
		httpError(w, http.StatusNotFound, "no such game")
		return
	}
	if len(d.Rulebook.Sections) == 0 {
		httpError(w, http.StatusNotFound, d.Title+" has no rulebook")
		return
	}
	writeJSON(w, http.StatusOK, rulebookJSON{Game: d.Name, Title: d.Title, Rulebook: d.Rulebook})
}
