package accounts

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestRegisterLoginLogoutMe(t *testing.T) {
	s, _ := newService(t, Options{})
	srv := newServer(t, s)
	c := newClient(t, srv)

	if _, code := c.me(); code != http.StatusUnauthorized {
		t.Fatalf("me before login: status %d, want 401", code)
	}

	var reg userReply
	resp := c.do("POST", "/api/register", credentials{Name: "  Ada Lovelace ", Password: "analytical engine"}, &reg)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("register: status %d", resp.StatusCode)
	}
	if reg.User.Name != "Ada Lovelace" || reg.User.Guest || reg.User.ID == 0 {
		t.Fatalf("register answered %+v", reg.User)
	}
	ck := sessionCookie(t, resp)
	if !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/" || ck.Secure {
		t.Fatalf("cookie attributes: %+v", ck)
	}
	if len(ck.Value) < 40 {
		t.Fatalf("session token %q looks too short for 32 random bytes", ck.Value)
	}

	if u, code := c.me(); code != http.StatusOK || u != reg.User {
		t.Fatalf("me after register: %d %+v", code, u)
	}

	resp = c.do("POST", "/api/logout", nil, nil)
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("logout: status %d", resp.StatusCode)
	}
	if ck := sessionCookie(t, resp); ck.MaxAge >= 0 || ck.Value != "" {
		t.Fatalf("logout did not clear the cookie: %+v", ck)
	}
	if _, code := c.me(); code != http.StatusUnauthorized {
		t.Fatalf("me after logout: status %d, want 401", code)
	}

	// Logging in ignores the case of the name.
	var in userReply
	resp = c.do("POST", "/api/login", credentials{Name: "ada lovelace", Password: "analytical engine"}, &in)
	if resp.StatusCode != http.StatusOK || in.User != reg.User {
		t.Fatalf("login: %d %+v", resp.StatusCode, in.User)
	}
	sessionCookie(t, resp)
	if u, code := c.me(); code != http.StatusOK || u != reg.User {
		t.Fatalf("me after login: %d %+v", code, u)
	}
}

func TestOldSessionTokenStopsWorkingAfterLogout(t *testing.T) {
	s, _ := newService(t, Options{})
	srv := newServer(t, s)
	c := newClient(t, srv)
	resp := c.do("POST", "/api/register", credentials{Name: "mallory", Password: "password1"}, nil)
	token := sessionCookie(t, resp).Value
	c.do("POST", "/api/logout", nil, nil)

	req, _ := http.NewRequest("GET", srv.URL+"/api/me", nil)
	req.AddCookie(&http.Cookie{Name: CookieName, Value: token})
	r2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r2.Body.Close()
	if r2.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a logged-out token still works: status %d", r2.StatusCode)
	}
}

func TestSecureCookieOverTLS(t *testing.T) {
	s, _ := newService(t, Options{})
	mux := http.NewServeMux()
	s.Routes(mux)
	srv := httptestTLS(t, mux)
	c := &client{t: t, srv: srv, hc: srv.Client()}
	resp := c.do("POST", "/api/guest", map[string]string{"name": "tls guest"}, nil)
	if ck := sessionCookie(t, resp); !ck.Secure {
		t.Fatal("cookie set over TLS lacks Secure")
	}
}

func TestDuplicateNamesRefusedIgnoringCase(t *testing.T) {
	s, _ := newService(t, Options{})
	c := newClient(t, newServer(t, s))
	if resp := c.do("POST", "/api/register", credentials{Name: "Grace", Password: "cobol1959"}, nil); resp.StatusCode != 200 {
		t.Fatalf("register: %d", resp.StatusCode)
	}
	for _, name := range []string{"grace", "GRACE", " Grace "} {
		var e errReply
		resp := c.do("POST", "/api/register", credentials{Name: name, Password: "something else"}, &e)
		if resp.StatusCode != http.StatusConflict || e.Error != ErrNameTaken.Error() {
			t.Errorf("register %q: %d %q, want 409 %q", name, resp.StatusCode, e.Error, ErrNameTaken)
		}
		resp = c.do("POST", "/api/guest", map[string]string{"name": name}, &e)
		if resp.StatusCode != http.StatusConflict {
			t.Errorf("guest %q: %d, want 409", name, resp.StatusCode)
		}
	}
}

