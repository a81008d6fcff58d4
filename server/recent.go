package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// recentGames is how many of a player's finished matches their profile
// lists: enough to find last week's game, few enough for one cheap query.
const recentGames = 20

// recentGame is one finished match of a player's list. It holds only
// what the match's replay shows anyone: the seats by name, the outcome
// and its reason.
type recentGame struct {
	Match    string       `json:"match"`
	Game     string       `json:"game"`
	Finished time.Time    `json:"finished"`
	Seats    []recentSeat `json:"seats"`
	// Held are the seats the player held (more than one at a table
	// played from one screen).
	Held    []game.Seat `json:"held"`
	Winners []game.Seat `json:"winners"`
	Reason  string      `json:"reason,omitempty"`
}

// recentSeat is a seat of a finished match as a person reads it: a bot
// by its level, a person by name. The holder's user id stays out: a
// player's list is public, by name, and the name is what it shows.
type recentSeat struct {
	Kind  match.SeatKind `json:"kind"`
	Name  string         `json:"name,omitempty"`
	Level string         `json:"level,omitempty"`
}

// apiRecentGames lists a player's most recently finished matches, each
// with a link's worth to its replay.
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
	writeJSON(w, http.StatusOK, map[string]any{"games": s.recentList(played, u.ID)})
}

// recentList is played as userID's list shows it. Only finished
// matches are listed, and only those whose replay opens (finishedMatch's
// rules): a legacy copy whose replay stays closed is left out, so the
// list tells nothing a replay would not.
func (s *Server) recentList(played []store.PlayedMatch, userID int64) []recentGame {
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
		seats, held := recentSeats(m.Seats, userID)
		games = append(games, recentGame{Match: m.ID, Game: m.Game, Finished: m.Finished, Seats: seats, Held: held, Winners: out.Winners, Reason: reason})
	}
	return games
}

// recentSeats reads a match's stored seats (package match's SeatSpecs)
// as the list shows them, and the seats userID held.
func recentSeats(raw json.RawMessage, userID int64) ([]recentSeat, []game.Seat) {
	var specs []match.SeatSpec
	if err := json.Unmarshal(raw, &specs); err != nil {
		return []recentSeat{}, []game.Seat{}
	}
	seats, held := make([]recentSeat, len(specs)), []game.Seat{}
	for i, sp := range specs {
		seats[i] = recentSeat{Kind: sp.Kind, Name: sp.Name, Level: sp.Level}
		if sp.Kind == match.Human && sp.UserID == userID {
			held = append(held, game.Seat(i))
		}
	}
	return seats, held
}
