package realip

import (
	"net/http"
	"net/netip"
	"testing"
)

// Forwarded headers are outside input: whatever they hold, the answer is
// the peer or an address, and a peer not trusted is always itself.
func FuzzClientIP(f *testing.F) {
	f.Add("10.0.0.1:80", "198.51.100.1, 10.9.9.9", "", "https")
	f.Add("10.0.0.1:80", "", `for="[2001:db8::1]:80";proto=https, for=unknown`, "")
	f.Add("203.0.113.5:1", "1.2.3.4", "for=1.2.3.4", "https")
	f.Add("garbage", ",,,", ";;=;", ",")
	tr, err := Parse("10.0.0.0/8")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, peer, xff, fwd, proto string) {
		r := &http.Request{RemoteAddr: peer, Header: http.Header{}}
		r.Header.Set("X-Forwarded-For", xff)
		r.Header.Set("Forwarded", fwd)
		r.Header.Set("X-Forwarded-Proto", proto)
		ip := tr.ClientIP(r)
		_ = tr.SchemeOf(r)
		if ap, err := netip.ParseAddrPort(peer); err == nil && !tr.trusts(ap.Addr()) && ip != ap.Addr().String() {
			t.Fatalf("untrusted peer %q named %q", peer, ip)
		}
	})
}
