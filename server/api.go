package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/store"
)

// protocolVersion is sent in hello; docs/protocol.md describes version 3
// (version 1 plus match.resign, the resign and return events and stored
// chat in version 2; match.reclaim, the snapshot's takenOver and the
// code of every error reply in version 3).
const protocolVersion = 3

// handlers maps a client message type to its handler. A handler returns
// the reply's fields (nil for none) or an error whose text the client
// shows, usually a replyError; errorCode gives the reply its code.
var handlers map[string]func(c *conn, data []byte) (any, error)

func init() {
	handlers = map[string]func(c *conn, data []byte) (any, error){
		"lobby.join":     handleLobbyJoin,
		"lobby.leave":    handleLobbyLeave,
		"chat.send":      handleChatSend,
		"chat.history":   handleChatHistory,
		"table.create":   handleTableCreate,
		"table.sit":      handleTableSit,
		"table.stand":    handleTableStand,
		"table.start":    handleTableStart,
		"table.watch":    handleTableWatch,
		"table.unwatch":  handleTableUnwatch,
		"match.play":     handleMatchPlay,
		"match.handover": handleMatchHandover,
		"match.save":     handleMatchSave,
		"match.load":     handleMatchLoad,
		"match.rematch":  handleMatchRematch,
		"match.resign":   handleMatchResign,
		"match.reclaim":  handleMatchReclaim,
	}
}

func (s *Server) routes() {
	mux := http.NewServeMux()
	s.cfg.Accounts.Routes(mux)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok\n")
	})
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.HandleFunc("GET /api/ws", s.serveWS)
	mux.HandleFunc("GET /api/games", s.apiGames)
	mux.HandleFunc("GET /api/tables/{id}", s.apiTable)
	mux.HandleFunc("GET /api/saves", s.authed(s.apiSaves))
	mux.HandleFunc("GET /api/saves/{id}/file", s.authed(s.apiSaveFile))
	mux.HandleFunc("POST /api/saves/import", s.authed(s.apiSaveImport))
	mux.HandleFunc("DELETE /api/saves/{id}", s.authed(s.apiSaveDelete))
	mux.HandleFunc("GET /api/replays/{match}", s.apiReplay)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusNotFound, "no such API endpoint")
	})
	static := s.cfg.Static
	if static == nil {
		static = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			io.WriteString(w, "Parlor server: the web client is not built into this binary.\n")
		})
	}
	mux.Handle("/", static)
	s.mux = mux
}

// httpError answers an HTTP request with the error shape every endpoint
// shares, {"code","error"}: the code for programs, the sentence for
// people, as WebSocket error replies carry them. The code follows from
// the status, one code per status (statusCode), so the two never
// disagree.
func httpError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, httpErrorBody{Code: statusCode(status), Error: msg})
}

// httpErrorBody is the body of every HTTP error.
type httpErrorBody struct {
	Code  string `json:"code"`
	Error string `json:"error"`
}

// statusCode is the error code of an HTTP status: the WebSocket codes
// (codes.go) for the statuses they match, and three that only HTTP has.
func statusCode(status int) string {
	switch status {
	case http.StatusBadRequest:
		return codeBadRequest
	case http.StatusUnauthorized:
		return codeUnauthorized
	case http.StatusForbidden:
		return codeForbidden
	case http.StatusNotFound:
		return codeNotFound
	case http.StatusConflict:
		return codeConflict
	case http.StatusRequestEntityTooLarge:
		return codeTooLarge
	case http.StatusUnsupportedMediaType:
		return codeUnsupportedMedia
	case http.StatusTooManyRequests:
		return codeRateLimited
	case http.StatusServiceUnavailable:
		return codeUnavailable
	}
	if status >= 500 {
		return codeInternal
	}
	return codeBadRequest
}

// storeError answers a store error on a request for one item: 404 with
// missing when the item does not exist, and 503 when the store failed, so
// that a client retries the one and not the other.
func (s *Server) storeError(w http.ResponseWriter, err error, missing string) {
	if errors.Is(err, store.ErrNotFound) {
		httpError(w, http.StatusNotFound, missing)
		return
	}
	s.log.Error("store", "err", err)
	httpError(w, http.StatusServiceUnavailable, "the store could not answer; try again")
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) authed(h func(w http.ResponseWriter, r *http.Request, u Identity)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, err := s.cfg.Accounts.Authenticate(r)
		if err != nil {
			httpError(w, http.StatusUnauthorized, "log in first")
			return
		}
		h(w, r, u)
	}
}

type gameJSON struct {
	Name    string            `json:"name"`
	Title   string            `json:"title"`
	Summary string            `json:"summary"`
	Options []game.OptionSpec `json:"options"`
	Hidden  bool              `json:"hidden"`
	// Forkable: saves of the game are copies (game.Definition.Forkable).
	Forkable bool     `json:"forkable"`
	Bots     []string `json:"bots"`
}

