// Package store is Parlor's durable storage: it opens the database, runs
// schema migrations for every package that owns tables, keeps match logs
// with batched durable appends, and keeps saved games.
//
// A match is its log (see docs/architecture.md): a header (game, options,
// seed, seats, table settings) and the list of accepted moves. The live
// match appends each accepted move here before anyone learns of it, so the
// append path is the hot one. Appends from every match go through one writer
// goroutine that commits whatever has queued in one transaction (group
// commit): the cost of a commit, and of its sync to disk, is shared by all
// the moves that arrived while the previous commit was running. A commit
// writes the whole batch as one row of a journal, folded into the per-match
// move table later (see journal.go), which makes an append several times
// cheaper than inserting a row per move. Other small writes that must be
// durable on return (a match's header, the server's table rows) ride in
// the same batches through CreateMatch, SaveTable and the like, and so,
// on SQLite, do the results of a finished match (CountResult).
//
// Every SQL statement of the server lives in this package: the accounts
// package and the server call typed methods (CreateUser, SessionUser,
// SaveTable, ListOpenTables, CountResult, ...) through small interfaces
// of their own, and a write that must be stored with others (the table's
// row with a match's results) travels as an opaque Stmt built here.
//
// The store runs on SQLite (Open with a file name: one server, nothing to
// install) or on PostgreSQL (Open or OpenPostgres with a postgres:// URL:
// several servers sharing one database). Both are the same *Store, so the
// packages that use it cannot tell them apart. The SQL is kept to what
// both engines accept (TEXT, BIGINT, INTEGER, ordinary indexes; times as
// Unix milliseconds; ids made in Go), so the methods share their
// statements; what differs (the schema's column types, the writer, how a
// read-then-write transaction is made serial) is in postgres.go and the
// pg*.go files beside it, and marked by Store.pg where a method must
// choose.
package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/ncruces/go-sqlite3/driver" // registers the "sqlite3" database/sql driver, SQLite included
)

// ErrNotFound is returned when a match or save does not exist (or, for a
// save, belongs to someone else).
var ErrNotFound = errors.New("store: not found")

// ErrClosed is returned by calls made after Close.
var ErrClosed = errors.New("store: closed")

// ErrOutcomeUnknown is in the chain of a write's error when the write may
// or may not have been stored: its commit was interrupted (the database
// went away under it) and the store could not find out since. A caller
// must not tell anyone that such a write failed: it finds out first, by
// reading what it wrote (an append: LoadMatch), once the database
// answers again.
var ErrOutcomeUnknown = errors.New("store: whether the write was stored is not known")

// Store is an open database. It is safe for concurrent use.
type Store struct {
	db *sql.DB

	// pg is set for a PostgreSQL store (see OpenPostgres). The methods
	// share their SQL between the backends; pg picks the few statements
	// and transaction rules that differ, and which writer runs.
	pg bool

	// mu guards closed and the send side of reqs: senders hold it for
	// reading while they hand a request to the writer, and Close takes it
	// for writing before closing reqs, so no request is ever sent on a
	// closed channel or left behind unserved.
	mu     sync.RWMutex
	closed bool
	reqs   chan *request
	done   chan struct{} // closed when the writer has exited

	reqPool sync.Pool

	commits, writes atomic.Int64 // see WriterStats

	// health is what the last writes found out (see WriteHealth).
	health writeHealth

	// fence is the number of this node's lease (nodes.go), 0 when it
	// holds none; leaseTTL is the lease's time, in nanoseconds.
	fence, leaseTTL atomic.Int64

	// commitDelay is how long a busy writer holds a commit open for more
	// writes, in nanoseconds (see SetCommitDelay).
	commitDelay atomic.Int64

	// counts keeps counts of results sharing a user apart in this
	// process (see CountResult).
	counts countLocks

	// prepared holds read statements prepared once, by query text (see
	// query).
	prepared sync.Map

	// faults are the commit failures a test injects into the SQLite
	// writer (InjectCommitFaults); nil in a server.
	faults atomic.Pointer[CommitFaults]

	// node and addr are the name and address this node joined under
	// (JoinNodes), for RejoinNodes.
	nodeMu     sync.Mutex
	node, addr string
}

