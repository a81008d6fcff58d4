package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// What an export of a person's data reads beyond what other methods give
// (see the server's export.go, which decides what of it may be shown).

// AccountRow is an account's own row as an export shows it.
type AccountRow struct {
	User
	Created time.Time
}

// AccountOf returns a user's row with its creation time; ErrNotFound if
// there is none.
func (s *Store) AccountOf(ctx context.Context, userID int64) (AccountRow, error) {
	var a AccountRow
	var created int64
	err := s.db.QueryRowContext(ctx, `SELECT id, name, guest, created_ms FROM accounts_users WHERE id = $1`, userID).
		Scan(&a.ID, &a.Name, &a.Guest, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return AccountRow{}, ErrNotFound
	}
	if err != nil {
		return AccountRow{}, err
	}
	a.Created = fromMillis(created)
	return a, nil
}

// MatchesOf returns the ids of every match in which userID held a seat,
// finished or not, oldest first.
func (s *Store) MatchesOf(ctx context.Context, userID int64) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT m.id FROM match_players p JOIN matches m ON m.id = p.match_id
		WHERE p.user_id = $1 ORDER BY m.created, m.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: matches of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: matches of user %d: %w", userID, err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// ChatLinesOf returns every chat line userID sent that is still kept, in
// every channel, oldest first.
func (s *Store) ChatLinesOf(ctx context.Context, userID int64) ([]ChatLine, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT channel, from_name, text, at FROM chat_lines WHERE user_id = $1 ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: chat lines of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		l := ChatLine{UserID: userID}
		var at int64
		if err := rows.Scan(&l.Channel, &l.From, &l.Text, &at); err != nil {
			return nil, fmt.Errorf("store: chat lines of user %d: %w", userID, err)
		}
		l.At = fromMillis(at)
		out = append(out, l)
	}
	return out, rows.Err()
}
