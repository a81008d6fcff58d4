package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Counting a finished match: reading its players' statistics, letting the
// caller (the accounts package) compute the new ones, and writing them,
// such that two counts sharing a player never both read the same
// statistics, and that a match is counted at most once.
//
// On SQLite one process owns the file, so a lock in the process
// (countLocks) keeps counts sharing a user apart, and the writes go
// through the writer's group commit like any other. Several servers
// sharing a PostgreSQL database cannot see each other's locks in memory:
// there the count is one transaction on the database that locks the
// users' rows before it reads, so the database orders the counts of each
// user, whatever server they run on. The in-process lock is taken on
// PostgreSQL too, before the transaction: it costs nothing, and the
// counts of one server queue in memory rather than each holding a
// connection while it waits for a row.

// ErrCounted is returned by CountResult when the match's results were
// counted already, by this server or by another sharing the database
// (one that took the match over, say). Nothing was written.
var ErrCounted = errors.New("store: the match's results were counted already")

// Count is a finished match to count.
type Count struct {
	// Match is the match's id: a match is counted at most once. Empty
	// for a match without an id, which is then counted every time.
	Match string
	Game  string
	// Users are the users whose statistics in Game are read and
	// written; each must exist.
	Users []int64
	At    time.Time
}

// Tally is what a count reads before it decides what to write.
type Tally struct {
	// Stats are the statistics in the game of each of Count.Users, as
	// StatsInGame returns them. They stay as read until the count's
	// writes are stored: nobody else counts a result of these users
	// meanwhile.
	Stats map[int64]StatsRow

	held func() (map[Held]bool, error)
}

// Held returns which achievements of the game the users hold. It is a
// query of its own, made only when asked: most results earn nothing.
func (t *Tally) Held() (map[Held]bool, error) { return t.held() }

// CountResult counts a finished match: it reads the statistics of c.Users
// in c.Game, calls tally with them, and stores the Result tally returns
// together with the caller's statements in also (the table's row, marked
// over), all or none. If tally fails, nothing is stored and its error is
// returned.
//
// Counts sharing a user run one after the other, on one server or on
// several sharing a PostgreSQL database, so each reads the statistics
// the previous one wrote. A match with an id is counted once: a second
// count of it, here or on another server, returns ErrCounted.
//
// On SQLite the writes share the writer's group commit. On PostgreSQL the
// count is a transaction of its own, fenced by the node's lease like the
// writer's batches (see nodes.go): it locks the users' rows of
// accounts_users, in increasing order of id so that two counts never wait
// on each other, then reads, then writes, then commits, which releases
// the locks.
func (s *Store) CountResult(ctx context.Context, c Count, tally func(*Tally) (Result, error), also ...Stmt) error {
	users := slices.Clone(c.Users)
	slices.Sort(users)
	if len(slices.Compact(users)) != len(c.Users) {
		return errors.New("store: count: a user is named twice")
	}
	c.Users = users
	unlock := s.counts.lock(c.Users)
	defer unlock()
	if s.pg {
		return s.countInTx(ctx, c, tally, also)
	}
	return s.countInWriter(ctx, c, tally, also)
}

const (
	countedMatch = `SELECT COUNT(*) FROM accounts_results WHERE match_id = $1`
	insertCount  = `INSERT INTO accounts_results (match_id, game, at_ms) VALUES ($1, $2, $3)`
)

// countInWriter is CountResult on SQLite: the caller holds the users'
// locks, the only ones there are, so what it reads stays true until its
// writes are committed.
func (s *Store) countInWriter(ctx context.Context, c Count, tally func(*Tally) (Result, error), also []Stmt) error {
	if c.Match != "" {
		n, err := s.countedBefore(ctx, c.Match)
		if err != nil {
			return fmt.Errorf("store: counting match %q: %w", c.Match, err)
		}
		if n > 0 {
			return ErrCounted
		}
	}
	stats, err := s.StatsInGame(ctx, c.Game, c.Users)
	if err != nil {
		return fmt.Errorf("store: counting match %q: %w", c.Match, err)
	}
	r, err := tally(&Tally{Stats: stats, held: func() (map[Held]bool, error) {
		return s.HeldAchievements(ctx, c.Game, c.Users)
	}})
	if err != nil {
		return err
	}
	stmts := resultStmts(r, len(also)+1)
	if c.Match != "" {
		// A plain insert: were the match counted meanwhile after all (a
		// match without users takes no lock), the whole batch fails
		// rather than count it again.
		stmts = append(stmts, Stmt{insertCount, []any{c.Match, c.Game, millis(c.At)}})
	}
	err = s.ExecAll(ctx, append(stmts, also...)...)
	if err != nil && c.Match != "" {
		if n, qerr := s.countedBefore(ctx, c.Match); qerr == nil && n > 0 {
			return ErrCounted
		}
	}
	return err
}

