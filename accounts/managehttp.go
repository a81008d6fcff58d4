package accounts

import (
	"net/http"
	"strconv"
)

// The endpoints of account management (docs/protocol.md, "Managing an
// account"). Every change to an account asks for its current password,
// and every one is limited per address and per account, since each costs
// a hash and each would help whoever holds a stolen session guess the
// password.

func (s *Service) manageRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/account", s.handleAccount)
	mux.HandleFunc("POST /api/account/password", s.handleChangePassword)
	mux.HandleFunc("POST /api/account/email", s.handleAddEmail)
	mux.HandleFunc("DELETE /api/account/email", s.handleRemoveEmail)
	mux.HandleFunc("POST /api/account/email/verify", s.handleVerifyEmail)
	mux.HandleFunc("POST /api/account/delete", s.handleDeleteAccount)
	mux.HandleFunc("POST /api/password/forgot", s.handleForgot)
	mux.HandleFunc("POST /api/password/reset", s.handleReset)
}

// accountReply is what the settings screen shows of an account.
type accountReply struct {
	User  User  `json:"user"`
	Email Email `json:"email"`
}

func (s *Service) accountReply(w http.ResponseWriter, r *http.Request, u User) {
	e, err := s.EmailOf(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, accountReply{u, e})
}

func (s *Service) handleAccount(w http.ResponseWriter, r *http.Request) {
	me, err := s.Authenticate(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.accountReply(w, r, me)
}

// authedLimited reads the body into v, then checks the session and the
// per-address limit; it answers the failure itself.
func (s *Service) authedLimited(w http.ResponseWriter, r *http.Request, v any) (User, bool) {
	if v != nil && !s.decode(w, r, v) {
		return User{}, false
	}
	me, err := s.Authenticate(r)
	if err != nil {
		s.fail(w, r, err)
		return User{}, false
	}
	ipOK := s.byIP.allow(s.clientIP(r))
	if !s.manage.byUser.allow(strconv.FormatInt(me.ID, 10)) || !ipOK {
		s.fail(w, r, ErrRateLimited)
		return User{}, false
	}
	return me, true
}

func (s *Service) handleChangePassword(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Current  string `json:"current"`
		Password string `json:"password"`
	}
	me, ok := s.authedLimited(w, r, &body)
	if !ok {
		return
	}
	c, _ := r.Cookie(CookieName)
	if err := s.ChangePassword(r.Context(), me.ID, c.Value, body.Current, body.Password); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) handleAddEmail(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Address  string `json:"address"`
		Password string `json:"password"`
	}
	me, ok := s.authedLimited(w, r, &body)
	if !ok {
		return
	}
	e, err := s.AddEmail(r.Context(), me.ID, body.Password, body.Address)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, accountReply{me, e})
}

func (s *Service) handleRemoveEmail(w http.ResponseWriter, r *http.Request) {
	me, err := s.Authenticate(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	e, err := s.RemoveEmail(r.Context(), me.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, accountReply{me, e})
}

// handleVerifyEmail opens a verification link. It needs no session: the
// link may be opened in another browser than the one that asked.
func (s *Service) handleVerifyEmail(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Token string `json:"token"`
	}
	if !s.decode(w, r, &body) {
		return
	}
	if !s.byIP.allow(s.clientIP(r)) {
		s.fail(w, r, ErrRateLimited)
		return
	}
	u, addr, err := s.VerifyEmail(r.Context(), body.Token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Name    string `json:"name"`
		Address string `json:"address"`
	}{u.Name, addr})
}

func (s *Service) handleDeleteAccount(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Password string `json:"password"`
	}
	me, ok := s.authedLimited(w, r, &body)
	if !ok {
		return
	}
	if err := s.DeleteAccount(r.Context(), me.ID, body.Password); err != nil {
		s.fail(w, r, err)
		return
	}
	s.clearCookie(w, r)
	w.WriteHeader(http.StatusNoContent)
}

// forgotAnswer is the one answer to a request for a reset link, whatever
// was found.
const forgotAnswer = "if an account of that name or address has a verified e-mail address, a link to choose a new password is on its way there"

func (s *Service) handleForgot(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Who string `json:"who"`
	}
	if !s.decode(w, r, &body) {
		return
	}
	// Both buckets are charged, as for a login: the asker's address
	// stops a script going through many names, the name or address asked
	// about stops many askers filling one mailbox.
	ipOK := s.manage.resetByIP.allow(s.clientIP(r))
	targetOK := s.manage.resetBy.allow(addressKey(nameKey(body.Who)))
	if !ipOK || !targetOK {
		s.fail(w, r, ErrRateLimited)
		return
	}
	if err := s.RequestReset(r.Context(), body.Who); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, struct {
		Message string `json:"message"`
	}{forgotAnswer})
}

func (s *Service) handleReset(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Token    string `json:"token"`
		Password string `json:"password"`
	}
	if !s.decode(w, r, &body) {
		return
	}
	if !s.byIP.allow(s.clientIP(r)) {
		s.fail(w, r, ErrRateLimited)
		return
	}
	u, err := s.ResetPassword(r.Context(), body.Token, body.Password)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// Signed in at once with the new password's session: every older
	// session ended with the reset.
	s.startSession(w, r, u)
}
