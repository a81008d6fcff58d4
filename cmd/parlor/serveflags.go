package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/clock"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/realip"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/store"
)

// defaultCommitDelay is measured, not guessed: docs/benchmarks.md
// ("Commit delay") shows the CPU per move and the latency it buys at a
// human pace and flat out. maxCommitDelay keeps a typo from making every
// move wait for seconds.
const (
	defaultCommitDelay = 5 * time.Millisecond
	maxCommitDelay     = 100 * time.Millisecond
)

// A node's lease (docs/deploy.md): a dead node's tables wait this long
// for another node, so it is short; a heartbeat every fifth of it keeps
// it, so a database pause shorter than four beats costs nothing.
const (
	defaultLease = 10 * time.Second
	minLease     = 2 * time.Second
	maxLease     = 10 * time.Second
)

// The pace at which a node hands tables to a node holding fewer
// (docs/deploy.md): one table a second moves a joining node's share of
// a few hundred tables within minutes, while each hand-over, which holds
// the table's messages for a few milliseconds, stays an event apart from
// the next.
const (
	defaultRebalance = time.Second
	minRebalance     = 100 * time.Millisecond
	maxRebalance     = time.Hour
)

// serveFlags are parlor serve's settings.
type serveFlags struct {
	addr string
	data string
	// db is the database: a postgres:// URL, or an SQLite file; ""
	// means the file parlor.db in data.
	db                     string
	origins                string
	botMS                  int
	chatKeep               int
	overTables             int
	noWeb                  bool
	rate                   float64
	perAccount, perAddress int
	cpuProf                string
	pprof                  bool
	// commitDelay is the store's commit delay (store.SetCommitDelay).
	commitDelay time.Duration
	// defaults are the operator's defaults of games' options
	// (gamedefaults.go).
	defaults gameDefaults
	// ssh is the address of the terminal client over SSH; "" serves none.
	ssh string
	// node names this server among the nodes sharing a PostgreSQL
	// database; "" means the host name and the port it serves on. lease
	// is how long its lease holds without a heartbeat.
	node  string
	lease time.Duration
	// transport holds the WebSockets (server.Transport).
	transport server.Transport
	// nats is the NATS server the nodes forward players' messages over;
	// "" forwards nothing (one node, or players sent to their table's
	// node some other way).
	nats string
	// rebalance is how often a node among several hands one table to the
	// node holding fewest, when it holds two more (server.Rebalance); 0
	// never does.
	rebalance time.Duration
	// trust is the reverse proxies whose forwarded headers name the
	// client and its scheme (-trust-proxy; package realip).
	trust realip.Trust
	// guestLimit is how many guest sign-ups one address may make at
	// once; 0: no limit.
	guestLimit int
	// tls serves HTTPS without a proxy (servetls.go).
	tls tlsFlags
	// mail sends the links of account management (servemail.go).
	mail mailFlags
	// challengeWait is how long a challenge waits for its answer.
	challengeWait time.Duration
	// testClock makes the clocks read a hand-moved clock
	// (testclock.go), for browser tests of games played across days.
	testClock bool
	// clk is the clock of the matches and the server, set by runServe.
	clk clock.Clock
	// pushContact and pushInsecure set up Web Push (server.PushConfig).
	pushContact  string
	pushInsecure bool
}

