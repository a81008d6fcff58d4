package accounts

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"time"

	"github.com/parlor-games/parlor/store"
)

// GuestKeyCookie is the cookie by which a browser keeps its guest key: a
// random token, made at the browser's first guest sign-in and kept across
// logouts, so that signing in again under the same guest name is the same
// guest, with its seats and statistics, and not a stranger.
const GuestKeyCookie = "parlor_guest"

// guestKeyLife is how long a browser keeps its guest key after its last
// guest sign-in: the most browsers allow for a cookie.
const guestKeyLife = 400 * 24 * time.Hour

// maxGuestKeyLen bounds the key a client sends; a key made here is 43
// characters.
const maxGuestKeyLen = 128

// NewGuestKey makes a guest key: 256 random bits, like a session token.
func NewGuestKey() (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

// GuestWithKey signs in a guest under name for the holder of key. A guest
// made before with the same key and name comes back (same user id, same
// seats), taking its name again if it was released meanwhile and nobody
// else holds it; otherwise a new guest is made with the key. Another
// person asking for a name a guest holds is refused (ErrNameTaken), key
// or no key: the key only brings back guests it made. An empty key makes
// a guest nobody can bring back, as Guest does.
func (s *Service) GuestWithKey(ctx context.Context, name, key string) (User, error) {
	display, nk, err := NormalizeName(name)
	if err != nil {
		return User{}, err
	}
	if len(key) > maxGuestKeyLen {
		key = ""
	}
	var keyHash string
	if key != "" {
		keyHash = tokenHash(key)
		mine, err := s.st.GuestsByKey(ctx, keyHash)
		if err != nil {
			return User{}, err
		}
		for _, g := range mine {
			if nameKey(g.Name) != nk {
				continue
			}
			if err := s.st.RetakeName(ctx, g.ID, nk, s.now()); err != nil {
				return User{}, nameErr(err)
			}
			return User{ID: g.ID, Name: g.Name, Guest: true}, nil
		}
	}
	id, err := s.st.CreateUser(ctx, store.NewUser{Name: display, Key: nk, Guest: true, GuestKey: keyHash, Created: s.now()})
	if err != nil {
		return User{}, nameErr(err)
	}
	return User{ID: id, Name: display, Guest: true}, nil
}

// guestKey returns the browser's guest key, making one (and setting its
// cookie, renewed on every guest sign-in) when the browser has none.
func (s *Service) guestKey(w http.ResponseWriter, r *http.Request) (string, error) {
	key := ""
	if c, err := r.Cookie(GuestKeyCookie); err == nil && c.Value != "" && len(c.Value) <= maxGuestKeyLen {
		key = c.Value
	} else {
		k, err := NewGuestKey()
		if err != nil {
			return "", err
		}
		key = k
	}
	http.SetCookie(w, &http.Cookie{
		Name:     GuestKeyCookie,
		Value:    key,
		Path:     "/api/guest",
		MaxAge:   int(guestKeyLife.Seconds()),
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   s.secureCookie(r),
	})
	return key, nil
}
