package store

import (
	"context"
	"database/sql"
)

// ClearResults deletes every user's statistics and achievements, and the
// record of which matches were counted. It is
// for tests that rebuild the state a crash leaves between a match's
// stored end and the counting of its results; a server never calls it.
func (s *Store) ClearResults(ctx context.Context) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{`DELETE FROM accounts_stats`, `DELETE FROM accounts_achievements`, `DELETE FROM accounts_results`} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		return nil
	})
}
