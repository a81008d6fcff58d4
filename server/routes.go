package server

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/refusal"
	"github.com/parlor-games/parlor/store"
)

// protocolVersion is sent in hello; docs/protocol.md describes version 7
// (version 1 plus match.resign, the resign and return events and stored
// chat in version 2; match.reclaim, the snapshot's takenOver and the
// code of every error reply in version 3; saves of games that hide facts
// as bookmarks, rated tables and scenarios, and a code on every HTTP
// error in version 4; the lobby's lists sent as changes in version 5;
// the leaving policy's pause and countdown, guests who come back,
// presence, names at one screen, the reveal at every ending, votes and
// moves sent again in version 6; the ended push and ended.dismiss, the
// games that ended while their player was away, in version 7; rematches
// as offers that every person accepts, the rematch push and
// match.rematch.decline, and votes by people alone, in version 8; a
// rematch offer that lapses when a person leaves for good or its server
// stops, table.leave, friends, challenges, blocks, mutes, reports and
// the operators' sanctions, correspondence clocks, "my games" and push
// notices, in version 9; view patches that splice an array, and the
// protocol's types generated for the web client from package protocol,
// in version 10).
const protocolVersion = 10

// handlers maps a client message type to its handler. A handler returns
// the reply's fields (nil for none) or an error whose text the client
// shows, usually a replyError; errorCode gives the reply its code.
var handlers map[string]func(c *conn, data []byte) (any, error)

func init() {
	handlers = map[string]func(c *conn, data []byte) (any, error){
		"lobby.join":            handleLobbyJoin,
		"lobby.leave":           handleLobbyLeave,
		"chat.send":             handleChatSend,
		"chat.history":          handleChatHistory,
		"table.create":          handleTableCreate,
		"table.sit":             handleTableSit,
		"table.stand":           handleTableStand,
		"table.role":            handleTableRole,
		"table.start":           handleTableStart,
		"table.watch":           handleTableWatch,
		"table.unwatch":         handleTableUnwatch,
		"table.leave":           handleTableLeave,
		"match.play":            handleMatchPlay,
		"match.handover":        handleMatchHandover,
		"match.save":            handleMatchSave,
		"match.load":            handleMatchLoad,
		"match.rematch":         handleMatchRematch,
		"match.rematch.decline": handleMatchRematchDecline,
		"match.resign":          handleMatchResign,
		"match.reclaim":         handleMatchReclaim,
		"match.vote.call":       handleVoteCall,
		"match.vote.cast":       handleVoteCast,
		"presence.set":          handlePresenceSet,
		"ended.dismiss":         handleEndedDismiss,
		"match.aid":             handleMatchAid,
		"replay.play":           handleReplayPlay,
		"social.set":            handleSocialSet,
		"social.list":           handleSocialList,
		"social.report":         handleSocialReport,
		"challenge.send":        handleChallengeSend,
		"challenge.accept":      handleChallengeAccept,
		"challenge.decline":     handleChallengeDecline,
		"challenge.list":        handleChallengeList,
	}
}

func (s *Server) routes() {
	mux := http.NewServeMux()
	s.cfg.Accounts.Routes(mux)
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.HandleFunc("GET /api/ws", s.serveWS)
	mux.HandleFunc("GET /api/games", s.apiGames)
	mux.HandleFunc("GET /api/games/{game}/preview", s.apiPreview)
	mux.HandleFunc("GET /api/games/{game}/rules", s.apiRulebook)
	mux.HandleFunc("GET /api/tables/{id}", s.apiTable)
	mux.HandleFunc("GET /api/saves", s.authed(s.apiSaves))
	mux.HandleFunc("GET /api/saves/{id}/file", s.authed(s.apiSaveFile))
	mux.HandleFunc("POST /api/saves/import", s.authed(s.apiSaveImport))
	mux.HandleFunc("DELETE /api/saves/{id}", s.authed(s.apiSaveDelete))
	mux.HandleFunc("GET /api/replays/{match}", s.apiReplay)
	mux.HandleFunc("GET /api/replays/{match}/analysis", s.apiAnalysis)
	mux.HandleFunc("GET /api/profile/{name}/games", s.apiRecentGames)
	mux.HandleFunc("GET /api/account/export", s.authed(s.apiExport))
	mux.HandleFunc("GET /api/my-games", s.authed(s.apiMyGames))
	mux.HandleFunc("GET /api/vacation", s.authed(s.apiVacation))
	mux.HandleFunc("POST /api/vacation", s.authed(s.apiVacationStart))
	mux.HandleFunc("DELETE /api/vacation", s.authed(s.apiVacationEnd))
	s.notifyRoutes(mux)
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
	s.mux = s.watchSignOut(mux)
}

// httpError answers an HTTP request with the refusal shape every
// endpoint shares, {"code","error"} (package refusal).
func httpError(w http.ResponseWriter, status int, msg string) {
	refusal.WriteHTTP(w, status, msg)
}

// authFailed answers a request whose session could not be checked: 401
// with noSession when there is no live session, and 503 when the
// database could not be asked, so that a client keeps its session and
// tries again rather than sending its player to log in (docs/protocol.md).
func (s *Server) authFailed(w http.ResponseWriter, err error, noSession string) {
	if errors.Is(err, accounts.ErrNoSession) {
		httpError(w, http.StatusUnauthorized, noSession)
		return
	}
	s.log.Warn("a session could not be checked", "err", err)
	w.Header().Set("Retry-After", "2")
	httpError(w, http.StatusServiceUnavailable, SessionUnchecked)
}

// SessionUnchecked is the sentence of the 503 a request gets when its
// session could not be checked.
const SessionUnchecked = "the server cannot reach its database at the moment, so your session could not be checked; it is kept: try again in a moment"

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
			s.authFailed(w, err, "log in first")
			return
		}
		h(w, r, u)
	}
}
