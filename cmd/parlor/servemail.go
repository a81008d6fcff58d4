package main

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"strings"

	"github.com/parlor-games/parlor/mail"
)

// mailFlags are parlor serve's settings for sending mail: the links that
// verify an address and reset a password. Without -smtp-addr the server
// sends none, and those features say they are off.
type mailFlags struct {
	addr, from     string
	user, password string
	security       mail.Security
	// site is the public address mailed links begin with.
	site string
}

// defineMailFlags adds the mail flags to fs; read them after parsing with
// the returned function, given the TLS flags (a -tls-domain names the
// site when -site-url does not).
func defineMailFlags(fs *flag.FlagSet) func(tlsFlags) (mailFlags, error) {
	var m mailFlags
	fs.StringVar(&m.addr, "smtp-addr", "", "the SMTP relay (host:port, such as smtp.example.org:587) through which the server mails the links that verify an e-mail address and reset a password; \"\" sends no mail, and those features are off")
	fs.StringVar(&m.from, "smtp-from", "", "with -smtp-addr, the address the mail is from (\"Parlor <parlor@example.org>\")")
	fs.StringVar(&m.user, "smtp-user", "", "with -smtp-addr, the user name to log in to the relay with (AUTH PLAIN); \"\" sends without logging in")
	fs.StringVar(&m.password, "smtp-password", "", "with -smtp-user, its password; better given as $"+envName("smtp-password")+", which no process list shows")
	security := fs.String("smtp-security", string(mail.StartTLS), "with -smtp-addr, how the connection to the relay is protected: starttls (port 587; a relay not offering it is refused), tls (TLS from the start, port 465) or none (a relay on this machine or a private network only)")
	fs.StringVar(&m.site, "site-url", "", "the server's public address, which mailed links begin with (https://parlor.example.org); the default, with -tls-domain, is https:// and its first name; needed with -smtp-addr")
	return func(t tlsFlags) (mailFlags, error) {
		sec, err := mail.ParseSecurity(*security)
		if err != nil {
			return m, fmt.Errorf("-smtp-security: %w", err)
		}
		m.security = sec
		if m.site == "" && len(t.domains) > 0 {
			m.site = "https://" + t.domains[0]
		}
		if m.addr == "" {
			return m, nil
		}
		if m.from == "" {
			return m, errors.New("-smtp-addr needs -smtp-from, the address the mail is from")
		}
		if m.site == "" {
			return m, errors.New("-smtp-addr needs -site-url, the public address that mailed links begin with (or -tls-domain)")
		}
		u, err := url.Parse(m.site)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
			return m, fmt.Errorf("-site-url %q must be an address such as https://parlor.example.org, without a path", m.site)
		}
		m.site = strings.TrimSuffix(m.site, "/")
		if _, err := m.sender(); err != nil {
			return m, err
		}
		return m, nil
	}
}

// sender is the relay's mail.Sender, nil when no relay is set.
func (m mailFlags) sender() (mail.Sender, error) {
	if m.addr == "" {
		return nil, nil
	}
	s, err := mail.NewSMTP(mail.Config{Addr: m.addr, From: m.from, Security: m.security, Username: m.user, Password: m.password})
	if err != nil {
		return nil, fmt.Errorf("-smtp-addr: %w", err)
	}
	return s, nil
}
