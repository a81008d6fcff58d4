package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store/storetest"
)

// backend is a database engine the store runs on, for tests that must
// hold on every one of them.
type backend struct {
	name string
	// path makes a fresh, empty database for the test and returns its
	// name for Open: a file for SQLite, a URL naming a schema of its own
	// for PostgreSQL. Opening the same name again is a restart, or a
	// second server sharing the database.
	path func(t testing.TB) string
}

var (
	sqliteBackend = backend{"sqlite", func(t testing.TB) string { return filepath.Join(t.TempDir(), "parlor.db") }}
	// PostgreSQL must be reachable (storetest.Postgres fails the test
	// otherwise): CI runs it on every machine.
	postgresBackend = backend{"postgres", storetest.Postgres}
)

// eachBackend runs fn as a subtest on every backend.
func eachBackend(t *testing.T, fn func(t *testing.T, b backend)) {
	for _, b := range []backend{sqliteBackend, postgresBackend} {
		t.Run(b.name, func(t *testing.T) { fn(t, b) })
	}
}

// openTemp opens a fresh database of the backend, closed at the end of
// the test, and returns it with its name.
func (b backend) openTemp(t testing.TB) (*Store, string) {
	t.Helper()
	path := b.path(t)
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// openTemp opens a fresh SQLite database, for the tests of what only the
// SQLite backend has (its journal, its files) and the benchmarks.
func openTemp(t testing.TB) (*Store, string) {
	t.Helper()
	return sqliteBackend.openTemp(t)
}

func header(id string) MatchHeader {
	return MatchHeader{
		ID:       id,
		Game:     "dots",
		Options:  json.RawMessage(`{"rows":2}`),
		Seed:     0xfedcba9876543210, // above the int64 range on purpose
		Seats:    json.RawMessage(`[{"kind":"human"},{"kind":"bot"}]`),
		Settings: json.RawMessage(`{"grace":5}`),
		Created:  time.UnixMilli(1700000000123).UTC(),
	}
}

func TestMatchRoundTrip(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		h := header("m1")
		if err := s.CreateMatch(ctx, h); err != nil {
			t.Fatal(err)
		}
		recs := []Record{
			{Match: "m1", Index: 1, Seat: 0, Move: json.RawMessage(`{"line":"h0"}`), At: time.UnixMilli(1700000001000).UTC()},
			{Match: "m1", Index: 2, Seat: 1, Move: json.RawMessage(`{"line":"v3"}`), At: time.UnixMilli(1700000002000).UTC()},
			{Match: "m1", Index: 3, Seat: 0, Event: json.RawMessage(`{"type":"timeout"}`), At: time.UnixMilli(1700000003000).UTC()},
		}
		for _, r := range recs {
			if err := s.Append(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		ids, err := s.UnfinishedMatches(ctx)
		if err != nil || len(ids) != 1 || ids[0] != "m1" {
			t.Fatalf("unfinished = %v, %v; want [m1]", ids, err)
		}
		got, err := s.LoadMatch(ctx, "m1")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != h.ID || got.Game != h.Game || got.Seed != h.Seed || !got.Created.Equal(h.Created) ||
			string(got.Options) != string(h.Options) || string(got.Seats) != string(h.Seats) || string(got.Settings) != string(h.Settings) {
			t.Errorf("header = %+v, want %+v", got.MatchHeader, h)
		}
		if len(got.Records) != len(recs) {
			t.Fatalf("got %d records, want %d", len(got.Records), len(recs))
		}
		for i, r := range got.Records {
			w := recs[i]
			if r.Index != w.Index || r.Seat != w.Seat || string(r.Move) != string(w.Move) || string(r.Event) != string(w.Event) || !r.At.Equal(w.At) {
				t.Errorf("record %d = %+v, want %+v", i, r, w)
			}
		}
		l := got.Log()
		if l.Game != "dots" || l.Seed != h.Seed || len(l.Moves) != 2 || string(l.Moves[1].Move) != `{"line":"v3"}` {
			t.Errorf("Log() = %+v", l)
		}
		if got.Finished {
			t.Error("a match without an end reads as finished")
		}

		if err := s.FinishMatch(ctx, "m1", json.RawMessage(`{"winners":[1]}`), "seat 0 ran out of time"); err != nil {
			t.Fatal(err)
		}
		got, err = s.LoadMatch(ctx, "m1")
		if err != nil {
			t.Fatal(err)
		}
		if !got.Finished || string(got.Outcome) != `{"winners":[1]}` || got.Reason != "seat 0 ran out of time" {
			t.Errorf("after finish: finished=%v outcome=%s reason=%q", got.Finished, got.Outcome, got.Reason)
		}
		if ids, _ := s.UnfinishedMatches(ctx); len(ids) != 0 {
			t.Errorf("finished match still listed as unfinished: %v", ids)
		}
	})
}

func TestAppendRefusals(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		if err := s.CreateMatch(ctx, header("m1")); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateMatch(ctx, header("m1")); err == nil {
			t.Error("a second match with the same id was accepted")
		}
		ok := Record{Match: "m1", Index: 1, Move: json.RawMessage(`1`)}
		if err := s.Append(ctx, ok); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, ok); err == nil {
			t.Error("a duplicate index was accepted")
		}
		if err := s.Append(ctx, Record{Match: "nope", Index: 1, Move: json.RawMessage(`1`)}); err == nil {
			t.Error("an append to a match that does not exist was accepted")
		}
		if err := s.Append(ctx, Record{Match: "m1", Index: 2}); err == nil {
			t.Error("a record with neither move nor event was accepted")
		}
		if err := s.FinishMatch(ctx, "nope", json.RawMessage(`{}`), ""); !errors.Is(err, ErrNotFound) {
			t.Errorf("finishing an unknown match: %v, want ErrNotFound", err)
		}
		if _, err := s.LoadMatch(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("loading an unknown match: %v, want ErrNotFound", err)
		}
		m, _ := s.LoadMatch(ctx, "m1")
		if len(m.Records) != 1 {
			t.Errorf("refused appends left %d records, want 1", len(m.Records))
		}
	})
}

