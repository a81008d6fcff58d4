package store

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/ncruces/go-sqlite3"
)

// matchState is what the writer knows of a match it has written to.
type matchState struct {
	last     int64 // highest index stored, in match_moves or the journal
	finished bool  // finished: forget it at the next fold
}

// rawWriter holds the writer's prepared statements and its knowledge of
// the journal.
type rawWriter struct {
	c                      *sqlite3.Conn
	begin, commitStmt, rb  *sqlite3.Stmt
	finish                 *sqlite3.Stmt
	journalAdd             *sqlite3.Stmt // one row per batch
	journalAll, journalDel *sqlite3.Stmt
	moveAdd, moveAddChunk  *sqlite3.Stmt // folding into match_moves
	lastIndex, hasIndex    *sqlite3.Stmt
	syncFull, syncNormal   *sqlite3.Stmt
	// execs holds the statements of exec and ExecAll, prepared on first
	// use: callers run the same few statements again and again.
	execs map[string]*sqlite3.Stmt

	// matches holds every match with records in the journal, and others
	// written to since. The journal's records are therefore all known
	// here, and for a match not here match_moves is the whole truth.
	matches map[string]*matchState
	nextID  int64 // id of the next journal row
	rows    int   // journal rows not yet folded
	entries int   // records in them
	buf     []byte
	undo    []undoLast

	// unsure is set when a commit's outcome could not be found out: the
	// writer's memory of the matches it touched (last) may be behind the
	// database, so the next batch first folds the journal and forgets
	// that memory, and match_moves is the whole truth again.
	unsure bool
	faults *atomic.Pointer[CommitFaults]

	// Reused by every fold.
	arena   []byte
	rowEnds []int
	folding []rawEntry
	sorted  []rawEntry
	matchNo map[string]int
	keys    []matchRun
	nos     []int
	order   []int
}

type undoLast struct {
	st   *matchState
	last int64
}

func newRawWriter(c *sqlite3.Conn) (*rawWriter, error) {
	// The writer checks itself that a match exists before journaling a
	// record of it, and nothing deletes matches, so on this connection
	// SQLite need not look the match up again for every record a fold
	// inserts (a B-tree search each).
	if err := c.Exec(`PRAGMA foreign_keys = OFF`); err != nil {
		return nil, err
	}
	w := &rawWriter{c: c, matches: make(map[string]*matchState), matchNo: make(map[string]int), execs: make(map[string]*sqlite3.Stmt)}
	for _, p := range []struct {
		dst **sqlite3.Stmt
		sql string
	}{
		{&w.begin, `BEGIN IMMEDIATE`},
		{&w.commitStmt, `COMMIT`},
		{&w.rb, `ROLLBACK`},
		{&w.finish, `UPDATE matches SET finished = ?, outcome = ?, reason = ? WHERE id = ?`},
		{&w.journalAdd, `INSERT INTO match_journal (id, entries) VALUES (?, ?)`},
		{&w.journalAll, `SELECT id, entries FROM match_journal ORDER BY id`},
		{&w.journalDel, `DELETE FROM match_journal WHERE id <= ?`},
		{&w.moveAdd, insertMoves(1)},
		{&w.moveAddChunk, insertMoves(foldChunk)},
		{&w.lastIndex, `SELECT COALESCE((SELECT MAX(idx) FROM match_moves WHERE match_id = ?1), 0) FROM matches WHERE id = ?1`},
		{&w.hasIndex, `SELECT 1 FROM match_moves WHERE match_id = ? AND idx = ?`},
		{&w.syncFull, `PRAGMA synchronous = FULL`},
		{&w.syncNormal, `PRAGMA synchronous = NORMAL`},
	} {
		st, _, err := c.Prepare(p.sql)
		if err != nil {
			w.close()
			return nil, fmt.Errorf("prepare %q: %w", p.sql, err)
		}
		*p.dst = st
	}
	return w, nil
}

// insertMoves is an insert of n records into match_moves. ON CONFLICT
// makes a fold idempotent: a record already folded is the same record, and
// is left as it is.
func insertMoves(n int) string {
	return `INSERT INTO match_moves (match_id, idx, seat, move, event, at) VALUES ` +
		strings.Repeat(`(?, ?, ?, ?, ?, ?), `, n-1) + `(?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, idx) DO NOTHING`
}

func (w *rawWriter) close() {
	for _, st := range []*sqlite3.Stmt{w.begin, w.commitStmt, w.rb, w.finish, w.journalAdd, w.journalAll, w.journalDel, w.moveAdd, w.moveAddChunk, w.lastIndex, w.hasIndex, w.syncFull, w.syncNormal} {
		if st != nil {
			st.Close()
		}
	}
	for _, st := range w.execs {
		st.Close()
	}
}

