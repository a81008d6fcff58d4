package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// The PostgreSQL backend.
//
// A PostgreSQL store is the same *Store as an SQLite one, with the same
// methods and, for all but a few statements, the same SQL: the schema was
// kept to what both engines accept (see the package comment), so the
// methods run their statements through database/sql on either. What
// differs lives here:
//
//   - the schema steps (BIGINT identity columns where SQLite has its
//     rowid, BYTEA for bytes, BIGINT for every time), versioned by the
//     same migrate under the same owner names;
//   - the writer (pgWriter): PostgreSQL has no use for SQLite's journal,
//     since its own write-ahead log already turns a commit into one
//     sequential append, so a batch inserts its records straight into
//     match_moves;
//   - serial transactions (inTx) take an advisory lock where SQLite
//     begins IMMEDIATE.
//
// Several servers may share one PostgreSQL database (that is what it is
// for), so nothing here may rely on being the only writer: the checks the
// SQLite writer does from memory (the next index of a match) are left to
// the database's constraints.

// IsPostgresURL reports whether a database name given to Open (or to
// parlor serve -db) is a PostgreSQL connection URL rather than a file.
func IsPostgresURL(name string) bool {
	return strings.HasPrefix(name, "postgres://") || strings.HasPrefix(name, "postgresql://")
}

// serialLock is the key of the advisory lock that serial transactions
// (inTx) take on PostgreSQL. Any constant would do, as long as every
// server sharing the database uses the same one; these are the bytes of
// "parlor".
const serialLock int64 = 0x7061726c6f72

// OpenPostgres opens the PostgreSQL database at url (postgres://...) and
// brings its schema up to date. The URL may carry any connection setting
// pgx knows, search_path included (the tests give each a schema of its
// own that way).
//
// Durability: an append returns once the transaction holding it has
// committed, and with PostgreSQL's default synchronous_commit=on a
// commit returns only once its write-ahead log is flushed to disk, so an
// acknowledged move survives a crash of the server or of the database.
// (A database configured with synchronous_commit=off would break that
// promise; that is the operator's choice, not the store's.)
func OpenPostgres(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		// pgx hides the password in its parse errors.
		return nil, fmt.Errorf("store: open postgres: %w", err)
	}
	where := redactURL(url)
	db := stdlib.OpenDB(*cfg)
	// Enough connections for concurrent readers; a database shared by
	// several servers must leave room for all of them.
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(4)
	db.SetConnMaxIdleTime(time.Minute)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", where, err)
	}
	s := &Store{
		db:   db,
		pg:   true,
		reqs: make(chan *request, 1024),
		done: make(chan struct{}),
	}
	s.reqPool.New = func() any { return &request{done: make(chan error, 1)} }
	for _, m := range pgOwners {
		if err := s.migrate(ctx, m.name, m.steps...); err != nil {
			db.Close()
			return nil, err
		}
	}
	// The writer has a connection of its own, outside database/sql, so
	// that it can send a whole batch in one round trip (pgx.Batch).
	c, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: writer: %w", where, err)
	}
	w := &pgWriter{cfg: cfg, c: c, id: newID(), fence: &s.fence}
	if _, err := c.Exec(ctx, `INSERT INTO writer_batches (writer, batch) VALUES ($1, 0)`, w.id); err != nil {
		w.close()
		db.Close()
		return nil, fmt.Errorf("store: open %s: writer: %w", where, err)
	}
	go s.runPostgresWriter(w)
	return s, nil
}

// Redacted is a database name as Open takes it, fit for a log: a URL
// without its password, a file name as it is.
func Redacted(name string) string {
	if !strings.Contains(name, "://") {
		return name
	}
	return redactURL(name)
}

// redactURL is url without its password, for error messages and logs.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "postgres database"
	}
	return u.Redacted()
}

