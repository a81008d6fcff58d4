package store

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/parlor-games/parlor/game"
)

// The writer and the match journal.
//
// Appends are group-committed by one writer goroutine. A batch is not
// written as one match_moves row per record: inserting into that table's
// B-trees (and writing out every index page the inserts of many matches
// touch) was most of the CPU of an append. Instead each commit writes ONE
// row to match_journal holding every record of the batch, encoded by
// encodeEntry, together with the batch's other writes (finishes) in the
// same transaction. Once the journal holds enough rows, or the writer has
// been idle for a moment, or the store closes, the writer folds the journal
// into match_moves: it inserts the journal's records in (match, index)
// order, so each index page is written once per fold rather than once per
// commit, and deletes the folded rows, all in one transaction. A crash at
// any point leaves every record either in the journal or in match_moves,
// never both and never neither; Open folds what a crash left behind.
//
// Readers see both: LoadMatch reads match_moves and the journal in one
// statement, hence from one snapshot, and merges them by index.
//
// Since the journal does not pass through match_moves' constraints, the
// writer enforces them itself: it remembers, per match it has written to,
// the highest index stored, so the usual append (the next index of a known
// match) is checked without reading the database. This relies on the
// writer being the only one to write match logs to its database file, so
// only one Store may have a given file open.

const (
	// foldRows and foldEntries bound the journal: reaching either folds it.
	// Bigger folds write each match_moves page fewer times, but the journal
	// is read in full by every LoadMatch, and a fold delays the appends that
	// queue behind it.
	foldRows    = 64
	foldEntries = 8192
	// foldChunk is how many records one statement of a fold inserts.
	foldChunk = 32

	// maxYields bounds how many times the writer yields to let a batch
	// grow before committing it.
	maxYields = 4

	// maxBatch bounds one transaction, so one commit never holds the write
	// lock for long under a flood.
	maxBatch = 512

	// journalVersion is the first byte of every journal row, so that the
	// encoding can change without misreading old rows.
	journalVersion = 1
)

// foldIdle folds the journal once no write has come for this long, so that
// a quiet server keeps its moves in match_moves. Tests that need the
// journal to stay as it is lengthen it.
var foldIdle = 200 * time.Millisecond

type opKind uint8

const (
	opAppend opKind = iota
	opFinish
	opExec
)

// request is one write queued for the writer; done receives its result.
// Requests are pooled: Append allocates nothing per call in the steady
// state.
type request struct {
	kind   opKind
	rec    Record
	reason string
	// query and args are an opExec's statement. For an opExec, rec.Match
	// names the match the statement creates, if any (see CreateMatch).
	query string
	args  []any
	// stmts are an ExecAll's statements, run instead of query.
	stmts []Stmt
	done  chan error
	err   error // the writer's verdict on this request within its batch
}

func (s *Store) submit(ctx context.Context, req *request) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return ErrClosed
	}
	s.reqs <- req
	s.mu.RUnlock()
	err := <-req.done
	s.noteWrite(err)
	return err
}

