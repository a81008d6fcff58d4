package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/store"
)

// CookieName is the session cookie.
const CookieName = "parlor_session"

// tokenHash is how a token is looked up: the database never holds the
// token itself. A fast hash is enough because tokens carry 256 random bits;
// there is nothing to guess.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// NewSession starts a session for userID and returns its token and expiry.
func (s *Service) NewSession(ctx context.Context, userID int64) (token string, expires time.Time, err error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", time.Time{}, err
	}
	token = base64.RawURLEncoding.EncodeToString(raw)
	now := s.now()
	expires = now.Add(s.ttl)
	// The store sweeps expired sessions as it adds this one.
	if err := s.st.CreateSession(ctx, store.Session{TokenHash: tokenHash(token), UserID: userID, Created: now, Expires: expires}); err != nil {
		return "", time.Time{}, err
	}
	return token, expires, nil
}

// EndSession forgets the session token. A guest whose last session ends
// lets go of its name at once, so someone else may take it.
func (s *Service) EndSession(ctx context.Context, token string) error {
	return s.st.EndSession(ctx, tokenHash(token), s.now())
}

// refreshEvery is how stale a session's expiry may get before use slides
// it forward; it saves a write on every request.
func (s *Service) refreshEvery() time.Duration {
	return min(time.Hour, s.ttl/10)
}

// SessionUser returns the user of a live session token and slides the
// session's expiry forward. It returns ErrNoSession for an unknown or
// expired token.
func (s *Service) SessionUser(ctx context.Context, token string) (User, time.Time, error) {
	if token == "" {
		return User{}, time.Time{}, ErrNoSession
	}
	h := tokenHash(token)
	row, exp, err := s.st.SessionUser(ctx, h)
	if errors.Is(err, store.ErrNotFound) {
		return User{}, time.Time{}, ErrNoSession
	}
	if err != nil {
		return User{}, time.Time{}, err
	}
	u := User{ID: row.ID, Name: row.Name, Guest: row.Guest}
	now := s.now()
	if !now.Before(exp) {
		return User{}, time.Time{}, ErrNoSession
	}
	if want := now.Add(s.ttl); want.Sub(exp) >= s.refreshEvery() {
		if err := s.st.ExtendSession(ctx, h, want); err != nil {
			return User{}, time.Time{}, err
		}
		exp = want
	}
	return u, exp, nil
}

// SessionKey names the session of a request's cookie without holding its
// token ("" when there is none): the server keeps it with each
// connection, to tell which connections a password change leaves open
// (OnSessionsEnded).
func SessionKey(r *http.Request) string {
	c, err := r.Cookie(CookieName)
	if err != nil || c.Value == "" {
		return ""
	}
	return tokenHash(c.Value)
}

// Authenticate returns the user of the request's session cookie, or
// ErrNoSession. The WebSocket upgrade uses it too.
func (s *Service) Authenticate(r *http.Request) (User, error) {
	c, err := r.Cookie(CookieName)
	if err != nil {
		return User{}, ErrNoSession
	}
	u, _, err := s.SessionUser(r.Context(), c.Value)
	return u, err
}

// setCookie writes the session cookie. HttpOnly keeps scripts (and so
// injected scripts) away from the token; SameSite=Lax stops other sites
// from sending it with their POSTs.
func (s *Service) setCookie(w http.ResponseWriter, r *http.Request, token string, expires time.Time) {
	http.SetCookie(w, &http.Cookie{
		Name:     CookieName,
		Value:    token,
		Path:     "/",
		Expires:  expires,
		MaxAge:   max(1, int(expires.Sub(s.now()).Seconds())),
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   s.secureCookie(r),
	})
}

func (s *Service) clearCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{
		Name:     CookieName,
		Value:    "",
		Path:     "/",
		MaxAge:   -1,
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   s.secureCookie(r),
	})
}

// secureCookie reports whether the session cookie is marked Secure: when
// the operator says so, when the request came over TLS, or when a trusted
// proxy says the client used HTTPS.
func (s *Service) secureCookie(r *http.Request) bool {
	return s.secure || r.TLS != nil || (s.secureOf != nil && s.secureOf(r))
}
