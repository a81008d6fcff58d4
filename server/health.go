package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/parlor-games/parlor/store"
)

// healthz answers a load balancer's or an operator's question "can this
// server take players?": 200 and "ok" when it can, 503 with the reasons
// when it cannot. It checks each of Config.Checks (the database, the
// message bus) within a second, and, on a node among several, that the
// node still holds its lease: a node that lost it must get no players;
// and that its store can write: a node on a full disk refuses every move.
// Each line says what was checked, so that an operator reading it learns
// which service is down.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	var lines []string
	ok := true
	names := make([]string, 0, len(s.cfg.Checks))
	for name := range s.cfg.Checks {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if err := s.cfg.Checks[name](ctx); err != nil {
			ok = false
			lines = append(lines, fmt.Sprintf("%s: down: %v", name, err))
		} else {
			lines = append(lines, name+": ok")
		}
	}
	if line, good := s.storeLine(ctx); line != "" {
		ok = ok && good
		lines = append(lines, line)
	}
	if s.lostLease.Load() {
		ok = false
		lines = append(lines, "lease: lost to another node")
	} else if at := s.lastBeat.Load(); at != 0 {
		lines = append(lines, fmt.Sprintf("lease: renewed %.1fs ago", time.Since(time.UnixMilli(at)).Seconds()))
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	head := "ok"
	if !ok {
		head = "unavailable"
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	fmt.Fprintln(w, strings.Join(append([]string{head}, lines...), "\n"))
}

// storeHealth is what the server asks of a store that knows whether its
// writes succeed (*store.Store): the last writes' verdict, and a write
// of its own to find out again.
type storeHealth interface {
	WriteHealth() store.WriteHealth
	ProbeWrite(ctx context.Context) error
}

// storeLine is /healthz's line for the store's writes, "" for a store
// that does not say. While writes fail it first probes (one probe at a
// time), so that a node with no traffic, whose disk has been freed, is
// healthy again as soon as it is asked.
func (s *Server) storeLine(ctx context.Context) (line string, ok bool) {
	sh, is := s.cfg.Store.(storeHealth)
	if !is {
		return "", true
	}
	if sh.WriteHealth().Failing {
		s.probeStore(ctx, sh)
	}
	h := sh.WriteHealth()
	if !h.Failing {
		return "store: writes ok", true
	}
	return fmt.Sprintf("store: cannot write for %.0fs: %v", time.Since(h.Since).Seconds(), h.Cause), false
}

// probeStore makes a probe write unless one is under way.
func (s *Server) probeStore(ctx context.Context, sh storeHealth) {
	if !s.probing.CompareAndSwap(false, true) {
		return
	}
	defer s.probing.Store(false)
	_ = sh.ProbeWrite(ctx)
}

// storeProbeEvery is how often a server whose store's writes fail probes
// them, so that its metrics, and its next answer to /healthz, show the
// store back without waiting for a player's move.
const storeProbeEvery = 5 * time.Second

// watchStore probes the store while its writes fail, until the server
// shuts down.
func (s *Server) watchStore(sh storeHealth) {
	tick := time.NewTicker(storeProbeEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		if sh.WriteHealth().Failing {
			ctx, cancel := context.WithTimeout(s.ctx, storeProbeEvery)
			s.probeStore(ctx, sh)
			cancel()
		}
	}
}
