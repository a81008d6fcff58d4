package accounts

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/mail/mailtest"
)

// withMail is a service that mails through a real SMTP relay of the
// test's own, with links on http://parlor.test.
func withMail(t *testing.T, opts Options) (*Service, *mailtest.Relay, func(time.Duration)) {
	t.Helper()
	relay := mailtest.Start(t, mailtest.Options{Username: "parlor", Password: "relay pass"})
	sender, err := mail.NewSMTP(mail.Config{Addr: relay.Addr, From: "Parlor <games@parlor.test>", Security: mail.Plain,
		Username: "parlor", Password: "relay pass"})
	if err != nil {
		t.Fatal(err)
	}
	opts.Mail, opts.SiteURL = sender, "http://parlor.test/"
	s, clk := newService(t, opts)
	return s, relay, clk.Advance
}

// token is the last part of a mailed link's path, after prefix.
func token(t *testing.T, link, prefix string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Host != "parlor.test" || !strings.HasPrefix(u.Path, prefix) {
		t.Fatalf("link %q is not on the site under %s", link, prefix)
	}
	return strings.TrimPrefix(u.Path, prefix)
}

func status(t *testing.T, resp *http.Response, want int, what string) {
	t.Helper()
	if resp.StatusCode != want {
		t.Fatalf("%s: status %d, want %d", what, resp.StatusCode, want)
	}
}

type passwordChange struct {
	Current  string `json:"current"`
	Password string `json:"password"`
}

// Changing the password needs the current one; it ends every other
// session of the account and keeps the one that asked.
func TestChangePassword(t *testing.T) {
	s, _ := newService(t, Options{})
	srv := newServer(t, s)
	here, there := newClient(t, srv), newClient(t, srv)
	status(t, here.do("POST", "/api/register", credentials{Name: "ann", Password: "first password"}, nil), 200, "register")
	status(t, there.do("POST", "/api/login", credentials{Name: "ann", Password: "first password"}, nil), 200, "login elsewhere")

	var e errReply
	status(t, here.do("POST", "/api/account/password", passwordChange{"a wrong guess", "second password"}, &e), http.StatusForbidden, "wrong current")
	if e.Error != ErrWrongPassword.Error() {
		t.Fatalf("wrong current password answered %q", e.Error)
	}
	status(t, here.do("POST", "/api/account/password", passwordChange{"first password", "short"}, nil), http.StatusBadRequest, "short new")
	if _, code := there.me(); code != http.StatusOK {
		t.Fatalf("a refused change ended the other session: %d", code)
	}

	status(t, here.do("POST", "/api/account/password", passwordChange{"first password", "second password"}, nil), http.StatusNoContent, "change")
	if _, code := here.me(); code != http.StatusOK {
		t.Fatalf("the session that changed the password ended: %d", code)
	}
	if _, code := there.me(); code != http.StatusUnauthorized {
		t.Fatalf("the other session lives on after the change: %d", code)
	}
	fresh := newClient(t, srv)
	status(t, fresh.do("POST", "/api/login", credentials{Name: "ann", Password: "first password"}, nil), http.StatusUnauthorized, "old password")
	status(t, fresh.do("POST", "/api/login", credentials{Name: "ann", Password: "second password"}, nil), 200, "new password")

	guest := newClient(t, srv)
	status(t, guest.do("POST", "/api/guest", map[string]string{"name": "gus"}, nil), 200, "guest")
	status(t, guest.do("POST", "/api/account/password", passwordChange{"", "a password"}, nil), http.StatusConflict, "guest change")
	status(t, newClient(t, srv).do("POST", "/api/account/password", passwordChange{"x", "a password"}, nil), http.StatusUnauthorized, "no session")
}

type accountAnswer struct {
	User  User  `json:"user"`
	Email Email `json:"email"`
}

