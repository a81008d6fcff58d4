package server

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"

	"github.com/parlor-games/parlor/store"
)

// Notices by mail: a player adds an address, confirms it from the mail
// the server sends, and then gets the notices of the kinds they chose as
// a digest, at most once per interval they chose, each mail with a link
// (and the one-click header of RFC 8058) that stops the mail at once.

// MailConfig sets up notices by mail.
type MailConfig struct {
	// Addr is the SMTP server, host:port; "" sends no mail.
	Addr string
	// From is the address the mails come from.
	From string
	// User and Password, when set, sign in to the SMTP server (PLAIN,
	// which net/smtp sends only over TLS or to localhost).
	User, Password string
	// BaseURL is the site as players reach it ("https://parlor.example"),
	// for the links in the mails.
	BaseURL string
	// Tick is how often the digests due are looked for; 0 means a minute.
	Tick time.Duration
}

// ChannelMail is a digest by mail.
const ChannelMail NoticeChannel = "mail"

// mailIntervals are the digests' intervals a player may choose, in
// minutes: an hour, six hours, a day.
var mailIntervals = []int{60, 360, 1440}

// mailStore is what mail needs from the store beyond noticeStore.
type mailStore interface {
	SetMailAddress(ctx context.Context, userID int64, address string, every time.Duration) (store.MailAddress, error)
	MailAddressOf(ctx context.Context, userID int64) (store.MailAddress, error)
	VerifyMail(ctx context.Context, token string) (store.MailAddress, error)
	DeleteMailAddress(ctx context.Context, userID int64) error
	QueueMail(ctx context.Context, userID int64, it store.MailItem) error
	DueDigests(ctx context.Context, now time.Time) ([]int64, error)
	TakeDigest(ctx context.Context, userID int64, now time.Time) (store.MailAddress, []store.MailItem, error)
}

// mailer sends the server's mail.
type mailer struct {
	cfg   MailConfig
	store mailStore
	// soon asks the digest loop to look now: a notice was queued, and a
	// digest whose interval has passed need not wait for the tick.
	soon chan struct{}
}

// initMail sets up mail when it is configured and the store keeps it.
func (s *Server) initMail() error {
	if s.cfg.Mail.Addr == "" {
		return nil
	}
	ms, ok := s.cfg.Store.(mailStore)
	if !ok {
		return nil
	}
	if _, err := mail.ParseAddress(s.cfg.Mail.From); err != nil {
		return fmt.Errorf("server: the mail's From %q is not an address", s.cfg.Mail.From)
	}
	if u, err := url.Parse(s.cfg.Mail.BaseURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("server: mail needs the site's address for its links (such as https://parlor.example), not %q", s.cfg.Mail.BaseURL)
	}
	s.notices.mail = &mailer{cfg: s.cfg.Mail, store: ms, soon: make(chan struct{}, 1)}
	return nil
}

// runDigests sends the digests that are due, every tick, until the
// server stops; New starts it once the server is built. Every node runs it; TakeDigest gives each digest to one.
func (s *Server) runDigests() {
	tick := s.cfg.Mail.Tick
	if tick <= 0 {
		tick = time.Minute
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		case <-s.notices.mail.soon:
		}
		s.sendDigests()
	}
}

func (s *Server) sendDigests() {
	m := s.notices.mail
	ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
	defer cancel()
	now := time.Now()
	due, err := m.store.DueDigests(ctx, now)
	if err != nil {
		s.log.Warn("digests not looked for", "err", err)
		return
	}
	for _, u := range due {
		a, items, err := m.store.TakeDigest(ctx, u, now)
		if errors.Is(err, store.ErrNotFound) {
			continue // another node took it
		}
		if err != nil {
			s.log.Warn("digest not taken", "user", u, "err", err)
			continue
		}
		if err := m.send(a, digestSubject(items), digestBody(m.cfg.BaseURL, items), true); err != nil {
			s.log.Warn("digest not sent", "user", u, "err", err)
			// Kept for the next try.
			for _, it := range items {
				_ = m.store.QueueMail(ctx, u, it)
			}
		}
	}
}

func digestSubject(items []store.MailItem) string {
	if len(items) == 1 {
		return items[0].Title
	}
	return fmt.Sprintf("Parlor: %d things wait for you", len(items))
}

func digestBody(base string, items []store.MailItem) string {
	var b strings.Builder
	for _, it := range items {
		fmt.Fprintf(&b, "%s\n%s\n%s%s\n\n", it.Title, it.Body, strings.TrimRight(base, "/"), it.URL)
	}
	return b.String()
}

// unsubscribeURL is the link that stops the mail to a.
func (m *mailer) unsubscribeURL(a store.MailAddress) string {
	return strings.TrimRight(m.cfg.BaseURL, "/") + "/api/notify/mail/unsubscribe?token=" + url.QueryEscape(a.Token)
}

// send mails subject and body to a's address; with list, the mail has
// the one-click unsubscribe headers and link.
func (m *mailer) send(a store.MailAddress, subject, body string, list bool) error {
	var msg strings.Builder
	hdr := func(k, v string) { fmt.Fprintf(&msg, "%s: %s\r\n", k, v) }
	hdr("From", m.cfg.From)
	hdr("To", a.Address)
	hdr("Subject", mime.QEncoding.Encode("utf-8", subject))
	hdr("Date", time.Now().UTC().Format(time.RFC1123Z))
	hdr("MIME-Version", "1.0")
	hdr("Content-Type", "text/plain; charset=utf-8")
	hdr("Content-Transfer-Encoding", "8bit")
	if list {
		hdr("List-Unsubscribe", "<"+m.unsubscribeURL(a)+">")
		hdr("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
		body += "No more mail from Parlor: " + m.unsubscribeURL(a) + "\n"
	}
	msg.WriteString("\r\n")
	msg.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	var auth smtp.Auth
	if m.cfg.User != "" {
		host, _, _ := strings.Cut(m.cfg.Addr, ":")
		auth = smtp.PlainAuth("", m.cfg.User, m.cfg.Password, host)
	}
	from, err := mail.ParseAddress(m.cfg.From)
	if err != nil {
		return err
	}
	return smtp.SendMail(m.cfg.Addr, auth, from.Address, []string{a.Address}, []byte(msg.String()))
}

// queue keeps n for the player's next digest, which goes at once if its
// interval has passed.
func (m *mailer) queue(ctx context.Context, n Notice) error {
	if err := m.store.QueueMail(ctx, n.UserID, store.MailItem{Notice: n.Key, Title: n.Title, Body: n.Body, URL: n.URL, At: time.Now()}); err != nil {
		return err
	}
	select {
	case m.soon <- struct{}{}:
	default:
	}
	return nil
}

// checkAddress says whether addr is a bare mail address (no name, no
// line breaks), the only kind the server writes into a header.
func checkAddress(addr string) error {
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Name != "" || a.Address != addr || len(addr) > 254 || strings.ContainsAny(addr, "\r\n") {
		return errors.New("address must be a mail address such as ann@example.org")
	}
	return nil
}