// commit writes a batch in one transaction: one journal row for its
// appends, plus its finishes. Records the writer can tell are bad (a
// duplicate index, an unknown match) fail alone before the transaction.
// If the transaction itself fails, each request is retried alone so that
// only the bad one fails.
func (w *rawWriter) commit(batch []*request) {
	err := w.apply(batch)
	// A batch whose outcome is unknown is not tried again request by
	// request: that could store a write twice.
	answerBatch(batch, err, !errors.Is(err, ErrOutcomeUnknown), w.commit)
}

// answerBatch answers every request of a batch that was committed (err
// nil) or failed as a whole (err). With retry, a batch that failed on one
// of its statements is broken up: each request not refused on its own is
// committed again alone through commit, so that only the bad one fails.
// Both writers (SQLite's journal, PostgreSQL's) end a batch this way.
func answerBatch(batch []*request, err error, retry bool, commit func([]*request)) {
	if err != nil && retry && len(batch) > 1 {
		for _, r := range batch {
			if r.err == nil {
				commit([]*request{r})
			} else {
				r.done <- r.err
				r.err = nil
			}
		}
		return
	}
	for _, r := range batch {
		if r.err == nil {
			r.err = err
		}
		r.done <- r.err
		r.err = nil
	}
}

// apply checks and writes a batch. It sets each request's err when the
// request alone is refused, and returns an error when the transaction
// failed, in which case nothing of the batch was stored.
func (w *rawWriter) apply(batch []*request) error {
	if w.unsure {
		// Nothing of this batch is written unless the writer knows again
		// what the database holds.
		if err := w.fold(false); err != nil {
			return err
		}
		clear(w.matches)
		w.unsure = false
	}
	n, others := w.encode(batch)
	if n == 0 && others == 0 {
		return nil
	}
	if err := w.write(batch, n); err != nil {
		if err := w.failed(err, n); err != nil {
			return err
		}
		// The commit reported failure but happened: the batch is stored.
	}
	if n > 0 {
		w.nextID++
		w.rows++
		w.entries += n
	}
	w.learn(batch)
	return nil
}

// encode checks each request of batch, setting the err of those refused
// alone, and encodes the appends into w.buf, their journal row. It
// returns how many appends it encoded and how many other writes
// (finishes, statements) the batch has.
func (w *rawWriter) encode(batch []*request) (n, others int) {
	w.buf = append(w.buf[:0], journalVersion)
	w.undo = w.undo[:0]
	for i, r := range batch {
		r.err = nil
		if r.kind == opExec {
			others++
			continue
		}
		st, err := w.state(r.rec.Match)
		if err != nil {
			r.err = err
			continue
		}
		if st == nil {
			if r.kind == opFinish {
				r.err = ErrNotFound
			} else {
				r.err = fmt.Errorf("store: append to match %s at %d: %w", r.rec.Match, r.rec.Index, ErrNotFound)
			}
			continue
		}
		if r.kind == opFinish {
			others++
			continue
		}
		if r.rec.Index <= st.last {
			// Not the usual next index: it must not be stored already,
			// in this batch or before.
			if dup, err := w.stored(batch[:i], r.rec.Match, r.rec.Index); err != nil || dup {
				if err == nil {
					err = errors.New("index already stored")
				}
				r.err = fmt.Errorf("store: append to match %s at %d: %w", r.rec.Match, r.rec.Index, err)
				continue
			}
		} else {
			w.undo = append(w.undo, undoLast{st, st.last})
			st.last = r.rec.Index
		}
		w.buf = encodeEntry(w.buf, &r.rec)
		n++
	}
	return n, others
}

// failed handles err, the failure of a batch of n appends: it returns nil
// when the commit happened after all, and otherwise the batch's error,
// having undone the writer's memory of the batch or, when nobody can tell
// whether it was stored, marked the writer unsure.
func (w *rawWriter) failed(err error, n int) error {
	stored, known := false, true
	var ce commitError
	if errors.As(err, &ce) {
		stored, known = w.committed(n)
	}
	switch {
	case !known:
		// The journal row may be there or not: callers must find out
		// by reading, and so must the writer before it writes again.
		w.unsure = true
		w.nextID++
		return fmt.Errorf("%w: %w", ErrOutcomeUnknown, err)
	case !stored:
		for i := len(w.undo) - 1; i >= 0; i-- {
			w.undo[i].st.last = w.undo[i].last
		}
		return err
	}
	return nil
}