// pgSchema is the store's own tables on PostgreSQL: the logical schema of
// schema (store.go) without the SQLite journal. Steps are only ever
// appended (see migrate); a change to the schema is a new step here and
// in schema alike.
var pgSchema = []string{
	`CREATE TABLE matches (
		id TEXT PRIMARY KEY,
		game TEXT NOT NULL,
		options TEXT NOT NULL,
		seed BIGINT NOT NULL,
		seats TEXT NOT NULL,
		settings TEXT NOT NULL,
		created BIGINT NOT NULL,
		finished BIGINT,
		outcome TEXT,
		reason TEXT NOT NULL DEFAULT ''
	)`,
	`CREATE INDEX matches_finished ON matches (finished)`,
	`CREATE TABLE match_moves (
		match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
		idx BIGINT NOT NULL,
		seat INTEGER NOT NULL,
		move TEXT,
		event TEXT,
		at BIGINT NOT NULL,
		PRIMARY KEY (match_id, idx)
	)`,
	`CREATE TABLE saves (
		id TEXT PRIMARY KEY,
		user_id BIGINT NOT NULL,
		name TEXT NOT NULL,
		game TEXT NOT NULL,
		log TEXT NOT NULL,
		seats TEXT NOT NULL,
		moves INTEGER NOT NULL,
		created BIGINT NOT NULL,
		holders TEXT NOT NULL DEFAULT '',
		match_id TEXT NOT NULL DEFAULT ''
	)`,
	`CREATE INDEX saves_user ON saves (user_id, created)`,
	`CREATE TABLE chat_lines (
		id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
		channel TEXT NOT NULL,
		user_id BIGINT NOT NULL,
		from_name TEXT NOT NULL,
		text TEXT NOT NULL,
		at BIGINT NOT NULL
	)`,
	`CREATE INDEX chat_lines_channel ON chat_lines (channel, id)`,
	`CREATE TABLE server_keys (
		name TEXT PRIMARY KEY,
		secret TEXT NOT NULL,
		created BIGINT NOT NULL
	)`,
	// The last batch each writer committed (see pgWriter.settle): how a
	// writer that lost its connection during a commit learns whether the
	// commit happened. One row per running store.
	`CREATE TABLE writer_batches (
		writer TEXT PRIMARY KEY,
		batch BIGINT NOT NULL
	)`,
	// A match's pause, as on SQLite (schema, store.go).
	`ALTER TABLE matches ADD COLUMN paused BIGINT NOT NULL DEFAULT 0`,
	`ALTER TABLE matches ADD COLUMN paused_seat INTEGER NOT NULL DEFAULT -1`,
	// The users who hold a seat in each match, as on SQLite, and those of
	// the matches stored before.
	`CREATE TABLE match_players (
		user_id BIGINT NOT NULL,
		match_id TEXT NOT NULL,
		PRIMARY KEY (user_id, match_id)
	)`,
	`INSERT INTO match_players (user_id, match_id)
		SELECT DISTINCT (e->>'userId')::BIGINT, m.id
		FROM matches m CROSS JOIN LATERAL jsonb_array_elements(
			CASE WHEN jsonb_typeof(m.seats::jsonb) = 'array' THEN m.seats::jsonb ELSE '[]'::jsonb END) e
		WHERE jsonb_typeof(e) = 'object' AND jsonb_typeof(e->'userId') = 'number'`,
	// The ends each user has not yet been told of, as on SQLite.
	`CREATE TABLE untold_ends (
		user_id BIGINT NOT NULL,
		match_id TEXT NOT NULL,
		PRIMARY KEY (user_id, match_id)
	)`,
}

