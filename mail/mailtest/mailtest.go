// Package mailtest runs a real SMTP server inside a test, which keeps
// every message it is given, so that tests of what the server mails (a
// verification link, a password reset) go through the same SMTP
// conversation a relay would have.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Message is a message as the relay received it, decoded.
type Message struct {
	From, To string // the envelope's
	Subject  string
	Text     string
	// Header is the message's header as sent (List-Unsubscribe, say).
	Header netmail.Header
}

// Options shape the relay.
type Options struct {
	// Username and Password, when set, are the only login accepted, and
	// a message is refused without it.
	Username, Password string
	// TLS offers STARTTLS with a certificate made for 127.0.0.1 (trusted
	// by Relay.Roots).
	TLS bool
}

// Relay is a running SMTP server.
type Relay struct {
	// Addr is its host:port.
	Addr string
	// Roots trusts its certificate (with Options.TLS).
	Roots *x509.CertPool

	opts     Options
	received chan Message
}

// Start runs a relay until the test ends.
func Start(t testing.TB, opts Options) *Relay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &Relay{Addr: ln.Addr().String(), opts: opts, received: make(chan Message, 100)}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{relay: r}, nil
	}))
	srv.Domain = "relay.test"
	srv.AllowInsecureAuth = !opts.TLS
	if opts.TLS {
		cert, roots := selfSigned(t)
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
		r.Roots = roots
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return r
}

// Next returns the next message the relay receives, failing the test if
// none comes within a minute (a bound for a broken test, not a measure).
func (r *Relay) Next(t testing.TB) Message {
	t.Helper()
	select {
	case m := <-r.received:
		return m
	case <-time.After(time.Minute):
		t.Fatal("no mail reached the relay")
		return Message{}
	}
}

// None fails the test if a message has been received and not taken.
func (r *Relay) None(t testing.TB) {
	t.Helper()
	select {
	case m := <-r.received:
		t.Fatalf("unexpected mail to %s: %q", m.To, m.Subject)
	default:
	}
}

var linkRE = regexp.MustCompile(`https?://\S+`)

// Link returns the first link in m's text, failing the test if there is
// none.
func (m Message) Link(t testing.TB) string {
	t.Helper()
	l := linkRE.FindString(m.Text)
	if l == "" {
		t.Fatalf("no link in the mail %q:\n%s", m.Subject, m.Text)
	}
	return l
}

type session struct {
	relay    *Relay
	authed   bool
	from, to string
}

func (s *session) AuthMechanisms() []string {
	if s.relay.opts.Username == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.relay.opts.Username || password != s.relay.opts.Password {
			return errors.New("wrong login")
		}
		s.authed = true
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.relay.opts.Username != "" && !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = to
	return nil
}

func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		return err
	}
	var body io.Reader = msg.Body
	if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(body)
	}
	text, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	s.relay.received <- Message{From: s.from, To: s.to, Subject: subject, Text: strings.ReplaceAll(string(text), "\r\n", "\n"), Header: msg.Header}
	return nil
}

func (s *session) Reset()        { s.from, s.to = "", "" }
func (s *session) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1 and a pool that trusts it.
func selfSigned(t testing.TB) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "relay.test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: cert}, pool
}
