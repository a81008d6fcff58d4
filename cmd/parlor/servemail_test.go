package main

import (
	"io"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/mail"
)

// The relay's settings come from flags or the environment (the password
// best from the environment); a -tls-domain names the site of the links.
func TestServeMailFlags(t *testing.T) {
	t.Setenv("PARLOR_SMTP_PASSWORD", "from the environment")
	t.Setenv("PARLOR_SMTP_SECURITY", "tls")
	f, err := parseServeFlags([]string{"-smtp-addr", "smtp.example.org:465", "-smtp-from", "Parlor <parlor@example.org>",
		"-smtp-user", "parlor", "-tls-domain", "games.example.org,www.example.org"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	m := f.mail
	if m.password != "from the environment" || m.security != mail.ImplicitTLS || m.site != "https://games.example.org" || m.user != "parlor" {
		t.Fatalf("mail settings: %+v", m)
	}
	if s, err := m.sender(); err != nil || s == nil {
		t.Fatalf("sender: %v %v", s, err)
	}
	none, err := parseServeFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := none.mail.sender(); err != nil || s != nil {
		t.Fatalf("without -smtp-addr: sender %v, %v", s, err)
	}
}

// Mail settings that cannot work are refused with the flag's name.
func TestServeMailFlagsRefused(t *testing.T) {
	relay := []string{"-smtp-addr", "smtp.example.org:587", "-smtp-from", "parlor@example.org"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-smtp-addr", "smtp.example.org:587"}, "-smtp-from"},
		{relay, "-site-url"},
		{append(relay, "-site-url", "parlor.example.org"), "-site-url"},
		{append(relay, "-site-url", "https://parlor.example.org/games"), "-site-url"},
		{append(relay, "-site-url", "https://parlor.example.org", "-smtp-security", "maybe"), "-smtp-security"},
		{[]string{"-smtp-addr", "smtp.example.org", "-smtp-from", "parlor@example.org", "-site-url", "https://parlor.example.org"}, "-smtp-addr"},
		{append(relay, "-site-url", "https://parlor.example.org", "-smtp-password", "alone"), "-smtp-addr"},
	} {
		if _, err := parseServeFlags(c.args, io.Discard); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one naming %s", c.args, err, c.want)
		}
	}
}
