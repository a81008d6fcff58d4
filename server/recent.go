package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/game"
)

// recentGames is how many of a player's finished matches their profile
// lists: enough to find last week's game, few enough for one cheap query.
const recentGames = 20

// recentGame is one finished match of a player's list. It holds only
// what the match's replay shows anyone: the seats, the outcome and its
// reason.
type recentGame struct {
	Match    string          `json:"match"`
	Game     string          `json:"game"`
	Finished time.Time       `json:"finished"`
	Seats    json.RawMessage `json:"seats"`
	// Held are the seats the player held (more than one at a table
	// played from one screen).
	Held    []game.Seat `json:"held"`
	Winners []game.Seat `json:"winners"`
	Reason  string      `json:"reason,omitempty"`
}

// apiRecentGames lists a player's most recently finished matches, each
// with a link's worth to its replay. Only finished matches are listed,
// and only those whose replay opens (finishedMatch's rules): a match
// still being played, or a legacy copy whose replay stays closed, is
// left out, so the list tells nothing a replay would not.
func (s *Server) apiRecentGames(w http.ResponseWriter, r *http.Request) {
	u, err := s.cfg.Accounts.UserByName(r.Context(), r.PathValue("name"))
	if errors.Is(err, accounts.ErrNotFound) {
		httpError(w, http.StatusNotFound, "no such player")
		return
	}
	if err != nil {
		s.storeError(w, err, "no such player")
		return
	}
	played, err := s.cfg.Store.FinishedMatchesOf(r.Context(), u.ID, recentGames)
	if err != nil {
		s.storeError(w, err, "no such player")
		return
	}
	games := make([]recentGame, 0, len(played))
	for _, m := range played {
		if s.replayClosed(m.ID, m.Game) {
			continue
		}
		var out game.Outcome
		if err := json.Unmarshal(m.Outcome, &out); err != nil {
			s.log.Error("outcome of a finished match", "match", m.ID, "err", err)
			continue
		}
		if out.Winners == nil {
			out.Winners = []game.Seat{}
		}
		reason := out.Reason
		if reason == "" {
			reason = m.Reason
		}
		games = append(games, recentGame{Match: m.ID, Game: m.Game, Finished: m.Finished, Seats: m.Seats, Held: m.Held, Winners: out.Winners, Reason: reason})
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": games})
}
