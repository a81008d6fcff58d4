package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// holdJournal keeps the writer from folding the journal while it is idle,
// so a test can look at, or copy, a database whose journal holds records.
func holdJournal(t *testing.T) {
	t.Helper()
	old := foldIdle
	foldIdle = time.Hour
	t.Cleanup(func() { foldIdle = old })
}

// crashImage copies the database files of an open store as a process
// killed at this moment would leave them: the main file and the
// write-ahead log, no Close, no fold. Nothing may be writing meanwhile.
func crashImage(t *testing.T, path string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "crashed.db")
	for _, suffix := range []string{"", "-wal"} {
		in, err := os.Open(path + suffix)
		if os.IsNotExist(err) && suffix != "" {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		out, err := os.Create(dst + suffix)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(out, in); err != nil {
			t.Fatal(err)
		}
		in.Close()
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func journalRows(t *testing.T, s *Store) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow(`SELECT COUNT(*) FROM match_journal`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func movedRows(t *testing.T, s *Store, id string) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow(`SELECT COUNT(*) FROM match_moves WHERE match_id = ?`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func move(id string, i int64) Record {
	return Record{Match: id, Index: i, Seat: game.Seat(i % 2), Move: json.RawMessage(fmt.Sprintf(`{"n":%d}`, i)), At: time.UnixMilli(1700000000000 + i).UTC()}
}

func appendAll(t *testing.T, s *Store, id string, idx ...int64) {
	t.Helper()
	for _, i := range idx {
		if err := s.Append(context.Background(), move(id, i)); err != nil {
			t.Fatalf("append %s/%d: %v", id, i, err)
		}
	}
}

// wantLog checks that match id holds exactly the moves want, once each, in
// index order, with what was appended.
func wantLog(t *testing.T, s *Store, id string, want ...int64) {
	t.Helper()
	m, err := s.LoadMatch(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, r := range m.Records {
		got = append(got, r.Index)
		w := move(id, r.Index)
		if r.Match != id || r.Seat != w.Seat || string(r.Move) != string(w.Move) || r.Event != nil || !r.At.Equal(w.At) {
			t.Errorf("%s record %d = %+v, want %+v", id, r.Index, r, w)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s holds moves %v, want %v", id, got, want)
	}
}

func seq(from, to int64) []int64 {
	var s []int64
	for i := from; i <= to; i++ {
		s = append(s, i)
	}
	return s
}

// A crash after moves were acknowledged (so are in the journal) but before
// the journal was folded: every move is there after reopening, once, and
// the reopened store has folded them into match_moves.
func TestCrashBeforeFold(t *testing.T) {
	holdJournal(t)
	ctx := context.Background()
	s, path := openTemp(t)
	for _, id := range []string{"a", "b"} {
		if err := s.CreateMatch(ctx, header(id)); err != nil {
			t.Fatal(err)
		}
	}
	appendAll(t, s, "a", seq(1, 20)...)
	appendAll(t, s, "b", seq(1, 7)...)
	if err := s.FinishMatch(ctx, "b", json.RawMessage(`{"winners":[0]}`), "done"); err != nil {
		t.Fatal(err)
	}
	if journalRows(t, s) == 0 || movedRows(t, s, "a") != 0 {
		t.Fatal("the moves are not in the journal; this test needs them there")
	}
	wantLog(t, s, "a", seq(1, 20)...)

	s2, err := Open(ctx, crashImage(t, path))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	wantLog(t, s2, "a", seq(1, 20)...)
	wantLog(t, s2, "b", seq(1, 7)...)
	if ids, _ := s2.UnfinishedMatches(ctx); fmt.Sprint(ids) != "[a]" {
		t.Errorf("unfinished after the crash: %v, want [a]", ids)
	}
	if n := journalRows(t, s2); n != 0 {
		t.Errorf("%d journal rows left after reopening, want them folded", n)
	}
	if n := movedRows(t, s2, "a"); n != 20 {
		t.Errorf("match_moves holds %d moves of a, want 20", n)
	}
	// The match goes on from where it was, and a repeated index is still
	// refused.
	appendAll(t, s2, "a", 21)
	if err := s2.Append(ctx, move("a", 20)); err == nil {
		t.Error("after the crash, a repeated index was accepted")
	}
	wantLog(t, s2, "a", seq(1, 21)...)
}

// A match whose early moves were folded and whose later ones are in the
// journal reads as one log, in order, live and after a crash.
func TestSplitBetweenFoldedAndJournal(t *testing.T) {
	holdJournal(t)
	ctx := context.Background()
	s, path := openTemp(t)
	if err := s.CreateMatch(ctx, header("m")); err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, "m", seq(1, 10)...)
	s.Close() // folds
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	appendAll(t, s, "m", seq(11, 15)...)
	if movedRows(t, s, "m") != 10 || journalRows(t, s) == 0 {
		t.Fatal("the match is not split between match_moves and the journal")
	}
	wantLog(t, s, "m", seq(1, 15)...)
	if err := s.Append(ctx, move("m", 10)); err == nil {
		t.Error("an index already folded was accepted again")
	}
	if err := s.Append(ctx, move("m", 15)); err == nil {
		t.Error("an index still in the journal was accepted again")
	}

	s2, err := Open(ctx, crashImage(t, path))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	wantLog(t, s2, "m", seq(1, 15)...)
}

// Folding a journal whose records are already in match_moves (as if a fold
// had run twice) stores each record once and loses none.
func TestFoldIdempotent(t *testing.T) {
	holdJournal(t)
	ctx := context.Background()
	s, path := openTemp(t)
	if err := s.CreateMatch(ctx, header("m")); err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, "m", seq(1, 6)...)
	s.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	// A journal row repeating moves 4 to 6, already folded, and adding 7.
	row := []byte{journalVersion}
	for i := int64(4); i <= 7; i++ {
		r := move("m", i)
		row = encodeEntry(row, &r)
	}
	if _, err := s.db.Exec(`INSERT INTO match_journal (id, entries) VALUES (?, ?)`, 1<<40, row); err != nil {
		t.Fatal(err)
	}
	wantLog(t, s, "m", seq(1, 7)...) // shown once before the fold too
	s.Close()
	for range 2 {
		s, err = Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		wantLog(t, s, "m", seq(1, 7)...)
		if n := movedRows(t, s, "m"); n != 7 {
			t.Errorf("match_moves holds %d moves, want 7", n)
		}
		s.Close()
	}
}

// Records come back in index order whatever order they were appended in,
// wherever they are stored, with many matches sharing journal rows.
func TestOrderAcrossJournalAndFolded(t *testing.T) {
	holdJournal(t)
	ctx := context.Background()
	s, path := openTemp(t)
	for _, id := range []string{"x", "y"} {
		if err := s.CreateMatch(ctx, header(id)); err != nil {
			t.Fatal(err)
		}
	}
	appendAll(t, s, "x", 1, 2, 5, 9)
	appendAll(t, s, "y", 1, 2, 3)
	appendAll(t, s, "x", 3, 8, 4) // indexes below the highest are allowed if new
	appendAll(t, s, "y", 4)
	for _, i := range []int64{2, 5, 8, 9} {
		if err := s.Append(ctx, move("x", i)); err == nil {
			t.Errorf("repeated index x/%d accepted", i)
		}
	}
	appendAll(t, s, "x", 10)
	if journalRows(t, s) == 0 {
		t.Fatal("nothing in the journal")
	}
	check := func(s *Store) {
		t.Helper()
		wantLog(t, s, "x", 1, 2, 3, 4, 5, 8, 9, 10)
		wantLog(t, s, "y", 1, 2, 3, 4)
	}
	check(s)
	s2, err := Open(ctx, crashImage(t, path))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	check(s2)
	s.Close()
	s3, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s3.Close()
	check(s3)
}

// A batch holding a bad record among good ones: only the bad one fails,
// and the good ones share the batch's journal row.
func TestBatchWithDuplicateInside(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		if err := s.CreateMatch(ctx, header("m")); err != nil {
			t.Fatal(err)
		}
		reqs := []*request{}
		for _, r := range []Record{move("m", 1), move("m", 2), move("m", 1), move("nope", 1), move("m", 3)} {
			reqs = append(reqs, &request{kind: opAppend, rec: r, done: make(chan error, 1)})
		}
		// Hand them to the writer at once, so they are one batch if it is
		// idle, and several otherwise; either way the answers are the same.
		s.mu.RLock()
		for _, r := range reqs {
			s.reqs <- r
		}
		s.mu.RUnlock()
		for i, r := range reqs {
			err := <-r.done
			if bad := i == 2 || i == 3; bad != (err != nil) {
				t.Errorf("request %d (%s/%d): %v", i, r.rec.Match, r.rec.Index, err)
			}
		}
		wantLog(t, s, "m", 1, 2, 3)
	})
}

// TestMovesKeptWhenTheirTableLosesItsRowid opens a database made before
// match_moves became a table without rowid, with moves in it, and checks
// that the step rebuilding the table keeps every move and leaves one
// B-tree (no separate index for the primary key).
func TestMovesKeptWhenTheirTableLosesItsRowid(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	if err := s.CreateMatch(ctx, header("m1")); err != nil {
		t.Fatal(err)
	}
	for i := int64(1); i <= 5; i++ {
		if err := s.Append(ctx, Record{Match: "m1", Index: i, Seat: game.Seat(i & 1), Move: json.RawMessage(fmt.Sprintf(`{"line":"h%d"}`, i))}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close() // folds the journal into match_moves
	// Put the table back as it was, and forget the step.
	raw, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = raw.ExecContext(ctx, `CREATE TABLE match_moves_old (
		match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
		idx BIGINT NOT NULL, seat INTEGER NOT NULL, move TEXT, event TEXT, at BIGINT NOT NULL,
		PRIMARY KEY (match_id, idx));
	INSERT INTO match_moves_old SELECT * FROM match_moves;
	DROP TABLE match_moves;
	ALTER TABLE match_moves_old RENAME TO match_moves;
	DELETE FROM schema_migrations WHERE name = 'store' AND step = `+fmt.Sprint(rowidStep()))
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}

	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var def string
	if err := s.db.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE name = 'match_moves'`).Scan(&def); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(def, "WITHOUT ROWID") {
		t.Errorf("match_moves after the step: %s", def)
	}
	got, err := s.LoadMatch(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Records) != 5 || string(got.Records[4].Move) != `{"line":"h5"}` {
		t.Errorf("after the step the match has %d records: %+v", len(got.Records), got.Records)
	}
	if err := s.Append(ctx, Record{Match: "m1", Index: 6, Move: json.RawMessage(`{"line":"h6"}`)}); err != nil {
		t.Errorf("an append after the step: %v", err)
	}
	if err := s.Append(ctx, Record{Match: "m1", Index: 5, Move: json.RawMessage(`{"line":"h9"}`)}); err == nil {
		t.Error("an index stored before the step was stored again")
	}
}

// rowidStep is the number of the schema step that rebuilt match_moves
// without a rowid.
func rowidStep() int {
	for i, st := range schema {
		if strings.Contains(st, "WITHOUT ROWID") {
			return i + 1
		}
	}
	panic("no step makes match_moves a table without rowid")
}
