package store

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// The PostgreSQL backend.
//
// A PostgreSQL store is the same *Store as an SQLite one, with the same
// methods and, for all but a few statements, the same SQL: the schema was
// kept to what both engines accept (see the package comment), so the
// methods run their statements through database/sql on either. What
// differs lives in this file and the pg*.go files beside it:
//
//   - the schema steps (BIGINT identity columns where SQLite has its
//     rowid, BYTEA for bytes, BIGINT for every time), versioned by the
//     same migrate under the same owner names: the owners are listed in
//     pgOwners below, their steps in pgschema.go or beside their SQLite
//     steps;
//   - the writer (pgWriter, pgwriter.go): PostgreSQL has no use for
//     SQLite's journal, since its own write-ahead log already turns a
//     commit into one sequential append, so a batch inserts its records
//     straight into match_moves (pgappend.go), and a batch whose
//     connection was lost during its commit is settled (pgsettle.go);
//   - serial transactions (inTx) take an advisory lock where SQLite
//     begins IMMEDIATE.
//
// Several servers may share one PostgreSQL database (that is what it is
// for), so nothing here may rely on being the only writer: the checks the
// SQLite writer does from memory (the next index of a match) are left to
// the database's constraints.

// IsPostgresURL reports whether a database name given to Open (or to
// parlor serve -db) is a PostgreSQL connection URL rather than a file.
func IsPostgresURL(name string) bool {
	return strings.HasPrefix(name, "postgres://") || strings.HasPrefix(name, "postgresql://")
}

// serialLock is the key of the advisory lock that serial transactions
// (inTx) take on PostgreSQL. Any constant would do, as long as every
// server sharing the database uses the same one; these are the bytes of
// "parlor".
const serialLock int64 = 0x7061726c6f72

// OpenPostgres opens the PostgreSQL database at url (postgres://...) and
// brings its schema up to date. The URL may carry any connection setting
// pgx knows, search_path included (the tests give each a schema of its
// own that way).
//
// Durability: an append returns once the transaction holding it has
// committed, and with PostgreSQL's default synchronous_commit=on a
// commit returns only once its write-ahead log is flushed to disk, so an
// acknowledged move survives a crash of the server or of the database.
// (A database configured with synchronous_commit=off would break that
// promise; that is the operator's choice, not the store's.)
func OpenPostgres(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		// pgx hides the password in its parse errors.
		return nil, fmt.Errorf("store: open postgres: %w", err)
	}
	where := redactURL(url)
	db := stdlib.OpenDB(*cfg)
	// Enough connections for concurrent readers; a database shared by
	// several servers must leave room for all of them.
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(4)
	db.SetConnMaxIdleTime(time.Minute)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", where, err)
	}
	s := &Store{
		db:   db,
		pg:   true,
		reqs: make(chan *request, 1024),
		done: make(chan struct{}),
	}
	s.reqPool.New = func() any { return &request{done: make(chan error, 1)} }
	for _, m := range pgOwners {
		if err := s.migrate(ctx, m.name, m.steps...); err != nil {
			db.Close()
			return nil, err
		}
	}
	// The writer has a connection of its own, outside database/sql, so
	// that it can send a whole batch in one round trip (pgx.Batch).
	c, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: writer: %w", where, err)
	}
	w := &pgWriter{cfg: cfg, c: c, id: newID(), fence: &s.fence}
	if _, err := c.Exec(ctx, `INSERT INTO writer_batches (writer, batch) VALUES ($1, 0)`, w.id); err != nil {
		w.close()
		db.Close()
		return nil, fmt.Errorf("store: open %s: writer: %w", where, err)
	}
	go s.runPostgresWriter(w)
	return s, nil
}

// Redacted is a database name as Open takes it, fit for a log: a URL
// without its password, a file name as it is.
func Redacted(name string) string {
	if !strings.Contains(name, "://") {
		return name
	}
	return redactURL(name)
}

// redactURL is url without its password, for error messages and logs.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "postgres database"
	}
	return u.Redacted()
}

// pgOwners are the owners of the tables on PostgreSQL (see sqliteOwners).
// A new migration owner is registered here and in sqliteOwners (store.go);
// the steps of store, accounts, server, social and moderation are in
// pgschema.go, the others beside their SQLite steps.
var pgOwners = []migrationOwner{{"store", pgSchema}, {"accounts", pgAccountsSchema}, {"server", pgTablesSchema}, {"nodes", pgNodesSchema},
	{"accountmail", pgAccountMailSchema}, {"social", pgSocialSchema}, {"moderation", pgModerationSchema}, {"vacations", pgVacationsSchema}, {"notify", pgNotifySchema}}