// parseServeFlags reads parlor serve's command line (and its environment,
// serveenv.go) and refuses settings the server could not run with.
func parseServeFlags(args []string, stderr io.Writer) (f serveFlags, err error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f.defineFlags(fs)
	transport := fs.String("transport", string(server.DefaultTransport), "how WebSockets are held: epoll (an event loop, Linux only: an idle connection holds no goroutine and no buffer, a fifth of the memory at the same CPU per move, hence the default on Linux) or goroutine (a reader goroutine per connection, any system; the default elsewhere)")
	trustProxy := fs.String("trust-proxy", "", "comma-separated addresses or CIDR prefixes (10.0.0.0/8,127.0.0.1) of reverse proxies in front of this server: from them only, the client's address is read from X-Forwarded-For or Forwarded and its scheme from X-Forwarded-Proto, for the limits per address, the logs and Secure cookies")
	fs.IntVar(&f.guestLimit, "guest-limit", accounts.DefaultGuestPerIP.Burst, fmt.Sprintf("guest sign-ups one address may make at once, then one more every %v; 0 turns the limit off, for load tests from one machine", accounts.DefaultGuestPerIP.Every))
	readTLS := defineTLSFlags(fs)
	readMail := defineMailFlags(fs)
	if err := parseWithEnv(fs, args); err != nil {
		return f, err
	}
	if f.tls, err = readTLS(); err != nil {
		return f, err
	}
	if f.mail, err = readMail(f.tls); err != nil {
		return f, err
	}
	if f.trust, err = realip.Parse(*trustProxy); err != nil {
		return f, fmt.Errorf("-trust-proxy: %w", err)
	}
	if f.guestLimit < 0 {
		return f, errors.New("-guest-limit must be 0 (no limit) or more")
	}
	if fs.NArg() > 0 {
		return f, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	t, err := server.ParseTransport(*transport)
	if err != nil {
		return f, fmt.Errorf("-transport: %w", err)
	}
	f.transport = t
	return f, f.validate()
}

// defineFlags defines on fs the settings stored straight into f; those
// that need reading first (the transport, the proxies, TLS, mail) are
// defined by parseServeFlags.
func (f *serveFlags) defineFlags(fs *flag.FlagSet) {
	fs.StringVar(&f.addr, "addr", ":8080", "address to listen on")
	fs.StringVar(&f.data, "data", "./data", "data directory (the SQLite file parlor.db lives there unless -db names another database)")
	fs.StringVar(&f.db, "db", os.Getenv("PARLOR_DB"), "database: a PostgreSQL URL (postgres://user:password@host:5432/name), which several servers may share, or an SQLite file; the default, also taken from $PARLOR_DB, is parlor.db in the data directory")
	fs.StringVar(&f.origins, "origin", "", "extra origins allowed to open WebSockets, comma-separated host patterns (the server's own origin is always allowed)")
	fs.IntVar(&f.botMS, "bot-ms", 1000, "default budget of a bot move, in milliseconds' worth of work (bots count work, not time; a limit far beyond it stops a runaway search)")
	fs.DurationVar(&f.challengeWait, "challenge-wait", server.DefaultChallengeWait, "how long a challenge from one player to another waits for its answer before it lapses (1m to 336h)")
	fs.BoolVar(&f.testClock, "test-clock", false, "for tests only: the clocks stand still until POST /api/test/clock moves them on (docs/protocol.md); never on a server people play on")
	fs.IntVar(&f.overTables, "over-tables", server.DefaultOverTables, "finished tables the lobby lists at most (each for 10 minutes); the oldest are forgotten first")
	fs.IntVar(&f.chatKeep, "chat-keep", server.DefaultChatKeep, "lines of chat kept per channel (the lobby, each table); older lines are deleted; 0 keeps every line")
	fs.Float64Var(&f.rate, "ws-rate", 20, "messages per second a WebSocket may send on average (bursts of 40); 0 turns the limit off, for load tests")
	fs.IntVar(&f.perAccount, "ws-per-account", server.DefaultConnsPerAccount, "WebSockets one account may hold open at once (tabs, windows, terminal clients); one more is refused with the code rate-limited; 0 turns the cap off")
	fs.IntVar(&f.perAddress, "ws-per-address", server.DefaultConnsPerAddress, "WebSockets one address may hold open at once, all accounts together; 0 turns the cap off, for load tests from one machine")
	fs.StringVar(&f.cpuProf, "cpuprofile", "", "write a CPU profile of the whole run to this file (for performance work)")
	fs.BoolVar(&f.pprof, "pprof", false, "serve Go's profiler under /debug/pprof/ (for performance work; do not expose)")
	fs.StringVar(&f.pushContact, "push-contact", "", "the operator's address (mailto:you@example.org or an https URL) given to browsers' push services with each notification, for them to write to about this server's traffic")
	fs.BoolVar(&f.pushInsecure, "push-insecure", false, "accept push subscriptions whose push service is a plain http URL (a push service on a private network, or a test's); browsers' own services are https")
	fs.BoolVar(&f.noWeb, "no-web", false, "serve the API only, without the browser client")
	f.defaults = gameDefaults{reg: games.Registry()}
	f.defaults.register(fs)
	fs.StringVar(&f.ssh, "ssh", "", "also serve the terminal client over SSH on this address (such as :2222): `ssh -p 2222 name@host` joins as a guest called name; the host key is kept in the data directory")
	fs.DurationVar(&f.commitDelay, "commit-delay", defaultCommitDelay, "how long a busy server holds a commit open so that one sync to disk covers more moves; every move is still on disk before it is acknowledged; 0 syncs each commit at once")
	fs.StringVar(&f.node, "node", os.Getenv("PARLOR_NODE"), "with a PostgreSQL -db, this server's name among the servers sharing the database, unique to it and kept across its restarts (also $PARLOR_NODE); the default is the host name and the port it serves on")
	fs.DurationVar(&f.lease, "lease", defaultLease, "with a PostgreSQL -db, how long this server's hold on its tables lasts without a heartbeat: when it dies, the other servers take its tables this long after its last heartbeat (2s to 10s)")
	fs.StringVar(&f.nats, "nats", os.Getenv("PARLOR_NATS"), "with a PostgreSQL -db, the NATS server (nats://host:4222) over which the servers sharing the database pass on a player's messages to the server holding their table, so that a player may connect to any of them (also $PARLOR_NATS)")
	fs.DurationVar(&f.rebalance, "rebalance", defaultRebalance, "with -nats, how often this server hands one of its tables to the server holding fewest, while it holds at least two more, so that a server that joins gets its share (the table's watchers keep their connections); 0 never hands tables over")
}

// validate refuses values out of their ranges and settings that do not
// go together.
func (f serveFlags) validate() error {
	if f.botMS <= 0 {
		return errors.New("-bot-ms must be positive")
	}
	if f.chatKeep < 0 {
		return errors.New("-chat-keep must be 0 (keep every line) or more")
	}
	if f.overTables <= 0 {
		return errors.New("-over-tables must be positive")
	}
	if f.nats != "" && !store.IsPostgresURL(f.dbName()) {
		return errors.New("-nats joins servers that share a PostgreSQL database: give -db postgres://... too")
	}
	if f.lease < minLease || f.lease > maxLease {
		return fmt.Errorf("-lease must be between %v and %v", minLease, maxLease)
	}
	if f.rebalance != 0 && (f.rebalance < minRebalance || f.rebalance > maxRebalance) {
		return fmt.Errorf("-rebalance must be 0 (never) or between %v and %v", minRebalance, maxRebalance)
	}
	if f.commitDelay < 0 || f.commitDelay > maxCommitDelay {
		return fmt.Errorf("-commit-delay must be between 0 and %v", maxCommitDelay)
	}
	if f.challengeWait < time.Minute || f.challengeWait > 14*24*time.Hour {
		return fmt.Errorf("-challenge-wait must be between 1m and 336h (two weeks)")
	}
	// A URL of another kind would otherwise be taken for a file name and
	// quietly become a new, empty SQLite database.
	if strings.Contains(f.db, "://") && !store.IsPostgresURL(f.db) {
		return fmt.Errorf("-db %s: a database URL must start with postgres:// or postgresql://", store.Redacted(f.db))
	}
	return nil
}

// dbName is the database the server opens (see serveFlags.db).
func (f serveFlags) dbName() string {
	if f.db != "" {
		return f.db
	}
	return filepath.Join(f.data, "parlor.db")
}

// capFlag turns a cap given on the command line, where 0 means none, into
// server.Config's form, where 0 means the default and a negative value
// none.
func capFlag(n int) int {
	if n <= 0 {
		return -1
	}
	return n
}
