package webpush

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"time"
)

// VAPID is the server's identity towards push services (RFC 8292): a
// P-256 signing key whose public half browsers are given when they
// subscribe, and a contact (a mailto: or https: URL) a push service may
// use to reach the operator.
type VAPID struct {
	key     *ecdsa.PrivateKey
	subject string
}

// NewVAPID makes the identity from a 32-byte secret, read as the private
// scalar: the server keeps the secret, not a key file, so the identity is
// the same on every node and across restarts, and every subscription
// stays valid.
func NewVAPID(secret []byte, subject string) (*VAPID, error) {
	if subject == "" {
		return nil, errors.New("webpush: VAPID needs a contact (a mailto: or https: URL)")
	}
	k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), secret)
	if err != nil {
		return nil, fmt.Errorf("webpush: the secret is no P-256 key: %w", err)
	}
	return &VAPID{key: k, subject: subject}, nil
}

// PublicKey is the key browsers subscribe with (applicationServerKey), in
// base64url without padding, as the Push API and the k= parameter take it.
func (v *VAPID) PublicKey() string {
	b, err := v.key.PublicKey.Bytes()
	if err != nil {
		// A key ParseRawPrivateKey accepted always encodes.
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// Authorization is the header value that signs a request to endpoint:
// a token for the endpoint's origin that expires at exp (push services
// refuse more than a day ahead), and the public key that checks it.
func (v *VAPID) Authorization(endpoint string, exp time.Time) (string, error) {
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", fmt.Errorf("webpush: %q is not an endpoint URL", endpoint)
	}
	header := base64.RawURLEncoding.EncodeToString([]byte(`{"typ":"JWT","alg":"ES256"}`))
	claims, err := json.Marshal(struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}{u.Scheme + "://" + u.Host, exp.Unix(), v.subject})
	if err != nil {
		return "", err
	}
	signed := header + "." + base64.RawURLEncoding.EncodeToString(claims)
	sum := sha256.Sum256([]byte(signed))
	r, s, err := ecdsa.Sign(rand.Reader, v.key, sum[:])
	if err != nil {
		return "", err
	}
	// JWS wants r and s as two 32-byte big-endian numbers, not ASN.1.
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	return "vapid t=" + signed + "." + base64.RawURLEncoding.EncodeToString(sig) + ", k=" + v.PublicKey(), nil
}