func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	var out []gameJSON
	for _, d := range s.reg.List() {
		g := gameJSON{Name: d.Name, Title: d.Title, Summary: d.Summary, Options: d.Options, Hidden: d.Hidden, Forkable: d.Forkable(), Bots: d.BotLevels}
		if g.Options == nil {
			g.Options = []game.OptionSpec{}
		}
		if g.Bots == nil {
			g.Bots = []string{}
		}
		out = append(out, g)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

// apiTable describes one table, for the invite link /t/{table}.
func (s *Server) apiTable(w http.ResponseWriter, r *http.Request) {
	t := s.tables.get(r.PathValue("id"))
	if t == nil {
		httpError(w, http.StatusNotFound, "no such table")
		return
	}
	var viewer int64
	if u, err := s.cfg.Accounts.Authenticate(r); err == nil {
		viewer = u.ID
	}
	writeJSON(w, http.StatusOK, map[string]any{"table": t.json(viewer)})
}

// lobbyStats is a user's per-game played and won counts.
func (s *Server) lobbyStats(userID int64) map[string]GameStats {
	out := map[string]GameStats{}
	all, err := s.cfg.Accounts.StatsFor(s.ctx, []int64{userID})
	if err != nil {
		s.log.Warn("lobby stats", "user", userID, "err", err)
		return out
	}
	for g, st := range all[userID] {
		out[g] = GameStats{Played: st.Played, Won: st.Won}
	}
	return out
}

// overTableTTL is how long a finished table stays in the lobby's list.
const overTableTTL = 10 * time.Minute

func (ts *tables) forget(t *table) {
	ts.mu.Lock()
	delete(ts.m, t.id)
	ts.mu.Unlock()
	t.mu.Lock()
	if t.unsub != nil {
		t.unsub()
	}
	t.mu.Unlock()
	ts.s.hub.tablesChanged()
	// Its chat can no longer be read (chatAudience finds no table).
	if err := ts.s.cfg.Store.DeleteChat(ts.s.ctx, "table:"+t.id); err != nil {
		ts.s.log.Warn("table chat not deleted", "table", t.id, "err", err)
	}
}

// finish records a finished match once: ratings, stats, achievements
// (pushed to their owners at once), the table's status, and the lobby.
func (t *table) finish(u match.Update) {
	t.mu.Lock()
	if t.ended {
		t.mu.Unlock()
		return
	}
	t.ended = true
	t.status = statusOver
	// The table's row, now saying "over", is stored with the results in
	// one transaction: after a crash a table still "playing" with a
	// finished match is recorded on start-up (loadTables), and one marked
	// over never again.
	row := t.row()
	seats := append([]seat(nil), t.seats...)
	live := t.mt != nil // not so for an end found on start-up (endedUncounted)
	t.mu.Unlock()
	defer func() {
		if live {
			t.s.metrics.live.Dec()
		}
		t.s.tables.changed(t)
		// The table keeps the match for late watchers; the manager need
		// not, and the lobby forgets the table a while after the end.
		t.s.cfg.Matches.Remove(t.matchID)
		time.AfterFunc(overTableTTL, func() { t.s.tables.forget(t) })
	}()

	won := map[game.Seat]bool{}
	for _, w := range u.Outcome.Winners {
		won[w] = true
	}
	tie := len(u.Outcome.Winners) > 1
	botLevel := ""
	for _, st := range seats {
		if st.Kind == "bot" {
			botLevel = st.Level
		}
	}
	var res []accounts.SeatResult
	var users []int64
	for i, st := range seats {
		if st.Kind != "human" || st.UserID == 0 {
			continue
		}
		r := accounts.SeatResult{UserID: st.UserID, Result: accounts.Lost, VsBot: botLevel != "", BotLevel: botLevel}
		switch {
		case won[game.Seat(i)] && tie:
			r.Result = accounts.Tied
		case won[game.Seat(i)]:
			r.Result = accounts.Won
		}
		res = append(res, r)
		users = append(users, st.UserID)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if t.unrated {
		// A copy of a save or a scenario: practice, which counts for
		// nothing (see saves.go).
		res, users = nil, nil
	}
	if len(res) == 0 {
		if err := t.s.cfg.Store.Exec(ctx, row.Query, row.Args...); err != nil {
			t.s.log.Error("persist table", "table", t.id, "err", err)
		}
		return
	}
	rec, err := t.s.cfg.Accounts.RecordMatch(ctx, t.game, res, row)
	if err != nil {
		t.s.log.Error("record result", "table", t.id, "err", err)
		// The table is over all the same.
		if err := t.s.cfg.Store.Exec(ctx, row.Query, row.Args...); err != nil {
			t.s.log.Error("persist table", "table", t.id, "err", err)
		}
		t.s.hub.refreshStats(users)
	} else {
		t.s.hub.setStats(t.game, rec.Stats)
	}
	earned := make(map[int64]bool, len(rec.Granted))
	for _, g := range rec.Granted {
		earned[g.UserID] = true
	}
	for _, id := range users {
		// Only a player this match earned something has news: anything
		// older was announced on connecting. Asking for everyone would
		// cost a query, under a lock all match ends share, per player.
		if err == nil && !earned[id] {
			continue
		}
		for _, c := range t.s.hub.connsOf(id) {
			t.s.announcePending(c)
		}
	}
}

// announcePending pushes the achievements the user has not been told of,
// and marks them announced.
func (s *Server) announcePending(c *conn) {
	// One announcement round at a time, and marked before pushed, so that
	// a match ending while the player reconnects cannot announce twice.
	s.announceMu.Lock()
	defer s.announceMu.Unlock()
	ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
	defer cancel()
	list, err := s.cfg.Accounts.Unannounced(ctx, c.user.ID)
	if err != nil || len(list) == 0 {
		return
	}
	ids := make([]string, 0, len(list))
	for _, a := range list {
		ids = append(ids, a.ID)
	}
	if err := s.cfg.Accounts.MarkAnnounced(ctx, c.user.ID, ids); err != nil {
		s.log.Warn("mark announced", "user", c.user.ID, "err", err)
		return
	}
	for _, a := range list {
		c.push(mustJSON(map[string]any{"t": "achievement", "achievement": a}))
	}
}
