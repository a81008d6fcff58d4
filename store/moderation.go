package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Moderation: players' reports, and the operators' sanctions (a ban or a
// mute of an account or an address, for a time) and actions (renaming
// or deleting an account, closing a table). `parlor admin` writes them
// from a process of its own, on the same database as the servers; every
// server reads the actions log (ModerationActions) to act on them at once.

// moderationSchema is the tables of moderation, migrated under the owner
// "moderation"; pgModerationSchema (pgschema.go) is the same on
// PostgreSQL.
var moderationSchema = []string{
	`CREATE TABLE moderation_reports (
		id INTEGER PRIMARY KEY,
		reporter INTEGER NOT NULL,
		reporter_name TEXT NOT NULL,
		target INTEGER NOT NULL,
		target_name TEXT NOT NULL,
		channel TEXT NOT NULL,
		line_at INTEGER NOT NULL,
		line_text TEXT NOT NULL,
		reason TEXT NOT NULL,
		created INTEGER NOT NULL
	)`,
	`CREATE TABLE moderation_sanctions (
		id INTEGER PRIMARY KEY,
		kind TEXT NOT NULL,
		user_id INTEGER NOT NULL,
		address TEXT NOT NULL,
		reason TEXT NOT NULL,
		until INTEGER NOT NULL,
		created INTEGER NOT NULL
	)`,
	`CREATE INDEX moderation_sanctions_user ON moderation_sanctions (user_id, until)`,
	`CREATE INDEX moderation_sanctions_address ON moderation_sanctions (address, until)`,
	`CREATE TABLE moderation_actions (
		id INTEGER PRIMARY KEY,
		kind TEXT NOT NULL,
		user_id INTEGER NOT NULL,
		address TEXT NOT NULL,
		table_id TEXT NOT NULL,
		text TEXT NOT NULL,
		until INTEGER NOT NULL,
		created INTEGER NOT NULL
	)`,
}

// Report is one player's report of another, or of one of their chat
// lines (Channel and LineAt set).
type Report struct {
	ID           int64
	Reporter     int64
	ReporterName string
	Target       int64
	TargetName   string
	Channel      string
	LineAt       time.Time // zero for a report of the person
	LineText     string
	Reason       string
	Created      time.Time
}

// AddReport stores a report.
func (s *Store) AddReport(ctx context.Context, r Report) error {
	var at int64
	if !r.LineAt.IsZero() {
		at = millis(r.LineAt)
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO moderation_reports (reporter, reporter_name, target, target_name, channel, line_at, line_text, reason, created)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		r.Reporter, r.ReporterName, r.Target, r.TargetName, r.Channel, at, r.LineText, r.Reason, millis(r.Created))
	if err != nil {
		return fmt.Errorf("store: add report: %w", err)
	}
	return nil
}

// Reports lists the newest reports, newest first, at most limit.
func (s *Store) Reports(ctx context.Context, limit int) ([]Report, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, reporter, reporter_name, target, target_name, channel, line_at, line_text, reason, created
		FROM moderation_reports ORDER BY id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: reports: %w", err)
	}
	defer rows.Close()
	var out []Report
	for rows.Next() {
		var r Report
		var at, created int64
		if err := rows.Scan(&r.ID, &r.Reporter, &r.ReporterName, &r.Target, &r.TargetName, &r.Channel, &at, &r.LineText, &r.Reason, &created); err != nil {
			return nil, fmt.Errorf("store: reports: %w", err)
		}
		if at != 0 {
			r.LineAt = fromMillis(at)
		}
		r.Created = fromMillis(created)
		out = append(out, r)
	}
	return out, rows.Err()
}

// ChatLineAt finds the line of channel written by user at at (to the
// millisecond, as stored), for a report of it; ErrNotFound if there is
// none (pruned, or never written).
func (s *Store) ChatLineAt(ctx context.Context, channel string, user int64, at time.Time) (ChatLine, error) {
	var l ChatLine
	var ms int64
	err := s.db.QueryRowContext(ctx, `SELECT channel, user_id, from_name, text, at FROM chat_lines WHERE channel = $1 AND user_id = $2 AND at = $3`,
		channel, user, millis(at)).Scan(&l.Channel, &l.UserID, &l.From, &l.Text, &ms)
	if errors.Is(err, sql.ErrNoRows) {
		return ChatLine{}, ErrNotFound
	}
	if err != nil {
		return ChatLine{}, fmt.Errorf("store: chat line: %w", err)
	}
	l.At = fromMillis(ms)
	return l, nil
}

// SanctionKind is what a sanction stops. The values are stored and shown.
type SanctionKind string

// The sanctions.
const (
	// Ban: no connection at all until it ends.
	Ban SanctionKind = "ban"
	// Silence: no chat until it ends (an operator's mute, for everyone).
	Silence SanctionKind = "mute"
)

