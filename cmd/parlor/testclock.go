package main

import (
	"encoding/json"
	"net"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/clock/clocktest"
	"github.com/parlor-games/parlor/refusal"
)

// The test clock of `parlor serve -test-clock`: a browser test of a game
// played across days moves the server's clocks on by days in a moment,
// the way the Go tests move clocktest's. Served only with the flag.

// testClockReq is POST /api/test/clock: how far to move, as Go writes a
// duration ("36h").
type testClockReq struct {
	Advance string `json:"advance"`
}

// testClockHandler answers POST /api/test/clock by moving c on, and
// passes every other request to next.
func testClockHandler(c *clocktest.Clock, next http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/test/clock", func(w http.ResponseWriter, r *http.Request) {
		// Whoever moves the clock decides who runs out of time: only
		// the machine itself may, even on a server started with the
		// flag by mistake.
		if host, _, err := net.SplitHostPort(r.RemoteAddr); err != nil || !net.ParseIP(host).IsLoopback() {
			refusal.WriteHTTP(w, http.StatusForbidden, "the test clock is moved from the server's own machine only")
			return
		}
		var req testClockReq
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<10)).Decode(&req); err != nil {
			refusal.WriteHTTP(w, http.StatusBadRequest, `send {"advance": "36h"}`)
			return
		}
		d, err := time.ParseDuration(req.Advance)
		if err != nil || d < 0 {
			refusal.WriteHTTP(w, http.StatusBadRequest, "advance is a duration that is not negative, such as 36h")
			return
		}
		c.Advance(d)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]time.Time{"now": c.Now().UTC()})
	})
	mux.Handle("/", next)
	return mux
}
