package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// PlayedMatch is a finished match one user held a seat in, as the list of
// a player's recent games shows it.
type PlayedMatch struct {
	ID   string
	Game string
	// Seats are the match's seats as stored with it (package match's
	// JSON, which says who held which), the same the match's replay
	// shows.
	Seats    json.RawMessage
	Finished time.Time
	Outcome  json.RawMessage // as package match encodes it: winners and reason
	Reason   string
}

// FinishedMatchesOf returns the finished matches in which userID held a
// seat, the most recently finished first, at most limit of them. A match
// that has not ended is never among them.
//
// Who sat where is the seats of the match's own row, written with the
// match and never changed after: the table's row (server_tables) is the
// table's, which outlives its match by a rematch, and the counted results
// (accounts_results) leave out unrated matches. match_players, written in
// the same commit as the match (CreateMatch), indexes those seats by user,
// so the query reads only the user's own matches.
func (s *Store) FinishedMatchesOf(ctx context.Context, userID int64, limit int) ([]PlayedMatch, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.query(ctx, `SELECT m.id, m.game, m.seats, m.finished, m.outcome, m.reason
		FROM match_players p JOIN matches m ON m.id = p.match_id
		WHERE p.user_id = $1 AND m.finished IS NOT NULL
		ORDER BY m.finished DESC, m.id DESC LIMIT $2`, userID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: matches of user %d: %w", userID, err)
	}
	return scanPlayed(rows, userID)
}

// scanPlayed reads rows of finished matches (id, game, seats, finished,
// outcome, reason) of userID's, and closes rows.
func scanPlayed(rows *sql.Rows, userID int64) ([]PlayedMatch, error) {
	defer rows.Close()
	var out []PlayedMatch
	for rows.Next() {
		var m PlayedMatch
		var seats, outcome string
		var finished int64
		if err := rows.Scan(&m.ID, &m.Game, &seats, &finished, &outcome, &m.Reason); err != nil {
			return nil, fmt.Errorf("store: matches of user %d: %w", userID, err)
		}
		m.Seats, m.Outcome, m.Finished = json.RawMessage(seats), json.RawMessage(outcome), fromMillis(finished)
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: matches of user %d: %w", userID, err)
	}
	return out, nil
}
