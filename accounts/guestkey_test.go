package accounts

import (
	"net/http"
	"testing"
	"time"
)

// A guest who logs out and signs in again under the same name in the same
// browser is the same guest (same user id), by the browser's guest key; a
// guest who only closed the browser and comes back is let in; another
// browser asking for the name while the guest holds it is refused, and
// gets it once nothing holds it.
func TestGuestComesBackByBrowserKey(t *testing.T) {
	s, clk := newService(t, Options{SessionTTL: time.Hour})
	srv := newServer(t, s)
	ann := newClient(t, srv)
	var first userReply
	resp := ann.do("POST", "/api/guest", map[string]string{"name": "Ann"}, &first)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("guest Ann: %d", resp.StatusCode)
	}
	var key *http.Cookie
	for _, ck := range resp.Cookies() {
		if ck.Name == GuestKeyCookie {
			key = ck
		}
	}
	if key == nil || !key.HttpOnly || key.Path != "/api/guest" || key.MaxAge < 300*24*3600 || len(key.Value) < 40 {
		t.Fatalf("guest key cookie: %+v", key)
	}

	// Same browser, after a logout: the same guest.
	ann.do("POST", "/api/logout", nil, nil)
	var again userReply
	if resp := ann.do("POST", "/api/guest", map[string]string{"name": "ann"}, &again); resp.StatusCode != http.StatusOK || again.User != first.User {
		t.Fatalf("Ann back after a logout: %d %+v, want %+v", resp.StatusCode, again.User, first.User)
	}

	// Another browser while Ann's session lives: refused.
	bob := newClient(t, srv)
	var e errReply
	if resp := bob.do("POST", "/api/guest", map[string]string{"name": "Ann"}, &e); resp.StatusCode != http.StatusConflict || e.Error != "that name is taken" {
		t.Fatalf("another browser asking for a held name: %d %q", resp.StatusCode, e.Error)
	}

	// Ann closes the browser (no logout) and comes back in the same
	// browser with her session cookie gone: let in, as herself.
	ann.hc.Jar.SetCookies(ann.req(), []*http.Cookie{{Name: CookieName, Value: "", MaxAge: -1, Path: "/"}})
	if resp := ann.do("POST", "/api/guest", map[string]string{"name": "Ann"}, &again); resp.StatusCode != http.StatusOK || again.User != first.User {
		t.Fatalf("Ann back after closing the browser: %d %+v", resp.StatusCode, again.User)
	}

	// Once every session of Ann's has expired, the name is anyone's.
	clk.Advance(2 * time.Hour)
	var b userReply
	if resp := bob.do("POST", "/api/guest", map[string]string{"name": "Ann"}, &b); resp.StatusCode != http.StatusOK || b.User.ID == first.User.ID {
		t.Fatalf("another browser asking for a free name: %d %+v", resp.StatusCode, b.User)
	}
	// And now it is Ann's first browser that is refused.
	if resp := ann.do("POST", "/api/guest", map[string]string{"name": "Ann"}, &e); resp.StatusCode != http.StatusConflict {
		t.Fatalf("the first browser asking for a name another holds: %d", resp.StatusCode)
	}
}
