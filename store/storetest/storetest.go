// Package storetest gives tests a database to open a store on: a
// PostgreSQL schema of their own, made fresh and dropped at the end, so
// that the tests of every package can run on PostgreSQL as well as on
// SQLite without sharing state.
//
// It holds no SQL of the program (that stays in package store), only the
// creation and removal of the test's schema.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
)

// DefaultPostgres is the server the tests use unless PARLOR_TEST_POSTGRES
// names another: the one every CI machine runs.
const DefaultPostgres = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresBase is the URL of the PostgreSQL database tests use.
func PostgresBase() string {
	if u := os.Getenv("PARLOR_TEST_POSTGRES"); u != "" {
		return u
	}
	return DefaultPostgres
}

// OnPostgres reports whether PARLOR_TEST_STORE=postgres asks for every
// test database to be PostgreSQL, so that a package's whole suite runs
// on it: `PARLOR_TEST_STORE=postgres go test ./...`.
func OnPostgres() bool { return os.Getenv("PARLOR_TEST_STORE") == "postgres" }

// Name returns a fresh database for the test, for store.Open: an SQLite
// file called file in a temporary directory, or, when OnPostgres, a
// PostgreSQL schema of its own. Opening the name again reopens the same
// database.
func Name(t testing.TB, file string) string {
	t.Helper()
	if OnPostgres() {
		return Postgres(t)
	}
	return filepath.Join(t.TempDir(), file)
}

// Postgres creates a schema of its own for the test and returns a URL
// whose connections use it (search_path), for store.Open. The schema is
// dropped when the test ends.
//
// A PostgreSQL that cannot be reached fails the test, never skips it: a
// suite that passes only because half of it did not run would hide that
// the PostgreSQL backend is untested.
func Postgres(t testing.TB) string {
	t.Helper()
	base := PostgresBase()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("storetest: PostgreSQL URL %s: %v", redact(base), err)
	}
	defer db.Close()
	var b [6]byte
	rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	if _, err := db.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatalf("storetest: PostgreSQL is needed for this test and is not usable at %s "+
			"(set PARLOR_TEST_POSTGRES to a database URL to use another): %v", redact(base), err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		db, err := sql.Open("pgx", base)
		if err != nil {
			t.Errorf("storetest: drop schema %s: %v", schema, err)
			return
		}
		defer db.Close()
		if _, err := db.ExecContext(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("storetest: drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: PostgreSQL URL %s: %v", redact(base), err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}
