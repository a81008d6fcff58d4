package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Guests who come back: a guest is made with the hash of a key its
// browser (or SSH key) keeps, and asking for a guest name again with the
// same key brings back the same user, with its seats, instead of a
// stranger. A guest's name is held while it has a live session or a seat
// at a table whose match is not over, and is free for anyone after that.

// GuestRow is a guest made with a key, as ReturnGuest's caller chooses
// among them: its name as shown, and whether it still holds that name.
type GuestRow struct {
	ID   int64
	Name string
	Held bool
}

// GuestsByKey returns the guests made with the key hash, newest first.
// There are few: one per name its holder ever chose.
func (s *Store) GuestsByKey(ctx context.Context, keyHash string) ([]GuestRow, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT id, name, name_key IS NOT NULL FROM accounts_users WHERE guest_key = $1 AND guest = 1 ORDER BY id DESC`, keyHash)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []GuestRow
	for rows.Next() {
		var g GuestRow
		if err := rows.Scan(&g.ID, &g.Name, &g.Held); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// RetakeName gives the guest userID the case-folded name key again: its
// own if it still holds it, or after releasing it from a guest that no
// longer holds it (see reserveName); ErrNameTaken if someone holds it.
func (s *Store) RetakeName(ctx context.Context, userID int64, key string, now time.Time) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var holder int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM accounts_users WHERE name_key = $1`, key).Scan(&holder)
		if err == nil && holder == userID {
			return nil
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := reserveName(ctx, tx, key, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE accounts_users SET name_key = $1 WHERE id = $2 AND guest = 1`, key, userID)
		return err
	})
}

// guestHolds reports whether a guest still holds its name at now: it has
// a session that has not expired, or a seat at a table whose match is not
// over (a guest who logged out in the middle of a game may come back to
// it, and nobody else may take the name meanwhile).
func guestHolds(ctx context.Context, tx *sql.Tx, userID int64, now time.Time) (bool, error) {
	live, err := hasLiveSession(ctx, tx, userID, now)
	if err != nil || live {
		return live, err
	}
	var n int
	err = tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM server_tables WHERE status != $1 AND holders LIKE $2`,
		string(TableOver), "%,"+strconv.FormatInt(userID, 10)+",%").Scan(&n)
	return n > 0, err
}

// holdersText writes a table's holders as the holders column keeps them:
// ",12,34,", every id between commas, so that LIKE '%,12,%' finds 12 and
// not 112; "" for none.
func holdersText(ids []int64) string {
	if len(ids) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteByte(',')
	for _, id := range ids {
		b.WriteString(strconv.FormatInt(id, 10))
		b.WriteByte(',')
	}
	return b.String()
}