// writer commits queued requests, as many as have queued (up to maxBatch)
// per transaction. While one commit syncs to disk the next requests queue
// up, so the batch size adapts to the load by itself. It reports on ready
// whether it could start, after folding any journal left by a crash.
//
// It runs on one connection of its own, with its statements prepared once,
// talking to SQLite directly rather than through database/sql: on the
// hottest path of the server that cuts the CPU per append several times
// over (see BenchmarkAppend).
func (s *Store) writer(conn *sql.Conn, ready chan<- error) {
	defer close(s.done)
	defer conn.Close()
	started := false
	err := conn.Raw(func(dc any) error {
		rc, ok := dc.(interface{ Raw() *sqlite3.Conn })
		if !ok {
			return fmt.Errorf("unexpected driver connection %T", dc)
		}
		w, err := newRawWriter(rc.Raw())
		if err != nil {
			return err
		}
		w.faults = &s.faults
		defer w.close()
		if err := w.fold(false); err != nil {
			return err
		}
		started = true
		ready <- nil

		idle := time.NewTimer(foldIdle)
		defer idle.Stop()
		delay := time.NewTimer(time.Hour)
		delay.Stop()
		defer delay.Stop()
		var lastCommit time.Time
		batch := make([]*request, 0, maxBatch)
		for {
			var req *request
			if w.rows > 0 {
				idle.Reset(foldIdle)
				select {
				case req, ok = <-s.reqs:
				case <-idle.C:
					// On failure the journal stays, is read as it is, and
					// is folded later.
					w.fold(true)
					continue
				}
			} else {
				req, ok = <-s.reqs
			}
			if !ok {
				break
			}
			batch = s.gather(append(batch[:0], req), lastCommit, delay)
			w.commit(batch)
			lastCommit = time.Now()
			s.commits.Add(1)
			s.writes.Add(int64(len(batch)))
			if w.rows >= foldRows || w.entries >= foldEntries {
				w.fold(true)
			}
		}
		// A cleanly closed database has an empty journal, so that other
		// tools see every move in match_moves.
		return w.fold(false)
	})
	if !started {
		ready <- fmt.Errorf("writer: %w", err)
		return
	}
	if err != nil {
		// Without a writer nothing can be appended: fail every request
		// rather than leave callers waiting.
		for req := range s.reqs {
			req.done <- fmt.Errorf("store: writer: %w", err)
		}
	}
}

// gather grows a batch that starts with one request into what one
// commit should hold: whatever has queued, then whatever comes while the
// scheduler lets the callers the last commit released run, then, if the
// store is busy, whatever comes within the commit delay (see linger). Both
// backends' writers batch this way.
func (s *Store) gather(batch []*request, lastCommit time.Time, delay *time.Timer) []*request {
	batch = s.fill(batch)
	// The callers the last commit released are likely runnable, about to
	// append again: let them, so that one sync covers their records too
	// instead of the next commit's. It costs a trip through the scheduler,
	// far less than a commit. Stop as soon as nobody came.
	for range maxYields {
		n := len(batch)
		if n == maxBatch {
			break
		}
		runtime.Gosched()
		if batch = s.fill(batch); len(batch) == n {
			break
		}
	}
	return s.linger(batch, lastCommit, delay)
}

// linger holds a batch open for the store's commit delay, as
// PostgreSQL's commit_delay does, so that one sync to disk covers the
// moves that arrive meanwhile. At a human pace each move would otherwise
// pay a sync of its own, which costs more CPU than everything else a move
// does. It lingers only while the store is busy (the previous commit was
// within busyWindow): a lone move at a quiet moment is committed at once,
// since nothing is coming for it to wait for. Nothing is acknowledged
// before its commit, so durability is the same; only the acknowledgement
// waits, by at most the delay.
func (s *Store) linger(batch []*request, last time.Time, t *time.Timer) []*request {
	d := time.Duration(s.commitDelay.Load())
	since := time.Since(last)
	if d <= 0 || len(batch) >= lingerBelow || last.IsZero() || since < flatOut || since > busyWindow {
		return batch
	}
	t.Reset(d)
	defer t.Stop()
	for len(batch) < maxBatch {
		select {
		case r, ok := <-s.reqs:
			if !ok {
				return batch
			}
			batch = append(batch, r)
		case <-t.C:
			return batch
		}
	}
	return batch
}

// lingerBelow is the batch size from which a commit no longer waits:
// flat out, batches are that large already and waiting only delays the
// next round of moves (measured: no CPU saved, lower throughput).
const lingerBelow = 8

// flatOut is the gap between commits below which the store is taken to
// be running flat out: requests then arrive while the previous commit
// syncs, batches grow by themselves, and waiting would only hold every
// match back (measured: more CPU per move, fewer moves a second).
const flatOut = 300 * time.Microsecond

// busyWindow is how recent the previous commit must be for a commit to
// wait for company (see linger).
const busyWindow = 50 * time.Millisecond

// SetCommitDelay sets how long a commit may wait for more writes to share
// its sync while the store is busy (0, the default, never waits). A few
// milliseconds cut the CPU of a move at a human pace by a large factor;
// the price is that much added to the time before a move is
// acknowledged.
func (s *Store) SetCommitDelay(d time.Duration) {
	s.commitDelay.Store(int64(max(d, 0)))
}

