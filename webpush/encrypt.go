package webpush

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
)

// recordSize is the record size written in the header. A push message is
// one record, so any size above the message will do; 4096 is what
// browsers and push services expect to see.
const recordSize = 4096

// MaxPayload is the most plaintext one message carries: push services
// accept at least 4096 bytes of body, from which the header (86 bytes),
// the tag (16) and the delimiter (1) are taken.
const MaxPayload = recordSize - 86 - 16 - 1

// AuthSize is the length of a subscription's authentication secret.
const AuthSize = 16

// Encrypt seals plaintext for the browser whose subscription has the
// public key uaPublic (65 bytes, uncompressed P-256) and the secret auth,
// with a fresh sender key and salt for every message: reusing either
// would repeat an AES-GCM key and nonce.
func Encrypt(uaPublic, auth, plaintext []byte) ([]byte, error) {
	as, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	return encrypt(uaPublic, auth, plaintext, as, salt)
}

// encrypt is Encrypt with the sender's key and the salt given, so that a
// test can reproduce RFC 8291's worked example.
func encrypt(uaPublic, auth, plaintext []byte, as *ecdh.PrivateKey, salt []byte) ([]byte, error) {
	if len(plaintext) > MaxPayload {
		return nil, fmt.Errorf("webpush: a payload of %d bytes is over the %d a message carries", len(plaintext), MaxPayload)
	}
	if len(auth) != AuthSize {
		return nil, fmt.Errorf("webpush: the authentication secret must be %d bytes, not %d", AuthSize, len(auth))
	}
	ua, err := ecdh.P256().NewPublicKey(uaPublic)
	if err != nil {
		return nil, errors.New("webpush: the subscription's key is not a P-256 point")
	}
	asPublic := as.PublicKey().Bytes()
	aead, nonce, err := contentKey(as, ua, uaPublic, asPublic, auth, salt)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, 16+4+1+len(asPublic)+len(plaintext)+1+aead.Overhead())
	out = append(out, salt...)
	out = binary.BigEndian.AppendUint32(out, recordSize)
	out = append(out, byte(len(asPublic)))
	out = append(out, asPublic...)
	// The last (and only) record ends with the delimiter 2 and no padding.
	record := append(append(make([]byte, 0, len(plaintext)+1), plaintext...), 2)
	return aead.Seal(out, nonce, record, nil), nil
}

// contentKey derives the message's AES-128-GCM cipher and nonce from the
// shared secret of own and peer, bound to both public keys (receiver's
// first) and to the subscription's secret (RFC 8291 section 3.4).
func contentKey(own *ecdh.PrivateKey, peer *ecdh.PublicKey, uaPublic, asPublic, auth, salt []byte) (cipher.AEAD, []byte, error) {
	shared, err := own.ECDH(peer)
	if err != nil {
		return nil, nil, err
	}
	info := "WebPush: info\x00" + string(uaPublic) + string(asPublic)
	ikm, err := hkdf.Key(sha256.New, shared, auth, info, 32)
	if err != nil {
		return nil, nil, err
	}
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, nil, err
	}
	cek, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, nil, err
	}
	nonce, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, nil, err
	}
	return aead, nonce, nil
}

// Decrypt opens a message as the browser holding ua (the subscription's
// private key) and auth would: one aes128gcm record whose header names
// the sender's key.
func Decrypt(body []byte, ua *ecdh.PrivateKey, auth []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("webpush: the message is shorter than its header")
	}
	salt, idlen := body[:16], int(body[20])
	if len(body) < 21+idlen {
		return nil, errors.New("webpush: the message is shorter than its header")
	}
	asPublic := body[21 : 21+idlen]
	as, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		return nil, errors.New("webpush: the header's key id is not a P-256 point")
	}
	aead, nonce, err := contentKey(ua, as, ua.PublicKey().Bytes(), asPublic, auth, salt)
	if err != nil {
		return nil, err
	}
	record, err := aead.Open(nil, nonce, body[21+idlen:], nil)
	if err != nil {
		return nil, errors.New("webpush: the message does not open with this subscription's keys")
	}
	// Padding is zeros after the delimiter; the last record's is 2.
	i := len(record) - 1
	for i >= 0 && record[i] == 0 {
		i--
	}
	if i < 0 || record[i] != 2 {
		return nil, errors.New("webpush: the record has no final delimiter")
	}
	return record[:i], nil
}