// Open opens (creating if needed) the SQLite database at path and brings its
// schema up to date.
//
// Settings, and why:
//
//   - journal_mode=WAL lets readers (snapshots, lists, recovery) run while
//     the writer commits, and makes a commit one sequential append to the
//     write-ahead log.
//   - synchronous=FULL syncs the log to disk at every commit. Because
//     appends are group-committed, one sync covers every move that queued
//     behind the previous commit, so under load the sync is shared rather
//     than paid per move. What survives: a crash of the process (SIGKILL,
//     panic, OOM) loses nothing that was acknowledged, and so does a power
//     loss or kernel crash, provided the disk honours its flush requests.
//     (With synchronous=NORMAL a process crash would still lose nothing, but
//     a power loss could roll back the last acknowledged moves; we choose
//     FULL because an acknowledged move that later vanishes is exactly what
//     a match log must never do.) The one exception is the writer's fold
//     of its journal, which moves records already synced and so needs no
//     sync of its own (see rawWriter.fold).
//   - page_size=4096 (for a new file; an existing file keeps its size): a
//     commit writes one journal row (see journal.go), which spans fewer,
//     larger pages, and a fold fills index pages with many records of a
//     match at once, so larger pages mean fewer log frames, fewer write
//     calls and fewer page splits. (Page size 1024 suited the earlier
//     design, a row per move scattered over many index pages.)
//   - wal_autocheckpoint=4000 pages (16 MB of log): folds rewrite the same
//     index pages again and again, and a checkpoint copies each page once
//     however many times the log holds it, so rarer checkpoints copy less
//     per move. The price is a log file of up to about 16 MB.
//   - busy_timeout lets the writes made outside the writer (the accounts'
//     transactions, saves, keys) wait for it instead of failing with
//     "database is locked".
//   - foreign_keys makes SQLite enforce the REFERENCES clauses, as
//     PostgreSQL always does (except on the writer's own connection, which
//     checks for itself; see newRawWriter).
//   - transactions begin IMMEDIATE, taking the write lock up front, so a
//     read-then-write transaction cannot fail halfway on an upgrade.
//
// A path that is a postgres:// or postgresql:// URL opens PostgreSQL
// instead (see OpenPostgres), so that every caller that opens a store by
// name, a test's reopen included, works on either backend.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	if IsPostgresURL(path) {
		return OpenPostgres(ctx, path)
	}
	db, err := sql.Open("sqlite3", sqliteDSN(path))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// Every connection is a separate SQLite instance with its own page
	// cache; a handful serve concurrent readers without wasting memory.
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := &Store{
		db:   db,
		reqs: make(chan *request, 1024),
		done: make(chan struct{}),
	}
	s.reqPool.New = func() any { return &request{done: make(chan error, 1)} }
	// Every table of the server is the store's (the other packages keep
	// no SQL): its own, the accounts package's and the server's lobby
	// tables, each under the name it was first migrated with.
	for _, m := range sqliteOwners {
		if err := s.migrate(ctx, m.name, m.steps...); err != nil {
			db.Close()
			return nil, err
		}
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// The writer first folds whatever journal a crash left behind, so that
	// it starts with an empty journal and knows every record in it.
	ready := make(chan error, 1)
	go s.writer(conn, ready)
	if err := <-ready; err != nil {
		<-s.done
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return s, nil
}

// sqliteDSN is the data source name of the SQLite file at path, with the
// settings Open describes.
func sqliteDSN(path string) string {
	return "file:" + escapeURIPath(path) +
		"?_pragma=busy_timeout(10000)" +
		"&_pragma=page_size(4096)" +
		"&_pragma=journal_mode(wal)" +
		"&_pragma=wal_autocheckpoint(4000)" +
		"&_pragma=synchronous(full)" +
		"&_pragma=foreign_keys(on)" +
		"&_txlock=immediate"
}

// migrationOwner is one owner's schema steps (see migrate).
type migrationOwner struct {
	name  string
	steps []string
}

// sqliteOwners are the owners of the tables on SQLite, each under the
// name it was first migrated with; pgOwners (postgres.go) on PostgreSQL.
var sqliteOwners = []migrationOwner{{"store", schema}, {"accounts", accountsSchema}, {"server", tablesSchema},
	{"accountmail", accountMailSchema}, {"social", socialSchema}, {"moderation", moderationSchema}, {"vacations", vacationsSchema}, {"notify", notifySchema}}

// escapeURIPath makes a file name safe inside a "file:" URI.
func escapeURIPath(p string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(p)
}

// Close waits for queued appends to commit, then closes the database.
// Calls made after Close return ErrClosed.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.reqs)
	s.mu.Unlock()
	<-s.done
	return s.db.Close()
}

