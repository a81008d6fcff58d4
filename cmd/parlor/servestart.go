package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/realip"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/web"
)

// startServer opens the store, recovers unfinished matches and builds the
// server. closeAll shuts everything down in order. On PostgreSQL the
// server is a node among those sharing the database (docs/deploy.md): it
// takes its lease before it loads anything, and node is the store its
// heartbeat (Server.RunNode) renews the lease through; nil on SQLite.
func startServer(ctx context.Context, f serveFlags, log *slog.Logger, addr net.Addr) (_ *server.Server, closeAll func(context.Context), node *startingNode, _ error) {
	st, node, checks, err := openServeStore(ctx, f, log, addr)
	if err != nil {
		return nil, nil, nil, err
	}
	defer func() {
		if closeAll == nil && node != nil {
			node.stopHolding()
		}
	}()
	var cluster *server.Cluster
	if f.nats != "" {
		if cluster, err = joinCluster(f.nats, st, checks); err != nil {
			st.Close()
			return nil, nil, nil, err
		}
	}
	sender, err := f.mail.sender()
	if err != nil {
		st.Close()
		return nil, nil, nil, err
	}
	acct, err := startAccounts(ctx, f, st, log, sender)
	if err != nil {
		st.Close()
		return nil, nil, nil, err
	}
	reg := games.Registry()
	mgr := match.New(reg, st, log, match.Options{BotTime: time.Duration(f.botMS) * time.Millisecond, Clock: f.clk,
		Vacations: server.VacationSource(st, f.clk)})
	n, err := mgr.Recover(ctx)
	if err != nil {
		st.Close()
		return nil, nil, nil, fmt.Errorf("recovering matches: %w", err)
	}
	log.Info("matches recovered", "count", n)
	srv, err := server.New(ctx, f.serverConfig(serverParts{
		registry: reg, matches: mgr, accounts: acct, store: st, log: log,
		static: staticHandler(f, log), checks: checks, cluster: cluster, sender: sender,
	}))
	if err != nil {
		mgr.Close(ctx)
		st.Close()
		return nil, nil, nil, err
	}
	closeAll = func(ctx context.Context) {
		_ = srv.Shutdown(ctx)
		if err := mgr.Close(ctx); err != nil {
			log.Error("closing matches", "err", err)
		}
		// The results of matches that ended as the node stopped are
		// recorded before the lease ends and the store closes.
		if err := srv.Settle(ctx); err != nil {
			log.Error("recording the results of ended matches", "err", err)
		}
		leaveNodes(ctx, node, cluster, log)
		if err := st.Close(); err != nil {
			log.Error("closing store", "err", err)
		}
	}
	return srv, closeAll, node, nil
}

// openServeStore opens the database and, on PostgreSQL, joins the nodes
// sharing it. checks are the health checks of what it opened.
func openServeStore(ctx context.Context, f serveFlags, log *slog.Logger, addr net.Addr) (_ *store.Store, node *startingNode, checks map[string]func(context.Context) error, _ error) {
	if err := os.MkdirAll(f.data, 0o755); err != nil {
		return nil, nil, nil, err
	}
	st, err := store.Open(ctx, f.dbName())
	if err != nil {
		return nil, nil, nil, err
	}
	st.SetCommitDelay(f.commitDelay)
	checks = map[string]func(context.Context) error{}
	if store.IsPostgresURL(f.dbName()) {
		if err := joinNodes(ctx, st, f, addr, log); err != nil {
			st.Close()
			return nil, nil, nil, err
		}
		// Recovering matches and loading tables may take longer than
		// the lease: hold it meanwhile, or another node would take this
		// one's tables while it loads them.
		node = &startingNode{Store: st, stopHolding: st.HoldLease(ctx, f.lease/5)}
		checks["postgres"] = st.Ping
	}
	return st, node, checks, nil
}

// joinCluster connects to the NATS server at url and adds its health
// check to checks.
func joinCluster(url string, st *store.Store, checks map[string]func(context.Context) error) (*server.Cluster, error) {
	nc, err := connectNATS(url, st.Fence())
	if err != nil {
		return nil, err
	}
	checks["nats"] = func(context.Context) error {
		if s := nc.Status(); s != nats.CONNECTED {
			return fmt.Errorf("%v", s)
		}
		return nil
	}
	return &server.Cluster{Bus: nc, Fence: st.Fence(), Owners: st}, nil
}

// startAccounts builds and initialises the accounts with the server's
// limits on guests and its mail.
func startAccounts(ctx context.Context, f serveFlags, st *store.Store, log *slog.Logger, sender mail.Sender) (*accounts.Service, error) {
	guests := accounts.DefaultGuestPerIP
	guests.Burst = f.guestLimit
	if f.guestLimit == 0 {
		guests.Burst = -1
	}
	acct := accounts.New(st, accounts.Options{
		Logger:        log,
		ClientIP:      realip.Client,
		SecureRequest: f.trust.Secure,
		GuestPerIP:    guests,
		Mail:          sender,
		SiteURL:       f.mail.site,
	})
	if err := acct.Init(ctx); err != nil {
		return nil, err
	}
	return acct, nil
}

