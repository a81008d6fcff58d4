package store

import (
	"context"
	"fmt"
	"time"
)

// Vacations: the stretches of time a player of correspondence games has
// asked their move clocks to stop (server/vacation.go decides how many and
// how long). Kept here so that a deadline moved by a vacation stays moved
// after a restart and on another node.

// Vacation is one of a player's vacations, From up to Until; Until is
// moved back to the moment they end it early.
type Vacation struct {
	From, Until time.Time
}

// vacationsSchema is the vacations table on SQLite, under its own owner.
var vacationsSchema = []string{
	`CREATE TABLE IF NOT EXISTS vacations (
		user_id INTEGER NOT NULL,
		starts INTEGER NOT NULL,
		ends INTEGER NOT NULL
	)`,
	`CREATE INDEX IF NOT EXISTS vacations_user ON vacations (user_id, starts)`,
}

// pgVacationsSchema is vacationsSchema on PostgreSQL, whose INTEGER holds
// only 32 bits.
var pgVacationsSchema = []string{
	`CREATE TABLE vacations (
		user_id BIGINT NOT NULL,
		starts BIGINT NOT NULL,
		ends BIGINT NOT NULL
	)`,
	`CREATE INDEX vacations_user ON vacations (user_id, starts)`,
}

// AddVacation stores a vacation of userID's.
func (s *Store) AddVacation(ctx context.Context, userID int64, v Vacation) error {
	if err := s.exec(ctx, `INSERT INTO vacations (user_id, starts, ends) VALUES ($1, $2, $3)`, userID, millis(v.From), millis(v.Until)); err != nil {
		return fmt.Errorf("store: vacation of user %d: %w", userID, err)
	}
	return nil
}

// EndVacation ends at at the vacation of userID's that is under way then,
// if there is one.
func (s *Store) EndVacation(ctx context.Context, userID int64, at time.Time) error {
	// Each use of the time is a parameter of its own, numbered in the
	// order they appear: the SQLite writer binds parameters by position.
	ms := millis(at)
	if err := s.exec(ctx, `UPDATE vacations SET ends = $1 WHERE user_id = $2 AND starts <= $3 AND ends > $4`, ms, userID, ms, ms); err != nil {
		return fmt.Errorf("store: end of user %d's vacation: %w", userID, err)
	}
	return nil
}

// Vacations lists userID's vacations that started at since or later,
// oldest first.
func (s *Store) Vacations(ctx context.Context, userID int64, since time.Time) ([]Vacation, error) {
	rows, err := s.query(ctx, `SELECT starts, ends FROM vacations WHERE user_id = $1 AND starts >= $2 ORDER BY starts`, userID, millis(since))
	if err != nil {
		return nil, fmt.Errorf("store: vacations of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []Vacation
	for rows.Next() {
		var from, until int64
		if err := rows.Scan(&from, &until); err != nil {
			return nil, fmt.Errorf("store: vacations of user %d: %w", userID, err)
		}
		out = append(out, Vacation{From: fromMillis(from), Until: fromMillis(until)})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: vacations of user %d: %w", userID, err)
	}
	return out, nil
}
