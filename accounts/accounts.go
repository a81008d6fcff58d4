// Package accounts keeps the people who play on a Parlor server: accounts
// with passwords, guests, sessions, per-game statistics with Glicko-2
// ratings, and achievements, plus the HTTP endpoints for them (see the
// "Sessions" table of docs/protocol.md).
//
// The package needs only a *sql.DB. Init creates its tables (all prefixed
// accounts_) with CREATE TABLE IF NOT EXISTS, so it can share a database
// with the rest of the server and needs no migration tool. The SQL is kept
// to what SQLite and PostgreSQL both accept; the only differences (the
// auto-numbered id column and the placeholder style) are chosen by
// Options.Dialect. Times are stored as Unix milliseconds in BIGINT columns
// so no driver's time encoding is involved.
//
// With SQLite, open the database with "_txlock=immediate": several methods
// read and then write in one transaction, and an immediate transaction
// waits for the write lock up front instead of failing when another writer
// got there first.
package accounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// User is a person known to the server: an account (with a password) or a
// guest (a name held only while the guest's session lives).
type User struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest"`
}

// Options tune a Service. The zero value is usable.
type Options struct {
	// Dialect is "sqlite" (default) or "postgres".
	Dialect string
	// SessionTTL is how long a session lives after its last use (default
	// 30 days). Use slides the expiry forward.
	SessionTTL time.Duration
	// Hash sets the argon2id cost; zero means DefaultHashParams. Tests use
	// cheaper settings.
	Hash HashParams
	// SecureCookie forces the Secure attribute on the session cookie, for a
	// server behind a proxy that terminates TLS. Without it the attribute is
	// set when the request itself came over TLS.
	SecureCookie bool
	// Now replaces the clock (tests).
	Now func() time.Time
	// Logger receives internal errors that are answered with a 500.
	Logger *slog.Logger
	// Exec, when set, stores the writes of RecordMatch and MarkAnnounced
	// (the writes that follow the end of a match): every statement in
	// one transaction, durable when it returns. A server passes its store's
	// group commit (store.Store.ExecAll), so that the end of a match
	// shares a commit and its sync with the moves of other matches rather
	// than paying for its own. Without it the writes run in a transaction
	// of their own on the database.
	//
	// RecordMatch reads the statistics before it writes them, ordered by
	// an in-process lock per user: one process per database. Servers
	// sharing a database (multi-node) need the read and the write in one
	// database transaction, or a lock in the database, instead.
	Exec func(ctx context.Context, stmts []Stmt) error
	// LoginPerName and LoginPerIP bound login attempts; zero values mean
	// the defaults (see defaultNameLimit and defaultIPLimit).
	LoginPerName, LoginPerIP Limit
	// ClientIP names the client of a request for the per-address limit.
	// Behind a reverse proxy every request comes from the proxy, so the
	// server should supply a function that reads the proxy's header;
	// without it the connection's peer address is used.
	ClientIP func(*http.Request) string
}

// Service is the accounts API the server uses. It is safe for concurrent
// use.
type Service struct {
	db       *sql.DB
	postgres bool
	ttl      time.Duration
	hash     HashParams
	secure   bool
	now      func() time.Time
	log      *slog.Logger
	ipOf     func(*http.Request) string

	byName, byIP *limiter
	// hashSem caps concurrent argon2 hashes at one per core: each takes
	// Hash.Memory KiB, and a flood of logins should queue, not exhaust
	// memory.
	hashSem chan struct{}
	// dummyHash is verified against when a login names no account, so an
	// unknown name costs as much time as a wrong password.
	dummyHash string

	exec    func(ctx context.Context, stmts []Stmt) error
	results resultLocks
	// stmts holds the prepared queries of the end of a match (see
	// prepared), by query text.
	stmts sync.Map
}

// prepared returns query prepared on the database, preparing it the first
// time. The end of every match runs the same few reads, and parsing them
// anew each time was a good part of their cost.
func (s *Service) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := s.stmts.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if old, loaded := s.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return old.(*sql.Stmt), nil
	}
	return st, nil
}

