package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

const pgFinish = `UPDATE matches SET finished = $1, outcome = $2, reason = $3 WHERE id = $4`

// pgMark records, in a batch's transaction, that the batch is committed.
// The writer's row is made when the store opens (an update costs the
// database less than an insert that may conflict).
const pgMark = `UPDATE writer_batches SET batch = $2 WHERE writer = $1`

// pgWriter commits the store's queued writes on PostgreSQL.
type pgWriter struct {
	cfg  *pgx.ConnConfig
	c    *pgx.Conn // nil or closed after a lost connection: see conn
	used time.Time // when c last ran a batch

	// id names the writer in writer_batches; seq numbers its batches,
	// and sent says whether the last one was handed to the server.
	id   string
	seq  int64
	sent bool
	// unbuilt says pgx refused to build the last batch, so none of it
	// reached the server and each request may be tried again alone.
	unbuilt bool

	// Reused by every batch: the request of each queued statement, and
	// the rows each statement changed.
	queued  []*request
	changed []int64
	apps    pgAppends

	// fence is the store's lease number (see nodes.go): when not 0, each
	// batch first checks that the lease still holds.
	fence *atomic.Int64
}

// runPostgresWriter is the writer goroutine of a PostgreSQL store: the
// SQLite writer's loop (see writer) without the journal and its folds.
func (s *Store) runPostgresWriter(w *pgWriter) {
	defer close(s.done)
	defer w.close()
	defer w.forget()
	delay := time.NewTimer(time.Hour)
	delay.Stop()
	defer delay.Stop()
	var lastCommit time.Time
	batch := make([]*request, 0, maxBatch)
	for req := range s.reqs {
		batch = s.gather(append(batch[:0], req), lastCommit, delay)
		w.commit(batch)
		lastCommit = time.Now()
		s.commits.Add(1)
		s.writes.Add(int64(len(batch)))
	}
}

// forget deletes the writer's row of writer_batches as the store closes:
// with no batch under way, nobody will ask about it again.
func (w *pgWriter) forget() {
	if w.c == nil || w.c.IsClosed() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	w.c.Exec(ctx, `DELETE FROM writer_batches WHERE writer = $1`, w.id)
}

func (w *pgWriter) close() {
	if w.c != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		w.c.Close(ctx)
	}
}

// pgCheckIdle is how long the writer's connection may sit unused before
// conn checks that the database has not closed it meanwhile. Tests
// shorten it.
var pgCheckIdle = time.Second

