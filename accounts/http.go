package accounts

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"

	"github.com/parlor-games/parlor/refusal"
)

// maxBody bounds every request body: the largest legitimate one (a name and
// a 128-character password) is far smaller.
const maxBody = 8 << 10

// Routes registers the accounts endpoints of docs/protocol.md on mux.
func (s *Service) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/register", s.handleRegister)
	mux.HandleFunc("POST /api/login", s.handleLogin)
	mux.HandleFunc("POST /api/logout", s.handleLogout)
	mux.HandleFunc("POST /api/guest", s.handleGuest)
	mux.HandleFunc("POST /api/claim", s.handleClaim)
	mux.HandleFunc("GET /api/me", s.handleMe)
	mux.HandleFunc("GET /api/session", s.handleSession)
	mux.HandleFunc("GET /api/profile/{name}", s.handleProfile)
	mux.HandleFunc("POST /api/achievements/tutorial", s.handleTutorial)
	s.manageRoutes(mux)
}

type userReply struct {
	User User `json:"user"`
}

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

func (s *Service) handleRegister(w http.ResponseWriter, r *http.Request) {
	var body credentials
	if !s.decode(w, r, &body) {
		return
	}
	if !s.allowIP(w, r) {
		return
	}
	u, err := s.Register(r.Context(), body.Name, body.Password)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.startSession(w, r, u)
}

func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) {
	var body credentials
	if !s.decode(w, r, &body) {
		return
	}
	// Both buckets are charged on every attempt: the name bucket stops a
	// guesser spreading over many addresses, the address bucket one
	// spreading over many names.
	ipOK := s.byIP.allow(s.clientIP(r))
	nameOK := s.byName.allow(nameKey(body.Name))
	if !ipOK || !nameOK {
		s.fail(w, r, ErrRateLimited)
		return
	}
	u, err := s.Login(r.Context(), body.Name, body.Password)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.startSession(w, r, u)
}

func (s *Service) handleGuest(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name string `json:"name"`
	}
	if !s.decode(w, r, &body) {
		return
	}
	if s.byGuestIP != nil && !s.byGuestIP.allow(s.clientIP(r)) {
		s.fail(w, r, ErrRateLimited)
		return
	}
	key, err := s.guestKey(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, err := s.GuestWithKey(r.Context(), body.Name, key)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.startSession(w, r, u)
}

// startSession ends any session the browser already had (which also frees
// a previous guest name), starts a new one for u and answers with u.
func (s *Service) startSession(w http.ResponseWriter, r *http.Request, u User) {
	if c, err := r.Cookie(CookieName); err == nil {
		if err := s.EndSession(r.Context(), c.Value); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	token, exp, err := s.NewSession(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.setCookie(w, r, token, exp)
	writeJSON(w, http.StatusOK, userReply{u})
}

func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(CookieName); err == nil {
		if err := s.EndSession(r.Context(), c.Value); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	s.clearCookie(w, r)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) handleClaim(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Password string `json:"password"`
	}
	if !s.decode(w, r, &body) {
		return
	}
	me, err := s.Authenticate(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !s.allowIP(w, r) {
		return
	}
	u, err := s.Claim(r.Context(), me.ID, body.Password)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// A new token for the new account: the guest's token may have been
	// less carefully kept than a password-protected one deserves.
	s.startSession(w, r, u)
}

func (s *Service) handleMe(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie(CookieName)
	if err != nil {
		s.fail(w, r, ErrNoSession)
		return
	}
	u, exp, err := s.SessionUser(r.Context(), c.Value)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// Clients ask /api/me on every page load; renewing the cookie here
	// keeps the browser's copy in step with the sliding expiry.
	s.setCookie(w, r, c.Value, exp)
	writeJSON(w, http.StatusOK, userReply{u})
}

func (s *Service) handleProfile(w http.ResponseWriter, r *http.Request) {
	p, err := s.ProfileByName(r.Context(), r.PathValue("name"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (s *Service) handleTutorial(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Game string `json:"game"`
	}
	if !s.decode(w, r, &body) {
		return
	}
	me, err := s.Authenticate(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	got, err := s.CompleteTutorial(r.Context(), me.ID, body.Game)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// They stay unannounced: the server pushes them once over the
	// WebSocket as well (docs/protocol.md), like any other achievement.
	writeJSON(w, http.StatusOK, struct {
		Granted []Achievement `json:"granted"`
	}{got})
}

// allowIP spends one of the attempts the request's address may make at
// once; when none is left it answers that the client is rate-limited.
func (s *Service) allowIP(w http.ResponseWriter, r *http.Request) bool {
	if !s.byIP.allow(s.clientIP(r)) {
		s.fail(w, r, ErrRateLimited)
		return false
	}
	return true
}

// decode reads a JSON object of at most maxBody bytes into v, refusing
// unknown fields and trailing data, and answers the error itself. The
// Content-Type must be JSON: a cross-site HTML form cannot send that
// without a CORS preflight, which shuts the door on login CSRF.
func (s *Service) decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "send the body as application/json")
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if dec.Decode(&struct{}{}) != io.EOF {
			err = errors.New("trailing data after the JSON object")
		}
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, "the request body is larger than 8 KiB")
			return false
		}
		writeError(w, http.StatusBadRequest, "bad JSON body: "+err.Error())
		return false
	}
	return true
}

// Unavailable is the sentence of a request that failed for the server's
// own reasons (its database not answering): nothing was changed.
const Unavailable = "the server cannot reach its database at the moment; nothing was changed: try again in a moment"

// fail answers err with the matching status. Errors that are not the
// user's doing are logged and answered without detail.
func (s *Service) fail(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, ErrInvalid), errors.Is(err, ErrUnknownGame):
		status = http.StatusBadRequest
	case errors.Is(err, ErrWrongLogin), errors.Is(err, ErrNoSession):
		status = http.StatusUnauthorized
	case errors.Is(err, ErrNameTaken), errors.Is(err, ErrNotGuest), errors.Is(err, ErrGuestAccount),
		errors.Is(err, ErrNoMail), errors.Is(err, ErrSeated):
		status = http.StatusConflict
	case errors.Is(err, ErrWrongPassword):
		status = http.StatusForbidden
	case errors.Is(err, ErrBadLink):
		status = http.StatusGone
	case errors.Is(err, ErrMailFailed):
		w.Header().Set("Retry-After", "60")
		status = http.StatusServiceUnavailable
	case errors.Is(err, ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, ErrRateLimited):
		w.Header().Set("Retry-After", "60")
		status = http.StatusTooManyRequests
	}
	if status == http.StatusInternalServerError {
		// Not the user's doing: in practice the database failing to
		// answer. 503 and a sentence, so that a client keeps its session
		// and tries again rather than taking it for gone.
		s.log.ErrorContext(r.Context(), "accounts request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		w.Header().Set("Retry-After", "2")
		writeError(w, http.StatusServiceUnavailable, Unavailable)
		return
	}
	writeError(w, status, err.Error())
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers with the refusal shape every endpoint shares,
// {"code","error"} (package refusal).
func writeError(w http.ResponseWriter, status int, msg string) {
	refusal.WriteHTTP(w, status, msg)
}

// clientIP is the address the request came from, as Options.ClientIP
// says, or else the connection's peer. Forwarded headers are not trusted by
// default: anyone can write them, and trusting them would let a guesser
// pick a fresh address per attempt.
func (s *Service) clientIP(r *http.Request) string {
	if s.ipOf != nil {
		return s.ipOf(r)
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
