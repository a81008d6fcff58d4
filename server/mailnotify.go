package server

import (
	"context"
	"errors"
	"fmt"
	netmail "net/mail"
	"net/url"
	"strings"
	"time"

	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/store"
)

// Notices by mail: a player adds an address, confirms it from the mail
// the server sends, and then gets the notices of the kinds they chose as
// a digest, at most once per interval they chose, each mail with a link
// (and the one-click header of RFC 8058) that stops the mail at once.

// MailConfig sets up notices by mail.
type MailConfig struct {
	// Sender sends the mail (the relay of parlor serve's -smtp-addr,
	// which also mails the accounts' links); nil sends no mail.
	Sender mail.Sender
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
	if s.cfg.Mail.Sender == nil {
		return nil
	}
	ms, ok := s.cfg.Store.(mailStore)
	if !ok {
		return nil
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
		if err := m.send(ctx, a, digestSubject(items), digestBody(m.cfg.BaseURL, items), true); err != nil {
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
func (m *mailer) send(ctx context.Context, a store.MailAddress, subject, body string, list bool) error {
	msg := mail.Message{To: a.Address, Subject: subject, Text: body}
	if list {
		msg.Unsubscribe = m.unsubscribeURL(a)
		msg.Text += "No more mail from Parlor: " + msg.Unsubscribe + "\n"
	}
	return m.cfg.Sender.Send(ctx, msg)
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
	a, err := netmail.ParseAddress(addr)
	if err != nil || a.Name != "" || a.Address != addr || len(addr) > 254 || strings.ContainsAny(addr, "\r\n") {
		return errors.New("address must be a mail address such as ann@example.org")
	}
	return nil
}
