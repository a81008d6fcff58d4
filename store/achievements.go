package store

import (
	"context"
	"database/sql"
	"time"
)

// The achievements users have earned (accounts_achievements). Which
// achievements there are, and when they are earned, is the accounts
// package's business; a row only says who earned which, in what game,
// when, and whether the user has been told.

// Grant is an achievement earned by a user.
type Grant struct {
	UserID      int64
	Achievement string
	Game        string
	At          time.Time
}

// Earned is an achievement a user holds.
type Earned struct {
	Achievement string
	Game        string
	At          time.Time
}

// Held names an achievement of a user, as a key of HeldAchievements.
type Held struct {
	UserID      int64
	Achievement string
}

// insertGrant does nothing for an achievement already held, so a grant
// racing another one of the same achievement neither fails nor changes
// when it was first earned.
const insertGrant = `INSERT INTO accounts_achievements (user_id, achievement, game, at_ms, announced) VALUES ($1, $2, $3, $4, 0)
	ON CONFLICT (user_id, achievement) DO NOTHING`

// GrantAchievements stores the grants not already held, in one
// transaction, and reports for each grant whether it was new.
func (s *Store) GrantAchievements(ctx context.Context, grants []Grant) ([]bool, error) {
	fresh := make([]bool, len(grants))
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		for i, g := range grants {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM accounts_achievements WHERE user_id = $1 AND achievement = $2`,
				g.UserID, g.Achievement).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO accounts_achievements (user_id, achievement, game, at_ms, announced) VALUES ($1, $2, $3, $4, 0)`,
				g.UserID, g.Achievement, g.Game, millis(g.At)); err != nil {
				return err
			}
			fresh[i] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return fresh, nil
}

// HeldAchievements returns which achievements of game the users hold.
func (s *Store) HeldAchievements(ctx context.Context, game string, ids []int64) (map[Held]bool, error) {
	if len(ids) == 0 {
		// "IN ()" is valid SQLite but not PostgreSQL.
		return map[Held]bool{}, nil
	}
	args := make([]any, 0, len(ids)+1)
	args = append(args, game)
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.query(ctx, heldQuery(len(ids)), args...)
	if err != nil {
		return nil, err
	}
	return scanHeld(rows)
}

func heldQuery(n int) string {
	return `SELECT user_id, achievement FROM accounts_achievements
		WHERE game = $1 AND user_id IN (` + params(2, n) + `)`
}

// scanHeld reads the rows of heldQuery, and closes them.
func scanHeld(rows *sql.Rows) (map[Held]bool, error) {
	defer rows.Close()
	held := map[Held]bool{}
	return held, readHeld(rows, held)
}

// Achievements lists what userID has earned, oldest first (ties by id);
// with onlyUnannounced, only those not yet marked announced.
func (s *Store) Achievements(ctx context.Context, userID int64, onlyUnannounced bool) ([]Earned, error) {
	query := `SELECT achievement, game, at_ms FROM accounts_achievements WHERE user_id = $1 ORDER BY at_ms, achievement`
	if onlyUnannounced {
		query = `SELECT achievement, game, at_ms FROM accounts_achievements WHERE user_id = $1 AND announced = 0 ORDER BY at_ms, achievement`
	}
	rows, err := s.query(ctx, query, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Earned
	for rows.Next() {
		var e Earned
		var atMS int64
		if err := rows.Scan(&e.Achievement, &e.Game, &atMS); err != nil {
			return nil, err
		}
		e.At = time.UnixMilli(atMS)
		out = append(out, e)
	}
	return out, rows.Err()
}

// MarkAnnounced records that the achievements ids of userID have been
// shown. Unknown ids are ignored. It goes through the writer's group
// commit, like a result: a player's first achievements come with the end
// of a match, and marking them should not cost a sync of its own either.
func (s *Store) MarkAnnounced(ctx context.Context, userID int64, ids []string) error {
	stmts := make([]Stmt, len(ids))
	for i, id := range ids {
		stmts[i] = Stmt{`UPDATE accounts_achievements SET announced = 1 WHERE user_id = $1 AND achievement = $2`, []any{userID, id}}
	}
	return s.ExecAll(ctx, stmts...)
}