// staticHandler is the browser client, or nil when -no-web asks for the
// API only or the client was not built in.
func staticHandler(f serveFlags, log *slog.Logger) http.Handler {
	if f.noWeb {
		return nil
	}
	static, err := web.Handler()
	if err != nil {
		log.Warn("web client unavailable; serving the API only", "err", err)
		return nil
	}
	return static
}

// serverParts are what startServer built for the server.
type serverParts struct {
	registry *game.Registry
	matches  *match.Manager
	accounts *accounts.Service
	store    *store.Store
	log      *slog.Logger
	static   http.Handler
	checks   map[string]func(context.Context) error
	cluster  *server.Cluster
	sender   mail.Sender
}

// serverConfig is the server's configuration from the flags and the parts
// built for it.
func (f serveFlags) serverConfig(p serverParts) server.Config {
	var origins []string
	for _, o := range strings.Split(f.origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			origins = append(origins, o)
		}
	}
	chatKeep := f.chatKeep
	if chatKeep == 0 {
		chatKeep = -1
	}
	rate := f.rate
	if rate == 0 {
		rate = -1
	}
	return server.Config{
		Registry:        p.registry,
		Matches:         p.matches,
		Accounts:        p.accounts,
		Store:           p.store,
		Log:             p.log,
		Origins:         origins,
		Transport:       f.transport,
		BotBudget:       time.Duration(f.botMS) * time.Millisecond,
		Static:          p.static,
		Checks:          p.checks,
		Cluster:         p.cluster,
		GameDefaults:    f.defaults.config(),
		OverTables:      f.overTables,
		ChallengeWait:   f.challengeWait,
		Clock:           f.clk,
		Push:            server.PushConfig{Contact: f.pushContact, Insecure: f.pushInsecure},
		Mail:            server.MailConfig{Sender: p.sender, BaseURL: f.mail.site},
		ChatKeep:        chatKeep,
		MessageRate:     rate,
		ConnsPerAccount: capFlag(f.perAccount),
		ConnsPerAddress: capFlag(f.perAddress),
	}
}

// leaveNodes ends a stopping node's place among the nodes, once every
// write of it is done: it hands its tables over now rather than after the
// lease runs out, and tells the others over the cluster's bus.
func leaveNodes(ctx context.Context, node *startingNode, cluster *server.Cluster, log *slog.Logger) {
	if node != nil {
		node.stopHolding()
		if err := node.LeaveNodes(ctx); err != nil {
			log.Error("leaving the nodes", "err", err)
		}
	}
	if cluster != nil {
		if node != nil {
			_ = server.LeftNodes(cluster.Bus)
		}
		cluster.Bus.Close()
	}
}

// startingNode is the store of a node that holds its lease while it
// starts (store.HoldLease) until its heartbeat takes over.
type startingNode struct {
	*store.Store
	stopHolding func()
}

// connectNATS connects to the NATS server at url for forwarding. The
// client reconnects by itself, for as long as it takes, when the NATS
// server restarts; meanwhile forwarded messages are refused with a
// sentence and /healthz says so.
func connectNATS(url string, fence int64) (*nats.Conn, error) {
	nc, err := nats.Connect(url,
		nats.Name(fmt.Sprintf("parlor node %d", fence)),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond),
		// Nothing is held back while disconnected: a forwarded move
		// sent later, after its player was told it failed, would be a
		// move the player did not mean any more.
		nats.ReconnectBufSize(-1),
	)
	if err != nil {
		return nil, fmt.Errorf("-nats %s: %w", store.Redacted(url), err)
	}
	return nc, nil
}

// joinNodes takes this server's lease among the nodes sharing its
// PostgreSQL database, and the tables no live node holds (those of a
// node that died while this one was down, or made before there were
// nodes), so that the matches and tables it then loads are its own.
func joinNodes(ctx context.Context, st *store.Store, f serveFlags, addr net.Addr, log *slog.Logger) error {
	name := f.node
	if name == "" {
		host, _ := os.Hostname()
		_, port, _ := net.SplitHostPort(addr.String())
		name = host + ":" + port
	}
	lease, err := st.JoinNodes(ctx, name, addr.String(), f.lease)
	if err != nil {
		return err
	}
	taken, err := st.Heartbeat(ctx)
	if err != nil {
		return err
	}
	log.Info("joined the nodes", "node", lease.Node, "fence", lease.Fence, "lease", f.lease.String(), "tables taken", len(taken))
	return nil
}
