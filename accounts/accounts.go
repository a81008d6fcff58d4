// Package accounts keeps the people who play on a Parlor server: accounts
// with passwords, guests, sessions, per-game statistics with Glicko-2
// ratings, and achievements, plus the HTTP endpoints for them (see the
// "Sessions" table of docs/protocol.md).
//
// The package keeps no SQL: it decides what names, passwords, sessions,
// ratings and achievements mean, and stores them through Store, an
// interface of the few typed methods it uses, which *store.Store
// implements (the tables, all prefixed accounts_, are the store's). A test
// or another deployment may supply its own.
package accounts

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/store"
)

// User is a person known to the server: an account (with a password) or a
// guest (a name held only while the guest has a live session or a seat in
// a match that is not over; its browser's guest key brings it back).
type User struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest"`
}

// Options tune a Service. The zero value is usable.
type Options struct {
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
	// SecureRequest, when set, says per request whether the client came
	// over HTTPS (a trusted proxy's X-Forwarded-Proto); the cookie is then
	// Secure too.
	SecureRequest func(*http.Request) bool
	// Now replaces the clock (tests).
	Now func() time.Time
	// Logger receives internal errors that are answered with a 500.
	Logger *slog.Logger
	// LoginPerName and LoginPerIP bound login attempts; zero values mean
	// the defaults (see defaultNameLimit and defaultIPLimit).
	LoginPerName, LoginPerIP Limit
	// GuestPerIP bounds guest sign-ups per address: each is a name held
	// and a new chat voice, so a script could otherwise make hundreds a
	// minute and speak through each one. The zero value means
	// DefaultGuestPerIP; a negative Burst turns the limit off, for
	// load tests from one machine.
	GuestPerIP Limit
	// ClientIP names the client of a request for the per-address limit.
	// Behind a reverse proxy every request comes from the proxy, so the
	// server should supply a function that reads the proxy's header;
	// without it the connection's peer address is used.
	ClientIP func(*http.Request) string
	// Mail sends the links of e-mail verification and password reset
	// (manage.go); nil: the server sends no mail, and those features
	// answer that they are off.
	Mail mail.Sender
	// SiteURL is the server's public address (https://parlor.example.org)
	// that mailed links begin with. It is the operator's to say: taken
	// from a request's Host header, a link could be made to point at
	// another site. Mail needs it.
	SiteURL string
	// VerifyTTL and ResetTTL are how long a verification link and a reset
	// link work (defaults: DefaultVerifyTTL, DefaultResetTTL).
	VerifyTTL, ResetTTL time.Duration
	// ResetPerIP and ResetPerTarget bound requests for a reset link, per
	// address of the asker and per name or e-mail address asked about
	// (defaults: defaultResetIPLimit, defaultResetTargetLimit).
	ResetPerIP, ResetPerTarget Limit
}

// Store is what the package needs of its storage; *store.Store implements
// it. Names are passed case-folded (nameKey), passwords as hashes, and
// session tokens as their SHA-256 (tokenHash): the store never sees a
// password or a live token.
type Store interface {
	// ReserveName frees key for a new user (releasing it from a guest
	// without a live session at now nor a seat in a match not over) or
	// returns store.ErrNameTaken.
	ReserveName(ctx context.Context, key string, now time.Time) error
	// CreateUser reserves the name and inserts the user in one
	// transaction; store.ErrNameTaken if the name is held.
	CreateUser(ctx context.Context, u store.NewUser) (int64, error)
	UserByNameKey(ctx context.Context, key string) (store.User, error)
	UserByID(ctx context.Context, id int64) (store.User, error)
	// UserCredentials returns the user holding key and its password
	// hash ("" for a guest); store.ErrNotFound if none.
	UserCredentials(ctx context.Context, key string) (store.User, string, error)
	SetPassword(ctx context.Context, userID int64, hash string) error
	// ClaimGuest makes a guest still holding its name an account.
	ClaimGuest(ctx context.Context, userID int64, hash string) (bool, error)
	// GuestsByKey lists the guests made with a guest key's hash, newest
	// first; RetakeName gives one of them its name again, unless another
	// holds it (store.ErrNameTaken).
	GuestsByKey(ctx context.Context, keyHash string) ([]store.GuestRow, error)
	RetakeName(ctx context.Context, userID int64, key string, now time.Time) error

	CreateSession(ctx context.Context, se store.Session) error
	// EndSession deletes a session and releases the name of a guest left
	// with no session live at now.
	EndSession(ctx context.Context, tokenHash string, now time.Time) error
	SessionUser(ctx context.Context, tokenHash string) (store.User, time.Time, error)
	ExtendSession(ctx context.Context, tokenHash string, expires time.Time) error

	StatsFor(ctx context.Context, ids []int64) (map[int64]map[string]store.GameStats, error)
	// CountResult reads the statistics of a finished match's users,
	// passes them to tally, and stores what tally returns and the
	// caller's statements in also together; counts sharing a user run
	// one after the other, across every server sharing the database, and
	// a match is counted once (store.ErrCounted).
	CountResult(ctx context.Context, c store.Count, tally func(*store.Tally) (store.Result, error), also ...store.Stmt) error

	GrantAchievements(ctx context.Context, grants []store.Grant) ([]bool, error)
	Achievements(ctx context.Context, userID int64, onlyUnannounced bool) ([]store.Earned, error)
	MarkAnnounced(ctx context.Context, userID int64, ids []string) error

	// What a person managing an account needs (manage.go, email.go,
	// reset.go); see the store's accountmail.go and accountdelete.go.
	PasswordOf(ctx context.Context, userID int64) (string, error)
	ChangePassword(ctx context.Context, userID int64, hash, keepSession string) error
	AddLink(ctx context.Context, l store.Link) error
	VerifyEmail(ctx context.Context, tokenHash string, now time.Time, keyOf func(string) string) (int64, string, error)
	EmailOf(ctx context.Context, userID int64, now time.Time) (store.Email, string, error)
	RemoveEmail(ctx context.Context, userID int64) error
	UsersByEmail(ctx context.Context, key string) ([]store.User, []string, error)
	ResetPassword(ctx context.Context, tokenHash string, now time.Time, hash string) (store.User, error)
	DeleteAccount(ctx context.Context, userID int64, now time.Time, shownAs string) error
}

