// Package smtptest is a mail server for tests, in the spirit of
// httptest: it speaks enough SMTP on a local port for a client to hand it
// messages (no TLS, no sign-in), and keeps each message as it came, so a
// test reads the mail a person would get.
package smtptest

import (
	"bufio"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is a running mail server.
type Server struct {
	// Addr is host:port to send to.
	Addr string

	t    testing.TB
	mu   sync.Mutex
	got  []string
	news chan struct{}
}

// New starts a server, stopped when the test ends.
func New(t testing.TB) *Server {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Addr: l.Addr().String(), t: t, news: make(chan struct{}, 64)}
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

func (s *Server) serve(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	say := func(line string) { _, _ = c.Write([]byte(line + "\r\n")) }
	say("220 smtptest")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "DATA"):
			say("354 end with a dot")
			var msg strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				// A line the client began with a dot had one added.
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
			// EHLO, MAIL, RCPT, RSET, NOOP: all accepted.
			say("250 ok")
		}
	}
}

// Next waits up to wait for the next message and returns it, headers
// and body; it fails the test when none comes.
func (s *Server) Next(what string, wait time.Duration) string {
	s.t.Helper()
	select {
	case <-s.news:
	case <-time.After(wait):
		s.t.Fatalf("smtptest: no mail for %s", what)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.got[len(s.got)-1]
}

// All is every message so far.
func (s *Server) All() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.got...)
}
