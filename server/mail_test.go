package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/mail"
	"github.com/parlor-games/parlor/mail/mailtest"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

var linkOf = regexp.MustCompile(`http://parlor\.test(/api/notify/mail/[a-z]+\?token=[0-9a-f]+)`)

// TestMailDigest (issue 33, mail): Bob adds his address and confirms it
// from the mail the server sends; when Ann's move makes it his turn while
// he is away, his first digest comes at once (not at the next hourly
// look) by mail with the table's link and a one-click unsubscribe. Opening the unsubscribe link shows a button and
// stops nothing (mail services open links by themselves); the one-click
// POST stops the mail.
func TestMailDigest(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		relay := mailtest.Start(t, mailtest.Options{})
		sender, err := mail.NewSMTP(mail.Config{Addr: relay.Addr, From: "Parlor <parlor@example.org>", Security: mail.Plain})
		if err != nil {
			t.Fatal(err)
		}
		e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) {
			c.NoticeDelay = -1
			c.Mail = server.MailConfig{Sender: sender, BaseURL: "http://parlor.test", Tick: time.Hour}
		})
		ann, bob := e.guest("Ann"), e.guest("Bob")
		for _, bad := range []map[string]any{
			{"address": "Bob <bob@example.org>", "every": 60},
			{"address": "bob@example.org\r\nBcc: x@example.org", "every": 60},
			{"address": "bob@example.org", "every": 5},
		} {
			if code, body := bob.do("PUT", "/api/notify/mail", bad); code != 400 {
				t.Fatalf("PUT %v: %d %s", bad, code, body)
			}
		}
		if code, body := bob.do("PUT", "/api/notify/mail", map[string]any{"address": "bob@example.org", "every": 60}); code != 200 {
			t.Fatalf("PUT mail: %d %s", code, body)
		}
		confirmMail := relay.Next(t)
		if code, body := bob.do("PUT", "/api/notify/mail", map[string]any{"address": "someone@example.org", "every": 60}); code != 429 || !strings.Contains(string(body), "a minute") {
			t.Fatalf("a second confirmation within the minute: %d %s", code, body)
		}
		if confirmMail.To != "bob@example.org" || !strings.HasPrefix(confirmMail.Subject, "Confirm your address") {
			t.Fatalf("the confirmation mail to %s: %q\n%s", confirmMail.To, confirmMail.Subject, confirmMail.Text)
		}
		m := linkOf.FindStringSubmatch(confirmMail.Text)
		if m == nil || !strings.Contains(m[1], "/verify?") {
			t.Fatalf("no confirmation link in:\n%s", confirmMail.Text)
		}
		if code, body := e.newUser("mailbox").do("GET", m[1], nil); code != 200 {
			t.Fatalf("following the confirmation link: %d %s", code, body)
		}
		if _, body := bob.do("GET", "/api/notify/mail", nil); !strings.Contains(string(body), `"verified":true`) {
			t.Fatalf("after confirming: %s", body)
		}

		ca, cb := ann.dial(), bob.dial()
		id := dotsDuel(t, ca, cb, nil)
		closeSeat(ca, cb, 1, "Bob's seat offline")
		ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
		dm := relay.Next(t)
		digest := dm.Text
		if dm.Subject != "Your move, Bob: Dots and Boxes" || dm.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" ||
			!strings.HasPrefix(dm.Header.Get("List-Unsubscribe"), "<http://parlor.test/api/notify/mail/unsubscribe?token=") {
			t.Fatalf("the digest's subject %q and header %v", dm.Subject, dm.Header)
		}
		for _, want := range []string{"Ann drew the line a1 to b1", "http://parlor.test/t/" + id} {
			if !strings.Contains(digest, want) {
				t.Fatalf("the digest lacks %q:\n%s", want, digest)
			}
		}
		m = linkOf.FindStringSubmatch(digest[strings.Index(digest, "No more mail"):])
		if m == nil || !strings.Contains(m[1], "/unsubscribe?") {
			t.Fatalf("no unsubscribe link in:\n%s", digest)
		}
		mailbox := e.newUser("mailbox")
		if code, body := mailbox.do("GET", m[1], nil); code != 200 || !strings.Contains(string(body), "<form method=\"post\"") {
			t.Fatalf("the unsubscribe page: %d %s", code, body)
		}
		if _, body := bob.do("GET", "/api/notify/mail", nil); !strings.Contains(string(body), `"verified":true`) {
			t.Fatalf("opening the link stopped the mail: %s", body)
		}
		res, err := mailbox.hc.PostForm(e.url+m[1], url.Values{"List-Unsubscribe": {"One-Click"}})
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("one-click unsubscribe: %v %v", res, err)
		}
		res.Body.Close()
		if _, body := bob.do("GET", "/api/notify/mail", nil); !strings.Contains(string(body), `"address":""`) {
			t.Fatalf("after unsubscribing: %s", body)
		}
	})
}