// countedBefore is how many times the match was counted: 0 or 1. Every
// match's end asks it, so it goes through the prepared statements (see
// query): preparing it afresh was about half of what the end of a match
// cost the writer's side.
func (s *Store) countedBefore(ctx context.Context, match string) (int, error) {
	rows, err := s.query(ctx, countedMatch, match)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var n int
	if rows.Next() {
		if err := rows.Scan(&n); err != nil {
			return 0, err
		}
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	return n, rows.Close()
}

// lockUsers locks the users' rows until the transaction ends. FOR NO KEY
// UPDATE is the weakest lock two counts cannot share, and it leaves alone
// the KEY SHARE locks that inserting a row which refers to a user takes
// (a session, say). ORDER BY makes the locks be taken in order of id.
//
// The statistics are read by a statement of their own, after this one:
// a statement sees the database as it was when the statement began, so
// statistics read by the statement that waited for the lock would be
// those from before the count that held it.
func lockUsers(n int) string {
	return `SELECT id FROM accounts_users WHERE id IN (` + params(1, n) + `) ORDER BY id FOR NO KEY UPDATE`
}

// countIfNew records that a match is counted, unless it was: a count of
// the same match under way elsewhere makes it wait for that one's end.
const countIfNew = insertCount + ` ON CONFLICT (match_id) DO NOTHING`

// countInTx is CountResult on PostgreSQL. It talks to its connection
// through pgx rather than database/sql so that it can send statements in
// batches: the transaction costs three round trips to the database (four
// when an achievement may be earned) instead of one per statement, and
// the users' rows stay locked for that much less time.
func (s *Store) countInTx(ctx context.Context, c Count, tally func(*Tally) (Result, error), also []Stmt) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: counting match %q: %w", c.Match, err)
	}
	defer conn.Close()
	var counted error
	err = conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		counted = s.countOn(ctx, pc, c, tally, also)
		if pc.PgConn().TxStatus() == 'I' {
			return nil
		}
		// Still inside the transaction: it failed, or ctx ended on the
		// way. It must not go back to the pool like that.
		rctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := pc.Exec(rctx, "ROLLBACK"); err != nil || pc.PgConn().TxStatus() != 'I' {
			return driver.ErrBadConn
		}
		return nil
	})
	if counted != nil {
		return counted
	}
	if err != nil {
		return fmt.Errorf("store: counting match %q: %w", c.Match, err)
	}
	return nil
}

// countOn runs countInTx's transaction on pc. On error it may leave the
// transaction open, for its caller to roll back.
func (s *Store) countOn(ctx context.Context, pc *pgx.Conn, c Count, tally func(*Tally) (Result, error), also []Stmt) error {
	fail := func(err error) error {
		if isFenced(err) {
			return ErrLeaseLost
		}
		return fmt.Errorf("store: counting match %q: %w", c.Match, err)
	}
	users := make([]any, len(c.Users))
	for i, id := range c.Users {
		users[i] = id
	}
	stats, err := s.countStart(ctx, pc, c, users)
	if errors.Is(err, ErrCounted) {
		return err
	}
	if err != nil {
		return fail(err)
	}

	r, err := tally(&Tally{Stats: stats, held: func() (map[Held]bool, error) {
		return heldOn(ctx, pc, c.Game, users)
	}})
	if err != nil {
		return err
	}

	// Last round trip: write, commit.
	b, err := countWrites(r, also)
	if err != nil {
		return fail(err)
	}
	br := pc.SendBatch(ctx, b)
	for range b.Len() {
		if _, err = br.Exec(); err != nil {
			break
		}
	}
	if cerr := br.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil && !pc.IsClosed() {
		// The database answered: the transaction failed, and nothing
		// of it is stored.
		return fail(err)
	}
	if err != nil {
		// The connection was lost, perhaps after the database
		// committed. A match with an id says which: its mark is there
		// or not.
		if c.Match != "" {
			var n int
			if qerr := s.db.QueryRowContext(ctx, countedMatch, c.Match).Scan(&n); qerr == nil && n > 0 {
				return nil
			}
		}
		return fail(err)
	}
	return nil
}

// countStart is a count's first round trip: it begins the transaction,
// locks the users (users, as arguments), marks the match counted, and
// reads the users' stats in the game. It returns ErrCounted for a match
// already counted.
func (s *Store) countStart(ctx context.Context, pc *pgx.Conn, c Count, users []any) (map[int64]StatsRow, error) {
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	if f := s.fence.Load(); f != 0 {
		// Holds the lease row until the commit, as a batch of the
		// writer does: a node taking this one's tables waits for it.
		b.Queue(`SELECT parlor_fence($1)`, f)
	}
	if len(users) > 0 {
		b.Queue(lockUsers(len(users)), users...)
	}
	// The mark comes after the locks: with every user of the match
	// locked, the order in which marks are numbered (seq) is the order
	// in which each user's counts read and wrote.
	if c.Match != "" {
		b.Queue(countIfNew, c.Match, c.Game, millis(c.At))
	}
	if len(users) > 0 {
		b.Queue(statsInGame(len(users)), append([]any{c.Game}, users...)...)
	}
	br := pc.SendBatch(ctx, b)
	stats, err := readCountStart(br, b.Len()-boolInt(len(users) > 0)-boolInt(c.Match != ""), c.Match != "", len(users) > 0)
	if cerr := br.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return stats, err
}