// learn notes what a stored batch tells of its matches: those finished,
// and those just created.
func (w *rawWriter) learn(batch []*request) {
	for _, r := range batch {
		if r.err != nil {
			continue
		}
		switch {
		case r.kind == opFinish:
			if st := w.matches[r.rec.Match]; st != nil {
				st.finished = true
			}
		case r.kind == opExec && r.rec.Match != "":
			// A match just created has no records: its first append
			// needs no look-up.
			if _, ok := w.matches[r.rec.Match]; !ok {
				w.matches[r.rec.Match] = &matchState{}
			}
		}
	}
}

// write runs the batch's transaction: the journal row (if n records were
// accepted), the finishes and the statements of exec and ExecAll.
func (w *rawWriter) write(batch []*request, n int) error {
	if err := w.begin.Exec(); err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	if n > 0 {
		w.journalAdd.BindInt64(1, w.nextID)
		w.journalAdd.BindBlob(2, w.buf)
		if err := w.journalAdd.Exec(); err != nil {
			w.rb.Exec()
			return fmt.Errorf("store: append: %w", err)
		}
	}
	for _, r := range batch {
		if r.kind == opExec && r.err == nil {
			if err := w.exec(r); err != nil {
				w.rb.Exec()
				return err
			}
			continue
		}
		if r.kind != opFinish || r.err != nil {
			continue
		}
		st := w.finish
		st.BindInt64(1, millis(r.rec.At))
		bindJSON(st, 2, r.rec.Event)
		st.BindText(3, r.reason)
		st.BindText(4, r.rec.Match)
		err := st.Exec()
		if err == nil && w.c.Changes() == 0 {
			err = ErrNotFound
		}
		if err != nil {
			w.rb.Exec()
			return fmt.Errorf("store: finish match %s: %w", r.rec.Match, err)
		}
	}
	err := w.commitStmt.Exec()
	if f := w.faults.Load(); err == nil && f != nil && f.AfterCommit != nil {
		err = f.AfterCommit()
	}
	if err != nil {
		w.rb.Exec()
		return commitError{fmt.Errorf("store: commit: %w", err)}
	}
	return nil
}

// commitError is a failure of a batch's COMMIT itself, after which the
// batch may or may not be stored (see committed).
type commitError struct{ err error }

func (e commitError) Error() string { return e.err.Error() }
func (e commitError) Unwrap() error { return e.err }

// committed finds out, after a COMMIT that failed, whether the batch was
// stored after all: its journal row (n records) is there or not. known is
// false when that cannot be told: the look-up failed, or the batch had no
// journal row to look for.
func (w *rawWriter) committed(n int) (stored, known bool) {
	if n == 0 {
		return false, false
	}
	if f := w.faults.Load(); f != nil && f.Check != nil {
		if err := f.Check(); err != nil {
			return false, false
		}
	}
	q, _, err := w.c.Prepare(`SELECT 1 FROM match_journal WHERE id = ?`)
	if err != nil {
		return false, false
	}
	defer q.Close()
	q.BindInt64(1, w.nextID)
	found := q.Step()
	if q.Err() != nil {
		return false, false
	}
	return found, true
}

// state returns what the writer knows of a match, reading it from the
// database the first time; nil if the match does not exist.
func (w *rawWriter) state(id string) (*matchState, error) {
	if st, ok := w.matches[id]; ok {
		return st, nil
	}
	q := w.lastIndex
	defer q.Reset()
	q.BindText(1, id)
	if !q.Step() {
		if err := q.Err(); err != nil {
			return nil, fmt.Errorf("store: match %s: %w", id, err)
		}
		return nil, nil
	}
	st := &matchState{last: q.ColumnInt64(0)}
	w.matches[id] = st
	return st, nil
}

// stored reports whether index idx of match id is already stored, or
// accepted earlier in the batch (among prev). It folds the journal first,
// so that match_moves holds everything stored: this is the rare path of an
// append that is not the next index.
func (w *rawWriter) stored(prev []*request, id string, idx int64) (bool, error) {
	for _, r := range prev {
		if r.kind == opAppend && r.err == nil && r.rec.Index == idx && r.rec.Match == id {
			return true, nil
		}
	}
	if err := w.fold(false); err != nil {
		return false, err
	}
	q := w.hasIndex
	defer q.Reset()
	q.BindText(1, id)
	q.BindInt64(2, idx)
	found := q.Step()
	return found, q.Err()
}