// Sanction is a ban or mute of an account (UserID) or an address.
type Sanction struct {
	ID      int64
	Kind    SanctionKind
	UserID  int64
	Address string
	Reason  string
	Until   time.Time
	Created time.Time
}

// ActionKind is an operator's action, as the servers read them.
type ActionKind string

// The operators' actions.
const (
	ActSanction ActionKind = "sanction" // a ban or mute was added (Text is its kind)
	ActLift     ActionKind = "lift"     // the sanctions of an account or address were lifted
	ActRename   ActionKind = "rename"   // an account was renamed to Text
	ActDelete   ActionKind = "delete"   // an account was deleted
	ActClose    ActionKind = "close"    // a table is to be closed
)

// Action is one operator action, in the order they were taken.
type Action struct {
	ID      int64
	Kind    ActionKind
	UserID  int64
	Address string
	Table   string
	Text    string
	Until   time.Time
	Created time.Time
}

const insertAction = `INSERT INTO moderation_actions (kind, user_id, address, table_id, text, until, created) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`

func addAction(ctx context.Context, tx *sql.Tx, a Action) (int64, error) {
	var until int64
	if !a.Until.IsZero() {
		until = millis(a.Until)
	}
	var id int64
	err := tx.QueryRowContext(ctx, insertAction, string(a.Kind), a.UserID, a.Address, a.Table, a.Text, until, millis(a.Created)).Scan(&id)
	return id, err
}

// AddSanction stores a sanction and the action that tells the servers of
// it, and returns the action's id.
func (s *Store) AddSanction(ctx context.Context, sn Sanction) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO moderation_sanctions (kind, user_id, address, reason, until, created) VALUES ($1, $2, $3, $4, $5, $6)`,
			string(sn.Kind), sn.UserID, sn.Address, sn.Reason, millis(sn.Until), millis(sn.Created)); err != nil {
			return err
		}
		var err error
		id, err = addAction(ctx, tx, Action{Kind: ActSanction, UserID: sn.UserID, Address: sn.Address, Text: string(sn.Kind), Until: sn.Until, Created: sn.Created})
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: add sanction: %w", err)
	}
	return id, nil
}

// LiftSanctions ends, at now, every sanction of kind on an account
// (userID) or an address, and returns the action's id.
func (s *Store) LiftSanctions(ctx context.Context, kind SanctionKind, userID int64, address string, now time.Time) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE moderation_sanctions SET until = $1 WHERE kind = $2 AND user_id = $3 AND address = $4 AND until > $1`,
			millis(now), string(kind), userID, address); err != nil {
			return err
		}
		var err error
		id, err = addAction(ctx, tx, Action{Kind: ActLift, UserID: userID, Address: address, Text: string(kind), Created: now})
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: lift sanctions: %w", err)
	}
	return id, nil
}

// ActiveSanction returns the sanction of kind on the account userID or
// the address (either may be empty: 0 or "") that lasts longest after
// now; ok is false when there is none.
func (s *Store) ActiveSanction(ctx context.Context, kind SanctionKind, userID int64, address string, now time.Time) (Sanction, bool, error) {
	var sn Sanction
	var until, created int64
	err := s.db.QueryRowContext(ctx, `SELECT id, kind, user_id, address, reason, until, created FROM moderation_sanctions
		WHERE kind = $1 AND until > $2 AND ((user_id = $3 AND user_id != 0) OR (address = $4 AND address != ''))
		ORDER BY until DESC LIMIT 1`, string(kind), millis(now), userID, address).
		Scan(&sn.ID, &sn.Kind, &sn.UserID, &sn.Address, &sn.Reason, &until, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Sanction{}, false, nil
	}
	if err != nil {
		return Sanction{}, false, fmt.Errorf("store: sanction: %w", err)
	}
	sn.Until, sn.Created = fromMillis(until), fromMillis(created)
	return sn, true, nil
}