// schema is the store's own tables. Steps are only ever appended: a
// released step must never change, since migrate records it as applied.
// The PostgreSQL steps are pgSchema (pgschema.go): a change to the schema
// is a new step in each.
var schema = []string{
	`CREATE TABLE matches (
		id TEXT PRIMARY KEY,
		game TEXT NOT NULL,
		options TEXT NOT NULL,
		seed BIGINT NOT NULL,
		seats TEXT NOT NULL,
		settings TEXT NOT NULL,
		created BIGINT NOT NULL,
		finished BIGINT,
		outcome TEXT,
		reason TEXT NOT NULL DEFAULT ''
	)`,
	`CREATE INDEX matches_finished ON matches (finished)`,
	`CREATE TABLE match_moves (
		match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
		idx BIGINT NOT NULL,
		seat INTEGER NOT NULL,
		move TEXT,
		event TEXT,
		at BIGINT NOT NULL,
		PRIMARY KEY (match_id, idx)
	)`,
	`CREATE TABLE saves (
		id TEXT PRIMARY KEY,
		user_id BIGINT NOT NULL,
		name TEXT NOT NULL,
		game TEXT NOT NULL,
		log TEXT NOT NULL,
		seats TEXT NOT NULL,
		moves INTEGER NOT NULL,
		created BIGINT NOT NULL
	)`,
	`CREATE INDEX saves_user ON saves (user_id, created)`,
	// The match journal (see journal.go): one row per group commit, holding
	// every record of the batch, folded into match_moves later. The id is
	// given by the writer, in commit order.
	`CREATE TABLE match_journal (
		id INTEGER PRIMARY KEY,
		entries BLOB NOT NULL
	)`,
	// Chat lines of the lobby and of every table (chat.go), so that a
	// channel's history outlives a restart. The id, given by the database
	// (an identity column on PostgreSQL), orders a channel's lines.
	`CREATE TABLE chat_lines (
		id INTEGER PRIMARY KEY,
		channel TEXT NOT NULL,
		user_id BIGINT NOT NULL,
		from_name TEXT NOT NULL,
		text TEXT NOT NULL,
		at BIGINT NOT NULL
	)`,
	`CREATE INDEX chat_lines_channel ON chat_lines (channel, id)`,
	// Secret keys of the servers (keys.go), by purpose, made on first use.
	// They live in the database rather than in a file next to each server
	// so that every server sharing the database uses the same keys: a save
	// sealed by one of them opens on all of them.
	`CREATE TABLE server_keys (
		name TEXT PRIMARY KEY,
		secret TEXT NOT NULL,
		created BIGINT NOT NULL
	)`,
	// Who held each seat of a saved match (Save.Holders), a JSON array of
	// user ids; empty for saves made before it was recorded.
	`ALTER TABLE saves ADD COLUMN holders TEXT NOT NULL DEFAULT ''`,
	// The match a save is a bookmark of (Save.Match); empty for a save
	// that is a copy of its log.
	`ALTER TABLE saves ADD COLUMN match_id TEXT NOT NULL DEFAULT ''`,
	// match_moves without a rowid: the table is then one B-tree keyed by
	// (match, index), where it was a table and an index beside it that
	// every fold inserted into twice. The fold (journalfold.go) is most of the
	// store's CPU per move, and this halves its inserts. Moves are small
	// rows, which is what a table without rowid suits.
	`CREATE TABLE match_moves_keyed (
		match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
		idx BIGINT NOT NULL,
		seat INTEGER NOT NULL,
		move TEXT,
		event TEXT,
		at BIGINT NOT NULL,
		PRIMARY KEY (match_id, idx)
	) WITHOUT ROWID;
	INSERT INTO match_moves_keyed (match_id, idx, seat, move, event, at)
		SELECT match_id, idx, seat, move, event, at FROM match_moves;
	DROP TABLE match_moves;
	ALTER TABLE match_moves_keyed RENAME TO match_moves`,
	// When the match paused (Unix milliseconds, 0 while it is not) and
	// the seat whose absence paused it (see SetPaused), so that a restart
	// does not forget a pause and let clocks run against a player the
	// table was waiting for.
	`ALTER TABLE matches ADD COLUMN paused BIGINT NOT NULL DEFAULT 0`,
	`ALTER TABLE matches ADD COLUMN paused_seat INTEGER NOT NULL DEFAULT -1`,
	// The users who hold a seat in each match (see FinishedMatchesOf), so
	// that a player's matches are found by their id rather than by reading
	// the seats of every match. CreateMatch writes them with the match;
	// the next step fills them in for the matches stored before.
	`CREATE TABLE match_players (
		user_id BIGINT NOT NULL,
		match_id TEXT NOT NULL,
		PRIMARY KEY (user_id, match_id)
	) WITHOUT ROWID`,
	`INSERT OR IGNORE INTO match_players (user_id, match_id)
		SELECT CAST(json_extract(j.value, '$.userId') AS INTEGER), m.id
		FROM matches m, json_each(m.seats) j
		WHERE j.type = 'object' AND json_type(j.value, '$.userId') = 'integer'`,
	// The finished matches each user has not yet been told of: they were
	// not at the table when it ended (see TellLater). A row lives only
	// until the player has read of the end, so the table stays small and
	// a player's list is one range of its key.
	`CREATE TABLE untold_ends (
		user_id BIGINT NOT NULL,
		match_id TEXT NOT NULL,
		PRIMARY KEY (user_id, match_id)
	) WITHOUT ROWID`,
}