func TestWrongLoginDoesNotRevealWhetherNameExists(t *testing.T) {
	s, _ := newService(t, Options{})
	c := newClient(t, newServer(t, s))
	c.do("POST", "/api/register", credentials{Name: "alan", Password: "enigma machine"}, nil)
	c.do("POST", "/api/logout", nil, nil)

	var wrongPW, noUser errReply
	r1 := c.do("POST", "/api/login", credentials{Name: "alan", Password: "bombe machine"}, &wrongPW)
	r2 := c.do("POST", "/api/login", credentials{Name: "nobody", Password: "bombe machine"}, &noUser)
	if r1.StatusCode != http.StatusUnauthorized || r2.StatusCode != http.StatusUnauthorized {
		t.Fatalf("statuses %d and %d, want 401 for both", r1.StatusCode, r2.StatusCode)
	}
	if wrongPW != noUser || wrongPW.Error != "wrong name or password" {
		t.Fatalf("answers differ or are wrong: %q vs %q", wrongPW.Error, noUser.Error)
	}
	if len(r1.Cookies()) != 0 || len(r2.Cookies()) != 0 {
		t.Fatal("a failed login set a cookie")
	}
}

func TestGuestCannotLogInWithoutPassword(t *testing.T) {
	s, _ := newService(t, Options{})
	c := newClient(t, newServer(t, s))
	c.do("POST", "/api/guest", map[string]string{"name": "visitor"}, nil)
	other := newClient(t, c.srv)
	var e errReply
	resp := other.do("POST", "/api/login", credentials{Name: "visitor", Password: "anything at all"}, &e)
	if resp.StatusCode != http.StatusUnauthorized || e.Error != "wrong name or password" {
		t.Fatalf("login as a guest: %d %q", resp.StatusCode, e.Error)
	}
}

func TestValidationErrors(t *testing.T) {
	s, _ := newService(t, Options{})
	c := newClient(t, newServer(t, s))
	cases := []struct {
		body     any
		status   int
		contains string
	}{
		{credentials{Name: "   ", Password: "long enough"}, 400, "name is required"},
		{credentials{Name: strings.Repeat("x", 25), Password: "long enough"}, 400, "limit is 24"},
		{credentials{Name: "bob!", Password: "long enough"}, 400, "only letters"},
		{credentials{Name: "bob", Password: "short"}, 400, "at least 8"},
		{credentials{Name: "bob", Password: strings.Repeat("p", 129)}, 400, "at most 128"},
		{map[string]string{"name": "bob", "password": "long enough", "admin": "yes"}, 400, "unknown field"},
		{map[string]string{"name": strings.Repeat("a", 9000)}, 413, "8 KiB"},
	}
	for _, tc := range cases {
		var e errReply
		resp := c.do("POST", "/api/register", tc.body, &e)
		if resp.StatusCode != tc.status || !strings.Contains(e.Error, tc.contains) {
			t.Errorf("register %+v: %d %q, want %d containing %q", tc.body, resp.StatusCode, e.Error, tc.status, tc.contains)
		}
	}
	// Exactly 24 characters, letters beyond ASCII, digits, _ and - are fine.
	var ok userReply
	name := "Zoë_the-2nd " + strings.Repeat("z", 12)
	if resp := c.do("POST", "/api/register", credentials{Name: name, Password: "long enough"}, &ok); resp.StatusCode != 200 || ok.User.Name != name {
		t.Errorf("register %q: %d %+v", name, resp.StatusCode, ok.User)
	}
}

func TestNonJSONBodyRefused(t *testing.T) {
	s, _ := newService(t, Options{})
	srv := newServer(t, s)
	resp, err := http.Post(srv.URL+"/api/guest", "text/plain", strings.NewReader(`{"name":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Fatalf("text/plain body: status %d, want 415", resp.StatusCode)
	}
}

func TestSessionExpiresAndSlides(t *testing.T) {
	s, clk := newService(t, Options{SessionTTL: 30 * 24 * time.Hour})
	c := newClient(t, newServer(t, s))
	c.do("POST", "/api/register", credentials{Name: "sleepy", Password: "long enough"}, nil)

	// Used every 20 days, the session lives on past 30 days.
	for range 3 {
		clk.Advance(20 * 24 * time.Hour)
		if _, code := c.me(); code != http.StatusOK {
			t.Fatalf("session used within its lifetime expired: %d", code)
		}
	}
	// Left alone for 30 days, it is gone.
	clk.Advance(30*24*time.Hour + time.Second)
	if _, code := c.me(); code != http.StatusUnauthorized {
		t.Fatalf("session unused for 30 days still works: %d", code)
	}
}