// fill adds to batch whatever requests have queued, up to maxBatch,
// without waiting.
func (s *Store) fill(batch []*request) []*request {
	for len(batch) < maxBatch {
		select {
		case r, ok := <-s.reqs:
			if !ok {
				return batch
			}
			batch = append(batch, r)
		default:
			return batch
		}
	}
	return batch
}

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
	w.buf = append(w.buf[:0], journalVersion)
	w.undo = w.undo[:0]
	n, others := 0, 0
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
	if n == 0 && others == 0 {
		return nil
	}
	if err := w.write(batch, n); err != nil {
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
		// The commit reported failure but happened: the batch is stored.
	}
	if n > 0 {
		w.nextID++
		w.rows++
		w.entries += n
	}
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
	return nil
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

// exec runs an exec request's statement, or an ExecAll request's
// statements in order. Any error fails the whole transaction, so an
// ExecAll's statements are committed all or none.
func (w *rawWriter) exec(r *request) error {
	if r.stmts == nil {
		return w.exec1(r.query, r.args)
	}
	for _, s := range r.stmts {
		if err := w.exec1(s.query, s.args); err != nil {
			return err
		}
	}
	return nil
}

// exec1 runs one statement, preparing it the first time.
func (w *rawWriter) exec1(query string, args []any) error {
	st, ok := w.execs[query]
	if !ok {
		var tail string
		var err error
		st, tail, err = w.c.Prepare(query)
		if err != nil {
			return fmt.Errorf("store: exec: %w", err)
		}
		if st == nil || strings.TrimSpace(tail) != "" {
			if st != nil {
				st.Close()
			}
			return errors.New("store: exec: the query must be exactly one statement")
		}
		w.execs[query] = st
	}
	if err := bindArgs(st, args); err != nil {
		st.ClearBindings()
		return fmt.Errorf("store: exec: %w", err)
	}
	err := st.Exec()
	// Bound text and blobs are copies, but drop them anyway so a large
	// argument is not kept until the statement's next use.
	st.ClearBindings()
	if err != nil {
		return fmt.Errorf("store: exec: %w", err)
	}
	return nil
}