// query runs a read through a prepared statement.
func (s *Service) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := s.prepared(ctx, s.q(query))
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// New returns a Service over db. Call Init before use.
func New(db *sql.DB, opts Options) *Service {
	s := &Service{
		db:       db,
		postgres: opts.Dialect == "postgres",
		ttl:      opts.SessionTTL,
		hash:     opts.Hash,
		secure:   opts.SecureCookie,
		now:      opts.Now,
		log:      opts.Logger,
		ipOf:     opts.ClientIP,
		hashSem:  make(chan struct{}, max(1, runtime.GOMAXPROCS(0))),
		exec:     opts.Exec,
	}
	if s.ttl <= 0 {
		s.ttl = 30 * 24 * time.Hour
	}
	if s.hash == (HashParams{}) {
		s.hash = DefaultHashParams
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	nameLimit, ipLimit := opts.LoginPerName, opts.LoginPerIP
	if nameLimit == (Limit{}) {
		nameLimit = defaultNameLimit
	}
	if ipLimit == (Limit{}) {
		ipLimit = defaultIPLimit
	}
	s.byName = newLimiter(nameLimit, s.now)
	s.byIP = newLimiter(ipLimit, s.now)
	return s
}

// schema returns the CREATE statements, in order.
func (s *Service) schema() []string {
	id := "INTEGER PRIMARY KEY" // an alias of SQLite's rowid: numbered on insert
	if s.postgres {
		id = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
	}
	return []string{
		// name_key is the case-folded name and is NULL once a guest's name
		// has been released; UNIQUE allows many NULLs in both databases.
		`CREATE TABLE IF NOT EXISTS accounts_users (
			id ` + id + `,
			name TEXT NOT NULL,
			name_key TEXT UNIQUE,
			guest INTEGER NOT NULL,
			password TEXT,
			created_ms BIGINT NOT NULL
		)`,
		// Only the SHA-256 of a token is stored, so a copy of the database
		// does not hand out live sessions.
		`CREATE TABLE IF NOT EXISTS accounts_sessions (
			token_hash TEXT PRIMARY KEY,
			user_id BIGINT NOT NULL REFERENCES accounts_users(id),
			created_ms BIGINT NOT NULL,
			expires_ms BIGINT NOT NULL
		)`,
		`CREATE INDEX IF NOT EXISTS accounts_sessions_user ON accounts_sessions(user_id)`,
		`CREATE INDEX IF NOT EXISTS accounts_sessions_expiry ON accounts_sessions(expires_ms)`,
		`CREATE TABLE IF NOT EXISTS accounts_stats (
			user_id BIGINT NOT NULL REFERENCES accounts_users(id),
			game TEXT NOT NULL,
			played BIGINT NOT NULL,
			won BIGINT NOT NULL,
			tied BIGINT NOT NULL,
			rating DOUBLE PRECISION NOT NULL,
			rd DOUBLE PRECISION NOT NULL,
			volatility DOUBLE PRECISION NOT NULL,
			PRIMARY KEY (user_id, game)
		)`,
		`CREATE TABLE IF NOT EXISTS accounts_achievements (
			user_id BIGINT NOT NULL REFERENCES accounts_users(id),
			achievement TEXT NOT NULL,
			game TEXT NOT NULL,
			at_ms BIGINT NOT NULL,
			announced INTEGER NOT NULL,
			PRIMARY KEY (user_id, achievement)
		)`,
	}
}

// Init creates the tables the package needs if they are missing. It is
// safe to call on every start.
func (s *Service) Init(ctx context.Context) error {
	s.dummyHash, _ = hashPassword("not a real password", s.hash)
	for _, stmt := range s.schema() {
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("accounts: creating schema: %w", err)
		}
	}
	return nil
}

