// Package server is Parlor's HTTP and WebSocket API: it wires accounts,
// lobby presence, chat, tables and live play over WebSocket on top of the
// match package, which owns the rules-facing side of a live match (ordering
// moves, bots, clocks, durability). The server is authoritative: clients
// only ever propose moves, and each connection receives only what the seats
// it holds may know.
//
// docs/protocol.md is the contract this package implements.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/clock"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// Identity is who a request or connection belongs to: an account or a
// guest.
type Identity = accounts.User

// Accounts is what the server needs from the accounts service;
// *accounts.Service implements it, and keeping it small lets tests and
// other deployments substitute their own.
type Accounts interface {
	// Routes registers the accounts HTTP endpoints (register, login, ...).
	Routes(mux *http.ServeMux)
	// Authenticate returns the user behind a request's session cookie.
	Authenticate(r *http.Request) (accounts.User, error)
	StatsFor(ctx context.Context, userIDs []int64) (map[int64]map[string]accounts.Stats, error)
	// CountMatch counts a finished match once, storing the statements in
	// also (the table's row, from Store.SaveTableStmt) in the same
	// transaction; accounts.ErrCounted if it was counted already (by
	// another node that took the table over, say).
	CountMatch(ctx context.Context, m accounts.Match, also ...store.Stmt) (accounts.Recorded, error)
	Unannounced(ctx context.Context, userID int64) ([]accounts.Achievement, error)
	// UserByName finds a player by name, for the list of their games;
	// accounts.ErrNotFound when there is none.
	UserByName(ctx context.Context, name string) (accounts.User, error)
	MarkAnnounced(ctx context.Context, userID int64, ids []string) error
}

// GameStats is the part of a profile the lobby shows next to a name.
type GameStats struct {
	Played int64 `json:"played"`
	Won    int64 `json:"won"`
}

// Store is what the server needs from the store: the rows of its lobby's
// tables, saves, match logs, chat and keys. The server keeps no SQL of its
// own; its tables (server_tables) are the store's.
type Store interface {
	// SaveTable writes a table's row, durably on return, in the store's
	// next group commit; SaveTableStmt is the same write as a statement,
	// to be stored with a match's results (Accounts.RecordMatch).
	SaveTable(ctx context.Context, row store.TableRow) error
	SaveTableStmt(row store.TableRow) store.Stmt
	// ListOpenTables returns the rows of every table not over, for start-up.
	ListOpenTables(ctx context.Context) ([]store.TableRow, error)
	CreateSave(ctx context.Context, sv store.Save) (store.Save, error)
	Saves(ctx context.Context, userID int64) ([]store.SaveInfo, error)
	GetSave(ctx context.Context, userID int64, id string) (store.Save, error)
	DeleteSave(ctx context.Context, userID int64, id string) error
	LoadMatch(ctx context.Context, id string) (*store.MatchLog, error)
	// MatchFinished says whether a match has ended, for bookmarks.
	MatchFinished(ctx context.Context, id string) (bool, error)
	// FinishedMatchesOf lists the finished matches a user held a seat
	// in, newest first, for their profile's recent games.
	FinishedMatchesOf(ctx context.Context, userID int64, limit int) ([]store.PlayedMatch, error)
	// TellLater, UntoldEnds, Untold and MarkTold keep the ends each
	// player has yet to be told of, since they were not at the table
	// (ended.go).
	TellLater(ctx context.Context, match string, users ...int64) error
	UntoldEnds(ctx context.Context, userID int64, limit int) ([]store.PlayedMatch, error)
	Untold(ctx context.Context, userID int64, match string) (bool, error)
	MarkTold(ctx context.Context, userID int64, matches ...string) error
	CreateMatch(ctx context.Context, h store.MatchHeader) error
	Append(ctx context.Context, r store.Record) error
	// AddChat and ChatLines keep chat, so that a channel's history
	// outlives a restart.
	AddChat(ctx context.Context, l store.ChatLine) error
	ChatLines(ctx context.Context, channel string, n int) ([]store.ChatLine, error)
	// DeleteChat drops a forgotten table's lines.
	DeleteChat(ctx context.Context, channel string) error
	// PruneChat keeps a channel's newest keep lines and deletes the
	// others; PruneAllChat does so for every channel (at start-up).
	PruneChat(ctx context.Context, channel string, keep int) error
	PruneAllChat(ctx context.Context, keep int) error
	// Key is a secret key of the servers sharing the database, made on
	// first use; the key named "saves" seals save files (sealed.go).
	Key(ctx context.Context, name string) ([]byte, error)
	// AddVacation, EndVacation and Vacations keep players' vacations
	// (vacation.go).
	AddVacation(ctx context.Context, userID int64, v store.Vacation) error
	EndVacation(ctx context.Context, userID int64, at time.Time) error
	Vacations(ctx context.Context, userID int64, since time.Time) ([]store.Vacation, error)
}