// Many matches append at once: every acknowledged record is there, in
// order, after a reopen, and a bad record fails alone.
func TestConcurrentAppendsDurableAndOrdered(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, path := b.openTemp(t)
		const matches, moves = 20, 50
		for i := range matches {
			if err := s.CreateMatch(ctx, header(fmt.Sprint("m", i))); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		errs := make(chan error, matches*moves)
		for i := range matches {
			wg.Go(func() {
				id := fmt.Sprint("m", i)
				for j := 1; j <= moves; j++ {
					if err := s.Append(ctx, Record{Match: id, Index: int64(j), Seat: game.Seat(j % 2), Move: json.RawMessage(fmt.Sprint(j))}); err != nil {
						errs <- err
					}
					// Interleave duplicates: each must fail without failing
					// the good appends batched with it.
					if j%10 == 0 {
						if err := s.Append(ctx, Record{Match: id, Index: int64(j), Move: json.RawMessage(`0`)}); err == nil {
							errs <- fmt.Errorf("duplicate %s/%d accepted", id, j)
						}
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		// Everything acknowledged must be there after a reopen.
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s2, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		for i := range matches {
			m, err := s2.LoadMatch(ctx, fmt.Sprint("m", i))
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Records) != moves {
				t.Fatalf("match %d has %d records after reopen, want %d", i, len(m.Records), moves)
			}
			for j, r := range m.Records {
				if r.Index != int64(j+1) || string(r.Move) != fmt.Sprint(j+1) {
					t.Fatalf("match %d record %d = %d %s, want %d", i, j, r.Index, r.Move, j+1)
				}
			}
		}
	})
}

func TestClosedStoreRefuses(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		s.CreateMatch(ctx, header("m1"))
		s.Close()
		if err := s.Append(ctx, Record{Match: "m1", Index: 1, Move: json.RawMessage(`1`)}); !errors.Is(err, ErrClosed) {
			t.Errorf("append after close: %v, want ErrClosed", err)
		}
	})
}

func TestMigrateOnceInOrder(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, path := b.openTemp(t)
		steps := []string{
			`CREATE TABLE widgets (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`,
			`INSERT INTO widgets (id, name) VALUES (1, 'first')`,
		}
		if err := s.migrate(ctx, "widgets", steps...); err != nil {
			t.Fatal(err)
		}
		// Running again would fail (table exists, duplicate key) if any step
		// were applied twice.
		if err := s.migrate(ctx, "widgets", steps...); err != nil {
			t.Fatalf("second run: %v", err)
		}
		// A step added later is applied, once, after the earlier ones.
		steps = append(steps, `ALTER TABLE widgets ADD COLUMN size INTEGER NOT NULL DEFAULT 7`)
		if err := s.migrate(ctx, "widgets", steps...); err != nil {
			t.Fatal(err)
		}
		s.Close()
		s2, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		if err := s2.migrate(ctx, "widgets", steps...); err != nil {
			t.Fatalf("after reopen: %v", err)
		}
		var n, size int
		if err := s2.db.QueryRowContext(ctx, `SELECT COUNT(*), MAX(size) FROM widgets`).Scan(&n, &size); err != nil {
			t.Fatal(err)
		}
		if n != 1 || size != 7 {
			t.Errorf("widgets: %d rows, size %d; want 1 row, size 7", n, size)
		}
		// A failing step is not recorded, and the error names it.
		err = s2.migrate(ctx, "broken", `CREATE TABLE ok1 (x INTEGER)`, `NOT SQL AT ALL`)
		if err == nil {
			t.Fatal("a bad migration step succeeded")
		}
		if err := s2.migrate(ctx, "broken", `CREATE TABLE ok1 (x INTEGER)`, `CREATE TABLE ok2 (x INTEGER)`); err != nil {
			t.Fatalf("fixed step: %v", err)
		}
	})
}