// pgAccountsSchema is accountsSchema on PostgreSQL. Flags stay INTEGER
// (0 or 1), as on SQLite, so that the shared statements compare and
// write them alike.
var pgAccountsSchema = []string{
	`CREATE TABLE accounts_users (
		id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
		name TEXT NOT NULL,
		name_key TEXT UNIQUE,
		guest INTEGER NOT NULL,
		password TEXT,
		created_ms BIGINT NOT NULL
	)`,
	`CREATE TABLE accounts_sessions (
		token_hash TEXT PRIMARY KEY,
		user_id BIGINT NOT NULL REFERENCES accounts_users (id),
		created_ms BIGINT NOT NULL,
		expires_ms BIGINT NOT NULL
	)`,
	`CREATE INDEX accounts_sessions_user ON accounts_sessions (user_id)`,
	`CREATE INDEX accounts_sessions_expiry ON accounts_sessions (expires_ms)`,
	`CREATE TABLE accounts_stats (
		user_id BIGINT NOT NULL REFERENCES accounts_users (id),
		game TEXT NOT NULL,
		played BIGINT NOT NULL,
		won BIGINT NOT NULL,
		tied BIGINT NOT NULL,
		rating DOUBLE PRECISION NOT NULL,
		rd DOUBLE PRECISION NOT NULL,
		volatility DOUBLE PRECISION NOT NULL,
		PRIMARY KEY (user_id, game)
	)`,
	`CREATE TABLE accounts_achievements (
		user_id BIGINT NOT NULL REFERENCES accounts_users (id),
		achievement TEXT NOT NULL,
		game TEXT NOT NULL,
		at_ms BIGINT NOT NULL,
		announced INTEGER NOT NULL,
		PRIMARY KEY (user_id, achievement)
	)`,
	`CREATE TABLE accounts_results (
		seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
		match_id TEXT NOT NULL UNIQUE,
		game TEXT NOT NULL,
		at_ms BIGINT NOT NULL
	)`,
	`ALTER TABLE accounts_users ADD COLUMN guest_key TEXT`,
	`CREATE INDEX accounts_users_guest_key ON accounts_users (guest_key)`,
}

// pgTablesSchema is tablesSchema on PostgreSQL. Its times and user ids
// are BIGINT: SQLite's INTEGER holds 64 bits, PostgreSQL's only 32.
var pgTablesSchema = []string{
	`CREATE TABLE server_tables (
		id TEXT PRIMARY KEY,
		game TEXT NOT NULL,
		options TEXT NOT NULL,
		seats TEXT NOT NULL,
		creator BIGINT NOT NULL,
		creator_name TEXT NOT NULL,
		spectator_chat INTEGER NOT NULL,
		policy TEXT NOT NULL,
		match_id TEXT NOT NULL,
		status TEXT NOT NULL,
		created BIGINT NOT NULL,
		unrated INTEGER NOT NULL DEFAULT 0
	)`,
	`ALTER TABLE server_tables ADD COLUMN holders TEXT NOT NULL DEFAULT ''`,
}

// pgOwners are the owners of the tables on PostgreSQL (see sqliteOwners).
var pgOwners = []migrationOwner{{"store", pgSchema}, {"accounts", pgAccountsSchema}, {"server", pgTablesSchema}, {"nodes", pgNodesSchema},
	{"accountmail", pgAccountMailSchema}, {"social", pgSocialSchema}, {"moderation", pgModerationSchema}, {"vacations", pgVacationsSchema}, {"notify", pgNotifySchema}}

// pgSocialSchema is socialSchema on PostgreSQL: user ids and times are
// BIGINT.
var pgSocialSchema = []string{
	`CREATE TABLE social_follows (
		user_id BIGINT NOT NULL,
		target BIGINT NOT NULL,
		created BIGINT NOT NULL,
		PRIMARY KEY (user_id, target)
	)`,
	`CREATE INDEX social_follows_target ON social_follows (target)`,
	`CREATE TABLE social_blocks (
		user_id BIGINT NOT NULL,
		target BIGINT NOT NULL,
		created BIGINT NOT NULL,
		PRIMARY KEY (user_id, target)
	)`,
	`CREATE INDEX social_blocks_target ON social_blocks (target)`,
	`CREATE TABLE social_mutes (
		user_id BIGINT NOT NULL,
		target BIGINT NOT NULL,
		created BIGINT NOT NULL,
		PRIMARY KEY (user_id, target)
	)`,
	`CREATE TABLE social_challenges (
		id TEXT PRIMARY KEY,
		from_user BIGINT NOT NULL,
		from_name TEXT NOT NULL,
		to_user BIGINT NOT NULL,
		to_name TEXT NOT NULL,
		game TEXT NOT NULL,
		settings TEXT NOT NULL,
		created BIGINT NOT NULL,
		until BIGINT NOT NULL,
		state TEXT NOT NULL,
		table_id TEXT NOT NULL DEFAULT ''
	)`,
	`CREATE INDEX social_challenges_to ON social_challenges (to_user, state)`,
	`CREATE INDEX social_challenges_from ON social_challenges (from_user, state)`,
	`CREATE TABLE social_private_tables (
		table_id TEXT NOT NULL,
		user_id BIGINT NOT NULL,
		PRIMARY KEY (table_id, user_id)
	)`,
}