// Config is everything New needs.
type Config struct {
	Registry *game.Registry
	Matches  Matches
	Accounts Accounts
	Store    Store
	// Log receives structured logs; nil discards them.
	Log *slog.Logger
	// Origins lists extra origins (host patterns, as path.Match reads
	// them) allowed to open WebSockets besides the server's own.
	Origins []string
	// Transport is how WebSockets are held (transport.go); "" means
	// DefaultTransport. TransportEpoll is refused off Linux.
	Transport Transport
	// BotBudget is the default time a bot may think per move.
	BotBudget time.Duration
	// ChatKeep is how many lines of chat each channel keeps in the store;
	// older lines are deleted, every channel at start-up and then each
	// channel every tenth of ChatKeep lines. 0 means DefaultChatKeep, and
	// a negative value keeps every line.
	ChatKeep int
	// MessageRate is how many messages per second a connection may send
	// on average (bursts of 40); 0 means the default of 20, and a negative
	// value turns the limit off (load tests).
	MessageRate float64
	// ConnsPerAccount and ConnsPerAddress cap the WebSockets one account,
	// and one address, may hold open at once; 0 means the defaults
	// (DefaultConnsPerAccount, DefaultConnsPerAddress), and a negative
	// value turns a cap off (load tests). A connection over a cap is told
	// why, with the code rate-limited, and closed with status 1008.
	ConnsPerAccount int
	ConnsPerAddress int
	// GameDefaults holds, per game name, options (a JSON object) that
	// tables of that game take when their creator does not set them: the
	// operator's defaults (the serve flags that set a game's difficulty).
	GameDefaults map[string]json.RawMessage
	// LeaveGrace is how long a player who sat at a table that has not
	// started keeps the seat after their last connection watching it
	// closed; 0 means DefaultLeaveGrace.
	LeaveGrace time.Duration
	// RematchWait is how long a rematch offer waits for every person's
	// answer; 0 means DefaultRematchWait.
	RematchWait time.Duration
	// Cluster, on a node among several, forwards the messages that name
	// a table another node holds (relay.go); nil on a server alone.
	Cluster *Cluster
	// SendBuffer is the kernel's send buffer of each WebSocket's
	// socket, in bytes; 0 means DefaultSendBuffer. The kernel would
	// otherwise grow it to megabytes for a client that stops reading,
	// all of which the server writes, and holds, before it learns that
	// the client is behind (behind.go).
	SendBuffer int
	// Checks are what /healthz checks beyond the server itself, by name
	// ("postgres", "nats"): each returns nil when its service answers.
	Checks map[string]func(ctx context.Context) error
	// Static serves everything that is not an API path (the web client);
	// nil serves a short notice.
	Static http.Handler
	// OverTables is how many finished tables the lobby keeps listed at
	// most, the oldest forgotten first; 0 means DefaultOverTables.
	OverTables int
	// ChallengeWait is how long a challenge waits for its answer; 0
	// means DefaultChallengeWait.
	ChallengeWait time.Duration
	// ChallengeNotices is told of each challenge sent (a push or mail
	// service); nil gives the server's own notices (challengeNotices).
	ChallengeNotices ChallengeNotifier
	// ModerationPoll is how often the operators' actions are read from
	// the store (moderation.go); 0 means DefaultModerationPoll.
	ModerationPoll time.Duration
	// Clock is the time of the correspondence features (a player's list
	// of games, vacations, deadline warnings): the match manager's clock,
	// so both agree. nil is the wall clock.
	Clock clock.Clock
	// OnTurn, when set, is told when a seat's turn comes and when a
	// correspondence move's deadline is near (turnhook.go), for a
	// notifier (push, mail) to pass on. It may be called with a table's
	// lock held: it must return quickly and must not call the server.
	OnTurn func(TurnNotice)
	// Push sets up Web Push notices (notify.go, pushnotify.go).
	Push PushConfig
	// Mail sets up notices by mail, as digests (mailnotify.go).
	Mail MailConfig
	// Notifier, when set, delivers the notices for players who are not
	// looking instead of the server's own channels (Web Push).
	Notifier Notifier
	// NoticeDelay is how long a notice waits before it is sent, to be
	// dropped if its player is looking by then (a page being reloaded);
	// 0 means DefaultNoticeDelay, and a negative value sends at once.
	NoticeDelay time.Duration
}

// DefaultLeaveGrace is Config.LeaveGrace's default: long enough for a
// page reload or a reconnect, short enough that a table does not wait
// long for someone who left.
const DefaultLeaveGrace = 15 * time.Second

func (s *Server) leaveGrace() time.Duration {
	if s.cfg.LeaveGrace > 0 {
		return s.cfg.LeaveGrace
	}
	return DefaultLeaveGrace
}