func TestSaves(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, path := b.openTemp(t)
		log := json.RawMessage(`{"game":"dots","seed":7,"moves":[{"seat":0,"move":{"l":1}},{"seat":1,"move":{"l":2}}]}`)
		sv, err := s.CreateSave(ctx, Save{UserID: 42, Name: " evening game ", Log: log, Seats: json.RawMessage(`["Ann","Bot"]`), Holders: json.RawMessage(`[{"user":42},{"bot":"easy"}]`)})
		if err != nil {
			t.Fatal(err)
		}
		if sv.ID == "" || sv.Game != "dots" || sv.Moves != 2 || sv.Name != "evening game" {
			t.Errorf("created save = %+v", sv)
		}
		second, err := s.CreateSave(ctx, Save{UserID: 42, Name: "second", Log: log})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateSave(ctx, Save{UserID: 7, Name: "other's", Log: log}); err != nil {
			t.Fatal(err)
		}

		bad := []Save{
			{UserID: 42, Name: "x", Log: json.RawMessage(`{"game":"dots",`)},
			{UserID: 42, Name: "x", Log: json.RawMessage(`[1,2]`)},
			{UserID: 42, Name: "x", Log: json.RawMessage(`{"seed":1}`)},
			{UserID: 42, Name: "x", Log: json.RawMessage(`{"game":"dots"} trailing`)},
			{UserID: 42, Name: "x", Log: log, Seats: json.RawMessage(`{"a":1}`)},
			{UserID: 42, Name: "x", Log: log, Holders: json.RawMessage(`{"user":1}`)},
			{UserID: 42, Name: "  ", Log: log},
		}
		for _, b := range bad {
			if _, err := s.CreateSave(ctx, b); err == nil {
				t.Errorf("save with log %s seats %s name %q was accepted", b.Log, b.Seats, b.Name)
			}
		}

		s.Close()
		s, err = Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		list, err := s.Saves(ctx, 42)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 {
			t.Fatalf("user 42 has %d saves, want 2 (bad ones refused, other user's hidden): %+v", len(list), list)
		}
		got, err := s.GetSave(ctx, 42, sv.ID)
		if err != nil {
			t.Fatal(err)
		}
		if string(got.Log) != string(log) || string(got.Seats) != `["Ann","Bot"]` || !got.Created.Equal(sv.Created) {
			t.Errorf("got save %+v, want %+v", got, sv)
		}
		// Who held each seat survives a restart; a save made without them
		// reads as not known, not as "nobody".
		if string(got.Holders) != `[{"user":42},{"bot":"easy"}]` {
			t.Errorf("seat holders read back as %s", got.Holders)
		}
		if g2, err := s.GetSave(ctx, 42, second.ID); err != nil || g2.Holders != nil {
			t.Errorf("a save made without holders reads back %v (%v), want nil", g2.Holders, err)
		}
		if _, err := s.GetSave(ctx, 7, sv.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another user read the save: %v", err)
		}
		if err := s.DeleteSave(ctx, 7, sv.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another user deleted the save: %v", err)
		}
		if err := s.DeleteSave(ctx, 42, sv.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetSave(ctx, 42, sv.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("deleted save still readable: %v", err)
		}
		if list, _ := s.Saves(ctx, 42); len(list) != 1 {
			t.Errorf("after delete user 42 has %d saves, want 1", len(list))
		}
	})
}

