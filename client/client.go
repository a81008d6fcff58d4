package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"
)

// SessionCookie is the name of the cookie that carries a session.
const SessionCookie = "parlor_session"

// Client is one person's way to a server: its address and a session.
// It is safe for concurrent use.
type Client struct {
	base *url.URL
	hc   *http.Client
}

// New returns a client of the server at base, such as
// "http://127.0.0.1:8080" or "https://parlor.example". A bare
// "host:port" means http.
func New(base string) (*Client, error) {
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	u, err := url.Parse(base)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("%q is not a server address: give host:port or an http:// or https:// address", base)
	}
	u.Path, u.RawQuery, u.Fragment = "", "", ""
	jar, _ := cookiejar.New(nil)
	return &Client{base: u, hc: &http.Client{Jar: jar, Timeout: 30 * time.Second}}, nil
}

// NewWithHTTP is New with the HTTP client to make requests with: a load
// generator gives one that dials from an address of its choosing. The
// client keeps the session in hc's cookie jar, made if hc has none.
func NewWithHTTP(base string, hc *http.Client) (*Client, error) {
	c, err := New(base)
	if err != nil {
		return nil, err
	}
	h := *hc
	if h.Jar == nil {
		h.Jar, _ = cookiejar.New(nil)
	}
	c.hc = &h
	return c, nil
}

// Base returns the server's address.
func (c *Client) Base() string { return c.base.String() }

// Session returns the session token, or "" before a login. A program
// that keeps it (the terminal client does, under the user's config
// directory) can resume the session later with SetSession.
func (c *Client) Session() string {
	for _, ck := range c.hc.Jar.Cookies(c.base) {
		if ck.Name == SessionCookie {
			return ck.Value
		}
	}
	return ""
}

// SetSession makes the client use a session token kept from before.
func (c *Client) SetSession(token string) {
	c.hc.Jar.SetCookies(c.base, []*http.Cookie{{Name: SessionCookie, Value: token, Path: "/"}})
}

// GuestKeyCookie is the name of the cookie that carries a guest key.
const GuestKeyCookie = "parlor_guest"

// GuestKey returns the guest key the server gave at the first Guest sign-in,
// or "". A program that keeps it with the session (the terminal client,
// the SSH server by the person's public key) brings back the same guest
// after a logout by SetGuestKey before Guest: same user, same seats.
func (c *Client) GuestKey() string {
	for _, ck := range c.hc.Jar.Cookies(c.guestURL()) {
		if ck.Name == GuestKeyCookie {
			return ck.Value
		}
	}
	return ""
}

// SetGuestKey makes the client sign in as guests with a key kept from
// before.
func (c *Client) SetGuestKey(key string) {
	if key == "" {
		return
	}
	c.hc.Jar.SetCookies(c.guestURL(), []*http.Cookie{{Name: GuestKeyCookie, Value: key, Path: "/api/guest"}})
}

// guestURL is where the guest key cookie is sent: only to POST
// /api/guest.
func (c *Client) guestURL() *url.URL {
	u := *c.base
	u.Path = "/api/guest"
	return &u
}

// HTTPError is an HTTP request the server answered with an error.
type HTTPError struct {
	Status  int
	Code    string
	Message string
}

func (e *HTTPError) Error() string { return e.Message }

// Unreachable reports whether err says the server could not be reached
// at all (nothing listens, no such host, a timeout), as opposed to a
// refusal by a server that answered.
func Unreachable(err error) bool {
	var ne net.Error
	var oe *net.OpError
	var de *net.DNSError
	return errors.As(err, &oe) || errors.As(err, &de) || (errors.As(err, &ne) && ne.Timeout())
}

// do sends a JSON request and decodes a JSON answer into out (when not
// nil). An error status becomes an *HTTPError with the server's sentence.
func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base.String()+path, r)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return fmt.Errorf("cannot reach the server at %s: %w", c.base.Host, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	if err != nil {
		return fmt.Errorf("reading the server's answer: %w", err)
	}
	if res.StatusCode >= 400 {
		var e struct {
			Code  string `json:"code"`
			Error string `json:"error"`
		}
		if json.Unmarshal(b, &e) != nil || e.Error == "" {
			e.Error = fmt.Sprintf("the server answered %s", res.Status)
		}
		return &HTTPError{Status: res.StatusCode, Code: e.Code, Message: e.Error}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("the server's answer to %s %s does not read: %w (is this a Parlor server?)", method, path, err)
	}
	return nil
}

// Guest starts a guest session under name.
func (c *Client) Guest(ctx context.Context, name string) (User, error) {
	return c.session(ctx, "/api/guest", map[string]string{"name": name})
}

// Login starts a session of an account.
func (c *Client) Login(ctx context.Context, name, password string) (User, error) {
	return c.session(ctx, "/api/login", map[string]string{"name": name, "password": password})
}

// Register makes an account and starts its session.
func (c *Client) Register(ctx context.Context, name, password string) (User, error) {
	return c.session(ctx, "/api/register", map[string]string{"name": name, "password": password})
}

// Me returns the session's user; an *HTTPError with Status 401 when the
// session is gone.
func (c *Client) Me(ctx context.Context) (User, error) {
	var out struct{ User User }
	err := c.do(ctx, http.MethodGet, "/api/me", nil, &out)
	return out.User, err
}

// ChangePassword changes the session's account's password, given the
// current one; the account's other sessions end, this one stays.
func (c *Client) ChangePassword(ctx context.Context, current, next string) error {
	return c.do(ctx, http.MethodPost, "/api/account/password", map[string]string{"current": current, "password": next}, nil)
}

// Logout ends the session.
func (c *Client) Logout(ctx context.Context) error {
	return c.do(ctx, http.MethodPost, "/api/logout", nil, nil)
}

func (c *Client) session(ctx context.Context, path string, body any) (User, error) {
	var out struct{ User User }
	err := c.do(ctx, http.MethodPost, path, body, &out)
	return out.User, err
}

// Games lists the server's games.
func (c *Client) Games(ctx context.Context) ([]Game, error) {
	var out struct{ Games []Game }
	err := c.do(ctx, http.MethodGet, "/api/games", nil, &out)
	return out.Games, err
}

// Rulebook returns the rules of the game named game.
func (c *Client) Rulebook(ctx context.Context, game string) (Rulebook, error) {
	var out Rulebook
	err := c.do(ctx, http.MethodGet, "/api/games/"+url.PathEscape(game)+"/rules", nil, &out)
	return out, err
}

// Profile returns a player's counts by game.
func (c *Client) Profile(ctx context.Context, name string) (User, map[string]Stats, error) {
	var out struct {
		User  User
		Stats map[string]Stats
	}
	err := c.do(ctx, http.MethodGet, "/api/profile/"+url.PathEscape(name), nil, &out)
	return out.User, out.Stats, err
}

// Saves lists the session's saves, newest first.
func (c *Client) Saves(ctx context.Context) ([]Save, error) {
	var out struct{ Saves []Save }
	err := c.do(ctx, http.MethodGet, "/api/saves", nil, &out)
	return out.Saves, err
}
