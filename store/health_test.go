package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ncruces/go-sqlite3"
)

// TestProbeWriteLeavesNothing: on each backend a probe write succeeds on
// a healthy store, clears a failure a write had found, and leaves no row
// behind, so that /healthz may probe as often as it is asked.
func TestProbeWriteLeavesNothing(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		s, _ := b.openTemp(t)
		ctx := context.Background()
		s.noteWrite(fmt.Errorf("store: commit: %w", sqlite3.FULL))
		if h := s.WriteHealth(); !h.Failing || h.Since.IsZero() {
			t.Fatalf("a full disk's error leaves the store %+v, want failing", h)
		}
		for range 3 {
			if err := s.ProbeWrite(ctx); err != nil {
				t.Fatalf("probe: %v", err)
			}
		}
		if h := s.WriteHealth(); h.Failing {
			t.Fatalf("after a probe that wrote, the store is %+v, want writable", h)
		}
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE name LIKE 'write probe %'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("%d probe rows left behind", n)
		}
		// A request refused alone, or a caller that gave up, says nothing
		// of the store.
		s.noteWrite(ErrNotFound)
		s.noteWrite(context.Canceled)
		s.noteWrite(errors.New("index already stored"))
		if h := s.WriteHealth(); h.Failing {
			t.Fatalf("errors of one request made the store %+v", h)
		}
	})
}