// countWrites is a count's last round trip: the writes of result r, the
// statements also, and the commit.
func countWrites(r Result, also []Stmt) (*pgx.Batch, error) {
	b := &pgx.Batch{}
	for _, st := range append(resultStmts(r, len(also)), also...) {
		args, err := pgArgs(st.args)
		if err != nil {
			return nil, err
		}
		b.Queue(st.query, args...)
	}
	b.Queue(`COMMIT`)
	return b, nil
}

// readCountStart reads the answers to countOn's first batch: heads
// statements whose rows do not matter (begin, fence, lock), then the
// mark if marked, then the statistics if read.
func readCountStart(br pgx.BatchResults, heads int, marked, read bool) (map[int64]StatsRow, error) {
	for range heads {
		if _, err := br.Exec(); err != nil {
			return nil, err
		}
	}
	if marked {
		tag, err := br.Exec()
		if err != nil {
			return nil, err
		}
		if tag.RowsAffected() == 0 {
			return nil, ErrCounted
		}
	}
	stats := map[int64]StatsRow{}
	if !read {
		return stats, nil
	}
	rows, err := br.Query()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return stats, readStats(rows, stats)
}

// heldOn is HeldAchievements inside countOn's transaction.
func heldOn(ctx context.Context, pc *pgx.Conn, game string, users []any) (map[Held]bool, error) {
	held := map[Held]bool{}
	if len(users) == 0 {
		return held, nil
	}
	rows, err := pc.Query(ctx, heldQuery(len(users)), append([]any{game}, users...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return held, readHeld(rows, held)
}

// scanStatsRows reads the rows of statsInGame into out, and closes them.
func scanStatsRows(rows *sql.Rows, out map[int64]StatsRow) error {
	defer rows.Close()
	return readStats(rows, out)
}

// rowScanner is what database/sql's rows and pgx's have in common, so
// that one reader serves a statement whichever way it was run (countOn
// runs its statements on a pgx connection, in batches).
type rowScanner interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// readStats reads rows of statsInGame into out; a user without a row of
// the game (NULL columns) gets a StatsRow that does not exist.
func readStats(rows rowScanner, out map[int64]StatsRow) error {
	for rows.Next() {
		var id int64
		var played, won, tied *int64
		var rating, rd, vol *float64
		if err := rows.Scan(&id, &played, &won, &tied, &rating, &rd, &vol); err != nil {
			return err
		}
		var r StatsRow
		if played != nil {
			r = StatsRow{Exists: true, Stats: GameStats{Played: *played, Won: *won, Tied: *tied,
				Rating: *rating, RD: *rd, Volatility: *vol}}
		}
		out[id] = r
	}
	return rows.Err()
}

// readHeld reads rows of heldQuery into held.
func readHeld(rows rowScanner, held map[Held]bool) error {
	for rows.Next() {
		var k Held
		if err := rows.Scan(&k.UserID, &k.Achievement); err != nil {
			return err
		}
		held[k] = true
	}
	return rows.Err()
}

// CountedMatches lists the ids of the matches whose results were
// counted, in the order they were counted: for a test that replays them,
// and for anyone checking a database by hand.
func (s *Store) CountedMatches(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT match_id FROM accounts_results ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// countLocks keep counts that share a user apart within this process:
// see CountResult.
type countLocks struct {
	mu sync.Mutex
	m  map[int64]*userLock
}

type userLock struct {
	mu    sync.Mutex
	users int // holders and waiters, so that the last one frees it
}

// lock locks every user of ids, which are sorted and distinct (in
// increasing order, so that two counts never wait on each other), and
// returns the function that unlocks them.
func (l *countLocks) lock(ids []int64) (unlock func()) {
	locks := make([]*userLock, len(ids))
	l.mu.Lock()
	if l.m == nil {
		l.m = map[int64]*userLock{}
	}
	for i, id := range ids {
		ul := l.m[id]
		if ul == nil {
			ul = &userLock{}
			l.m[id] = ul
		}
		ul.users++
		locks[i] = ul
	}
	l.mu.Unlock()
	for _, ul := range locks {
		ul.mu.Lock()
	}
	return func() {
		for _, ul := range locks {
			ul.mu.Unlock()
		}
		l.mu.Lock()
		for i, id := range ids {
			if locks[i].users--; locks[i].users == 0 {
				delete(l.m, id)
			}
		}
		l.mu.Unlock()
	}
}