// bindArgs binds the arguments of exec, in order, to st's parameters.
func bindArgs(st *sqlite3.Stmt, args []any) error {
	if n := st.BindCount(); n != len(args) {
		return fmt.Errorf("the statement has %d parameters; %d arguments given", n, len(args))
	}
	for i, a := range args {
		p := i + 1
		var err error
		switch v := a.(type) {
		case nil:
			err = st.BindNull(p)
		case int:
			err = st.BindInt64(p, int64(v))
		case int64:
			err = st.BindInt64(p, v)
		case bool:
			err = st.BindBool(p, v)
		case float64:
			err = st.BindFloat(p, v)
		case string:
			err = st.BindText(p, v)
		case json.RawMessage:
			if v == nil {
				err = st.BindNull(p)
			} else {
				err = st.BindRawText(p, v)
			}
		case []byte:
			if v == nil {
				err = st.BindNull(p)
			} else {
				err = st.BindBlob(p, v)
			}
		default:
			return fmt.Errorf("argument %d: type %T is not one of nil, int, int64, bool, float64, string, []byte, json.RawMessage", p, a)
		}
		if err != nil {
			return fmt.Errorf("argument %d: %w", p, err)
		}
	}
	return nil
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

// fold moves every journal row into match_moves in one transaction.
//
// It commits with synchronous=NORMAL, without its own sync: every record
// it moves was already synced in its journal row, and the fold's writes go
// to the end of the write-ahead log, whose checksummed frames SQLite
// replays only as an unbroken prefix. So if a crash loses the fold, the
// journal rows are still there and the next fold (at the latest on Open)
// does it again; and the next synced commit makes the fold durable too.
//
// With forget, it also forgets the finished matches, which is only right
// between batches: within one, the batch's records are not in the journal
// yet and the writer's memory of them is all there is.
func (w *rawWriter) fold(forget bool) error {
	if err := w.syncNormal.Exec(); err != nil {
		return fmt.Errorf("store: fold: %w", err)
	}
	defer w.syncFull.Exec()
	if err := w.begin.Exec(); err != nil {
		return fmt.Errorf("store: fold: %w", err)
	}
	if err := w.foldTx(); err != nil {
		w.rb.Exec()
		return fmt.Errorf("store: fold: %w", err)
	}
	if err := w.commitStmt.Exec(); err != nil {
		w.rb.Exec()
		return fmt.Errorf("store: fold: %w", err)
	}
	w.rows, w.entries = 0, 0
	if forget {
		for id, st := range w.matches {
			if st.finished {
				delete(w.matches, id)
			}
		}
	}
	return nil
}

func (w *rawWriter) foldTx() error {
	// Copy every row out of SQLite first (its blobs are valid only until
	// the next step), then decode in place: a fold allocates nothing in
	// the steady state.
	w.arena, w.rowEnds, w.folding = w.arena[:0], w.rowEnds[:0], w.folding[:0]
	maxID := int64(-1)
	q := w.journalAll
	for q.Step() {
		maxID = q.ColumnInt64(0)
		w.arena = append(w.arena, q.ColumnRawBlob(1)...)
		w.rowEnds = append(w.rowEnds, len(w.arena))
	}
	if err := q.Reset(); err != nil {
		return err
	}
	if maxID >= w.nextID {
		w.nextID = maxID + 1
	}
	if maxID < 0 {
		return nil
	}
	start := 0
	for _, end := range w.rowEnds {
		err := entries(w.arena[start:end:end], func(e *rawEntry) { w.folding = append(w.folding, *e) })
		if err != nil {
			return err
		}
		start = end
	}
	w.sortFolding()
	// foldChunk rows per statement, then one by one: running a statement
	// (opening cursors, starting, halting) costs about as much as the
	// insert itself.
	rest := w.folding
	for len(rest) > 0 {
		st, n := w.moveAdd, 1
		if len(rest) >= foldChunk {
			st, n = w.moveAddChunk, foldChunk
		}
		for i := range n {
			e := &rest[i]
			p := 6 * i
			st.BindRawText(p+1, e.match)
			st.BindInt64(p+2, e.idx)
			st.BindInt64(p+3, e.seat)
			if e.kind == entryMove {
				st.BindRawText(p+4, e.data)
				st.BindNull(p + 5)
			} else {
				st.BindNull(p + 4)
				st.BindRawText(p+5, e.data)
			}
			st.BindInt64(p+6, e.at)
		}
		if err := st.Exec(); err != nil {
			return fmt.Errorf("match %s from %d: %w", rest[0].match, rest[0].idx, err)
		}
		rest = rest[n:]
	}
	w.journalDel.BindInt64(1, maxID)
	return w.journalDel.Exec()
}

// sortFolding puts the records to fold in (match, index) order, so that
// the inserts of one match follow each other on the same index pages and
// the matches come in the index's order (in journal order, an append cost
// about 60% more CPU in BenchmarkAppend). Rather than sort every record, it
// sorts the few distinct matches and places each record in its match's
// run, then sorts each run by index, which is already in order but for
// appends that filled a gap.
func (w *rawWriter) sortFolding() {
	clear(w.matchNo)
	w.keys, w.nos = w.keys[:0], w.nos[:0]
	for i := range w.folding {
		m := w.folding[i].match
		k, ok := w.matchNo[string(m)]
		if !ok {
			k = len(w.keys)
			w.matchNo[string(m)] = k
			w.keys = append(w.keys, matchRun{match: m})
		}
		w.keys[k].n++
		w.nos = append(w.nos, k)
	}
	order := w.order[:0]
	for k := range w.keys {
		order = append(order, k)
	}
	slices.SortFunc(order, func(a, b int) int { return bytes.Compare(w.keys[a].match, w.keys[b].match) })
	w.order = order
	at := 0
	for _, k := range order {
		w.keys[k].start, w.keys[k].next = at, at
		at += w.keys[k].n
	}
	w.sorted = slices.Grow(w.sorted[:0], len(w.folding))[:len(w.folding)]
	for i, k := range w.nos {
		w.sorted[w.keys[k].next] = w.folding[i]
		w.keys[k].next++
	}
	for _, r := range w.keys {
		slices.SortFunc(w.sorted[r.start:r.next], func(a, b rawEntry) int { return cmp.Compare(a.idx, b.idx) })
	}
	w.folding, w.sorted = w.sorted, w.folding
}

// matchRun is where a match's records go in a sorted fold.
type matchRun struct {
	match          []byte
	n, start, next int
}

// bindJSON binds JSON as text, or NULL when there is none.
func bindJSON(st *sqlite3.Stmt, i int, raw json.RawMessage) {
	if raw == nil {
		st.BindNull(i)
		return
	}
	st.BindRawText(i, raw)
}

// Journal encoding. A row is journalVersion followed by its records, each:
//
//	uvarint length, match id
//	varint index, varint seat, varint time (Unix milliseconds)
//	byte kind (0: move, 1: event), uvarint length, its JSON
//
// Binary rather than JSON because the writer encodes every record on the
// hot path and LoadMatch decodes the whole journal; match ids and moves
// are copied as they are.

const (
	entryMove  = 0
	entryEvent = 1
)

func encodeEntry(b []byte, r *Record) []byte {
	at := r.At
	if at.IsZero() {
		at = time.Now()
	}
	b = binary.AppendUvarint(b, uint64(len(r.Match)))
	b = append(b, r.Match...)
	b = binary.AppendVarint(b, r.Index)
	b = binary.AppendVarint(b, int64(r.Seat))
	b = binary.AppendVarint(b, millis(at))
	data, kind := r.Move, byte(entryMove)
	if r.Move == nil {
		data, kind = r.Event, entryEvent
	}
	b = append(b, kind)
	b = binary.AppendUvarint(b, uint64(len(data)))
	return append(b, data...)
}

var errCorrupt = errors.New("corrupt journal row")

// rawEntry is one decoded journal record, its byte slices pointing into
// the row.
type rawEntry struct {
	match         []byte
	idx, seat, at int64
	kind          byte
	data          []byte
}

// entries calls fn for each record of a journal row, or returns
// errCorrupt if the row does not decode.
func entries(row []byte, fn func(e *rawEntry)) error {
	if len(row) == 0 || row[0] != journalVersion {
		return errCorrupt
	}
	d := decoder{b: row[1:]}
	var e rawEntry
	for len(d.b) > 0 && !d.bad {
		e.match = d.field()
		e.idx = d.varint()
		e.seat = d.varint()
		e.at = d.varint()
		e.kind = d.byte()
		e.data = d.field()
		if d.bad || e.kind > entryEvent {
			return errCorrupt
		}
		fn(&e)
	}
	return nil
}

// decoder reads a journal row; bad is set, and zero values returned, once
// the row runs short.
type decoder struct {
	b   []byte
	bad bool
}

func (d *decoder) varint() int64 {
	v, k := binary.Varint(d.b)
	if k <= 0 {
		d.bad = true
		return 0
	}
	d.b = d.b[k:]
	return v
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.bad = true
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

// field reads a length-prefixed field, sliced out of the row.
func (d *decoder) field() []byte {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)-k) {
		d.bad = true
		return nil
	}
	end := k + int(n)
	v := d.b[k:end:end]
	d.b = d.b[end:]
	return v
}

// decodeEntries appends to recs the records of match id in one journal
// row, copied out of the row.
func decodeEntries(recs []Record, row []byte, id string) ([]Record, error) {
	err := entries(row, func(e *rawEntry) {
		if string(e.match) != id {
			return
		}
		r := Record{Match: id, Index: e.idx, Seat: game.Seat(e.seat), At: fromMillis(e.at)}
		data := slices.Clone(e.data)
		if e.kind == entryMove {
			r.Move = data
		} else {
			r.Event = data
		}
		recs = append(recs, r)
	})
	return recs, err
}