// verifiedAnn registers ann on c and gives her the verified address
// ann@example.org through the relay.
func verifiedAnn(t *testing.T, c *client, relay *mailtest.Relay) {
	t.Helper()
	status(t, c.do("POST", "/api/register", credentials{Name: "ann", Password: "first password"}, nil), 200, "register")
	var a accountAnswer
	status(t, c.do("POST", "/api/account/email", map[string]string{"address": "ann@example.org", "password": "first password"}, &a), 200, "add address")
	if a.Email.Address != "" || a.Email.Pending != "ann@example.org" || !a.Email.Mail {
		t.Fatalf("before the link is opened: %+v", a.Email)
	}
	m := relay.Next(t)
	if m.To != "ann@example.org" || !strings.Contains(m.Text, "ann") {
		t.Fatalf("verification mail: %+v", m)
	}
	tok := token(t, m.Link(t), "/verify-email/")
	// Opened in any browser, signed in or not.
	status(t, newClient(t, c.srv).do("POST", "/api/account/email/verify", map[string]string{"token": tok}, nil), 200, "verify")
	status(t, c.do("POST", "/api/account/email/verify", map[string]string{"token": tok}, nil), http.StatusGone, "verify twice")
	a = accountAnswer{}
	status(t, c.do("GET", "/api/account", nil, &a), 200, "account")
	if a.Email.Address != "ann@example.org" || a.Email.Pending != "" {
		t.Fatalf("after the link: %+v", a.Email)
	}
}

// An address is the account's only once the link mailed to it is opened,
// and only with the password; removing it makes every mailed link stop.
func TestEmailAddress(t *testing.T) {
	s, relay, _ := withMail(t, Options{})
	srv := newServer(t, s)
	c := newClient(t, srv)
	status(t, c.do("POST", "/api/register", credentials{Name: "bea", Password: "first password"}, nil), 200, "register")
	for _, bad := range []map[string]string{
		{"address": "bea@example.org", "password": "wrong password"},
		{"address": "not an address", "password": "first password"},
		{"address": "Bea <bea@example.org>", "password": "first password"},
		{"address": "bea@localhost", "password": "first password"},
	} {
		if resp := c.do("POST", "/api/account/email", bad, nil); resp.StatusCode == 200 {
			t.Fatalf("%v accepted", bad)
		}
	}
	relay.None(t)
	var a accountAnswer
	status(t, c.do("POST", "/api/account/email", map[string]string{"address": "bea@example.org", "password": "first password"}, nil), 200, "add")
	first := token(t, relay.Next(t).Link(t), "/verify-email/")
	// A second address asked for replaces the first: its link stops.
	status(t, c.do("POST", "/api/account/email", map[string]string{"address": "Bea@Example.net", "password": "first password"}, nil), 200, "add another")
	second := token(t, relay.Next(t).Link(t), "/verify-email/")
	status(t, c.do("POST", "/api/account/email/verify", map[string]string{"token": first}, nil), http.StatusGone, "replaced link")
	status(t, c.do("POST", "/api/account/email/verify", map[string]string{"token": second}, nil), 200, "verify")
	a = accountAnswer{}
	status(t, c.do("GET", "/api/account", nil, &a), 200, "account")
	if a.Email.Address != "Bea@Example.net" {
		t.Fatalf("address %+v", a.Email)
	}
	a = accountAnswer{}
	status(t, c.do("DELETE", "/api/account/email", nil, &a), 200, "remove")
	if a.Email.Address != "" || a.Email.Pending != "" {
		t.Fatalf("after removing: %+v", a.Email)
	}
	// Without an address, a reset mails nothing.
	status(t, newClient(t, srv).do("POST", "/api/password/forgot", map[string]string{"who": "bea"}, nil), http.StatusAccepted, "forgot")
	s.WaitMail()
	relay.None(t)
}

