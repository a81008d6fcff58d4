package accounts

import (
	"fmt"
	"net/http"
	"testing"
)

// A script making guests from one address is held to the sign-in pace,
// while a person at another address still gets in.
func TestGuestSignUpsLimitedPerAddress(t *testing.T) {
	s, _ := newService(t, Options{
		ClientIP: func(r *http.Request) string { return r.Header.Get("X-Test-Client") },
	})
	srv := newServer(t, s)
	guest := func(addr, name string) int {
		c := newClient(t, srv)
		c.hc.Transport = headerTransport{"X-Test-Client": addr}
		return c.do("POST", "/api/guest", map[string]string{"name": name}, nil).StatusCode
	}
	accepted, limited := 0, 0
	for i := range 200 {
		switch st := guest("198.51.100.7", fmt.Sprintf("flood %d", i)); st {
		case http.StatusOK:
			accepted++
		case http.StatusTooManyRequests:
			limited++
		default:
			t.Fatalf("guest %d: status %d", i, st)
		}
	}
	if accepted != defaultIPLimit.Burst || limited != 200-defaultIPLimit.Burst {
		t.Fatalf("of 200 guest sign-ups from one address %d were accepted and %d limited, want %d and %d",
			accepted, limited, defaultIPLimit.Burst, 200-defaultIPLimit.Burst)
	}
	if st := guest("203.0.113.9", "someone else"); st != http.StatusOK {
		t.Fatalf("a guest from another address: status %d, want 200", st)
	}
}

// A negative burst turns the guest limit off, for load tests.
func TestGuestLimitOff(t *testing.T) {
	s, _ := newService(t, Options{GuestPerIP: Limit{Burst: -1}})
	srv := newServer(t, s)
	for i := range 2 * defaultIPLimit.Burst {
		if st := newClient(t, srv).do("POST", "/api/guest", map[string]string{"name": fmt.Sprintf("load %d", i)}, nil).StatusCode; st != http.StatusOK {
			t.Fatalf("guest %d with the limit off: status %d", i, st)
		}
	}
}

// Behind a proxy that terminates TLS the request is plain HTTP, but the
// proxy says the client used HTTPS: the cookie must be Secure, or it
// would travel in the clear should the browser ever be sent to http://.
func TestSecureCookieWhenRequestSaysHTTPS(t *testing.T) {
	s, _ := newService(t, Options{
		SecureRequest: func(r *http.Request) bool { return r.Header.Get("X-Test-Proto") == "https" },
	})
	srv := newServer(t, s)
	for _, proto := range []string{"https", "http"} {
		c := newClient(t, srv)
		c.hc.Transport = headerTransport{"X-Test-Proto": proto}
		resp := c.do("POST", "/api/guest", map[string]string{"name": "proxied " + proto}, nil)
		if ck := sessionCookie(t, resp); ck.Secure != (proto == "https") {
			t.Errorf("client over %s: session cookie Secure=%v", proto, ck.Secure)
		}
		for _, ck := range resp.Cookies() {
			if ck.Name == GuestKeyCookie && ck.Secure != (proto == "https") {
				t.Errorf("client over %s: guest key cookie Secure=%v", proto, ck.Secure)
			}
		}
	}
}

// headerTransport adds fixed headers to every request.
type headerTransport map[string]string

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h {
		r.Header.Set(k, v)
	}
	return http.DefaultTransport.RoundTrip(r)
}