// q rewrites ? placeholders to $1, $2, ... for PostgreSQL. No query here
// has a literal question mark.
func (s *Service) q(query string) string {
	if !s.postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// querier is what *sql.DB and *sql.Tx share.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// inTx runs fn in a transaction, committing if it returns nil.
func (s *Service) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (s *Service) nowMS() int64 { return s.now().UnixMilli() }

// withHashSlot runs fn holding one of the hashing slots.
func (s *Service) withHashSlot(ctx context.Context, fn func()) error {
	select {
	case s.hashSem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-s.hashSem }()
	fn()
	return nil
}

func (s *Service) hashPW(ctx context.Context, pw string) (string, error) {
	var h string
	var herr error
	if err := s.withHashSlot(ctx, func() { h, herr = hashPassword(pw, s.hash) }); err != nil {
		return "", err
	}
	return h, herr
}

// reserveName makes key free for a new user inside tx. A name held by a
// guest whose sessions have all ended is released (the old guest keeps its
// row and stats, but can never sign in again, having no password).
func (s *Service) reserveName(ctx context.Context, tx *sql.Tx, key string) error {
	var id int64
	var guest bool
	err := tx.QueryRowContext(ctx, s.q(`SELECT id, guest FROM accounts_users WHERE name_key = ?`), key).Scan(&id, &guest)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if !guest {
		return ErrNameTaken
	}
	live, err := s.hasLiveSession(ctx, tx, id)
	if err != nil {
		return err
	}
	if live {
		return ErrNameTaken
	}
	_, err = tx.ExecContext(ctx, s.q(`UPDATE accounts_users SET name_key = NULL WHERE id = ?`), id)
	return err
}

func (s *Service) hasLiveSession(ctx context.Context, db querier, userID int64) (bool, error) {
	var n int
	err := db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM accounts_sessions WHERE user_id = ? AND expires_ms > ?`),
		userID, s.nowMS()).Scan(&n)
	return n > 0, err
}

// createUser inserts a user after reserving its name.
func (s *Service) createUser(ctx context.Context, display, key string, guest bool, hash sql.NullString) (User, error) {
	u := User{Name: display, Guest: guest}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.reserveName(ctx, tx, key); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx,
			s.q(`INSERT INTO accounts_users (name, name_key, guest, password, created_ms) VALUES (?, ?, ?, ?, ?) RETURNING id`),
			display, key, boolInt(guest), hash, s.nowMS()).Scan(&u.ID)
	})
	if err != nil && !errors.Is(err, ErrNameTaken) {
		// A concurrent insert of the same name loses on the UNIQUE
		// constraint; report that as the name being taken.
		if _, lookErr := s.UserByName(ctx, display); lookErr == nil {
			return User{}, ErrNameTaken
		}
	}
	return u, err
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Register creates an account. The name must be free (ignoring case) and
// the password 8-128 characters.
func (s *Service) Register(ctx context.Context, name, password string) (User, error) {
	display, key, err := NormalizeName(name)
	if err != nil {
		return User{}, err
	}
	if err := validatePassword(password); err != nil {
		return User{}, err
	}
	// Refuse a taken name before paying for the hash (createUser checks
	// again, inside its transaction).
	if err := s.inTx(ctx, func(tx *sql.Tx) error { return s.reserveName(ctx, tx, key) }); err != nil {
		return User{}, err
	}
	h, err := s.hashPW(ctx, password)
	if err != nil {
		return User{}, err
	}
	return s.createUser(ctx, display, key, false, sql.NullString{String: h, Valid: true})
}

// Guest creates a guest user holding name. The caller must give it a
// session at once (NewSession), or the name is free again immediately.
func (s *Service) Guest(ctx context.Context, name string) (User, error) {
	display, key, err := NormalizeName(name)
	if err != nil {
		return User{}, err
	}
	return s.createUser(ctx, display, key, true, sql.NullString{})
}

// Login checks a name and password. Every failure is ErrWrongLogin (or a
// validation error for an empty name) so the answer does not reveal
// whether the name exists; an unknown name costs the same hashing time as
// a wrong password for the same reason. Guests cannot log in.
// Login does no rate limiting; the HTTP handler does (it knows the IP).
func (s *Service) Login(ctx context.Context, name, password string) (User, error) {
	key := nameKey(name)
	if key == "" {
		return User{}, invalid("a name is required")
	}
	var u User
	var guest bool
	var hash sql.NullString
	err := s.db.QueryRowContext(ctx, s.q(`SELECT id, name, guest, password FROM accounts_users WHERE name_key = ?`), key).
		Scan(&u.ID, &u.Name, &guest, &hash)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return User{}, err
	}
	encoded := hash.String
	if err != nil || guest || !hash.Valid {
		encoded = s.dummyHash
	}
	var ok, stale bool
	var cerr error
	if err := s.withHashSlot(ctx, func() { ok, stale, cerr = checkPassword(encoded, password, s.hash) }); err != nil {
		return User{}, err
	}
	if cerr != nil {
		return User{}, cerr
	}
	if !ok || encoded == s.dummyHash {
		return User{}, ErrWrongLogin
	}
	if stale {
		// Parameters were raised since this hash was made; store a new one
		// now that the password is known. Failure only delays the upgrade.
		if h, err := s.hashPW(ctx, password); err == nil {
			_, _ = s.db.ExecContext(ctx, s.q(`UPDATE accounts_users SET password = ? WHERE id = ?`), h, u.ID)
		}
	}
	return u, nil
}

// Claim turns the guest userID into an account with password, keeping its
// id, name, statistics and achievements.
func (s *Service) Claim(ctx context.Context, userID int64, password string) (User, error) {
	if err := validatePassword(password); err != nil {
		return User{}, err
	}
	u, err := s.UserByID(ctx, userID)
	if err != nil {
		return User{}, err
	}
	if !u.Guest {
		return User{}, ErrNotGuest
	}
	h, err := s.hashPW(ctx, password)
	if err != nil {
		return User{}, err
	}
	res, err := s.db.ExecContext(ctx, s.q(`UPDATE accounts_users SET guest = 0, password = ? WHERE id = ? AND guest = 1 AND name_key IS NOT NULL`), h, userID)
	if err != nil {
		return User{}, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return User{}, ErrNotGuest
	}
	u.Guest = false
	return u, nil
}

// UserByName finds a user by name, ignoring case. Guests whose name has
// been released are not found.
func (s *Service) UserByName(ctx context.Context, name string) (User, error) {
	return s.userWhere(ctx, `name_key = ?`, nameKey(name))
}

// UserByID finds a user by id.
func (s *Service) UserByID(ctx context.Context, id int64) (User, error) {
	return s.userWhere(ctx, `id = ?`, id)
}

func (s *Service) userWhere(ctx context.Context, cond string, arg any) (User, error) {
	var u User
	err := s.db.QueryRowContext(ctx, s.q(`SELECT id, name, guest FROM accounts_users WHERE `+cond), arg).
		Scan(&u.ID, &u.Name, &u.Guest)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrNotFound
	}
	return u, err
}
