package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
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

func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
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
	Bots    []string          `json:"bots"`
}

func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	var out []gameJSON
	for _, d := range s.reg.List() {
		g := gameJSON{Name: d.Name, Title: d.Title, Summary: d.Summary, Options: d.Options, Hidden: d.Hidden, Bots: d.BotLevels}
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

// SaveFile is the plain export format of a saved match (version 1): its
// log and who sat where. A save that would show secrets is exported as a
// sealedSaveFile instead (sealed.go).
type SaveFile struct {
	Parlor string   `json:"parlor"` // "save"
	V      int      `json:"v"`
	Name   string   `json:"name"`
	Log    game.Log `json:"log"`
	Seats  []string `json:"seats"`
	// Holders is who held each seat, known only from a sealed file (it is
	// inside the sealed part). A plain file is of a finished game or one
	// without secrets, where it does not matter.
	Holders []seatHolder `json:"-"`
}

type saveJSON struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Game    string    `json:"game"`
	Moves   int       `json:"moves"`
	Created time.Time `json:"created"`
}

func (s *Server) apiSaves(w http.ResponseWriter, r *http.Request, u Identity) {
	list, err := s.cfg.Store.Saves(r.Context(), u.ID)
	if err != nil {
		httpError(w, http.StatusInternalServerError, "could not list saves")
		return
	}
	out := make([]saveJSON, 0, len(list))
	for _, si := range list {
		out = append(out, saveJSON{si.ID, si.Name, si.Game, si.Moves, si.Created})
	}
	writeJSON(w, http.StatusOK, map[string]any{"saves": out})
}

// apiSaveFile downloads a save. A save of an unfinished game with secrets
// is downloaded sealed (see sealed.go), since its seed and moves would show
// the other seats' secrets; any other save is a plain, readable file.
func (s *Server) apiSaveFile(w http.ResponseWriter, r *http.Request, u Identity) {
	sv, err := s.cfg.Store.GetSave(r.Context(), u.ID, r.PathValue("id"))
	if err != nil {
		s.storeError(w, err, "no such save")
		return
	}
	f := SaveFile{Parlor: "save", V: plainSaveVersion, Name: sv.Name}
	_ = json.Unmarshal(sv.Log, &f.Log)
	_ = json.Unmarshal(sv.Seats, &f.Seats)
	var out any = f
	if s.needsSeal(f.Log) {
		sf, err := s.sealSave(r.Context(), sv.Name, f.Log, f.Seats, readHolders(sv.Holders), sv.Created)
		if err != nil {
			s.log.Error("seal save", "save", sv.ID, "err", err)
			if errors.Is(err, errNoSaveKey) {
				httpError(w, http.StatusServiceUnavailable, "the server's key for sealed saves cannot be read at the moment; try again")
				return
			}
			httpError(w, http.StatusInternalServerError, "the save could not be sealed for download")
			return
		}
		out = sf
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+safeFilename(sv.Name)+`.parlor.json"`)
	writeJSON(w, http.StatusOK, out)
}

// needsSeal says whether a log must be sealed for download: its game has
// secrets and it is not over (or, to be safe, it does not replay). A
// finished match reveals everything anyway, as its replay does.
func (s *Server) needsSeal(l game.Log) bool {
	def, err := s.reg.Lookup(l.Game)
	if err != nil || !def.Hidden {
		return false
	}
	st, err := s.reg.Replay(l)
	return err != nil || st.Outcome() == nil
}

func safeFilename(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "save"
	}
	return b.String()
}

// checkSaveFile validates an imported file by replaying it: a file that
// was edited or damaged is refused with the reason.
func (s *Server) checkSaveFile(f *SaveFile) error {
	if strings.TrimSpace(f.Name) == "" || len([]rune(f.Name)) > 100 {
		return errors.New("a save needs a name of 1-100 characters")
	}
	st, err := s.reg.Replay(f.Log)
	if err != nil {
		return err
	}
	if len(f.Seats) != st.Seats() {
		return errors.New("the file names " + strconv.Itoa(len(f.Seats)) + " seats; the match has " + strconv.Itoa(st.Seats()))
	}
	return nil
}

