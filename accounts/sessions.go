package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"time"
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
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		// Sweep expired sessions here: logins are rare enough for this to
		// cost nothing, and it keeps the table from growing forever.
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM accounts_sessions WHERE expires_ms <= ?`), now.UnixMilli()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO accounts_sessions (token_hash, user_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)`),
			tokenHash(token), userID, now.UnixMilli(), expires.UnixMilli())
		return err
	})
	if err != nil {
		return "", time.Time{}, err
	}
	return token, expires, nil
}

// EndSession forgets the session token. A guest whose last session ends
// lets go of its name at once, so someone else may take it.
func (s *Service) EndSession(ctx context.Context, token string) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var userID int64
		err := tx.QueryRowContext(ctx, s.q(`SELECT user_id FROM accounts_sessions WHERE token_hash = ?`), tokenHash(token)).Scan(&userID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM accounts_sessions WHERE token_hash = ?`), tokenHash(token)); err != nil {
			return err
		}
		live, err := s.hasLiveSession(ctx, tx, userID)
		if err != nil || live {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`UPDATE accounts_users SET name_key = NULL WHERE id = ? AND guest = 1`), userID)
		return err
	})
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
	var u User
	var expMS int64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT u.id, u.name, u.guest, s.expires_ms
		FROM accounts_sessions s JOIN accounts_users u ON u.id = s.user_id
		WHERE s.token_hash = ?`), h).Scan(&u.ID, &u.Name, &u.Guest, &expMS)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, time.Time{}, ErrNoSession
	}
	if err != nil {
		return User{}, time.Time{}, err
	}
	now := s.now()
	exp := time.UnixMilli(expMS)
	if !now.Before(exp) {
		return User{}, time.Time{}, ErrNoSession
	}
	if want := now.Add(s.ttl); want.Sub(exp) >= s.refreshEvery() {
		if _, err := s.db.ExecContext(ctx, s.q(`UPDATE accounts_sessions SET expires_ms = ? WHERE token_hash = ? AND expires_ms < ?`),
			want.UnixMilli(), h, want.UnixMilli()); err != nil {
			return User{}, time.Time{}, err
		}
		exp = want
	}
	return u, exp, nil
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
		Secure:   s.secure || r.TLS != nil,
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
		Secure:   s.secure || r.TLS != nil,
	})
}