// BenchmarkAppend measures one durable append while many goroutines append
// to their own matches at once, as live matches do. ns/op is wall time per
// append across all of them; the CPU figure is reported separately.
func BenchmarkAppend(b *testing.B) {
	for _, n := range []int{1, 32, 256} {
		b.Run(fmt.Sprint("appenders-per-cpu=", n), func(b *testing.B) { benchAppend(b, sqliteBackend, n) })
	}
}

// BenchmarkAppendPostgres is BenchmarkAppend on PostgreSQL. Its cpu-ns/op
// counts this process only, not the database server's work.
func BenchmarkAppendPostgres(b *testing.B) {
	for _, n := range []int{1, 32, 256} {
		b.Run(fmt.Sprint("appenders-per-cpu=", n), func(b *testing.B) { benchAppend(b, postgresBackend, n) })
	}
}

func benchAppend(b *testing.B, be backend, appenders int) {
	ctx := context.Background()
	s, _ := be.openTemp(b)
	// One match per appending goroutine, created before the clock starts.
	ids := make(chan string, appenders*runtime.GOMAXPROCS(0))
	for i := range cap(ids) {
		id := fmt.Sprint("bench", i)
		if err := s.CreateMatch(ctx, header(id)); err != nil {
			b.Fatal(err)
		}
		ids <- id
	}
	next := make(map[string]int64)
	var mu sync.Mutex
	b.SetParallelism(appenders)
	b.ReportAllocs()
	ws0 := s.WriterStats()
	cpu0 := cpuTime()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		id := <-ids
		mu.Lock()
		i := next[id]
		mu.Unlock()
		move := json.RawMessage(`{"line":"h12"}`)
		for pb.Next() {
			i++
			if err := s.Append(ctx, Record{Match: id, Index: i, Seat: game.Seat(i & 1), Move: move}); err != nil {
				b.Error(err)
				break
			}
		}
		mu.Lock()
		next[id] = i
		mu.Unlock()
		ids <- id
	})
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	ws := s.WriterStats()
	b.ReportMetric(float64(ws.Writes-ws0.Writes)/float64(ws.Commits-ws0.Commits), "appends/commit")
}

// cpuTime is the CPU time this process has used, user and system, so a
// benchmark can report CPU per operation rather than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
