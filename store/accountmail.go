package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The tables of an account a person manages (see the accounts package's
// manage.go): the e-mail address an account has verified, the links
// mailed to it (a verification of a new address, a password reset), and
// when an account was deleted. They are an owner of their own in the
// migrations ("accountmail"), so that they are added beside the accounts
// package's first tables without touching those steps.

// LinkPurpose says what a mailed link does when it is opened.
type LinkPurpose string

// The purposes of a mailed link.
const (
	// LinkVerify makes the link's address the account's verified one.
	LinkVerify LinkPurpose = "verify"
	// LinkReset lets whoever opens it choose the account's password.
	LinkReset LinkPurpose = "reset"
)

// accountMailSchema is the SQLite schema of the "accountmail" owner; the
// PostgreSQL steps are pgAccountMailSchema. Steps are only ever appended.
var accountMailSchema = []string{
	// address_key is the address as compared (lower-cased by the accounts
	// package). Several accounts may verify one address: a person may keep
	// two accounts, and a reset mails a link for each.
	`CREATE TABLE accounts_emails (
		user_id BIGINT PRIMARY KEY REFERENCES accounts_users (id),
		address TEXT NOT NULL,
		address_key TEXT NOT NULL,
		verified_ms BIGINT NOT NULL
	)`,
	`CREATE INDEX accounts_emails_key ON accounts_emails (address_key)`,
	// A mailed link lives here, by the SHA-256 of its token (a copy of the
	// database opens nothing), until it is used or expires.
	`CREATE TABLE accounts_links (
		token_hash TEXT PRIMARY KEY,
		user_id BIGINT NOT NULL REFERENCES accounts_users (id),
		purpose TEXT NOT NULL,
		address TEXT NOT NULL,
		created_ms BIGINT NOT NULL,
		expires_ms BIGINT NOT NULL
	)`,
	`CREATE INDEX accounts_links_user ON accounts_links (user_id)`,
	// When the account was deleted (0 while it is not): its row stays,
	// under the name DeletedName, for the matches that name it.
	`ALTER TABLE accounts_users ADD COLUMN deleted_ms BIGINT NOT NULL DEFAULT 0`,
	// A person's chat lines are found by sender for an export or a
	// deletion.
	`CREATE INDEX chat_lines_user ON chat_lines (user_id)`,
}

// pgAccountMailSchema is accountMailSchema on PostgreSQL (the same
// statements: nothing in them differs between the two).
var pgAccountMailSchema = accountMailSchema

// Email is an account's verified address.
type Email struct {
	Address  string
	Verified time.Time
}

// Link is a link mailed to a person, as stored: the hash of its token,
// whose it is, what it does and, for a verification, the address it was
// sent to.
type Link struct {
	TokenHash string
	UserID    int64
	Purpose   LinkPurpose
	Address   string
	Created   time.Time
	Expires   time.Time
}

// AddLink stores a mailed link. It first deletes every link expired at
// l.Created, and, for a verification, the user's earlier verification
// links: only the address asked for last may become the account's.
func (s *Store) AddLink(ctx context.Context, l Link) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM accounts_links WHERE expires_ms <= $1`, millis(l.Created)); err != nil {
			return err
		}
		if l.Purpose == LinkVerify {
			if _, err := tx.ExecContext(ctx, `DELETE FROM accounts_links WHERE user_id = $1 AND purpose = $2`, l.UserID, string(LinkVerify)); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO accounts_links (token_hash, user_id, purpose, address, created_ms, expires_ms)
			VALUES ($1, $2, $3, $4, $5, $6)`, l.TokenHash, l.UserID, string(l.Purpose), l.Address, millis(l.Created), millis(l.Expires))
		return err
	})
}

