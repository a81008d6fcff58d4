package webpush

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Subscription is what a browser's PushSubscription.toJSON() gives: the
// push service's URL for it and its keys, base64url as the browser
// writes them.
type Subscription struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// ErrGone is in the chain of Send's error when the push service says the
// subscription no longer exists (404 or 410): the browser unsubscribed,
// or its subscription expired, and it should be forgotten.
var ErrGone = errors.New("webpush: the subscription is gone")

// Check says what is wrong with a subscription, nil if nothing: an
// endpoint that is not an https URL (or http, with insecure, for a push
// service on a private network or in a test), or keys of the wrong size.
func (s Subscription) Check(insecure bool) error {
	u, err := url.Parse(s.Endpoint)
	if err != nil || u.Host == "" || len(s.Endpoint) > 2048 {
		return errors.New("the endpoint is not a URL")
	}
	if u.Scheme != "https" && !(insecure && u.Scheme == "http") {
		return errors.New("the endpoint must be an https URL")
	}
	if _, _, err := s.keys(); err != nil {
		return err
	}
	return nil
}

func (s Subscription) keys() (p256dh, auth []byte, err error) {
	p256dh, err = decode64(s.Keys.P256dh)
	if err != nil || len(p256dh) != 65 || p256dh[0] != 4 {
		return nil, nil, errors.New("keys.p256dh must be an uncompressed P-256 key (65 bytes, base64url)")
	}
	auth, err = decode64(s.Keys.Auth)
	if err != nil || len(auth) != AuthSize {
		return nil, nil, errors.New("keys.auth must be 16 bytes in base64url")
	}
	return p256dh, auth, nil
}

// decode64 reads base64url with or without padding, as browsers differ.
func decode64(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// Urgency is how soon a message matters (RFC 8030 section 5.3): a push
// service may hold back a low one to spare a phone's battery.
type Urgency string

const (
	UrgencyNormal Urgency = "normal"
	UrgencyHigh   Urgency = "high"
)

// Message is one push to send.
type Message struct {
	Payload []byte
	// TTL is how long the push service keeps the message for a browser
	// that is offline; 0 sends it only to one that is online now.
	TTL     time.Duration
	Urgency Urgency
	// Topic, when set, makes the message replace an undelivered one of the
	// same topic (up to 32 base64url characters).
	Topic string
}

// Sender sends messages signed by its VAPID identity.
type Sender struct {
	VAPID *VAPID
	// Client makes the requests; nil means a client with a 10-second
	// timeout.
	Client *http.Client
}

var defaultClient = &http.Client{Timeout: 10 * time.Second}

// Send encrypts m for sub and posts it to sub's push service. It returns
// an error wrapping ErrGone when the service says the subscription is
// gone, and another error for any other refusal.
func (s *Sender) Send(ctx context.Context, sub Subscription, m Message) error {
	p256dh, auth, err := sub.keys()
	if err != nil {
		return fmt.Errorf("webpush: %w", err)
	}
	body, err := Encrypt(p256dh, auth, m.Payload)
	if err != nil {
		return err
	}
	authz, err := s.VAPID.Authorization(sub.Endpoint, time.Now().Add(12*time.Hour))
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sub.Endpoint, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("webpush: %w", err)
	}
	req.Header.Set("Authorization", authz)
	req.Header.Set("Content-Encoding", "aes128gcm")
	req.Header.Set("Content-Type", "application/octet-stream")
	req.Header.Set("TTL", strconv.FormatInt(int64(m.TTL/time.Second), 10))
	if m.Urgency != "" {
		req.Header.Set("Urgency", string(m.Urgency))
	}
	if m.Topic != "" {
		req.Header.Set("Topic", m.Topic)
	}
	c := s.Client
	if c == nil {
		c = defaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("webpush: %w", err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return nil
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return fmt.Errorf("%w (%s)", ErrGone, resp.Status)
	default:
		return fmt.Errorf("webpush: the push service refused the message: %s %s", resp.Status, strings.TrimSpace(string(text)))
	}
}