// Server is the running API. Create it with New, serve Handler, and stop it
// with Shutdown.
type Server struct {
	drain drain
	cfg   Config
	reg   *game.Registry
	log   *slog.Logger
	// analyses keeps the finished matches' analyses (analysis.go).
	analyses *analyses
	mux      http.Handler
	metrics  *metrics

	hub       *hub
	transport transport
	conns     *connLimits
	tables    *tables
	relay     *relay // nil unless Config.Cluster is set
	// rematches keeps the open rematch offers of users connected here.
	rematches rematchBoard
	// tieCache keeps the friends, blocks and mutes of the users served
	// here (social.go); mod follows the operators' actions
	// (moderation.go).
	tieCache tieCache
	mod      moderation
	// offers lists the tables here with an open rematch offer.
	offers offerSet

	ctx    context.Context // cancelled by Shutdown
	cancel context.CancelFunc
	wg     sync.WaitGroup
	closed bool
	mu     sync.Mutex

	announceMu sync.Mutex

	saveKeys saveKeys

	// lastBeat is when this node's lease was last renewed, in Unix
	// milliseconds; 0 for a server that is no node (nodes.go).
	lastBeat  atomic.Int64
	lostLease atomic.Bool
	// beatNow asks RunNode for a heartbeat before the next tick: another
	// node has just left, and its tables are there to take.
	beatNow chan struct{}
	// finishing counts the ended matches whose results are being
	// recorded (finishLater), for Settle.
	finishing atomic.Int64

	// refusalLog logs refusals with causes of the server's own
	// (refusals.go); probing is set while a probe of the store's writes
	// runs (health.go).
	refusalLog refusalLog
	probing    atomic.Bool

	// peakUnsent is the most bytes any connection has had unsent
	// (behind.go).
	peakUnsent atomic.Int64

	// notices sends notices to players who are not looking (notify.go).
	notices *notices
}

// finishLater records the results of a match that has ended, off the
// match's delivery path (recording touches the database).
func (s *Server) finishLater(t *table, u match.Update) {
	s.finishing.Add(1)
	go func() {
		defer s.finishing.Add(-1)
		t.finish(u)
	}()
}

// Settle waits until the results of every match that has ended are
// recorded, or ctx ends. A node that stops calls it once its matches are
// stopped (none can end any more) and before it ends its lease: the
// results are then written under the lease, not refused after it.
func (s *Server) Settle(ctx context.Context) error {
	for s.finishing.Load() > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return nil
}

// New builds a server, creates its SQL tables if needed and reloads the
// tables of the lobby from the database.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Registry == nil || cfg.Matches == nil || cfg.Accounts == nil || cfg.Store == nil {
		return nil, errors.New("server: Registry, Matches, Accounts and Store are required")
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.BotBudget <= 0 {
		cfg.BotBudget = time.Second
	}
	if cfg.ChatKeep == 0 {
		cfg.ChatKeep = DefaultChatKeep
	}
	s := &Server{cfg: cfg, reg: cfg.Registry, log: cfg.Log, beatNow: make(chan struct{}, 1), analyses: newAnalyses()}
	s.metrics = newMetrics(func() float64 {
		if s.tables == nil {
			return 0
		}
		return float64(s.tables.open())
	})
	if w, ok := cfg.Store.(writerStats); ok {
		s.metrics.watchWriter(w)
	}
	tr, err := newTransport(s, cfg.Transport)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.transport = tr
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.hub = newHub(s)
	s.followSessionsEnded()
	s.conns = newConnLimits(cfg)
	if sh, ok := cfg.Store.(storeHealth); ok {
		s.metrics.watchStoreHealth(sh)
	}
	if cfg.ChatKeep > 0 {
		// The counts that prune a channel every so many lines start afresh
		// with the process: start from channels within the limit.
		// Housekeeping: a failure leaves the lines to the next pruning.
		if err := cfg.Store.PruneAllChat(ctx, cfg.ChatKeep); err != nil {
			cfg.Log.Warn("chat not pruned", "err", err)
		}
	}
	if err := s.initNotices(ctx); err != nil {
		return nil, err
	}
	if s.cfg.OnTurn == nil && s.notices.store != nil {
		s.cfg.OnTurn = s.dueNotice // duenotice.go
	}
	s.tables = newTables(s)
	if err := s.tables.load(ctx); err != nil {
		return nil, err
	}
	if cfg.Cluster != nil {
		r, err := newRelay(s, *cfg.Cluster)
		if err != nil {
			return nil, fmt.Errorf("server: listen on the bus: %w", err)
		}
		s.relay = r
	}
	s.routes()
	s.watchModeration()
	if sh, ok := cfg.Store.(storeHealth); ok {
		go s.watchStore(sh)
	}
	if s.notices.mail != nil {
		go s.runDigests()
	}
	return s, nil
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.mux }

// Shutdown closes every WebSocket with a going-away status and waits for
// the connections' goroutines. Callers close the match manager and the
// store afterwards, so that pending writes finish first.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	// Every message being handled is answered before its connection
	// closes; later ones are left to another node (drain.go).
	s.drain.stop()
	s.lapseOffersForStop()
	s.hub.closeAll()
	s.cancel()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		if s.relay != nil {
			// After the connections' goroutines, which end their links.
			s.relay.close()
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