func (s *Server) apiSaveImport(w http.ResponseWriter, r *http.Request, u Identity) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 8<<20))
	if err != nil {
		httpError(w, http.StatusRequestEntityTooLarge, "a save file is at most 8 MiB")
		return
	}
	f, err := s.readSaveFile(r.Context(), body)
	if errors.Is(err, errNoSaveKey) {
		s.log.Error("open sealed save", "err", err)
		httpError(w, http.StatusServiceUnavailable, "the server cannot open sealed saves at the moment; try again")
		return
	}
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := s.checkSaveFile(&f); err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	sv, err := s.storeSave(r.Context(), u, f.Name, f.Log, f.Seats, f.Holders)
	if err != nil {
		// The file was valid (checked above): the store failed.
		s.log.Error("store save", "err", err)
		httpError(w, http.StatusServiceUnavailable, "the save could not be stored; try again")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"save": sv})
}

func (s *Server) storeSave(ctx context.Context, u Identity, name string, l game.Log, seats []string, holders []seatHolder) (saveJSON, error) {
	lb, err := json.Marshal(l)
	if err != nil {
		return saveJSON{}, err
	}
	sb, _ := json.Marshal(seats)
	var hb json.RawMessage
	if holders != nil {
		hb, _ = json.Marshal(holders)
	}
	sv, err := s.cfg.Store.CreateSave(ctx, store.Save{UserID: u.ID, Name: name, Log: lb, Seats: sb, Holders: hb})
	if err != nil {
		return saveJSON{}, err
	}
	return saveJSON{sv.ID, sv.Name, sv.Game, sv.Moves, sv.Created}, nil
}

func (s *Server) apiSaveDelete(w http.ResponseWriter, r *http.Request, u Identity) {
	if err := s.cfg.Store.DeleteSave(r.Context(), u.ID, r.PathValue("id")); err != nil {
		s.storeError(w, err, "no such save")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// replayStep is one step of a replay: the update as the history of a
// watch gives it, with every seat's view after it.
type replayStep struct {
	historyEntry
	Views map[string]any `json:"views"`
}

// apiReplay replays a finished match step by step. The match is over, so
// every seat's view is included: secrets are revealed.
func (s *Server) apiReplay(w http.ResponseWriter, r *http.Request) {
	ml, err := s.cfg.Store.LoadMatch(r.Context(), r.PathValue("match"))
	if err != nil {
		s.storeError(w, err, "no such match")
		return
	}
	if !ml.Finished {
		httpError(w, http.StatusConflict, "replays are for finished matches only")
		return
	}
	l := ml.Log()
	_, st, err := s.reg.Start(l)
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	views := func() map[string]any {
		v := map[string]any{"-1": st.View(game.Spectator)}
		for i := 0; i < st.Seats(); i++ {
			v[strconv.Itoa(i)] = st.View(game.Seat(i))
		}
		return v
	}
	steps := []replayStep{{historyEntry{Seq: 0, Seat: game.Spectator, Events: []game.Event{}}, views()}}
	outcome := st.Outcome()
	// Every record is a step, the match's own decisions (a resignation, a
	// timeout, a bot taking over) as well as the moves, numbered by seq as
	// the live pushes were.
	for _, rec := range ml.Records {
		if rec.Move == nil {
			ev, out, err := match.EventOf(rec)
			if err != nil {
				httpError(w, http.StatusInternalServerError, err.Error())
				return
			}
			if out != nil {
				outcome = out
			}
			steps = append(steps, replayStep{historyEntry{Seq: rec.Index, Seat: rec.Seat, Events: []game.Event{ev}}, views()})
			continue
		}
		m, err := st.ParseMove(rec.Seat, rec.Move)
		if err != nil {
			httpError(w, http.StatusInternalServerError, err.Error())
			return
		}
		evs, err := st.Apply(rec.Seat, m)
		if err != nil {
			httpError(w, http.StatusInternalServerError, err.Error())
			return
		}
		if evs == nil {
			evs = []game.Event{}
		}
		steps = append(steps, replayStep{historyEntry{Seq: rec.Index, Seat: rec.Seat, Move: rec.Move, Text: m.String(), Events: evs}, views()})
		if o := st.Outcome(); o != nil {
			outcome = o
		}
	}
	var names []string
	_ = json.Unmarshal(ml.Seats, &names)
	writeJSON(w, http.StatusOK, map[string]any{"log": l, "seats": ml.Seats, "outcome": outcome, "steps": steps})
}
