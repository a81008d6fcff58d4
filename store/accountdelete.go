package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// ErrSeated is returned by DeleteAccount for a user holding a seat at a
// table whose match is not over: the match needs its player (or a
// resignation) before the account can go.
var ErrSeated = errors.New("store: the user holds a seat in a match not over")

// DeleteAccount deletes an account in one transaction. What is the
// person's alone goes: the password, the sessions, the e-mail address and
// its links, the statistics and achievements, the saves, the chat lines
// and the list of endings not yet told. What others share stays: the
// matches it played keep their logs and results, with its seats renamed
// shownAs, and the row stays under shownAs too, so that the ids in those
// matches still name someone. Its name is freed at once (name_key NULL).
// ErrSeated while it holds a seat in a match not over; ErrNotFound for
// no account (a guest, or one deleted already).
func (s *Store) DeleteAccount(ctx context.Context, userID int64, now time.Time, shownAs string) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		return deleteAccountTx(ctx, tx, userID, now, shownAs, false)
	})
}

// deleteAccountTx is DeleteAccount inside tx, which an operator's
// deletion (DeleteUser) shares with the action that tells the servers.
// The account's follows, blocks and mutes, both ways, go with it, and
// its open challenges are withdrawn. guests allows a guest's account,
// which only an operator deletes (a guest has no password to confirm
// with).
func deleteAccountTx(ctx context.Context, tx *sql.Tx, userID int64, now time.Time, shownAs string, guests bool) error {
	var guest bool
	var deleted int64
	err := tx.QueryRowContext(ctx, `SELECT guest, deleted_ms FROM accounts_users WHERE id = $1`, userID).Scan(&guest, &deleted)
	if errors.Is(err, sql.ErrNoRows) || (guest && !guests) || deleted != 0 {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	holds := "%," + strconv.FormatInt(userID, 10) + ",%"
	// A seat at a table not yet started, or in a match not finished
	// (read from the match itself, which is stored finished before
	// anyone is told, where the table's row follows with the results).
	var seated, playing int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM server_tables WHERE status = $1 AND holders LIKE $2`,
		string(TableOpen), holds).Scan(&seated); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM match_players p JOIN matches m ON m.id = p.match_id
		WHERE p.user_id = $1 AND m.finished IS NULL`, userID).Scan(&playing); err != nil {
		return err
	}
	if seated+playing > 0 {
		return ErrSeated
	}
	if err := renameSeats(ctx, tx, `SELECT m.id, m.seats FROM match_players p JOIN matches m ON m.id = p.match_id WHERE p.user_id = $1`,
		`UPDATE matches SET seats = $1 WHERE id = $2`, userID, shownAs, userID); err != nil {
		return err
	}
	if err := renameSeats(ctx, tx, `SELECT id, seats FROM server_tables WHERE holders LIKE $1`,
		`UPDATE server_tables SET seats = $1 WHERE id = $2`, userID, shownAs, holds); err != nil {
		return err
	}
	steps := []struct {
		q    string
		args []any
	}{
		{`UPDATE server_tables SET creator_name = $1 WHERE creator = $2`, []any{shownAs, userID}},
		{`UPDATE accounts_users SET name = $1, name_key = NULL, password = NULL, guest_key = NULL, deleted_ms = $2 WHERE id = $3`,
			[]any{shownAs, millis(now), userID}},
	}
	for _, table := range []string{"accounts_sessions", "accounts_emails", "accounts_links", "accounts_stats",
		"accounts_achievements", "saves", "chat_lines", "untold_ends"} {
		steps = append(steps, struct {
			q    string
			args []any
		}{`DELETE FROM ` + table + ` WHERE user_id = $1`, []any{userID}})
	}
	for _, q := range []string{
		`DELETE FROM social_follows WHERE user_id = $1 OR target = $1`,
		`DELETE FROM social_blocks WHERE user_id = $1 OR target = $1`,
		`DELETE FROM social_mutes WHERE user_id = $1 OR target = $1`,
	} {
		steps = append(steps, struct {
			q    string
			args []any
		}{q, []any{userID}})
	}
	steps = append(steps, struct {
		q    string
		args []any
	}{`UPDATE social_challenges SET state = $1 WHERE (from_user = $2 OR to_user = $2) AND state = $3`,
		[]any{string(ChallengeWithdrawn), userID, string(ChallengeOpen)}})
	for _, st := range steps {
		if _, err := tx.ExecContext(ctx, st.q, st.args...); err != nil {
			return fmt.Errorf("store: delete account: %w", err)
		}
	}
	return nil
}

// renameSeats gives every seat held by userID, in the rows (id, seats)
// that list reads with arg, the name shownAs, writing each row back with
// update. Seats are a JSON array of objects naming their holder by
// "userId" and showing "name" (package match's SeatSpec, which the
// server's tables share).
func renameSeats(ctx context.Context, tx *sql.Tx, list, update string, userID int64, shownAs string, arg any) error {
	rows, err := tx.QueryContext(ctx, list, arg)
	if err != nil {
		return err
	}
	type row struct{ id, seats string }
	var found []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.seats); err != nil {
			rows.Close()
			return err
		}
		found = append(found, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range found {
		renamed, changed, err := renameInSeats(r.seats, userID, shownAs)
		if err != nil {
			return fmt.Errorf("store: seats of %s: %w", r.id, err)
		}
		if !changed {
			continue
		}
		if _, err := tx.ExecContext(ctx, update, renamed, r.id); err != nil {
			return err
		}
	}
	return nil
}

// renameInSeats is renameSeats for one JSON array of seats. Numbers are
// kept as written (UseNumber), and fields it does not know are kept.
func renameInSeats(seats string, userID int64, shownAs string) (string, bool, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(seats)))
	dec.UseNumber()
	var list []map[string]any
	if err := dec.Decode(&list); err != nil {
		return "", false, err
	}
	want := strconv.FormatInt(userID, 10)
	changed := false
	for _, seat := range list {
		if id, ok := seat["userId"].(json.Number); ok && id.String() == want {
			seat["name"] = shownAs
			changed = true
		}
	}
	if !changed {
		return seats, false, nil
	}
	out, err := json.Marshal(list)
	return string(out), true, err
}
