package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// kvSchema is a table written through exec, as the lobby's tables and chat
// lines are.
func kvSchema(s *Store) []string {
	blob := "BLOB"
	if s.pg {
		blob = "BYTEA"
	}
	return []string{`CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT NOT NULL, n INTEGER NOT NULL, b ` + blob + `, f INTEGER)`}
}

const kvUpsert = `INSERT INTO kv (k, v, n, b, f) VALUES ($1, $2, $3, $4, $5)
	ON CONFLICT (k) DO UPDATE SET v = excluded.v, n = excluded.n, b = excluded.b, f = excluded.f`

func readKV(t *testing.T, s *Store, k string) (v string, n int64, b []byte, f bool) {
	t.Helper()
	if err := s.db.QueryRow(`SELECT v, n, b, f FROM kv WHERE k = $1`, k).Scan(&v, &n, &b, &f); err != nil {
		t.Fatalf("read %s: %v", k, err)
	}
	return v, n, b, f
}

// Exec writes and upserts rows durably: they are there after a reopen.
func TestExecUpsertDurable(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, path := b.openTemp(t)
		if err := s.migrate(ctx, "kv", kvSchema(s)...); err != nil {
			t.Fatal(err)
		}
		if err := s.exec(ctx, kvUpsert, "a", json.RawMessage(`{"x":1}`), 1, []byte{0, 1}, true); err != nil {
			t.Fatal(err)
		}
		if v, n, b, f := readKV(t, s, "a"); v != `{"x":1}` || n != 1 || string(b) != "\x00\x01" || !f {
			t.Fatalf("after insert: %q %d %q %v", v, n, b, f)
		}
		if err := s.exec(ctx, kvUpsert, "a", "two", int64(2), nil, false); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s2, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		if v, n, b, f := readKV(t, s2, "a"); v != "two" || n != 2 || b != nil || f {
			t.Fatalf("after upsert and reopen: %q %d %q %v", v, n, b, f)
		}
	})
}

// A bad statement fails its own call only: appends and other statements
// batched with it are stored.
func TestExecFailsAlone(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		if err := s.migrate(ctx, "kv", kvSchema(s)...); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateMatch(ctx, header("m1")); err != nil {
			t.Fatal(err)
		}
		bad := []struct {
			name  string
			query string
			args  []any
		}{
			{"constraint", kvUpsert, []any{"k", nil, 1, nil, nil}}, // v is NOT NULL
			{"syntax", `INSERT INTO nowhere VALUES ($1)`, []any{1}},
			{"argument count", kvUpsert, []any{"k"}},
			{"argument type", kvUpsert, []any{"k", "v", struct{}{}, nil, nil}},
			{"two statements", `DELETE FROM kv; DELETE FROM kv`, nil},
		}
		const moves = 40
		var wg sync.WaitGroup
		errs := make(chan error, 2*moves+len(bad))
		wg.Go(func() {
			for j := 1; j <= moves; j++ {
				if err := s.Append(ctx, Record{Match: "m1", Index: int64(j), Seat: game.Seat(j % 2), Move: json.RawMessage(fmt.Sprint(j))}); err != nil {
					errs <- err
				}
			}
		})
		wg.Go(func() {
			for j := range moves {
				if err := s.exec(ctx, kvUpsert, fmt.Sprint("k", j), "v", j, nil, nil); err != nil {
					errs <- err
				}
			}
		})
		for _, b := range bad {
			wg.Go(func() {
				if err := s.exec(ctx, b.query, b.args...); err == nil {
					errs <- fmt.Errorf("%s: a bad Exec succeeded", b.name)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		m, err := s.LoadMatch(ctx, "m1")
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Records) != moves {
			t.Errorf("match has %d records, want %d", len(m.Records), moves)
		}
		var n int
		if err := s.db.QueryRow(`SELECT COUNT(*) FROM kv`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != moves {
			t.Errorf("kv has %d rows, want %d (the bad key must not be there)", n, moves)
		}
	})
}

// A match created through the writer takes appends at once, and a
// duplicate id is still refused without the writer losing track of the
// first match.
func TestCreateMatchThenAppend(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, path := b.openTemp(t)
		if err := s.CreateMatch(ctx, header("m1")); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, Record{Match: "m1", Index: 1, Move: json.RawMessage(`1`)}); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateMatch(ctx, header("m1")); err == nil {
			t.Fatal("a duplicate match id was accepted")
		}
		if err := s.Append(ctx, Record{Match: "m1", Index: 1, Move: json.RawMessage(`9`)}); err == nil {
			t.Fatal("a duplicate index was accepted after a refused CreateMatch")
		}
		if err := s.Append(ctx, Record{Match: "m1", Index: 2, Move: json.RawMessage(`2`)}); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s2, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		m, err := s2.LoadMatch(ctx, "m1")
		if err != nil {
			t.Fatal(err)
		}
		h := header("m1")
		if m.Game != h.Game || m.Seed != h.Seed || string(m.Options) != string(h.Options) || string(m.Seats) != string(h.Seats) ||
			string(m.Settings) != string(h.Settings) || !m.Created.Equal(h.Created) {
			t.Errorf("header after reopen = %+v, want %+v", m.MatchHeader, h)
		}
		if len(m.Records) != 2 || string(m.Records[0].Move) != "1" || string(m.Records[1].Move) != "2" {
			t.Errorf("records after reopen = %+v", m.Records)
		}
	})
}

func TestExecAfterClose(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		s, _ := b.openTemp(t)
		s.Close()
		if err := s.exec(context.Background(), `DELETE FROM saves`); !errors.Is(err, ErrClosed) {
			t.Errorf("Exec after Close = %v, want ErrClosed", err)
		}
	})
}

// ExecAll commits its statements together or not at all: one bad
// statement leaves no trace of the others, while Execs batched with it
// are stored.
func TestExecAllAllOrNothing(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		if err := s.migrate(ctx, "kv", kvSchema(s)...); err != nil {
			t.Fatal(err)
		}
		if err := s.ExecAll(ctx,
			Stmt{kvUpsert, []any{"a", "1", 1, nil, false}},
			Stmt{kvUpsert, []any{"b", "2", 2, nil, false}},
		); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for j := range 10 {
			wg.Go(func() {
				if err := s.exec(ctx, kvUpsert, fmt.Sprint("k", j), "v", j, nil, nil); err != nil {
					errs <- err
				}
			})
		}
		wg.Go(func() {
			err := s.ExecAll(ctx,
				Stmt{kvUpsert, []any{"a", "changed", 3, nil, nil}},
				Stmt{kvUpsert, []any{"c", nil, 3, nil, nil}}, // v is NOT NULL
			)
			if err == nil {
				errs <- errors.New("an ExecAll with a bad statement succeeded")
			}
		})
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if v, n, _, _ := readKV(t, s, "a"); v != "1" || n != 1 {
			t.Errorf("a = %q %d: the failed ExecAll's first statement was kept", v, n)
		}
		if v, _, _, _ := readKV(t, s, "b"); v != "2" {
			t.Errorf("b = %q", v)
		}
		var n int
		if err := s.db.QueryRow(`SELECT COUNT(*) FROM kv`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 12 {
			t.Errorf("kv has %d rows, want 12", n)
		}
	})
}
