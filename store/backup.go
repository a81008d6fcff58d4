package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrBackupPostgres: Backup copies SQLite files only; PostgreSQL has its
// own tool, pg_dump (docs/deploy.md).
var ErrBackupPostgres = errors.New("a PostgreSQL database is backed up with pg_dump, not parlor backup (see docs/deploy.md)")

// Backup writes a consistent copy of the SQLite database at path to the
// new file dest, while a server may be writing to it: SQLite's VACUUM
// INTO reads one snapshot, so every commit made before it starts is in
// the copy (the match journal's unfolded rows included, which the copy's
// server folds when it opens) and none made after. The copy is written
// beside dest first and renamed into place once synced, so a failed or
// interrupted backup never leaves a half file under dest. An existing dest
// is refused rather than overwritten.
//
// It opens the database without the store's start-up (migrations, folding
// the journal), which belongs to the serving process alone.
func Backup(ctx context.Context, path, dest string) (err error) {
	if IsPostgresURL(path) {
		return ErrBackupPostgres
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if _, err := os.Stat(dest); err == nil {
		return fmt.Errorf("backup: %s already exists; give a new file name", dest)
	}
	partial := filepath.Join(filepath.Dir(dest), "."+filepath.Base(dest)+".partial")
	_ = os.Remove(partial)
	defer func() {
		if err != nil {
			_ = os.Remove(partial)
		}
	}()
	db, err := sql.Open("sqlite3", "file:"+escapeURIPath(path)+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("backup: open %s: %w", path, err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, partial); err != nil {
		return fmt.Errorf("backup of %s: %w", path, err)
	}
	if err := checkCopy(ctx, partial); err != nil {
		return err
	}
	if err := syncFile(partial); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := os.Rename(partial, dest); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	// The rename itself is on disk once the directory is.
	return syncFile(filepath.Dir(dest))
}

// checkCopy runs SQLite's quick check over a fresh copy: a backup that
// would not open is worse than none, since it is found out on the day it
// is needed.
func checkCopy(ctx context.Context, file string) error {
	db, err := sql.Open("sqlite3", "file:"+escapeURIPath(file)+"?mode=ro")
	if err != nil {
		return fmt.Errorf("backup: checking the copy: %w", err)
	}
	defer db.Close()
	var verdict string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&verdict); err != nil {
		return fmt.Errorf("backup: checking the copy: %w", err)
	}
	if verdict != "ok" {
		return fmt.Errorf("backup: the copy fails SQLite's check: %s", verdict)
	}
	return nil
}

func syncFile(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
