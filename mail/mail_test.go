package mail_test

import (
	"context"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/mail/mailtest"
)

// A message goes through STARTTLS and a login to the relay, and arrives
// with its subject, its long lines and its non-ASCII text intact.
func TestSMTPStartTLSLogin(t *testing.T) {
	relay := mailtest.Start(t, mailtest.Options{Username: "parlor", Password: "s3cret", TLS: true})
	s, err := mail.NewSMTP(mail.Config{Addr: relay.Addr, From: "Parlor <games@example.org>", Security: mail.StartTLS,
		Username: "parlor", Password: "s3cret", RootCAs: relay.Roots})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("a long line of text ", 20)
	text := "Grüße, Zoë.\n" + long + "\n.\nhttps://parlor.example.org/reset/abc_DEF-123\n"
	if err := s.Send(context.Background(), mail.Message{To: "zoe@example.org", Subject: "Your move — Dots", Text: text}); err != nil {
		t.Fatal(err)
	}
	m := relay.Next(t)
	if m.From != "games@example.org" || m.To != "zoe@example.org" || m.Subject != "Your move — Dots" {
		t.Fatalf("envelope or subject: %+v", m)
	}
	if m.Text != text {
		t.Fatalf("text arrived as\n%q\nnot\n%q", m.Text, text)
	}
	if got := m.Link(t); got != "https://parlor.example.org/reset/abc_DEF-123" {
		t.Fatalf("link %q", got)
	}
}

// A wrong login is an error, and STARTTLS is required unless the
// operator said otherwise: a relay offering none gets no password.
func TestSMTPRefusals(t *testing.T) {
	ctx := context.Background()
	msg := mail.Message{To: "zoe@example.org", Subject: "hello", Text: "hi"}
	secured := mailtest.Start(t, mailtest.Options{Username: "parlor", Password: "s3cret", TLS: true})
	wrong, err := mail.NewSMTP(mail.Config{Addr: secured.Addr, From: "games@example.org", Username: "parlor", Password: "guess", RootCAs: secured.Roots})
	if err != nil {
		t.Fatal(err)
	}
	if err := wrong.Send(ctx, msg); err == nil {
		t.Fatal("a wrong SMTP password sent the mail")
	}
	clear := mailtest.Start(t, mailtest.Options{})
	strict, err := mail.NewSMTP(mail.Config{Addr: clear.Addr, From: "games@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	if err := strict.Send(ctx, msg); err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Fatalf("a relay without STARTTLS: %v", err)
	}
	plain, err := mail.NewSMTP(mail.Config{Addr: clear.Addr, From: "games@example.org", Security: mail.Plain})
	if err != nil {
		t.Fatal(err)
	}
	if err := plain.Send(ctx, msg); err != nil {
		t.Fatal(err)
	}
	if m := clear.Next(t); m.Text != "hi\n" {
		t.Fatalf("text %q", m.Text)
	}
	if err := plain.Send(ctx, mail.Message{To: "zoe@example.org", Subject: "two\r\nBcc: x@example.org", Text: "hi"}); err == nil {
		t.Fatal("a subject of two lines was sent")
	}
	clear.None(t)
	for _, cfg := range []mail.Config{
		{Addr: "nohost", From: "games@example.org"},
		{Addr: "127.0.0.1:25", From: "not an address"},
		{Addr: "127.0.0.1:25", From: "games@example.org", Security: "sometimes"},
		{Addr: "127.0.0.1:25", From: "games@example.org", Password: "alone"},
	} {
		if _, err := mail.NewSMTP(cfg); err == nil {
			t.Errorf("config %+v accepted", cfg)
		}
	}
}