// pgModerationSchema is moderationSchema on PostgreSQL.
var pgModerationSchema = []string{
	`CREATE TABLE moderation_reports (
		id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
		reporter BIGINT NOT NULL,
		reporter_name TEXT NOT NULL,
		target BIGINT NOT NULL,
		target_name TEXT NOT NULL,
		channel TEXT NOT NULL,
		line_at BIGINT NOT NULL,
		line_text TEXT NOT NULL,
		reason TEXT NOT NULL,
		created BIGINT NOT NULL
	)`,
	`CREATE TABLE moderation_sanctions (
		id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
		kind TEXT NOT NULL,
		user_id BIGINT NOT NULL,
		address TEXT NOT NULL,
		reason TEXT NOT NULL,
		until BIGINT NOT NULL,
		created BIGINT NOT NULL
	)`,
	`CREATE INDEX moderation_sanctions_user ON moderation_sanctions (user_id, until)`,
	`CREATE INDEX moderation_sanctions_address ON moderation_sanctions (address, until)`,
	`CREATE TABLE moderation_actions (
		id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
		kind TEXT NOT NULL,
		user_id BIGINT NOT NULL,
		address TEXT NOT NULL,
		table_id TEXT NOT NULL,
		text TEXT NOT NULL,
		until BIGINT NOT NULL,
		created BIGINT NOT NULL
	)`,
}

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

// pgAppend stores a batch's records, given as arrays, one element per
// record. It inserts nothing, rather than failing, for a record whose
// match does not exist or whose index is stored already, so that a bad
// record does not abort the transaction its whole batch shares; it
// returns the records it stored, and the writer fails the others alone.
const pgAppend = `INSERT INTO match_moves (match_id, idx, seat, move, event, at)
	SELECT r.match_id, r.idx, r.seat, r.move, r.event, r.at
	FROM unnest($1::text[], $2::bigint[], $3::integer[], $4::text[], $5::text[], $6::bigint[])
		AS r (match_id, idx, seat, move, event, at)
	WHERE EXISTS (SELECT 1 FROM matches m WHERE m.id = r.match_id)
	ON CONFLICT (match_id, idx) DO NOTHING
	RETURNING match_id, idx`

// pgAppends is a batch's appends as pgAppend's arrays, reused from batch
// to batch.
type pgAppends struct {
	reqs        []*request
	match       []string
	idx, at     []int64
	seat        []int32
	move, event []*string
	stored      []bool          // per request, once the insert has answered
	keys        map[moveKey]int // position in reqs of each record
}

type moveKey struct {
	match string
	idx   int64
}

func (a *pgAppends) reset() {
	a.reqs, a.match, a.idx, a.at, a.seat = a.reqs[:0], a.match[:0], a.idx[:0], a.at[:0], a.seat[:0]
	a.move, a.event, a.stored = a.move[:0], a.event[:0], a.stored[:0]
	if a.keys == nil {
		a.keys = make(map[moveKey]int)
	}
	clear(a.keys)
}

// add adds an append, or reports false if the batch holds its index
// already: one insert cannot tell which of the two it stored.
func (a *pgAppends) add(r *request) bool {
	k := moveKey{r.rec.Match, r.rec.Index}
	if _, dup := a.keys[k]; dup {
		return false
	}
	a.keys[k] = len(a.reqs)
	at := r.rec.At
	if at.IsZero() {
		at = time.Now()
	}
	a.reqs = append(a.reqs, r)
	a.match = append(a.match, r.rec.Match)
	a.idx = append(a.idx, r.rec.Index)
	a.seat = append(a.seat, int32(r.rec.Seat))
	a.move = append(a.move, textPtr(r.rec.Move))
	a.event = append(a.event, textPtr(r.rec.Event))
	a.at = append(a.at, millis(at))
	a.stored = append(a.stored, false)
	return true
}

