package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// KeySize is the length in bytes of a key made by Key: enough for
// AES-256.
const KeySize = 32

// Key returns the server's secret key for one purpose (such as "saves"),
// making it from KeySize random bytes the first time any server using this
// database asks for it.
//
// The key is created with an insert that does nothing when the name is
// already taken, and then read back: when two servers ask for a new key at
// the same moment, one insert wins and both read the winner, so they can
// never end up with different keys. The key is kept in hex so that the
// column is plain TEXT on every database engine.
func (s *Store) Key(ctx context.Context, name string) ([]byte, error) {
	if name == "" {
		return nil, errors.New("store: a key needs a name")
	}
	fresh := make([]byte, KeySize)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("store: key %s: %w", name, err)
	}
	if _, err := s.db.ExecContext(ctx,
		`INSERT INTO server_keys (name, secret, created) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
		name, hex.EncodeToString(fresh), millis(time.Now())); err != nil {
		return nil, fmt.Errorf("store: key %s: %w", name, err)
	}
	var secret string
	if err := s.db.QueryRowContext(ctx, `SELECT secret FROM server_keys WHERE name = $1`, name).Scan(&secret); err != nil {
		return nil, fmt.Errorf("store: key %s: %w", name, err)
	}
	key, err := hex.DecodeString(secret)
	if err != nil || len(key) != KeySize {
		// Never carry on with a damaged key: what it sealed could not be
		// opened again, and what it opens would not be what was sealed.
		return nil, fmt.Errorf("store: key %s is damaged (want %d bytes in hex)", name, KeySize)
	}
	return key, nil
}
