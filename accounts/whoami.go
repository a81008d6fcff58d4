package accounts

import (
	"errors"
	"net/http"
)

// handleSession answers GET /api/session (since v6): the session's user,
// or null when there is none. It is /api/me for a page that cannot know
// whether anyone is signed in (the session cookie is out of its reach):
// no session is an answer there, not an error, so that a signed-out
// visit does not log a failed request in the browser's console.
func (s *Service) handleSession(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(CookieName); err == nil {
		u, exp, err := s.SessionUser(r.Context(), c.Value)
		switch {
		case err == nil:
			s.setCookie(w, r, c.Value, exp)
			writeJSON(w, http.StatusOK, userReply{u})
			return
		case !errors.Is(err, ErrNoSession):
			s.fail(w, r, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, struct {
		User *User `json:"user"`
	}{})
}
