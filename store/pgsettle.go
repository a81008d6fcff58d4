package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// lost reports whether the last batch was sent and its connection is
// gone since: the batch may or may not have been committed.
func (w *pgWriter) lost() bool { return w.sent && (w.c == nil || w.c.IsClosed()) }

// settle finds out what became of a batch whose connection was lost
// during its commit (err), and answers accordingly: see commit. It
// returns nil when every request has its answer, or an error for the
// ones without.
func (w *pgWriter) settle(batch []*request, err error) error {
	ctx := context.Background()
	c, cerr := w.conn(ctx)
	if cerr != nil {
		return fmt.Errorf("%w: %w (asking: %v)", ErrOutcomeUnknown, err, cerr)
	}
	var last int64
	switch qerr := c.QueryRow(ctx, `SELECT batch FROM writer_batches WHERE writer = $1`, w.id).Scan(&last); {
	case errors.Is(qerr, pgx.ErrNoRows):
		// No batch of this writer was ever committed.
	case qerr != nil:
		if c.IsClosed() {
			// Lost again: ask again (commit's loop).
			return err
		}
		return fmt.Errorf("%w: %w (asking: %v)", ErrOutcomeUnknown, err, qerr)
	}
	if last != w.seq {
		// Rolled back: nothing of it was stored, so it is sent again.
		return w.apply(batch)
	}
	// Committed: answer each request as the commit would have.
	for _, r := range batch {
		if r.err != nil {
			continue // refused before the batch was sent
		}
		switch r.kind {
		case opFinish:
			var n int
			if qerr := c.QueryRow(ctx, `SELECT COUNT(*) FROM matches WHERE id = $1`, r.rec.Match).Scan(&n); qerr != nil {
				r.err = fmt.Errorf("store: finish match %s: %w", r.rec.Match, qerr)
			} else if n == 0 {
				r.err = ErrNotFound
			}
		case opAppend:
			// Stored if the log holds this very record at its index.
			// (The same record stored twice would read as stored too,
			// which is true enough: the log holds what the caller
			// asked for.)
			var seat int64
			var move, event *string
			qerr := c.QueryRow(ctx, `SELECT seat, move, event FROM match_moves WHERE match_id = $1 AND idx = $2`,
				r.rec.Match, r.rec.Index).Scan(&seat, &move, &event)
			switch {
			case qerr != nil && !errors.Is(qerr, pgx.ErrNoRows):
				// The batch is committed, but whether with this record
				// in it (or another at its index) is not known.
				r.err = fmt.Errorf("%w: store: append to match %s at %d: %v", ErrOutcomeUnknown, r.rec.Match, r.rec.Index, qerr)
			case qerr != nil || seat != int64(r.rec.Seat) || !sameText(move, r.rec.Move) || !sameText(event, r.rec.Event):
				r.err = w.refused(ctx, c, &r.rec)
			}
		}
	}
	return nil
}

func sameText(s *string, raw json.RawMessage) bool {
	if s == nil || raw == nil {
		return s == nil && raw == nil
	}
	return *s == string(raw)
}
