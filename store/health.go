package store

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/ncruces/go-sqlite3"
)

// WriteHealth says whether the store can write, as its last writes found
// out: a node whose disk is full, or whose database refuses writes,
// refuses every move, and an operator (and a load balancer, through
// /healthz) must learn so from the node rather than from its players.
type WriteHealth struct {
	// Failing is set from a write that failed for a cause of the store's
	// own (a full disk, an I/O error, a lost database) until a write
	// succeeds again.
	Failing bool
	// Cause is that write's error.
	Cause error
	// Since is when writes began failing.
	Since time.Time
}

// writeHealth keeps a store's WriteHealth. failing mirrors h.Failing,
// so that a write that succeeds while all is well, every append of
// every match, takes no lock.
type writeHealth struct {
	failing atomic.Bool
	mu      sync.Mutex
	h       WriteHealth
}

// WriteHealth returns what the store's last writes found out.
func (s *Store) WriteHealth() WriteHealth {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	return s.health.h
}

// noteWrite records the outcome of a write: nil clears a failure, a
// storage fault sets one, and anything else (a request refused alone, a
// caller that gave up) says nothing of the store.
func (s *Store) noteWrite(err error) {
	if err == nil && !s.health.failing.Load() || err != nil && !storageFault(err) {
		return
	}
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	switch {
	case err == nil:
		s.health.h = WriteHealth{}
	case !s.health.h.Failing:
		s.health.h = WriteHealth{Failing: true, Cause: err, Since: time.Now()}
	default:
		s.health.h.Cause = err
	}
	s.health.failing.Store(s.health.h.Failing)
}

// probeSize is how much a probe writes on SQLite, in bytes: enough to
// need new space in the write-ahead log (sixteen pages and more), so
// that a probe does not pass on a full disk by reusing the few pages a
// failed commit had already claimed.
const probeSize = 64 << 10

// ProbeWrite makes a real write and takes it back, in one transaction:
// a row of schema_migrations under a name no migration has, deleted at
// once. A node with no traffic has no write to tell it that the store
// can write again; /healthz and the server's watch call this while
// writes are failing. Its outcome counts as any write's.
func (s *Store) ProbeWrite(ctx context.Context) error {
	err := s.probe(ctx)
	s.noteWrite(err)
	return err
}

func (s *Store) probe(ctx context.Context) error {
	name := "write probe " + newID()
	// SQLite keeps any value in any column: on it the row carries
	// probeSize bytes. PostgreSQL's write-ahead log takes a row like any
	// other; a small one shows that it can write at all.
	insert := `INSERT INTO schema_migrations (name, step, applied) VALUES ($1, 0, zeroblob($2))`
	args := []any{name, probeSize}
	if s.pg {
		insert = `INSERT INTO schema_migrations (name, step, applied) VALUES ($1, 0, $2)`
		args = []any{name, time.Now().UnixMilli()}
	}
	// A transaction of its own, not the writer's queue: a probe must
	// answer within its context, and a write handed to the writer waits
	// for its commit whatever the context says.
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, insert, args...); err != nil {
		_ = tx.Rollback()
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM schema_migrations WHERE name = $1`, name); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// storageFault reports whether err is a failure of the store itself
// (its disk, its files, its database server) rather than of one request
// (a conflict, a missing match) or of its caller (a context that ended,
// a store being closed).
func storageFault(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrClosed) {
		return false
	}
	for _, code := range []sqlite3.ErrorCode{sqlite3.FULL, sqlite3.IOERR, sqlite3.READONLY,
		sqlite3.CANTOPEN, sqlite3.CORRUPT, sqlite3.NOTADB, sqlite3.NOMEM} {
		if errors.Is(err, code) {
			return true
		}
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// Insufficient resources (a full disk, 53100), system errors
		// (I/O), lost connections, a server shutting down.
		for _, class := range []string{"53", "58", "08", "57P"} {
			if strings.HasPrefix(pe.Code, class) {
				return true
			}
		}
		return false
	}
	var ne net.Error
	var ce *pgconn.ConnectError
	return errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF)
}
