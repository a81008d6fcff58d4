package store

import (
	"context"
	"fmt"
)

// The ends a player has not been told of. A match can end while one of
// its players is not at the table (a partner resigns, a seat forfeits
// after its grace, a paused table is closed); the server notes those
// players here, and lists the ends to them until they have read of them.
// Kept with the matches, so that the list survives a restart and follows
// the player to another device.

// TellLater notes that users were not at match's table when it ended. A
// user noted twice for a match is noted once. Like exec, it returns once
// the rows are committed.
func (s *Store) TellLater(ctx context.Context, match string, users ...int64) error {
	if len(users) == 0 {
		return nil
	}
	stmts := make([]Stmt, 0, len(users))
	for _, u := range users {
		stmts = append(stmts, Stmt{insertUntold, []any{u, match}})
	}
	if err := s.ExecAll(ctx, stmts...); err != nil {
		return fmt.Errorf("store: ends of match %s to tell: %w", match, err)
	}
	return nil
}

// insertUntold is the same on both engines: SQLite reads PostgreSQL's
// ON CONFLICT clause.
const insertUntold = `INSERT INTO untold_ends (user_id, match_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`

// UntoldEnds returns the finished matches userID has not been told of,
// the most recently finished first, at most limit of them, with the
// seats they held.
func (s *Store) UntoldEnds(ctx context.Context, userID int64, limit int) ([]PlayedMatch, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.query(ctx, `SELECT m.id, m.game, m.seats, m.finished, m.outcome, m.reason
		FROM untold_ends u JOIN matches m ON m.id = u.match_id
		WHERE u.user_id = $1 AND m.finished IS NOT NULL
		ORDER BY m.finished DESC, m.id DESC LIMIT $2`, userID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: ends to tell user %d: %w", userID, err)
	}
	return scanPlayed(rows, userID)
}

// Untold reports whether userID has yet to be told of match's end: a
// read, so that a caller writes only when there is something to mark.
func (s *Store) Untold(ctx context.Context, userID int64, match string) (bool, error) {
	rows, err := s.query(ctx, `SELECT 1 FROM untold_ends WHERE user_id = $1 AND match_id = $2`, userID, match)
	if err != nil {
		return false, fmt.Errorf("store: end of match %s for user %d: %w", match, userID, err)
	}
	defer rows.Close()
	found := rows.Next()
	if err := rows.Err(); err != nil {
		return false, fmt.Errorf("store: end of match %s for user %d: %w", match, userID, err)
	}
	return found, nil
}

// MarkTold takes matches off userID's list of ends to tell. Matches not
// on it are passed over.
func (s *Store) MarkTold(ctx context.Context, userID int64, matches ...string) error {
	if len(matches) == 0 {
		return nil
	}
	stmts := make([]Stmt, 0, len(matches))
	for _, m := range matches {
		stmts = append(stmts, Stmt{`DELETE FROM untold_ends WHERE user_id = $1 AND match_id = $2`, []any{userID, m}})
	}
	if err := s.ExecAll(ctx, stmts...); err != nil {
		return fmt.Errorf("store: ends told to user %d: %w", userID, err)
	}
	return nil
}