// conn returns the writer's connection, connecting again if the last one
// was lost (the database restarted, say): unlike SQLite's, this writer
// can outlive a failure of its database.
//
// A connection the server closed while it was idle is noticed only when
// used, and then the batch sent on it fails. So after a quiet spell conn
// first looks for the server's goodbye (CheckConn reads what is waiting,
// without sending anything, and costs up to a millisecond); at a busy
// moment it does not, since the connection was just working.
func (w *pgWriter) conn(ctx context.Context) (*pgx.Conn, error) {
	if w.c != nil && !w.c.IsClosed() && time.Since(w.used) >= pgCheckIdle {
		if err := w.c.PgConn().CheckConn(); err != nil {
			w.close()
		}
	}
	if w.c != nil && !w.c.IsClosed() {
		return w.c, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, err := pgx.ConnectConfig(ctx, w.cfg)
	if err != nil {
		return nil, fmt.Errorf("store: writer: connect: %w", err)
	}
	w.c = c
	return c, nil
}

// commit writes a batch in one transaction and answers every request. If
// the transaction fails, each request is retried alone so that only the
// bad one fails, as on SQLite (see rawWriter.commit).
//
// A caller hears of its write only after the answer of the commit, so a
// write acknowledged is durable. If the connection is lost while the
// commit is under way, the batch may or may not have been committed: a
// retry could apply a write twice (count a match's results again), and
// a failure could deny a move that is in the log. So the writer connects
// again and asks (settle): each batch's transaction records its number
// in writer_batches. Committed, every request is answered as the commit
// would have answered it; not committed, the batch is sent again. If the
// database cannot be reached to ask, the callers are told exactly that:
// their error holds ErrOutcomeUnknown, never a plain failure, and they
// find out for themselves once the database is back (match.settle), so
// that nobody is told a write failed that was stored. The writer does not
// wait for the database itself: the other matches' writes meanwhile fail
// at once, truly unstored, instead of queueing behind this batch.
func (w *pgWriter) commit(batch []*request) {
	err := w.apply(batch)
	for tries := 0; err != nil && w.lost() && !errors.Is(err, ErrOutcomeUnknown) && tries < 3; tries++ {
		err = w.settle(batch, err)
	}
	if err != nil && w.lost() && !errors.Is(err, ErrOutcomeUnknown) {
		err = fmt.Errorf("%w: %w", ErrOutcomeUnknown, err)
	}
	if errors.Is(err, ErrOutcomeUnknown) {
		answerBatch(batch, err, false, w.commit)
		return
	}
	if isFenced(err) {
		// Every write of this node is refused from now on: no retry.
		answerBatch(batch, ErrLeaseLost, false, w.commit)
		return
	}
	// With the connection alive the server answered: a failed batch
	// failed on a statement, and was rolled back whole.
	answerBatch(batch, err, (w.c != nil && !w.c.IsClosed()) || w.unbuilt, w.commit)
}

// apply writes a batch as one pgx.Batch: every statement is sent at once
// and the batch runs as one implicit transaction, committed when the
// server has run them all, so the batch costs one round trip and one
// commit. It sets a request's err when the request alone is refused, and
// returns an error when the transaction failed, in which case nothing of
// the batch was stored.
//
// The batch's appends are one statement (pgAppend, over arrays), queued
// after everything else: one statement per record cost the database
// about as much again as the records themselves. Last is safe, since an
// append's match was created by a CreateMatch that returned before the
// append was made, hence in an earlier batch.
func (w *pgWriter) apply(batch []*request) error {
	ctx := context.Background()
	w.sent, w.unbuilt = false, false
	b, appends := w.queue(batch)
	if b.Len() == 0 {
		return nil
	}
	c, err := w.conn(ctx)
	if err != nil {
		return err
	}
	if err := w.send(ctx, c, b, appends); err != nil {
		return err
	}
	// Committed. A statement that changed nothing was refused alone, and
	// so was an append the insert did not return.
	for i, r := range w.queued {
		if w.changed[i] == 0 && r.kind == opFinish {
			r.err = ErrNotFound
		}
	}
	for i, r := range w.apps.reqs {
		if !w.apps.stored[i] {
			r.err = w.refused(ctx, c, &r.rec)
		}
	}
	return nil
}

// queue makes the batch's statements, in w.queued the request of each,
// and the appends' one insert last; appends reports whether there is
// one. A request refused before anything is sent has its err set.
func (w *pgWriter) queue(batch []*request) (b *pgx.Batch, appends bool) {
	b = &pgx.Batch{}
	w.queued = w.queued[:0]
	w.apps.reset()
	for _, r := range batch {
		r.err = nil
		switch r.kind {
		case opAppend:
			if !w.apps.add(r) {
				r.err = fmt.Errorf("store: append to match %s at %d: index already stored", r.rec.Match, r.rec.Index)
			}
		case opFinish:
			b.Queue(pgFinish, millis(r.rec.At), nullText(r.rec.Event), r.reason, r.rec.Match)
			w.queued = append(w.queued, r)
		case opExec:
			w.queueExec(b, r)
		}
	}
	appends = len(w.apps.reqs) > 0
	if appends {
		a := &w.apps
		b.Queue(pgAppend, a.match, a.idx, a.seat, a.move, a.event, a.at)
	}
	return b, appends
}

// queueExec queues the statements of an opExec. Arguments are checked
// before anything is queued, so that an ExecAll with a bad one fails
// whole, and alone.
func (w *pgWriter) queueExec(b *pgx.Batch, r *request) {
	stmts := r.stmts
	if stmts == nil {
		stmts = []Stmt{{r.query, r.args}}
	}
	args := make([][]any, len(stmts))
	for i, st := range stmts {
		if args[i], r.err = pgArgs(st.args); r.err != nil {
			r.err = fmt.Errorf("store: exec: %w", r.err)
			return
		}
	}
	for i, st := range stmts {
		b.Queue(st.query, args[i]...)
		w.queued = append(w.queued, r)
	}
}

// send runs b on c in one round trip, after this writer's mark and,
// when fenced, the fence check, and reads what each statement changed
// into w.changed and which appends were stored. An error means that the
// transaction did not commit, or that nobody can tell.
func (w *pgWriter) send(ctx context.Context, c *pgx.Conn, b *pgx.Batch, appends bool) error {
	w.seq++
	head := []*pgx.QueuedQuery{{SQL: pgMark, Arguments: []any{w.id, w.seq}}}
	if f := w.fenced(); f != 0 {
		head = append(head, &pgx.QueuedQuery{SQL: `SELECT parlor_fence($1)`, Arguments: []any{f}})
	}
	mark := &pgx.Batch{QueuedQueries: append(head, b.QueuedQueries...)}
	w.used, w.sent = time.Now(), true
	br := c.SendBatch(ctx, mark)
	for range head {
		if _, err := br.Exec(); err != nil {
			br.Close()
			var pe pgx.ErrPreprocessingBatch
			if errors.As(err, &pe) {
				// pgx would not build the batch (a statement's arguments
				// do not fit it) and sent nothing, but leaves the
				// connection in a pipeline it never ended: start afresh,
				// and let commit retry each request alone.
				w.close()
				w.c, w.sent, w.unbuilt = nil, false, true
			}
			return fmt.Errorf("store: commit: %w", err)
		}
	}
	w.changed = w.changed[:0]
	for _, r := range w.queued {
		tag, err := br.Exec()
		if err != nil {
			br.Close()
			if r.kind == opExec {
				return fmt.Errorf("store: exec: %w", err)
			}
			return fmt.Errorf("store: commit: %w", err)
		}
		w.changed = append(w.changed, tag.RowsAffected())
	}
	if appends {
		if err := w.apps.readStored(br); err != nil {
			br.Close()
			return fmt.Errorf("store: append: %w", err)
		}
	}
	if err := br.Close(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// pgArgs converts the arguments of exec (see its doc comment) to what
// the PostgreSQL columns of the shared schema take: a bool is stored as
// 0 or 1, as SQLite stores it, since flags are INTEGER columns on both.
func pgArgs(args []any) ([]any, error) {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case nil, int64, float64, string:
			out[i] = v
		case int:
			out[i] = int64(v)
		case bool:
			out[i] = int64(boolInt(v))
		case json.RawMessage:
			out[i] = nullText(v)
		case []byte:
			if v != nil {
				out[i] = v
			}
		default:
			return nil, fmt.Errorf("argument %d: type %T is not one of nil, int, int64, bool, float64, string, []byte, json.RawMessage", i+1, a)
		}
	}
	return out, nil
}

// fenced is the lease number the writer's batches check, 0 for none.
func (w *pgWriter) fenced() int64 {
	if w.fence == nil {
		return 0
	}
	return w.fence.Load()
}