// Sanctions lists the sanctions still in force at now, the newest first.
func (s *Store) Sanctions(ctx context.Context, now time.Time) ([]Sanction, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, kind, user_id, address, reason, until, created FROM moderation_sanctions WHERE until > $1 ORDER BY id DESC`, millis(now))
	if err != nil {
		return nil, fmt.Errorf("store: sanctions: %w", err)
	}
	defer rows.Close()
	var out []Sanction
	for rows.Next() {
		var sn Sanction
		var until, created int64
		if err := rows.Scan(&sn.ID, &sn.Kind, &sn.UserID, &sn.Address, &sn.Reason, &until, &created); err != nil {
			return nil, fmt.Errorf("store: sanctions: %w", err)
		}
		sn.Until, sn.Created = fromMillis(until), fromMillis(created)
		out = append(out, sn)
	}
	return out, rows.Err()
}

// ModerationActions lists the actions after the one numbered after, in
// order.
func (s *Store) ModerationActions(ctx context.Context, after int64) ([]Action, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, kind, user_id, address, table_id, text, until, created FROM moderation_actions WHERE id > $1 ORDER BY id LIMIT 1000`, after)
	if err != nil {
		return nil, fmt.Errorf("store: moderation actions: %w", err)
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		var a Action
		var kind string
		var until, created int64
		if err := rows.Scan(&a.ID, &kind, &a.UserID, &a.Address, &a.Table, &a.Text, &until, &created); err != nil {
			return nil, fmt.Errorf("store: moderation actions: %w", err)
		}
		a.Kind = ActionKind(kind)
		if until != 0 {
			a.Until = fromMillis(until)
		}
		a.Created = fromMillis(created)
		out = append(out, a)
	}
	return out, rows.Err()
}

// LastModerationAction is the number of the newest action, 0 for none: a
// server starting acts only on the actions taken after it.
func (s *Store) LastModerationAction(ctx context.Context) (int64, error) {
	var id sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT MAX(id) FROM moderation_actions`).Scan(&id); err != nil {
		return 0, fmt.Errorf("store: moderation actions: %w", err)
	}
	return id.Int64, nil
}

// AddAction stores an operator's action for the servers (closing a
// table) and returns its id.
func (s *Store) AddAction(ctx context.Context, a Action) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = addAction(ctx, tx, a)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: add action: %w", err)
	}
	return id, nil
}

// RenameUser gives an account a new name (display) under the case-folded
// key, as an operator does; ErrNameTaken if another holds the key, and
// ErrNotFound if there is no such account. It returns the action's id.
func (s *Store) RenameUser(ctx context.Context, userID int64, display, key string, now time.Time) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var holder int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM accounts_users WHERE name_key = $1`, key).Scan(&holder)
		if err == nil && holder != userID {
			if err := reserveName(ctx, tx, key, now); err != nil {
				return err
			}
		} else if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE accounts_users SET name = $1, name_key = $2 WHERE id = $3`, display, key, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrNotFound
		}
		id, err = addAction(ctx, tx, Action{Kind: ActRename, UserID: userID, Text: display, Created: now})
		return err
	})
	if errors.Is(err, ErrNameTaken) || errors.Is(err, ErrNotFound) {
		return 0, err
	}
	if err != nil {
		return 0, fmt.Errorf("store: rename: %w", err)
	}
	return id, nil
}

// DeletedName is what a deleted account is called from then on: its
// games stay, under this name.
const DeletedName = "deleted player"

// DeleteUser is an operator's deletion of an account: DeleteAccount's,
// with the action that tells the running servers to close its
// connections, in one transaction. It returns the action's id;
// ErrSeated while the account holds a seat in a match not over (close
// that table first), ErrNotFound for no account.
func (s *Store) DeleteUser(ctx context.Context, userID int64, now time.Time) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := deleteAccountTx(ctx, tx, userID, now, DeletedName, true); err != nil {
			return err
		}
		var err error
		id, err = addAction(ctx, tx, Action{Kind: ActDelete, UserID: userID, Created: now})
		return err
	})
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrSeated) {
		return 0, err
	}
	if err != nil {
		return 0, fmt.Errorf("store: delete user: %w", err)
	}
	return id, nil
}

// OpenOperator opens the database of running servers for `parlor admin`:
// the schema is brought up to date, but no writer runs, since the servers'
// own writers own the match logs (on SQLite, folding the journal of a
// running server would race its writer). Only the methods that write
// directly (moderation, ties, accounts) may be used on it; Close it with
// CloseOperator.
func OpenOperator(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	s := &Store{reqs: make(chan *request), done: make(chan struct{})}
	close(s.done)
	var owners []migrationOwner
	if IsPostgresURL(path) {
		cfg, err := pgx.ParseConfig(path)
		if err != nil {
			return nil, fmt.Errorf("store: open postgres: %w", err)
		}
		s.db, s.pg = stdlib.OpenDB(*cfg), true
		owners = pgOwners
	} else {
		db, err := sql.Open("sqlite3", sqliteDSN(path))
		if err != nil {
			return nil, fmt.Errorf("store: open %s: %w", path, err)
		}
		s.db = db
		owners = sqliteOwners
	}
	if err := s.db.PingContext(ctx); err != nil {
		s.db.Close()
		return nil, fmt.Errorf("store: open %s: %w", Redacted(path), err)
	}
	for _, m := range owners {
		if err := s.migrate(ctx, m.name, m.steps...); err != nil {
			s.db.Close()
			return nil, err
		}
	}
	return s, nil
}

// CloseOperator closes a store opened with OpenOperator.
func (s *Store) CloseOperator() error { return s.db.Close() }
