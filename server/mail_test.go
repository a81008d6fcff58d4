package server_test

import (
	"bufio"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

// smtpServer is a mail server served by the test: it takes every message
// and keeps it, as a mail server speaks SMTP.
type smtpServer struct {
	t    *testing.T
	addr string
	mu   sync.Mutex
	got  []string
	news chan struct{}
}

func newSMTPServer(t *testing.T) *smtpServer {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpServer{t: t, addr: l.Addr().String(), news: make(chan struct{}, 16)}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *smtpServer) serve(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	say := func(line string) { _, _ = c.Write([]byte(line + "\r\n")) }
	say("220 test mail server")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250 test")
		case strings.HasPrefix(cmd, "DATA"):
			say("354 go on")
			var msg strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				msg.WriteString(strings.TrimPrefix(l, "."))
			}
			s.mu.Lock()
			s.got = append(s.got, msg.String())
			s.mu.Unlock()
			s.news <- struct{}{}
			say("250 kept")
		case strings.HasPrefix(cmd, "QUIT"):
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

func (s *smtpServer) next(what string) string {
	s.t.Helper()
	select {
	case <-s.news:
	case <-time.After(wait):
		s.t.Fatalf("no mail for %s", what)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.got[len(s.got)-1]
}

var linkOf = regexp.MustCompile(`http://parlor\.test(/api/notify/mail/[a-z]+\?token=[0-9a-f]+)`)

// TestMailDigest (issue 33, mail): Bob adds his address and confirms it
// from the mail the server sends; when Ann's move makes it his turn while
// he is away, his digest comes by mail with the table's link and a
// one-click unsubscribe. Opening the unsubscribe link shows a button and
// stops nothing (mail services open links by themselves); the one-click
// POST stops the mail.
func TestMailDigest(t *testing.T) {
	mailSrv := newSMTPServer(t)
	e := startEnvConfig(t, t.TempDir(), match.Options{}, func(c *server.Config) {
		c.NoticeDelay = -1
		c.Mail = server.MailConfig{Addr: mailSrv.addr, From: "Parlor <parlor@example.org>", BaseURL: "http://parlor.test", Tick: 20 * time.Millisecond}
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
	confirm := mailSrv.next("the confirmation")
	if !strings.Contains(confirm, "To: bob@example.org") || !strings.Contains(confirm, "Subject: Confirm your address") {
		t.Fatalf("the confirmation mail:\n%s", confirm)
	}
	m := linkOf.FindStringSubmatch(confirm)
	if m == nil || !strings.Contains(m[1], "/verify?") {
		t.Fatalf("no confirmation link in:\n%s", confirm)
	}
	if code, body := e.newUser("mailbox").do("GET", m[1], nil); code != 200 {
		t.Fatalf("following the confirmation link: %d %s", code, body)
	}
	if _, body := bob.do("GET", "/api/notify/mail", nil); !strings.Contains(string(body), `"verified":true`) {
		t.Fatalf("after confirming: %s", body)
	}

	ca, cb := ann.dial(), bob.dial()
	id := dotsDuel(t, ca, cb, nil)
	mark := len(ca.all())
	cb.close()
	waitAfter(ca, mark, "Bob's seat offline", func(m msg) bool {
		c, ok := seatConnected(m, 1)
		return m.t() == "table" && ok && !c
	})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
	digest := mailSrv.next("the digest")
	for _, want := range []string{"Subject: Your move, Bob: Dots and Boxes", "Ann drew the line a1 to b1", "http://parlor.test/t/" + id,
		"List-Unsubscribe-Post: List-Unsubscribe=One-Click", "List-Unsubscribe: <http://parlor.test/api/notify/mail/unsubscribe?token="} {
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
}
