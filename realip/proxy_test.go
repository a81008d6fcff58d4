package realip

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"testing"
)

func mustParse(t *testing.T, list string) Trust {
	t.Helper()
	tr, err := Parse(list)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func request(peer string, headers map[string]string) *http.Request {
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = peer
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	return r
}

func TestClientIP(t *testing.T) {
	tr := mustParse(t, "10.0.0.0/8, 192.0.2.1, fd00::/8")
	cases := []struct {
		name    string
		peer    string
		headers map[string]string
		want    string
	}{
		{"no proxy", "203.0.113.5:4000", nil, "203.0.113.5"},
		{"a stranger's forged header is ignored", "203.0.113.5:4000",
			map[string]string{"X-Forwarded-For": "198.51.100.1"}, "203.0.113.5"},
		{"one trusted proxy", "10.1.2.3:5000",
			map[string]string{"X-Forwarded-For": "198.51.100.1"}, "198.51.100.1"},
		{"the client's own prefix does not count", "10.1.2.3:5000",
			map[string]string{"X-Forwarded-For": "6.6.6.6, 198.51.100.1"}, "198.51.100.1"},
		{"trusted hops are skipped", "10.1.2.3:5000",
			map[string]string{"X-Forwarded-For": "6.6.6.6, 198.51.100.1, 192.0.2.1, 10.9.9.9"}, "198.51.100.1"},
		{"every hop trusted: the left-most", "10.1.2.3:5000",
			map[string]string{"X-Forwarded-For": "10.4.4.4"}, "10.4.4.4"},
		{"trusted proxy, no header", "10.1.2.3:5000", nil, "10.1.2.3"},
		{"garbage stops the walk", "10.1.2.3:5000",
			map[string]string{"X-Forwarded-For": "198.51.100.1, nonsense"}, "10.1.2.3"},
		{"Forwarded", "192.0.2.1:80",
			map[string]string{"Forwarded": `for=6.6.6.6, for="[2001:db8::7]:4711";proto=https`}, "2001:db8::7"},
		{"X-Forwarded-For wins over Forwarded", "192.0.2.1:80",
			map[string]string{"Forwarded": "for=6.6.6.6", "X-Forwarded-For": "198.51.100.2"}, "198.51.100.2"},
		{"IPv6 proxy", "[fd00::1]:443",
			map[string]string{"X-Forwarded-For": "198.51.100.3"}, "198.51.100.3"},
	}
	for _, c := range cases {
		if got := tr.ClientIP(request(c.peer, c.headers)); got != c.want {
			t.Errorf("%s: ClientIP = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestSchemeOf(t *testing.T) {
	tr := mustParse(t, "10.0.0.0/8")
	if got := tr.SchemeOf(request("10.0.0.1:1", map[string]string{"X-Forwarded-Proto": "https"})); got != HTTPS {
		t.Errorf("trusted proxy saying https: %q", got)
	}
	if got := tr.SchemeOf(request("10.0.0.1:1", map[string]string{"Forwarded": "for=1.2.3.4;proto=https"})); got != HTTPS {
		t.Errorf("trusted proxy's Forwarded proto=https: %q", got)
	}
	if got := tr.SchemeOf(request("203.0.113.5:1", map[string]string{"X-Forwarded-Proto": "https"})); got != HTTP {
		t.Errorf("a stranger saying https: %q", got)
	}
	r := request("203.0.113.5:1", nil)
	r.TLS = &tls.ConnectionState{}
	if got := tr.SchemeOf(r); got != HTTPS {
		t.Errorf("TLS connection: %q", got)
	}
}

func TestParseRefusesNonsense(t *testing.T) {
	for _, bad := range []string{"10.0.0.0/33", "example.org", "10.0.0.0/8,,x"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	if tr := mustParse(t, ""); tr.Any() {
		t.Error("an empty list trusts someone")
	}
}

// Behind the handler everything that asks Client gets the client, and
// the peer is untouched.
func TestHandlerNamesClient(t *testing.T) {
	tr := mustParse(t, "10.0.0.0/8")
	var client, peer string
	h := tr.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { client, peer = Client(r), r.RemoteAddr }))
	h.ServeHTTP(httptest.NewRecorder(), request("10.0.0.1:3000", map[string]string{"X-Forwarded-For": "198.51.100.1"}))
	if client != "198.51.100.1" || peer != "10.0.0.1:3000" {
		t.Errorf("behind a trusted proxy: Client %q, peer %q", client, peer)
	}
	h.ServeHTTP(httptest.NewRecorder(), request("203.0.113.5:3000", map[string]string{"X-Forwarded-For": "198.51.100.1"}))
	if client != "203.0.113.5" {
		t.Errorf("from a stranger: Client %q", client)
	}
}