// Service is the accounts API the server uses. It is safe for concurrent
// use.
type Service struct {
	st     Store
	ttl    time.Duration
	hash   HashParams
	secure bool
	now    func() time.Time
	log    *slog.Logger
	ipOf   func(*http.Request) string
	// secureOf says whether a request came over HTTPS (Options.SecureRequest).
	secureOf func(*http.Request) bool

	byName, byIP *limiter
	// byGuestIP limits guest sign-ups per address; nil: no limit.
	byGuestIP *limiter
	// hashSem caps concurrent argon2 hashes at one per core: each takes
	// Hash.Memory KiB, and a flood of logins should queue, not exhaust
	// memory.
	hashSem chan struct{}
	// dummyHash is verified against when a login names no account, so an
	// unknown name costs as much time as a wrong password.
	dummyHash string

	// manage holds what the account management of manage.go needs.
	manage *manageState
}

// New returns a Service over st. Call Init before use.
func New(st Store, opts Options) *Service {
	s := &Service{
		st:       st,
		ttl:      opts.SessionTTL,
		hash:     opts.Hash,
		secure:   opts.SecureCookie,
		now:      opts.Now,
		log:      opts.Logger,
		ipOf:     opts.ClientIP,
		secureOf: opts.SecureRequest,
		hashSem:  make(chan struct{}, max(1, runtime.GOMAXPROCS(0))),
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
	switch guestLimit := opts.GuestPerIP; {
	case guestLimit == (Limit{}):
		s.byGuestIP = newLimiter(DefaultGuestPerIP, s.now)
	case guestLimit.Burst >= 0:
		s.byGuestIP = newLimiter(guestLimit, s.now)
	}
	s.manage = newManageState(opts, s.now)
	return s
}

// Init makes the hash an unknown name is checked against (see Login). The
// tables are the store's, made when it opens.
func (s *Service) Init(ctx context.Context) error {
	s.dummyHash, _ = hashPassword("not a real password", s.hash)
	return nil
}

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

// createUser inserts a user after reserving its name.
func (s *Service) createUser(ctx context.Context, display, key string, guest bool, hash string) (User, error) {
	id, err := s.st.CreateUser(ctx, store.NewUser{Name: display, Key: key, Guest: guest, PasswordHash: hash, Created: s.now()})
	if err != nil {
		return User{}, nameErr(err)
	}
	return User{ID: id, Name: display, Guest: guest}, nil
}

// nameErr turns the store's "name taken" into the package's.
func nameErr(err error) error {
	if errors.Is(err, store.ErrNameTaken) {
		return ErrNameTaken
	}
	return err
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
	if err := s.st.ReserveName(ctx, key, s.now()); err != nil {
		return User{}, nameErr(err)
	}
	h, err := s.hashPW(ctx, password)
	if err != nil {
		return User{}, err
	}
	return s.createUser(ctx, display, key, false, h)
}

// Guest creates a guest user holding name. The caller must give it a
// session at once (NewSession), or the name is free again immediately.
func (s *Service) Guest(ctx context.Context, name string) (User, error) {
	display, key, err := NormalizeName(name)
	if err != nil {
		return User{}, err
	}
	return s.createUser(ctx, display, key, true, "")
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
	row, encoded, err := s.st.UserCredentials(ctx, key)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return User{}, err
	}
	u := User{ID: row.ID, Name: row.Name}
	if err != nil || row.Guest || encoded == "" {
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
			_ = s.st.SetPassword(ctx, u.ID, h)
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
	claimed, err := s.st.ClaimGuest(ctx, userID, h)
	if err != nil {
		return User{}, err
	}
	if !claimed {
		return User{}, ErrNotGuest
	}
	u.Guest = false
	return u, nil
}

// UserByName finds a user by name, ignoring case. Guests whose name has
// been released are not found.
func (s *Service) UserByName(ctx context.Context, name string) (User, error) {
	return userOf(s.st.UserByNameKey(ctx, nameKey(name)))
}

// UserByID finds a user by id.
func (s *Service) UserByID(ctx context.Context, id int64) (User, error) {
	return userOf(s.st.UserByID(ctx, id))
}

// userOf turns a user as stored into the package's, and the store's "not
// found" into ErrNotFound.
func userOf(u store.User, err error) (User, error) {
	if errors.Is(err, store.ErrNotFound) {
		return User{}, ErrNotFound
	}
	if err != nil {
		return User{}, err
	}
	return User{ID: u.ID, Name: u.Name, Guest: u.Guest}, nil
}