// takeLink deletes the link of tokenHash for purpose and returns it, or
// ErrNotFound when there is none or it expired at now: a link works once.
func takeLink(ctx context.Context, tx *sql.Tx, tokenHash string, purpose LinkPurpose, now time.Time) (Link, error) {
	l := Link{TokenHash: tokenHash, Purpose: purpose}
	var created, expires int64
	err := tx.QueryRowContext(ctx, `SELECT user_id, address, created_ms, expires_ms FROM accounts_links WHERE token_hash = $1 AND purpose = $2`,
		tokenHash, string(purpose)).Scan(&l.UserID, &l.Address, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return Link{}, ErrNotFound
	}
	if err != nil {
		return Link{}, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM accounts_links WHERE token_hash = $1`, tokenHash); err != nil {
		return Link{}, err
	}
	l.Created, l.Expires = fromMillis(created), fromMillis(expires)
	if !now.Before(l.Expires) {
		return Link{}, ErrNotFound
	}
	return l, nil
}

// VerifyEmail uses a verification link: its address, whose key is
// keyOf(address), becomes its user's verified address. ErrNotFound for
// a link unknown, used or expired at now; the link is gone either way.
func (s *Store) VerifyEmail(ctx context.Context, tokenHash string, now time.Time, keyOf func(string) string) (userID int64, address string, err error) {
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		l, err := takeLink(ctx, tx, tokenHash, LinkVerify, now)
		if err != nil {
			return err
		}
		userID, address = l.UserID, l.Address
		_, err = tx.ExecContext(ctx, `INSERT INTO accounts_emails (user_id, address, address_key, verified_ms) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id) DO UPDATE SET address = excluded.address, address_key = excluded.address_key, verified_ms = excluded.verified_ms`,
			l.UserID, l.Address, keyOf(l.Address), millis(now))
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return 0, "", err
	}
	if err != nil {
		return 0, "", fmt.Errorf("store: verify e-mail: %w", err)
	}
	return userID, address, nil
}

// EmailOf returns a user's verified address, ErrNotFound if none, and
// the address of the verification link still pending at now ("" if none).
func (s *Store) EmailOf(ctx context.Context, userID int64, now time.Time) (Email, string, error) {
	var e Email
	var verified int64
	err := s.db.QueryRowContext(ctx, `SELECT address, verified_ms FROM accounts_emails WHERE user_id = $1`, userID).Scan(&e.Address, &verified)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Email{}, "", err
	}
	found := err == nil
	e.Verified = fromMillis(verified)
	var pending string
	err = s.db.QueryRowContext(ctx, `SELECT address FROM accounts_links WHERE user_id = $1 AND purpose = $2 AND expires_ms > $3
		ORDER BY created_ms DESC LIMIT 1`, userID, string(LinkVerify), millis(now)).Scan(&pending)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Email{}, "", err
	}
	if !found {
		return Email{}, pending, ErrNotFound
	}
	return e, pending, nil
}

// RemoveEmail forgets a user's verified address and every link mailed
// for the account, so that no link sent before opens anything after.
func (s *Store) RemoveEmail(ctx context.Context, userID int64) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM accounts_emails WHERE user_id = $1`, userID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM accounts_links WHERE user_id = $1`, userID)
		return err
	})
}

// UsersByEmail returns the accounts that verified the address whose key
// is key, with the address as each verified it.
func (s *Store) UsersByEmail(ctx context.Context, key string) ([]User, []string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT u.id, u.name, u.guest, e.address FROM accounts_emails e JOIN accounts_users u ON u.id = e.user_id
		WHERE e.address_key = $1 AND u.deleted_ms = 0 ORDER BY u.id`, key)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var users []User
	var addrs []string
	for rows.Next() {
		var u User
		var a string
		if err := rows.Scan(&u.ID, &u.Name, &u.Guest, &a); err != nil {
			return nil, nil, err
		}
		users, addrs = append(users, u), append(addrs, a)
	}
	return users, addrs, rows.Err()
}

// ChangePassword stores a user's new password hash and ends every session
// of the user but keep (the hash of the session that asked; "" ends them
// all), together: whoever knew the old password is out at once.
func (s *Store) ChangePassword(ctx context.Context, userID int64, hash, keep string) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		return setPasswordTx(ctx, tx, userID, hash, keep)
	})
}

func setPasswordTx(ctx context.Context, tx *sql.Tx, userID int64, hash, keep string) error {
	res, err := tx.ExecContext(ctx, `UPDATE accounts_users SET password = $1 WHERE id = $2 AND guest = 0 AND deleted_ms = 0`, hash, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrNotFound
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM accounts_sessions WHERE user_id = $1 AND token_hash != $2`, userID, keep)
	return err
}

// ResetPassword uses a reset link: its user's password becomes hash, every
// session of the user ends, and every other reset link of the user stops
// working. ErrNotFound for a link unknown, used or expired at now.
func (s *Store) ResetPassword(ctx context.Context, tokenHash string, now time.Time, hash string) (User, error) {
	var u User
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		l, err := takeLink(ctx, tx, tokenHash, LinkReset, now)
		if err != nil {
			return err
		}
		if err := setPasswordTx(ctx, tx, l.UserID, hash, ""); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM accounts_links WHERE user_id = $1 AND purpose = $2`, l.UserID, string(LinkReset)); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT id, name, guest FROM accounts_users WHERE id = $1`, l.UserID).Scan(&u.ID, &u.Name, &u.Guest)
	})
	if errors.Is(err, ErrNotFound) {
		return User{}, err
	}
	if err != nil {
		return User{}, fmt.Errorf("store: reset password: %w", err)
	}
	return u, nil
}

// PasswordOf returns a user's password hash ("" for a guest or a deleted
// account); ErrNotFound for no such user.
func (s *Store) PasswordOf(ctx context.Context, userID int64) (string, error) {
	var hash sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT password FROM accounts_users WHERE id = $1`, userID).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return hash.String, err
}
