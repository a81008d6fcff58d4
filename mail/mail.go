// Package mail sends the server's e-mail: the links that verify an
// address and reset a password today, and whatever else later wants to
// reach a person away from the site (a digest of games waiting for their
// move, say). Everything that sends takes a Sender, a one-method
// interface, so such work adds messages and not a mail system, and a test
// may hand in its own.
//
// SMTP is the one real Sender, written on the standard library's
// net/smtp: it speaks to one relay (the operator's provider or a local
// MTA) and needs nothing more than the submission of plain text messages.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"net/smtp"
	"strconv"
	"strings"
	"time"
)

// Message is one plain text e-mail to one address.
type Message struct {
	To      string
	Subject string
	Text    string
	// Unsubscribe, when set, is the link that stops mail of this kind
	// (a digest's): it goes in List-Unsubscribe, with RFC 8058's
	// one-click List-Unsubscribe-Post, so that a mail service offers it.
	Unsubscribe string
}

// Sender sends messages. Send returns once the relay accepted the message
// (or failed to); it does not retry.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Security is how an SMTP connection is protected.
type Security string

// The kinds of Security.
const (
	// StartTLS connects in the clear and upgrades with STARTTLS before
	// anything else; a relay that does not offer it is refused, so that a
	// password or a link never crosses the network readable. Port 587.
	StartTLS Security = "starttls"
	// ImplicitTLS speaks TLS from the first byte. Port 465.
	ImplicitTLS Security = "tls"
	// Plain never encrypts: only for a relay on the same machine or a
	// private network (port 25 of a local MTA).
	Plain Security = "none"
)

// ParseSecurity reads a Security as a flag gives it.
func ParseSecurity(s string) (Security, error) {
	switch sec := Security(s); sec {
	case StartTLS, ImplicitTLS, Plain:
		return sec, nil
	}
	return "", fmt.Errorf("the SMTP security must be %s, %s or %s, not %q", StartTLS, ImplicitTLS, Plain, s)
}

// Config says how to reach the relay and who the mail is from.
type Config struct {
	// Addr is the relay's host:port.
	Addr string
	// From is the sender's address, as the messages' From shows it; it
	// may carry a display name ("Parlor <parlor@example.org>").
	From     string
	Security Security
	// Username and Password log in with AUTH PLAIN when Username is set.
	Username, Password string
	// RootCAs are the roots trusted for the relay's certificate; nil
	// means the system's (tests set their own).
	RootCAs *x509.CertPool
	// Timeout bounds one Send when its context has no deadline; zero
	// means 30 seconds.
	Timeout time.Duration
}

// SMTP sends through one SMTP relay. It is safe for concurrent use: each
// Send is a connection of its own (mail is rare: a person asks for it).
type SMTP struct {
	cfg      Config
	host     string
	fromAddr string
}

// NewSMTP checks cfg and returns its sender; it does not connect.
func NewSMTP(cfg Config) (*SMTP, error) {
	host, port, err := net.SplitHostPort(cfg.Addr)
	if err != nil || host == "" {
		return nil, fmt.Errorf("the SMTP relay %q is not a host:port", cfg.Addr)
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return nil, fmt.Errorf("the SMTP relay %q has no port number", cfg.Addr)
	}
	if cfg.Security == "" {
		cfg.Security = StartTLS
	}
	if _, err := ParseSecurity(string(cfg.Security)); err != nil {
		return nil, err
	}
	from, err := netmail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("the sender address %q is not an e-mail address: %v", cfg.From, err)
	}
	if cfg.Password != "" && cfg.Username == "" {
		return nil, errors.New("an SMTP password needs an SMTP user name")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	return &SMTP{cfg: cfg, host: host, fromAddr: from.Address}, nil
}

// Send delivers m to the relay.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	to, err := netmail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("mail: the address %q is not an e-mail address", m.To)
	}
	body, err := s.compose(to.Address, m)
	if err != nil {
		return err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.cfg.Timeout)
		defer cancel()
	}
	conn, err := s.dial(ctx)
	if err != nil {
		return fmt.Errorf("mail: connecting to %s: %w", s.cfg.Addr, err)
	}
	deadline, _ := ctx.Deadline()
	conn.SetDeadline(deadline)
	// The connection also closes when ctx ends early, which unblocks
	// whatever step of the conversation is waiting.
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("mail: %s: %w", s.cfg.Addr, err)
	}
	defer c.Close()
	if err := s.converse(c, to.Address, body); err != nil {
		return fmt.Errorf("mail: %s: %w", s.cfg.Addr, err)
	}
	return nil
}

func (s *SMTP) tlsConfig() *tls.Config {
	return &tls.Config{ServerName: s.host, RootCAs: s.cfg.RootCAs, MinVersion: tls.VersionTLS12}
}

func (s *SMTP) dial(ctx context.Context) (net.Conn, error) {
	if s.cfg.Security == ImplicitTLS {
		d := tls.Dialer{Config: s.tlsConfig()}
		return d.DialContext(ctx, "tcp", s.cfg.Addr)
	}
	var d net.Dialer
	return d.DialContext(ctx, "tcp", s.cfg.Addr)
}

// converse is the SMTP conversation of one message.
func (s *SMTP) converse(c *smtp.Client, to string, body []byte) error {
	if s.cfg.Security == StartTLS {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return errors.New("the relay does not offer STARTTLS; use -smtp-security tls or none if that is meant")
		}
		if err := c.StartTLS(s.tlsConfig()); err != nil {
			return err
		}
	}
	if s.cfg.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.host)); err != nil {
			return err
		}
	}
	if err := c.Mail(s.fromAddr); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(body); err != nil {
		w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// compose writes the message as RFC 5322 text: a subject in UTF-8 is
// encoded, and the text quoted-printable, so that any line length and any
// character arrive intact.
func (s *SMTP) compose(to string, m Message) ([]byte, error) {
	if strings.ContainsAny(m.Subject, "\r\n") {
		return nil, errors.New("mail: a subject is one line")
	}
	var id [12]byte
	rand.Read(id[:])
	var b bytes.Buffer
	header := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	header("From", s.cfg.From)
	header("To", to)
	header("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	header("Date", time.Now().Format(time.RFC1123Z))
	header("Message-ID", "<"+hex.EncodeToString(id[:])+s.fromAddr[strings.LastIndex(s.fromAddr, "@"):]+">")
	if m.Unsubscribe != "" {
		if strings.ContainsAny(m.Unsubscribe, "\r\n<>") {
			return nil, errors.New("mail: an unsubscribe link is one line")
		}
		header("List-Unsubscribe", "<"+m.Unsubscribe+">")
		header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	header("MIME-Version", "1.0")
	header("Content-Type", "text/plain; charset=utf-8")
	header("Content-Transfer-Encoding", "quoted-printable")
	b.WriteString("\r\n")
	qp := quotedprintable.NewWriter(&b)
	text := strings.ReplaceAll(m.Text, "\r\n", "\n")
	if !strings.HasSuffix(text, "\n") {
		text += "\n" // a message ends its last line
	}
	text = strings.ReplaceAll(text, "\n", "\r\n")
	if _, err := qp.Write([]byte(text)); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