// readStored reads which records the insert stored.
func (a *pgAppends) readStored(br pgx.BatchResults) error {
	rows, err := br.Query()
	if err != nil {
		return err
	}
	defer rows.Close()
	var k moveKey
	for rows.Next() {
		if err := rows.Scan(&k.match, &k.idx); err != nil {
			return err
		}
		if i, ok := a.keys[k]; ok {
			a.stored[i] = true
		}
	}
	return rows.Err()
}

// textPtr is JSON as a text array element, or NULL when there is none.
func textPtr(raw json.RawMessage) *string {
	if raw == nil {
		return nil
	}
	s := string(raw)
	return &s
}

// lost reports whether the last batch was sent and its connection is
// gone since: the batch may or may not have been committed.
func (w *pgWriter) lost() bool { return w.sent && (w.c == nil || w.c.IsClosed()) }

// settle finds out what became of a batch whose connection was lost
// during its commit (err), and answers accordingly: see commit. It
// returns nil when every request has its answer, or an error for the
// ones without.
func (w *pgWriter) settle(batch []*request, err error) error {
	ctx := context.Background()
	c, cerr := w.conn(ctx)
	if cerr != nil {
		return fmt.Errorf("%w: %w (asking: %v)", ErrOutcomeUnknown, err, cerr)
	}
	var last int64
	switch qerr := c.QueryRow(ctx, `SELECT batch FROM writer_batches WHERE writer = $1`, w.id).Scan(&last); {
	case errors.Is(qerr, pgx.ErrNoRows):
		// No batch of this writer was ever committed.
	case qerr != nil:
		if c.IsClosed() {
			// Lost again: ask again (commit's loop).
			return err
		}
		return fmt.Errorf("%w: %w (asking: %v)", ErrOutcomeUnknown, err, qerr)
	}
	if last != w.seq {
		// Rolled back: nothing of it was stored, so it is sent again.
		return w.apply(batch)
	}
	// Committed: answer each request as the commit would have.
	for _, r := range batch {
		if r.err != nil {
			continue // refused before the batch was sent
		}
		switch r.kind {
		case opFinish:
			var n int
			if qerr := c.QueryRow(ctx, `SELECT COUNT(*) FROM matches WHERE id = $1`, r.rec.Match).Scan(&n); qerr != nil {
				r.err = fmt.Errorf("store: finish match %s: %w", r.rec.Match, qerr)
			} else if n == 0 {
				r.err = ErrNotFound
			}
		case opAppend:
			// Stored if the log holds this very record at its index.
			// (The same record stored twice would read as stored too,
			// which is true enough: the log holds what the caller
			// asked for.)
			var seat int64
			var move, event *string
			qerr := c.QueryRow(ctx, `SELECT seat, move, event FROM match_moves WHERE match_id = $1 AND idx = $2`,
				r.rec.Match, r.rec.Index).Scan(&seat, &move, &event)
			switch {
			case qerr != nil && !errors.Is(qerr, pgx.ErrNoRows):
				// The batch is committed, but whether with this record
				// in it (or another at its index) is not known.
				r.err = fmt.Errorf("%w: store: append to match %s at %d: %v", ErrOutcomeUnknown, r.rec.Match, r.rec.Index, qerr)
			case qerr != nil || seat != int64(r.rec.Seat) || !sameText(move, r.rec.Move) || !sameText(event, r.rec.Event):
				r.err = w.refused(ctx, c, &r.rec)
			}
		}
	}
	return nil
}

func sameText(s *string, raw json.RawMessage) bool {
	if s == nil || raw == nil {
		return s == nil && raw == nil
	}
	return *s == string(raw)
}

// refused explains why an append inserted nothing: its match does not
// exist, or its index is stored already. It is the rare path, so it may
// cost a query.
func (w *pgWriter) refused(ctx context.Context, c *pgx.Conn, r *Record) error {
	var exists bool
	why := errors.New("index already stored")
	if err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM matches WHERE id = $1)`, r.Match).Scan(&exists); err != nil {
		why = err
	} else if !exists {
		why = ErrNotFound
	}
	return fmt.Errorf("store: append to match %s at %d: %w", r.Match, r.Index, why)
}

// nullText is JSON as text, or NULL when there is none.
func nullText(raw json.RawMessage) any {
	if raw == nil {
		return nil
	}
	return string(raw)
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
