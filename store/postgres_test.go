package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/parlor-games/parlor/store/storetest"
)

// The tests of what only PostgreSQL offers: several servers on one
// database.

// Two stores over one database (two servers) share matches: each sees
// the other's records, and an index is stored once however many of them
// try, at once or one after the other.
func TestPostgresSharedByTwoServers(t *testing.T) {
	ctx := context.Background()
	a, url := postgresBackend.openTemp(t)
	b, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := a.CreateMatch(ctx, header("m")); err != nil {
		t.Fatal(err)
	}
	if err := b.Append(ctx, move("m", 1)); err != nil {
		t.Fatalf("an append on the other server: %v", err)
	}
	if err := a.Append(ctx, move("m", 1)); err == nil {
		t.Fatal("an index the other server stored was stored again")
	}
	if err := b.CreateMatch(ctx, header("m")); err == nil {
		t.Fatal("a match the other server created was created again")
	}
	// Both servers race for every index: exactly one wins each.
	const n = 40
	var wins [2]int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, s := range []*Store{a, b} {
		wg.Go(func() {
			for j := int64(2); j <= n; j++ {
				if err := s.Append(ctx, move("m", j)); err == nil {
					mu.Lock()
					wins[i]++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if wins[0]+wins[1] != n-1 {
		t.Fatalf("%d and %d appends won, want %d in all", wins[0], wins[1], n-1)
	}
	wantLog(t, a, "m", seq(1, n)...)
	wantLog(t, b, "m", seq(1, n)...)
	if err := b.FinishMatch(ctx, "m", json.RawMessage(`{}`), "done"); err != nil {
		t.Fatal(err)
	}
	if ok, err := a.MatchFinished(ctx, "m"); err != nil || !ok {
		t.Fatalf("finished on the other server: %v %v", ok, err)
	}
}

// Servers starting at once over a new database migrate it once between
// them, and the same name registered on both at once goes to one.
func TestPostgresConcurrentStart(t *testing.T) {
	ctx := context.Background()
	url := storetest.Postgres(t)
	stores := make([]*Store, 4)
	errs := make([]error, len(stores))
	var wg sync.WaitGroup
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = Open(ctx, url) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("server %d: %v", i, err)
		}
		defer stores[i].Close()
	}
	var steps, distinct int
	if err := stores[0].db.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT (name, step)) FROM schema_migrations`).Scan(&steps, &distinct); err != nil {
		t.Fatal(err)
	}
	if want := len(pgSchema) + len(pgAccountsSchema) + len(pgTablesSchema) + len(pgNodesSchema) + len(pgVacationsSchema); steps != want || distinct != want {
		t.Fatalf("%d steps recorded (%d distinct), want %d", steps, distinct, want)
	}
	var taken, made int
	var mu sync.Mutex
	for i := range stores {
		wg.Go(func() {
			_, err := stores[i].CreateUser(ctx, NewUser{Name: "Ann", Key: "ann", PasswordHash: "h", Created: t0})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				made++
			case errors.Is(err, ErrNameTaken):
				taken++
			default:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if made != 1 || taken != len(stores)-1 {
		t.Fatalf("%d users made, %d refused, want 1 and %d", made, taken, len(stores)-1)
	}
}

// The writer survives the loss of its connection: once the database has
// dropped it (a restart, an administrator), the next write connects
// again and succeeds.
func TestPostgresWriterReconnects(t *testing.T) {
	ctx := context.Background()
	// Check the connection before every batch, not only after a second
	// of quiet.
	idle := pgCheckIdle
	defer func() { pgCheckIdle = idle }()
	pgCheckIdle = 0
	var tag [6]byte
	rand.Read(tag[:])
	app := "parlor_test_" + hex.EncodeToString(tag[:])
	url := storetest.Postgres(t)
	s, err := Open(ctx, url+"&application_name="+app)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateMatch(ctx, header("m")); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, move("m", 1)); err != nil {
		t.Fatal(err)
	}
	admin, _ := postgresBackend.openTemp(t)
	var killed int
	if err := admin.db.QueryRowContext(ctx,
		`SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1) AS k`, app).Scan(&killed); err != nil {
		t.Fatal(err)
	}
	if killed == 0 {
		t.Fatal("no connection of the store found to drop")
	}
	// pg_terminate_backend only asks: wait until the connections are
	// gone, so that the server's goodbye is waiting on them.
	for deadline := time.Now().Add(10 * time.Second); ; {
		var left int
		if err := admin.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d connections still there after they were dropped", left)
		}
		time.Sleep(10 * time.Millisecond)
	}
	for i := int64(2); i <= 3; i++ {
		if err := s.Append(ctx, move("m", i)); err != nil {
			t.Fatalf("append %d after the connection was dropped: %v", i, err)
		}
	}
	// Read on another server: this one's idle read connections were
	// dropped too, and database/sql finds that out only when it uses
	// them (a read right after a restart of the database may fail once;
	// that is not what this test is about).
	other, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	wantLog(t, other, "m", 1, 2, 3)
}

// A batch whose connection is lost while the database runs it: the
// writer finds out whether it was committed and answers every caller as
// the commit would have. Here it was not (the database dropped the
// connection mid-transaction), so the writer sends it again and both
// writes succeed, once.
func TestPostgresLostCommitSettled(t *testing.T) {
	ctx := context.Background()
	var tag [6]byte
	rand.Read(tag[:])
	app := "parlor_test_" + hex.EncodeToString(tag[:])
	url := storetest.Postgres(t)
	s, err := Open(ctx, url+"&application_name="+app)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateMatch(ctx, header("m")); err != nil {
		t.Fatal(err)
	}
	admin, _ := postgresBackend.openTemp(t)
	// A slow statement holds the batch open while its connection is
	// dropped; the append shares the batch, or the next one.
	errs := make(chan error, 2)
	go func() { errs <- s.exec(ctx, `SELECT pg_sleep(0.3)`) }()
	for deadline := time.Now().Add(10 * time.Second); ; {
		var n int
		if err := admin.db.QueryRowContext(ctx,
			`SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = $1 AND query LIKE '%pg_sleep%' AND state = 'active'`, app).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the slow statement never ran")
		}
		time.Sleep(5 * time.Millisecond)
	}
	go func() { errs <- s.Append(ctx, move("m", 1)) }()
	if _, err := admin.db.ExecContext(ctx,
		`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query LIKE '%pg_sleep%'`, app); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Errorf("a write of the lost batch: %v", err)
		}
	}
	other, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	wantLog(t, other, "m", 1)
}

// settle answers a committed batch as its commit would have: the stored
// append succeeds, a duplicate or a finish of no match fails alone.
func TestPostgresSettleCommitted(t *testing.T) {
	ctx := context.Background()
	s, url := postgresBackend.openTemp(t)
	if err := s.CreateMatch(ctx, header("m")); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, move("m", 1)); err != nil {
		t.Fatal(err)
	}
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	w := &pgWriter{cfg: cfg, id: "settle-test"}
	defer w.close()
	if _, err := s.db.ExecContext(ctx, `INSERT INTO writer_batches (writer, batch) VALUES ($1, 0)`, w.id); err != nil {
		t.Fatal(err)
	}
	batch := []*request{
		{kind: opAppend, rec: move("m", 2)},
		{kind: opAppend, rec: Record{Match: "m", Index: 1, Move: json.RawMessage(`"other"`)}}, // index stored before
		{kind: opFinish, rec: Record{Match: "nope", Event: json.RawMessage(`{}`)}},
		{kind: opExec, query: `DELETE FROM saves WHERE id = $1`, args: []any{"none"}},
	}
	if err := w.apply(batch); err != nil {
		t.Fatal(err)
	}
	// Forget the answers, as if the connection had been lost before
	// they came, and ask.
	for _, r := range batch {
		r.err = nil
	}
	w.close()
	if err := w.settle(batch, errors.New("lost")); err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{true, false, false, true} {
		if ok := batch[i].err == nil; ok != want {
			t.Errorf("request %d: %v", i, batch[i].err)
		}
	}
	if !errors.Is(batch[2].err, ErrNotFound) {
		t.Errorf("finish of no match: %v, want ErrNotFound", batch[2].err)
	}
	wantLog(t, s, "m", 1, 2)
}
