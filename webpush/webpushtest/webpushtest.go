// Package webpushtest is a Web Push service for tests, in the spirit of
// httptest: it serves push endpoints on a local port for one subscriber
// whose keys it holds, opens every message as that browser would, and
// keeps what it read, so that a test sees exactly what a browser would be
// shown. An endpoint under /gone/ answers 410, as a push service does for
// a subscription the browser dropped.
package webpushtest

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parlor-games/parlor/webpush"
)

// Service is a running push service.
type Service struct {
	// URL is the service's base URL.
	URL string
	// Client trusts the service (its TLS certificate, when it has one),
	// for the server under test to send with.
	Client *http.Client

	t    testing.TB
	srv  *httptest.Server
	key  *ecdh.PrivateKey
	auth []byte

	mu   sync.Mutex
	got  [][]byte
	to   []string // the device each message of got was sent to
	news chan struct{}
}

// New starts a service, over TLS when tls is set (a server under test
// takes https endpoints only, unless told otherwise), stopped when the
// test ends.
func New(t testing.TB, tls bool) *Service {
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s := &Service{t: t, key: k, auth: make([]byte, webpush.AuthSize), news: make(chan struct{}, 64)}
	rand.Read(s.auth)
	h := http.HandlerFunc(s.serve)
	if tls {
		s.srv = httptest.NewTLSServer(h)
	} else {
		s.srv = httptest.NewServer(h)
	}
	s.URL, s.Client = s.srv.URL, s.srv.Client()
	t.Cleanup(s.srv.Close)
	return s
}

func (s *Service) serve(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/gone/") {
		w.WriteHeader(http.StatusGone)
		return
	}
	if !strings.HasPrefix(r.Header.Get("Authorization"), "vapid t=") || r.Header.Get("Content-Encoding") != "aes128gcm" {
		s.t.Errorf("webpushtest: a message without a VAPID signature or aes128gcm")
		http.Error(w, "unsigned", http.StatusUnauthorized)
		return
	}
	body, _ := io.ReadAll(r.Body)
	plain, err := webpush.Decrypt(body, s.key, s.auth)
	if err != nil {
		s.t.Errorf("webpushtest: a message the subscriber could not open: %v", err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.got = append(s.got, plain)
	s.to = append(s.to, strings.TrimPrefix(r.URL.Path, "/send/"))
	s.mu.Unlock()
	s.news <- struct{}{}
	w.WriteHeader(http.StatusCreated)
}

// Subscription is the subscriber's subscription at the endpoint named
// device; GoneSubscription one the service says is gone.
func (s *Service) Subscription(device string) webpush.Subscription { return s.sub("/send/" + device) }

func (s *Service) GoneSubscription(device string) webpush.Subscription {
	return s.sub("/gone/" + device)
}

func (s *Service) sub(path string) webpush.Subscription {
	var sub webpush.Subscription
	sub.Endpoint = s.URL + path
	sub.Keys.P256dh = base64.RawURLEncoding.EncodeToString(s.key.PublicKey().Bytes())
	sub.Keys.Auth = base64.RawURLEncoding.EncodeToString(s.auth)
	return sub
}

// Next waits up to wait for the next message, and returns what the
// subscriber read in it; it fails the test when none comes.
func (s *Service) Next(what string, wait time.Duration) []byte {
	s.t.Helper()
	select {
	case <-s.news:
	case <-time.After(wait):
		s.t.Fatalf("webpushtest: no push message for %s", what)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.got[len(s.got)-1]
}

// To is every message read so far that was sent to device, so that a
// test with several subscribers tells whose screen a notice reached.
func (s *Service) To(device string) [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out [][]byte
	for i, d := range s.to {
		if d == device {
			out = append(out, s.got[i])
		}
	}
	return out
}

// All is every message read so far.
func (s *Service) All() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.got...)
}
