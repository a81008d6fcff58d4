package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	httppprof "net/http/pprof"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/parlor-games/parlor/clock"
	"github.com/parlor-games/parlor/clock/clocktest"
	"github.com/parlor-games/parlor/server"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/tui"
)

// runServe runs parlor serve until it is interrupted or a listener
// fails, then shuts down in order.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	f, err := parseServeFlags(args, stderr)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewJSONHandler(stderr, nil))
	if f.cpuProf != "" {
		stopProfile, err := startCPUProfile(f.cpuProf)
		if err != nil {
			return err
		}
		defer stopProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return err
	}
	f.clk = clock.Real{}
	if f.testClock {
		f.clk = clocktest.New(time.Now())
		log.Warn("the clocks stand still until POST /api/test/clock moves them (-test-clock): a server for tests only")
	}
	srv, closeAll, node, err := startServer(ctx, f, log, ln.Addr())
	if err != nil {
		ln.Close()
		return err
	}
	hs := &http.Server{Handler: f.handler(srv), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 5)
	self, closePlain, err := serveHTTP(f, hs, ln, errc, stdout, log)
	if err != nil {
		hs.Close()
		closeAll(context.Background())
		return err
	}
	defer closePlain()
	if node != nil {
		go func() {
			// RunNode beats at once, so the start-up's holding of the
			// lease (startServer) hands over with no gap.
			node.stopHolding()
			if err := srv.RunNode(ctx, node, f.lease/5); err != nil {
				errc <- err
			}
		}()
		go srv.Rebalance(ctx, node, f.rebalance)
	}
	if f.ssh != "" {
		if err := serveSSH(ctx, f, self, errc, stdout, log); err != nil {
			hs.Close()
			closeAll(context.Background())
			return err
		}
	}
	select {
	case err := <-errc:
		closeAll(context.Background())
		return err
	case <-ctx.Done():
	}
	stop()
	log.Info("shutting down")
	// Stop accepting, close WebSockets with a going-away status, then let
	// the matches finish their writes, then close the store.
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	_ = hs.Shutdown(sctx)
	closeAll(sctx)
	log.Info("stopped")
	return nil
}

// startCPUProfile profiles the whole run into the file at path; stop
// ends the profile and closes the file.
func startCPUProfile(path string) (stop func(), _ error) {
	pf, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(pf); err != nil {
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); pf.Close() }, nil
}

// handler is what the HTTP server serves: the server behind the trusted
// proxies, with the test clock's and the profiler's routes when asked for.
func (f serveFlags) handler(srv *server.Server) http.Handler {
	handler := f.trust.Handler(srv.Handler())
	if hc, ok := f.clk.(*clocktest.Clock); ok {
		handler = testClockHandler(hc, handler)
	}
	if f.pprof {
		mux := http.NewServeMux()
		mux.HandleFunc("/debug/pprof/", httppprof.Index)
		mux.HandleFunc("/debug/pprof/profile", httppprof.Profile)
		mux.Handle("/", handler)
		handler = mux
	}
	return handler
}

// serveHTTP serves hs on ln, over TLS when the flags ask for it, and says
// where on stdout and in the log. self is where this server's own clients
// (the SSH sessions) reach it: plain HTTP on the loopback. closePlain
// closes the plain listener TLS serves them on.
func serveHTTP(f serveFlags, hs *http.Server, ln net.Listener, errc chan error, stdout io.Writer, log *slog.Logger) (self string, closePlain func(), _ error) {
	self = loopback(ln.Addr())
	closePlain = func() {}
	scheme := "http"
	var redirectAt net.Addr
	if f.tls.on() {
		plain, at, err := serveTLS(f, hs, ln, errc)
		if err != nil {
			return "", nil, err
		}
		closePlain = func() { plain.Close() }
		self, scheme, redirectAt = loopback(plain.Addr()), "https", at
	} else {
		go func() { errc <- hs.Serve(ln) }()
	}
	// The chosen address goes to stdout so that scripts (and the tests)
	// that pass -addr 127.0.0.1:0 learn the port.
	fmt.Fprintf(stdout, "parlor serving on %s://%s\n", scheme, ln.Addr())
	log.Info("serving", "addr", ln.Addr().String(), "scheme", scheme, "data", f.data, "db", store.Redacted(f.dbName()))
	if redirectAt != nil {
		fmt.Fprintf(stdout, "parlor redirecting http://%s to HTTPS\n", redirectAt)
		log.Info("redirecting to HTTPS", "addr", redirectAt.String())
	}
	return self, closePlain, nil
}

// serveSSH serves the terminal client over SSH on -ssh: its sessions are
// terminal clients of this server, reaching it at self over the loopback.
func serveSSH(ctx context.Context, f serveFlags, self string, errc chan error, stdout io.Writer, log *slog.Logger) error {
	sl, err := net.Listen("tcp", f.ssh)
	if err != nil {
		return fmt.Errorf("-ssh: %w", err)
	}
	fmt.Fprintf(stdout, "parlor serving SSH on %s\n", sl.Addr())
	go func() {
		if err := tui.ServeSSH(ctx, sl, tui.SSHConfig{Server: self, Dir: f.data, Log: log}); err != nil {
			errc <- fmt.Errorf("ssh: %w", err)
		}
	}()
	return nil
}

// loopback is the address to reach a listener from this machine: its
// port on 127.0.0.1 when it listens on every address.
func loopback(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}