// The whole reset: a link mailed to the verified address, which works
// once, ends every session and signs in with the new password; asking
// about nobody answers the same and mails nothing.
func TestResetByMail(t *testing.T) {
	s, relay, advance := withMail(t, Options{})
	srv := newServer(t, s)
	ann := newClient(t, srv)
	verifiedAnn(t, ann, relay)

	type forgotAnswer struct {
		Message string `json:"message"`
	}
	asker := newClient(t, srv)
	var real, none, unknownAddr forgotAnswer
	status(t, asker.do("POST", "/api/password/forgot", map[string]string{"who": "nobody here"}, &none), http.StatusAccepted, "forgot nobody")
	status(t, asker.do("POST", "/api/password/forgot", map[string]string{"who": "who@example.org"}, &unknownAddr), http.StatusAccepted, "forgot an address")
	s.WaitMail()
	relay.None(t)
	status(t, asker.do("POST", "/api/password/forgot", map[string]string{"who": "ANN"}, &real), http.StatusAccepted, "forgot ann")
	if real != none || real != unknownAddr {
		t.Fatalf("the answers differ: %q, %q, %q", real.Message, none.Message, unknownAddr.Message)
	}
	m := relay.Next(t)
	if m.To != "ann@example.org" || !strings.Contains(m.Subject, "password") {
		t.Fatalf("reset mail: %+v", m)
	}
	byName := token(t, m.Link(t), "/reset/")
	status(t, asker.do("POST", "/api/password/forgot", map[string]string{"who": "ANN@example.org"}, nil), http.StatusAccepted, "forgot by address")
	byAddress := token(t, relay.Next(t).Link(t), "/reset/")

	var e errReply
	status(t, asker.do("POST", "/api/password/reset", map[string]string{"token": byName, "password": "short"}, &e), http.StatusBadRequest, "short password")
	status(t, asker.do("POST", "/api/password/reset", map[string]string{"token": "made up", "password": "a new password"}, &e), http.StatusGone, "made-up link")
	var in userReply
	status(t, asker.do("POST", "/api/password/reset", map[string]string{"token": byName, "password": "a new password"}, &in), 200, "reset")
	if in.User.Name != "ann" {
		t.Fatalf("reset signed in as %+v", in.User)
	}
	if u, code := asker.me(); code != 200 || u.Name != "ann" {
		t.Fatalf("not signed in after the reset: %d %+v", code, u)
	}
	if _, code := ann.me(); code != http.StatusUnauthorized {
		t.Fatalf("the session from before the reset lives on: %d", code)
	}
	status(t, asker.do("POST", "/api/password/reset", map[string]string{"token": byName, "password": "yet another one"}, nil), http.StatusGone, "link used twice")
	status(t, asker.do("POST", "/api/password/reset", map[string]string{"token": byAddress, "password": "yet another one"}, nil), http.StatusGone, "the other link after a reset")
	fresh := newClient(t, srv)
	status(t, fresh.do("POST", "/api/login", credentials{Name: "ann", Password: "first password"}, nil), http.StatusUnauthorized, "old password")
	status(t, fresh.do("POST", "/api/login", credentials{Name: "ann", Password: "a new password"}, nil), 200, "new password")

	// A link expires.
	status(t, asker.do("POST", "/api/password/forgot", map[string]string{"who": "ann"}, nil), http.StatusAccepted, "forgot again")
	late := token(t, relay.Next(t).Link(t), "/reset/")
	advance(DefaultResetTTL + time.Second)
	status(t, asker.do("POST", "/api/password/reset", map[string]string{"token": late, "password": "too late now"}, nil), http.StatusGone, "expired link")
	status(t, fresh.do("POST", "/api/login", credentials{Name: "ann", Password: "a new password"}, nil), 200, "password after an expired link")
}

// Asking for resets is limited per name or address asked about, so the
// server cannot be used to fill a mailbox; the answer is the limit's
// whether or not the account exists.
func TestResetRateLimited(t *testing.T) {
	s, relay, _ := withMail(t, Options{ResetPerTarget: Limit{Burst: 2, Every: time.Hour}})
	srv := newServer(t, s)
	verifiedAnn(t, newClient(t, srv), relay)
	asker := newClient(t, srv)
	for _, who := range []string{"ann", "nobody"} {
		for i := range 2 {
			status(t, asker.do("POST", "/api/password/forgot", map[string]string{"who": who}, nil), http.StatusAccepted, who+" within the limit "+string(rune('1'+i)))
		}
		status(t, asker.do("POST", "/api/password/forgot", map[string]string{"who": who}, nil), http.StatusTooManyRequests, who+" past the limit")
	}
	s.WaitMail()
	relay.Next(t)
	relay.Next(t)
	relay.None(t)
}

