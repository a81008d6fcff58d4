package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/parlor-games/parlor/protocol"
)

// The server's tables of the lobby (server_tables), one row each, so that
// a table outlives a restart of the server.

// TableStatus is where a table is in its life: the protocol's Status (a
// table's "status" in docs/protocol.md). The values are also the status
// column's, so they must never change.
type TableStatus = protocol.Status

// The statuses of a table.
const (
	TableOpen    = protocol.StatusOpen    // seats being taken; no match yet
	TablePlaying = protocol.StatusPlaying // its match is under way
	TableOver    = protocol.StatusOver    // its match has ended (the lobby shows it a while)
)

// TableRow is a table as stored. Options, Seats and Policy are JSON the
// server encodes and decodes; the store keeps them as text.
type TableRow struct {
	ID            string
	Game          string
	Options       json.RawMessage
	Seats         json.RawMessage
	Creator       int64
	CreatorName   string
	SpectatorChat bool
	Policy        json.RawMessage
	MatchID       string
	Status        TableStatus
	Created       time.Time // stored to the millisecond
	Unrated       bool
	// Holders are the users who hold a human seat: a guest with a seat at
	// a table that is not over keeps its name (guestHolds). Written, never
	// read back into the row.
	Holders []int64
}

// tablesSchema was migrated by the server under the name "server" before
// the store owned it; the name and the steps are kept so that existing
// files see them applied.
var tablesSchema = []string{
	`CREATE TABLE IF NOT EXISTS server_tables (
		id TEXT PRIMARY KEY,
		game TEXT NOT NULL,
		options TEXT NOT NULL,
		seats TEXT NOT NULL,
		creator INTEGER NOT NULL,
		creator_name TEXT NOT NULL,
		spectator_chat INTEGER NOT NULL,
		policy TEXT NOT NULL,
		match_id TEXT NOT NULL,
		status TEXT NOT NULL,
		created INTEGER NOT NULL
	)`,
	// A table created unrated (table.create with rated false) keeps it
	// over a restart before its match starts.
	`ALTER TABLE server_tables ADD COLUMN unrated INTEGER NOT NULL DEFAULT 0`,
	// The users holding its seats, as ",12,34," (see holdersText), so
	// that one LIKE finds a user's tables on every database engine.
	`ALTER TABLE server_tables ADD COLUMN holders TEXT NOT NULL DEFAULT ''`,
}

// upsertTable writes a table's row. Only what changes over a table's life
// is updated on conflict; the rest is fixed when the table is made.
const upsertTable = `INSERT INTO server_tables (id, game, options, seats, creator, creator_name, spectator_chat, policy, match_id, status, created, unrated, holders)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
	ON CONFLICT (id) DO UPDATE SET seats = excluded.seats, match_id = excluded.match_id, status = excluded.status, holders = excluded.holders`

// SaveTable writes a table's row, durably by the time it returns. Every
// game writes its table several times (create, sit, start, end), so the
// row goes through the writer's group commit (see exec): it shares the
// next commit, and its sync, with the moves of every match.
func (s *Store) SaveTable(ctx context.Context, row TableRow) error {
	st := s.SaveTableStmt(row)
	return s.exec(ctx, st.query, st.args...)
}

// SaveTableStmt is the statement SaveTable runs, for a caller that must
// store the row together with other writes: the end of a match stores the
// table's row, marked over, with its results (CountResult), so that a
// crash cannot count them twice.
func (s *Store) SaveTableStmt(row TableRow) Stmt {
	args := []any{row.ID, row.Game, string(row.Options), string(row.Seats), row.Creator, row.CreatorName,
		boolInt(row.SpectatorChat), string(row.Policy), row.MatchID, string(row.Status), millis(row.Created), boolInt(row.Unrated), holdersText(row.Holders)}
	if s.pg {
		return Stmt{pgUpsertTable, append(args, s.fence.Load())}
	}
	return Stmt{upsertTable, args}
}

// pgUpsertTable is upsertTable with the table's owner (see nodes.go): the
// node that makes a table owns it; an update leaves the owner alone, since
// only a heartbeat or a hand-over (HandOverTable) moves a table from node
// to node, and a node that lost its lease cannot write at all. An update
// from a node that no longer owns the table (it has just handed it over)
// changes nothing: the row is its new owner's.
const pgUpsertTable = `INSERT INTO server_tables (id, game, options, seats, creator, creator_name, spectator_chat, policy, match_id, status, created, unrated, holders, owner)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
	ON CONFLICT (id) DO UPDATE SET seats = excluded.seats, match_id = excluded.match_id, status = excluded.status, holders = excluded.holders
	WHERE server_tables.owner = excluded.owner`

// tableColumns are a table row's columns in scanTable's order.
const tableColumns = `id, game, options, seats, creator, creator_name, spectator_chat, policy, match_id, status, created, unrated`

const selectTable = `SELECT ` + tableColumns + ` FROM server_tables`

// ListOpenTables returns every table that is not over, for a server
// starting up: those are the tables of its lobby. A node (see JoinNodes)
// gets only the tables it owns.
func (s *Store) ListOpenTables(ctx context.Context) ([]TableRow, error) {
	query, args := selectTable+` WHERE status != $1`, []any{string(TableOver)}
	if f := s.fence.Load(); f != 0 {
		query, args = query+` AND owner = $2`, append(args, f)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: open tables: %w", err)
	}
	defer rows.Close()
	var out []TableRow
	for rows.Next() {
		r, err := scanTable(rows)
		if err != nil {
			return nil, fmt.Errorf("store: open tables: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: open tables: %w", err)
	}
	return out, nil
}

// Table returns one table's row, whatever its status; ErrNotFound if
// there is none.
func (s *Store) Table(ctx context.Context, id string) (TableRow, error) {
	r, err := scanTable(s.db.QueryRowContext(ctx, selectTable+` WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return TableRow{}, ErrNotFound
	}
	if err != nil {
		return TableRow{}, fmt.Errorf("store: table %s: %w", id, err)
	}
	return r, nil
}

func scanTable(sc interface{ Scan(...any) error }) (TableRow, error) {
	var r TableRow
	var opts, seats, policy, status string
	var spec, unrated int
	var created int64
	if err := sc.Scan(&r.ID, &r.Game, &opts, &seats, &r.Creator, &r.CreatorName, &spec, &policy, &r.MatchID, &status, &created, &unrated); err != nil {
		return TableRow{}, err
	}
	r.Options, r.Seats, r.Policy = json.RawMessage(opts), json.RawMessage(seats), json.RawMessage(policy)
	r.SpectatorChat, r.Unrated = spec != 0, unrated != 0
	r.Status = TableStatus(status)
	r.Created = fromMillis(created)
	return r, nil
}
