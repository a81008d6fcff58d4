package webpush

import (
	"context"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func b64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The worked example of RFC 8291, section 5 (and appendix A).
const (
	rfcPlain    = "When I grow up, I want to be a watermelon"
	rfcASPriv   = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
	rfcUAPriv   = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
	rfcUAPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
	rfcAuth     = "BTBZMqHH6r4Tts7J_aSIgg"
	rfcSalt     = "DGv6ra1nlYgDCS1FRnbzlw"
	rfcBody     = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml" +
		"mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT" +
		"pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
)

// A browser decrypts only what matches the RFC to the byte: the example's
// keys and salt must give the example's message.
func TestEncryptRFC8291Example(t *testing.T) {
	as, err := ecdh.P256().NewPrivateKey(b64(t, rfcASPriv))
	if err != nil {
		t.Fatal(err)
	}
	got, err := encrypt(b64(t, rfcUAPublic), b64(t, rfcAuth), []byte(rfcPlain), as, b64(t, rfcSalt))
	if err != nil {
		t.Fatal(err)
	}
	if s := base64.RawURLEncoding.EncodeToString(got); s != rfcBody {
		t.Fatalf("encrypted\n got %s\nwant %s", s, rfcBody)
	}
}

func TestDecryptRFC8291Example(t *testing.T) {
	ua, err := ecdh.P256().NewPrivateKey(b64(t, rfcUAPriv))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decrypt(b64(t, rfcBody), ua, b64(t, rfcAuth))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != rfcPlain {
		t.Fatalf("decrypted %q, want %q", got, rfcPlain)
	}
	// Another subscription's secret must not open it.
	other := b64(t, rfcAuth)
	other[0] ^= 1
	if _, err := Decrypt(b64(t, rfcBody), ua, other); err == nil {
		t.Fatal("a message opened under the wrong authentication secret")
	}
}

// browser is a subscriber as a browser would make one: its key pair and
// secret, and the subscription it hands the server.
type browser struct {
	key  *ecdh.PrivateKey
	auth []byte
	sub  Subscription
}

func newBrowser(t *testing.T, endpoint string) browser {
	t.Helper()
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, AuthSize)
	rand.Read(auth)
	b := browser{key: k, auth: auth}
	b.sub.Endpoint = endpoint
	b.sub.Keys.P256dh = base64.RawURLEncoding.EncodeToString(k.PublicKey().Bytes())
	b.sub.Keys.Auth = base64.RawURLEncoding.EncodeToString(auth)
	return b
}

// checkVAPID verifies an Authorization header as a push service does:
// the token's signature against the k= key, its audience and expiry.
func checkVAPID(r *http.Request, wantKey string) error {
	h := r.Header.Get("Authorization")
	rest, ok := strings.CutPrefix(h, "vapid t=")
	if !ok {
		return errors.New("no vapid scheme")
	}
	token, k, ok := strings.Cut(rest, ", k=")
	if !ok {
		return errors.New("no k=")
	}
	if k != wantKey {
		return errors.New("k= is not the server's key")
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return errors.New("not a JWS")
	}
	raw, err := base64.RawURLEncoding.DecodeString(k)
	if err != nil {
		return err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return err
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return errors.New("signature is not 64 bytes")
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, sum[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("bad signature")
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	cb, _ := base64.RawURLEncoding.DecodeString(parts[1])
	if err := json.Unmarshal(cb, &claims); err != nil {
		return err
	}
	if claims.Aud != "http://"+r.Host && claims.Aud != "https://"+r.Host {
		return errors.New("aud is " + claims.Aud)
	}
	if exp := time.Unix(claims.Exp, 0); exp.Before(time.Now()) || exp.After(time.Now().Add(24*time.Hour)) {
		return errors.New("exp out of range")
	}
	if claims.Sub != "mailto:ops@example.org" {
		return errors.New("sub is " + claims.Sub)
	}
	return nil
}

// A push service served by the test receives the message, checks the
// server's signature, and opens the message with the subscriber's keys.
func TestSendToPushService(t *testing.T) {
	secret := make([]byte, 32)
	secret[31] = 7
	v, err := NewVAPID(secret, "mailto:ops@example.org")
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	var b browser
	svc := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/gone" {
			w.WriteHeader(http.StatusGone)
			return
		}
		if err := checkVAPID(r, v.PublicKey()); err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		if r.Header.Get("Content-Encoding") != "aes128gcm" || r.Header.Get("TTL") != "3600" || r.Header.Get("Urgency") != "high" {
			http.Error(w, "headers", http.StatusBadRequest)
			return
		}
		body, _ := io.ReadAll(r.Body)
		plain, err := Decrypt(body, b.key, b.auth)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		got <- string(plain)
		w.WriteHeader(http.StatusCreated)
	}))
	defer svc.Close()
	b = newBrowser(t, svc.URL+"/push/abc")
	s := &Sender{VAPID: v, Client: svc.Client()}
	msg := Message{Payload: []byte(`{"title":"Your move"}`), TTL: time.Hour, Urgency: UrgencyHigh}
	if err := s.Send(context.Background(), b.sub, msg); err != nil {
		t.Fatal(err)
	}
	if p := <-got; p != `{"title":"Your move"}` {
		t.Fatalf("the push service read %q", p)
	}

	gone := b.sub
	gone.Endpoint = svc.URL + "/gone"
	if err := s.Send(context.Background(), gone, msg); !errors.Is(err, ErrGone) {
		t.Fatalf("a 410 gave %v, want ErrGone", err)
	}

	// A server with another identity is refused by this subscription's
	// service, and Send says so.
	other, _ := NewVAPID(append(make([]byte, 31), 9), "mailto:ops@example.org")
	if err := (&Sender{VAPID: other, Client: svc.Client()}).Send(context.Background(), b.sub, msg); err == nil || errors.Is(err, ErrGone) {
		t.Fatalf("a message signed by another key gave %v, want a refusal", err)
	}
}

func TestSubscriptionCheck(t *testing.T) {
	good := newBrowser(t, "https://push.example.org/x").sub
	if err := good.Check(false); err != nil {
		t.Fatal(err)
	}
	plain := good
	plain.Endpoint = "http://push.example.org/x"
	if plain.Check(false) == nil {
		t.Error("an http endpoint was accepted")
	}
	if err := plain.Check(true); err != nil {
		t.Errorf("an http endpoint was refused with insecure: %v", err)
	}
	short := good
	short.Keys.Auth = "AAAA"
	if short.Check(false) == nil {
		t.Error("a 3-byte secret was accepted")
	}
	bad := good
	bad.Keys.P256dh = base64.RawURLEncoding.EncodeToString(make([]byte, 65))
	if bad.Check(false) == nil {
		t.Error("a key that is no point was accepted")
	}
	if err := (&Sender{}).Send(context.Background(), bad, Message{}); err == nil {
		t.Error("Send took a bad subscription")
	}
}

func TestPayloadTooLong(t *testing.T) {
	b := newBrowser(t, "https://push.example.org/x")
	p, a, _ := b.sub.keys()
	if _, err := Encrypt(p, a, make([]byte, MaxPayload)); err != nil {
		t.Fatalf("the largest payload was refused: %v", err)
	}
	if _, err := Encrypt(p, a, make([]byte, MaxPayload+1)); err == nil {
		t.Fatal("a payload over MaxPayload was accepted")
	}
}
