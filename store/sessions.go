package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Session is a row of accounts_sessions: the SHA-256 of a session token
// (never the token itself, so a copy of the database hands out no live
// sessions), whose user it is, and when it ends.
type Session struct {
	TokenHash string
	UserID    int64
	Created   time.Time
	Expires   time.Time
}

// CreateSession stores a new session. It first deletes every session
// expired at se.Created: logins are rare enough for the sweep to cost
// nothing, and it keeps the table from growing forever.
func (s *Store) CreateSession(ctx context.Context, se Session) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM accounts_sessions WHERE expires_ms <= $1`, millis(se.Created)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO accounts_sessions (token_hash, user_id, created_ms, expires_ms) VALUES ($1, $2, $3, $4)`,
			se.TokenHash, se.UserID, millis(se.Created), millis(se.Expires))
		return err
	})
}

// EndSession deletes a session, if there is one. A guest left with no
// session live at now and no seat in a match that is not over lets go of
// its name in the same transaction, so that someone else may take it at
// once; one with such a seat keeps it until the match ends (guestHolds).
func (s *Store) EndSession(ctx context.Context, tokenHash string, now time.Time) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var userID int64
		err := tx.QueryRowContext(ctx, `SELECT user_id FROM accounts_sessions WHERE token_hash = $1`, tokenHash).Scan(&userID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM accounts_sessions WHERE token_hash = $1`, tokenHash); err != nil {
			return err
		}
		held, err := guestHolds(ctx, tx, userID, now)
		if err != nil || held {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE accounts_users SET name_key = NULL WHERE id = $1 AND guest = 1`, userID)
		return err
	})
}

// SessionUser returns the user of a session and when the session
// expires, expired or not (the caller keeps the clock); ErrNotFound for
// an unknown token hash.
func (s *Store) SessionUser(ctx context.Context, tokenHash string) (User, time.Time, error) {
	// Every HTTP request and every WebSocket connection asks this, so the
	// statement is prepared once (see query).
	rows, err := s.query(ctx, `SELECT u.id, u.name, u.guest, s.expires_ms
		FROM accounts_sessions s JOIN accounts_users u ON u.id = s.user_id
		WHERE s.token_hash = $1`, tokenHash)
	if err != nil {
		return User{}, time.Time{}, err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return User{}, time.Time{}, err
		}
		return User{}, time.Time{}, ErrNotFound
	}
	var u User
	var expMS int64
	if err := rows.Scan(&u.ID, &u.Name, &u.Guest, &expMS); err != nil {
		return User{}, time.Time{}, err
	}
	return u, time.UnixMilli(expMS), rows.Close()
}

// ExtendSession moves a session's expiry forward to expires; it never
// moves it back, so two requests sliding it at once cannot shorten it.
func (s *Store) ExtendSession(ctx context.Context, tokenHash string, expires time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE accounts_sessions SET expires_ms = $1 WHERE token_hash = $2 AND expires_ms < $3`,
		millis(expires), tokenHash, millis(expires))
	return err
}