// migrate brings the tables of one owner up to date. name identifies the
// owner ("store", "accounts", "server"); stmts are its schema steps in order. Each
// step is applied once, in its own transaction together with the record
// that it was applied, so running migrate again (every start-up) applies
// only the steps added since. Steps must never be edited or reordered once
// released: append new ones instead.
func (s *Store) migrate(ctx context.Context, name string, stmts ...string) error {
	if name == "" {
		return errors.New("store: migration needs a name")
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			name TEXT NOT NULL,
			step INTEGER NOT NULL,
			applied BIGINT NOT NULL,
			PRIMARY KEY (name, step)
		)`)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: migrations table: %w", err)
	}
	for i, stmt := range stmts {
		step := i + 1
		if err := s.migrateStep(ctx, name, step, stmt); err != nil {
			return fmt.Errorf("store: migration %s step %d: %w", name, step, err)
		}
	}
	return nil
}

func (s *Store) migrateStep(ctx context.Context, name string, step int, stmt string) error {
	// Checked inside a serial transaction (see inTx), so two processes
	// starting at once cannot both apply a step.
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE name = $1 AND step = $2`, name, step).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (name, step, applied) VALUES ($1, $2, $3)`, name, step, time.Now().UnixMilli())
		return err
	})
}

// newID returns a random identifier of 16 hex digits, made here rather than
// by the database so the SQL stays the same on every engine.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func millis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
