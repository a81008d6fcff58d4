package accounts

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// HashParams are the argon2id cost parameters. They are written into every
// encoded hash, so raising them later only affects new hashes (and old ones
// are upgraded on the next successful login).
type HashParams struct {
	Time    uint32 // passes over memory
	Memory  uint32 // KiB
	Threads uint8
}

// DefaultHashParams follow the OWASP minimum for argon2id (19 MiB, 2 passes,
// 1 lane). On the 2-core machine this was chosen on, one hash takes about
// 23 ms: slow enough that an offline guesser pays dearly for each try, fast
// enough that a login stays instant for a person, and small enough in memory
// that a burst of logins cannot exhaust the server (hashing is further capped
// at one concurrent hash per core, see Service.hashSem).
var DefaultHashParams = HashParams{Time: 2, Memory: 19 * 1024, Threads: 1}

const (
	saltLen = 16
	keyLen  = 32
)

// hashPassword returns the PHC string form of an argon2id hash:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>, base64 without padding.
// This is the form other argon2 tools read, so hashes can move with the data.
func hashPassword(password string, p HashParams) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

var errBadHash = errors.New("accounts: malformed password hash")

// parseHash splits an encoded hash into its parameters, salt and key.
func parseHash(encoded string) (HashParams, []byte, []byte, error) {
	var p HashParams
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, errBadHash
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return p, nil, nil, errBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return p, nil, nil, errBadHash
	}
	if p.Time == 0 || p.Memory == 0 || p.Threads == 0 {
		return p, nil, nil, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return p, nil, nil, errBadHash
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) == 0 {
		return p, nil, nil, errBadHash
	}
	return p, salt, key, nil
}

// checkPassword reports whether password matches encoded, comparing in
// constant time so the comparison leaks nothing about how much matched.
// stale is true when the hash was made with parameters other than want, so
// the caller can store a fresh hash.
func checkPassword(encoded, password string, want HashParams) (ok, stale bool, err error) {
	p, salt, key, err := parseHash(encoded)
	if err != nil {
		return false, false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	ok = subtle.ConstantTimeCompare(got, key) == 1
	return ok, ok && p != want, nil
}
