package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
)

// healthz answers a load balancer's or an operator's question "can this
// server take players?": 200 and "ok" when it can, 503 with the reasons
// when it cannot. It checks each of Config.Checks (the database, the
// message bus) within a second, and, on a node among several, that the
// node still holds its lease: a node that lost it must get no players.
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
