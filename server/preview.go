package server

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/parlor-games/parlor/game"
)

// maxPreviewOptions bounds the options a preview request may carry; a
// create-table form's options are a few dozen bytes.
const maxPreviewOptions = 4096

// previewJSON is the answer of GET /api/games/{game}/preview. View is the
// view a spectator would get at the start of a match with the options, or
// null when the options leave the start to the match's own seed; Note then
// says so in words a client may show.
type previewJSON struct {
	View any    `json:"view"`
	Note string `json:"note,omitempty"`
}

// apiPreview shows the start of a match before it exists, so that the
// people creating or sitting at a table can agree on the setup. Only games
// that offer it (game.Definition.Preview) answer: their start is public
// and the game promises the preview is the start the match will have.
func (s *Server) apiPreview(w http.ResponseWriter, r *http.Request) {
	d, err := s.reg.Lookup(r.PathValue("game"))
	if err != nil {
		httpError(w, http.StatusNotFound, "no such game")
		return
	}
	if d.Preview == nil {
		httpError(w, http.StatusNotFound, d.Title+" has no preview")
		return
	}
	raw := r.URL.Query().Get("options")
	if len(raw) > maxPreviewOptions {
		httpError(w, http.StatusRequestEntityTooLarge, "the options are too long")
		return
	}
	if raw != "" && !json.Valid([]byte(raw)) {
		httpError(w, http.StatusBadRequest, "options must be a JSON object")
		return
	}
	// The options are checked as table.create checks them, whatever the
	// preview then shows or leaves to the match.
	options, _, err := s.checkOptions(d, json.RawMessage(raw))
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	v, err := d.Preview(options)
	if errors.Is(err, game.ErrSetupDrawn) {
		writeJSON(w, http.StatusOK, previewJSON{Note: err.Error()})
		return
	}
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, previewJSON{View: v})
}
