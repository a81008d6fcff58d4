package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

// Every flag of parlor serve can come from the environment, and the
// command line wins over it.
func TestServeFlagsFromEnvironment(t *testing.T) {
	t.Setenv("PARLOR_GUEST_LIMIT", "7")
	t.Setenv("PARLOR_TRUST_PROXY", "10.0.0.0/8")
	t.Setenv("PARLOR_BOT_MS", "250")
	t.Setenv("PARLOR_NO_WEB", "true")
	t.Setenv("PARLOR_COMMIT_DELAY", "20ms")
	t.Setenv("PARLOR_ADDR", ":9999")
	f, err := parseServeFlags([]string{"-addr", "127.0.0.1:0"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if f.guestLimit != 7 || f.botMS != 250 || !f.noWeb || f.commitDelay != 20*time.Millisecond || !f.trust.Any() {
		t.Errorf("from the environment: guest limit %d, bot ms %d, no web %v, commit delay %v, trusts a proxy %v",
			f.guestLimit, f.botMS, f.noWeb, f.commitDelay, f.trust.Any())
	}
	if f.addr != "127.0.0.1:0" {
		t.Errorf("-addr on the command line gave %q: the environment won", f.addr)
	}
}

// A bad value in the environment is refused with the variable's name.
func TestServeFlagsBadEnvironment(t *testing.T) {
	t.Setenv("PARLOR_BOT_MS", "lots")
	_, err := parseServeFlags(nil, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "PARLOR_BOT_MS") {
		t.Fatalf("PARLOR_BOT_MS=lots: error %v, want one naming the variable", err)
	}
}

// Settings that cannot work together, or cannot be read, are refused with
// a sentence naming the flag.
func TestServeFlagsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-tls-cert", "c.pem"}, "-tls-key"},
		{[]string{"-tls-domain", "a.example", "-tls-cert", "c.pem", "-tls-key", "k.pem"}, "-tls-domain"},
		{[]string{"-trust-proxy", "10.0.0.0/8,proxy.example"}, "-trust-proxy"},
		{[]string{"-guest-limit", "-1"}, "-guest-limit"},
	} {
		if _, err := parseServeFlags(c.args, io.Discard); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one naming %s", c.args, err, c.want)
		}
	}
}
