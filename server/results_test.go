package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/parlor-games/parlor/store"
)

// tableStatus reads a table's status as stored.
func tableStatus(t *testing.T, st *store.Store, id string) store.TableStatus {
	t.Helper()
	row, err := st.Table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return row.Status
}

// waitStored waits until the table's stored row says it is over: finish
// stores it in the same transaction as the results.
func waitStored(t *testing.T, st *store.Store, id string) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for tableStatus(t, st, id) != store.TableOver {
		if time.Now().After(deadline) {
			t.Fatal("the table's end was not stored")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestResultCountedOnceAcrossCrash: the results of a finished match are
// counted exactly once whatever point the server stopped at. Stopped
// after counting: a restart counts nothing again. Stopped after the
// match's end was stored but before the results and the table's row
// were (the state is made by hand, as a crash at that point would leave
// it): the restart counts them, once.
func TestResultCountedOnceAcrossCrash(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		ann, bob := e.account("Ann", "password1"), e.account("Bob", "password2")
		ca, cb := ann.dial(), bob.dial()
		id := dotsDuel(t, ca, cb, nil)
		ca.ok("match.resign", map[string]any{"table": id, "seat": 0})
		if played, won, _ := waitStats(t, bob, "Bob", "dots"); played != 1 || won != 1 {
			t.Fatalf("Bob after the end: played %v won %v", played, won)
		}
		waitStored(t, e.st, id)
		check := func(when string) {
			t.Helper()
			if played, won, rating := profileStats(t, bob, "Bob", "dots"); played != 1 || won != 1 || rating <= 1500 {
				t.Errorf("Bob %s: played %v won %v rating %v", when, played, won, rating)
			}
			if played, won, rating := profileStats(t, ann, "Ann", "dots"); played != 1 || won != 0 || rating >= 1500 {
				t.Errorf("Ann %s: played %v won %v rating %v", when, played, won, rating)
			}
		}
		check("after the end")

		dir := e.dir
		e.stop()
		e = startEnv(t, dir)
		ann.e, bob.e = e, e
		if s := tableStatus(t, e.st, id); s != store.TableOver {
			t.Fatalf("table after a restart: %s", s)
		}
		check("after a restart")

		// The state a crash between the match's stored end and its results
		// leaves: the table still playing, no results, no achievements.
		e.stop()
		ctx := context.Background()
		st, err := store.Open(ctx, storePath(t, dir))
		if err != nil {
			t.Fatal(err)
		}
		row, err := st.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		row.Status = store.TablePlaying
		if err := st.SaveTable(ctx, row); err != nil {
			t.Fatal(err)
		}
		if err := st.ClearResults(ctx); err != nil {
			t.Fatal(err)
		}
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		e = startEnv(t, dir)
		ann.e, bob.e = e, e
		waitStored(t, e.st, id)
		check("after a crash before counting")
		e.stop()
		e = startEnv(t, dir)
		ann.e, bob.e = e, e
		check("after one more restart")
	})
}