// Without a relay the server says that mail is off.
func TestNoMail(t *testing.T) {
	s, _ := newService(t, Options{})
	c := newClient(t, newServer(t, s))
	status(t, c.do("POST", "/api/register", credentials{Name: "cy", Password: "first password"}, nil), 200, "register")
	var a accountAnswer
	a = accountAnswer{}
	status(t, c.do("GET", "/api/account", nil, &a), 200, "account")
	if a.Email.Mail || a.User.Name != "cy" {
		t.Fatalf("account without mail: %+v", a)
	}
	var e errReply
	status(t, c.do("POST", "/api/account/email", map[string]string{"address": "cy@example.org", "password": "first password"}, &e), http.StatusConflict, "add")
	if e.Error != ErrNoMail.Error() {
		t.Fatalf("answer %q", e.Error)
	}
	status(t, c.do("POST", "/api/password/forgot", map[string]string{"who": "cy"}, nil), http.StatusConflict, "forgot")
}

// Deleting an account needs its password; then its sessions end, its
// name is free for anyone, and nobody can sign in to it again.
func TestDeleteAccount(t *testing.T) {
	s, relay, _ := withMail(t, Options{})
	srv := newServer(t, s)
	ann, other := newClient(t, srv), newClient(t, srv)
	verifiedAnn(t, ann, relay)
	status(t, other.do("POST", "/api/login", credentials{Name: "ann", Password: "first password"}, nil), 200, "login elsewhere")
	status(t, ann.do("POST", "/api/account/delete", map[string]string{"password": "a wrong guess"}, nil), http.StatusForbidden, "wrong password")
	if _, code := other.me(); code != 200 {
		t.Fatalf("a refused deletion ended a session: %d", code)
	}
	resp := ann.do("POST", "/api/account/delete", map[string]string{"password": "first password"}, nil)
	status(t, resp, http.StatusNoContent, "delete")
	if ck := sessionCookie(t, resp); ck.MaxAge >= 0 {
		t.Fatalf("the cookie was not cleared: %+v", ck)
	}
	for _, c := range []*client{ann, other} {
		if _, code := c.me(); code != http.StatusUnauthorized {
			t.Fatalf("a session of the deleted account lives on: %d", code)
		}
	}
	status(t, other.do("POST", "/api/login", credentials{Name: "ann", Password: "first password"}, nil), http.StatusUnauthorized, "login to the deleted account")
	// Its address no longer gets reset links.
	status(t, other.do("POST", "/api/password/forgot", map[string]string{"who": "ann@example.org"}, nil), http.StatusAccepted, "forgot")
	s.WaitMail()
	relay.None(t)
	// The name is free; the name of deleted players is nobody's.
	status(t, other.do("POST", "/api/register", credentials{Name: "Ann", Password: "another password"}, nil), 200, "a new ann")
	status(t, newClient(t, srv).do("POST", "/api/register", credentials{Name: "Deleted  Player", Password: "another password"}, nil), http.StatusBadRequest, "the deleted name")
}

// A change of password is told to the verified address, so that an owner
// whose password someone else changed hears of it.
func TestPasswordChangeNotice(t *testing.T) {
	s, relay, _ := withMail(t, Options{})
	ann := newClient(t, newServer(t, s))
	verifiedAnn(t, ann, relay)
	status(t, ann.do("POST", "/api/account/password", passwordChange{"first password", "second password"}, nil), http.StatusNoContent, "change")
	m := relay.Next(t)
	if m.To != "ann@example.org" || !strings.Contains(m.Subject, "changed") || !strings.Contains(m.Text, "http://parlor.test/") {
		t.Fatalf("notice: %+v", m)
	}
	s.WaitMail()
	relay.None(t)
}
