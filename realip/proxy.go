// Package realip finds a request's real client behind trusted reverse
// proxies (parlor serve -trust-proxy). A proxy that terminates TLS and
// passes requests on makes every player look like the proxy's own
// address: the caps and limits per address then cover the whole site, and
// the session cookie, seeing plain HTTP, is not marked Secure.
//
// Forwarded headers are believed only from the proxies named: anyone can
// write them, and believing a stranger's would let one machine claim a
// fresh address per request and slip every per-address limit.
package realip

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Scheme is the scheme a client reached the site by.
type Scheme string

// The schemes a proxy may report.
const (
	HTTP  Scheme = "http"
	HTTPS Scheme = "https"
)

// Trust is the set of proxies whose forwarded headers are believed. The
// zero value trusts nobody.
type Trust struct {
	nets []netip.Prefix
}

// Parse reads a comma-separated list of CIDR prefixes or single addresses
// (10.0.0.0/8,127.0.0.1). An empty list trusts nobody.
func Parse(list string) (Trust, error) {
	var t Trust
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		p, err := netip.ParsePrefix(s)
		if err != nil {
			a, aerr := netip.ParseAddr(s)
			if aerr != nil {
				return Trust{}, fmt.Errorf("%q is neither an address nor a CIDR prefix such as 10.0.0.0/8", s)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		t.nets = append(t.nets, p.Masked())
	}
	return t, nil
}

// Any reports whether some proxy is trusted.
func (t Trust) Any() bool { return len(t.nets) > 0 }

func (t Trust) trusts(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range t.nets {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// peer is the address of the connection's other end.
func peer(r *http.Request) (netip.Addr, bool) {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		a, err := netip.ParseAddr(r.RemoteAddr)
		return a, err == nil
	}
	return ap.Addr(), true
}

// fromTrusted reports whether the request came straight from a trusted
// proxy.
func (t Trust) fromTrusted(r *http.Request) bool {
	a, ok := peer(r)
	return ok && t.trusts(a)
}

// ClientIP is the request's client: from a trusted proxy, the right-most
// address of X-Forwarded-For (or else of Forwarded's for=) that is not
// itself a trusted proxy; otherwise the connection's peer. Going from the
// right matters: the left-most entries are whatever the client chose to
// send, only those appended by trusted proxies are facts.
func (t Trust) ClientIP(r *http.Request) string {
	host := r.RemoteAddr
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		host = h
	}
	if !t.fromTrusted(r) {
		return host
	}
	hops := forwardedFor(r.Header)
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseHop(hops[i])
		if !ok {
			// A hop that is not an address (a proxy's "unknown", an
			// obfuscated name) ends what can be known: the hop before it
			// is the nearest fact.
			break
		}
		if !t.trusts(a) || i == 0 {
			return a.Unmap().String()
		}
	}
	return host
}

// SchemeOf is the scheme the client used: X-Forwarded-Proto (or
// Forwarded's proto=) from a trusted proxy, its right-most value being the
// one the nearest proxy set; otherwise whether this connection is TLS.
func (t Trust) SchemeOf(r *http.Request) Scheme {
	if t.fromTrusted(r) {
		if p := lastProto(r.Header); p != "" {
			if strings.EqualFold(p, string(HTTPS)) {
				return HTTPS
			}
			return HTTP
		}
	}
	if r.TLS != nil {
		return HTTPS
	}
	return HTTP
}

// Secure reports whether the client reached the site over HTTPS, for the
// session cookie's Secure attribute.
func (t Trust) Secure(r *http.Request) bool { return t.SchemeOf(r) == HTTPS }

// Handler passes requests on to h with the real client's address in
// their context, where Client finds it, so that everything downstream
// that names the client (the caps per address, the sign-in and guest
// limits, the logs) names the same one. RemoteAddr is left alone: the
// WebSocket event loop matches upgraded connections by their two ends.
func (t Trust) Handler(h http.Handler) http.Handler {
	if !t.Any() {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), clientKey{}, t.ClientIP(r))
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}

// clientKey is the context key of the address Handler found.
type clientKey struct{}

// Client is the address a request comes from: the one Handler found
// behind a trusted proxy, or else the connection's peer.
func Client(r *http.Request) string {
	if ip, ok := r.Context().Value(clientKey{}).(string); ok {
		return ip
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// forwardedFor lists the client hops a request carries, oldest first:
// X-Forwarded-For if present, else the for= parameters of Forwarded
// (RFC 7239). Every header line counts, in order.
func forwardedFor(h http.Header) []string {
	var hops []string
	if xs := h.Values("X-Forwarded-For"); len(xs) > 0 {
		for _, x := range xs {
			for _, p := range strings.Split(x, ",") {
				hops = append(hops, strings.TrimSpace(p))
			}
		}
		return hops
	}
	for _, f := range forwardedElements(h) {
		if v, ok := f["for"]; ok {
			hops = append(hops, v)
		}
	}
	return hops
}

// lastProto is the right-most scheme the proxies reported, or "".
func lastProto(h http.Header) string {
	if xs := h.Values("X-Forwarded-Proto"); len(xs) > 0 {
		parts := strings.Split(xs[len(xs)-1], ",")
		return strings.TrimSpace(parts[len(parts)-1])
	}
	proto := ""
	for _, f := range forwardedElements(h) {
		if v, ok := f["proto"]; ok {
			proto = v
		}
	}
	return proto
}

// forwardedElements parses the Forwarded header's elements (one per hop)
// into their parameters, names lower-cased and quotes removed.
func forwardedElements(h http.Header) []map[string]string {
	var out []map[string]string
	for _, line := range h.Values("Forwarded") {
		for _, elem := range strings.Split(line, ",") {
			params := map[string]string{}
			for _, pair := range strings.Split(elem, ";") {
				k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
				if !ok {
					continue
				}
				params[strings.ToLower(strings.TrimSpace(k))] = strings.Trim(strings.TrimSpace(v), `"`)
			}
			out = append(out, params)
		}
	}
	return out
}

// parseHop reads one hop: an address, possibly with a port, and an IPv6
// address possibly in brackets (Forwarded writes "[2001:db8::1]:4711").
func parseHop(s string) (netip.Addr, bool) {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr(), true
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	a, err := netip.ParseAddr(s)
	return a, err == nil
}
