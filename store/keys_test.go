package store

import (
	"bytes"
	"context"
	"sync"
	"testing"
)

// TestKeyMadeOnceAndKept: the first call makes a key of KeySize bytes;
// later calls, a reopened store and a second store over the same file (a
// second server sharing the database) all get that same key, while another
// purpose and another database get keys of their own.
func TestKeyMadeOnceAndKept(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, path := b.openTemp(t)
		k1, err := s.Key(ctx, "saves")
		if err != nil {
			t.Fatal(err)
		}
		if len(k1) != KeySize || bytes.Equal(k1, make([]byte, KeySize)) {
			t.Fatalf("key %x: want %d random bytes", k1, KeySize)
		}
		if k2, err := s.Key(ctx, "saves"); err != nil || !bytes.Equal(k1, k2) {
			t.Fatalf("second call: %x %v, want %x", k2, err, k1)
		}
		other, err := s.Key(ctx, "other")
		if err != nil || bytes.Equal(other, k1) {
			t.Fatalf("a key for another purpose: %x %v (saves key %x)", other, err, k1)
		}

		// A second server over the same database.
		peer, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if k, err := peer.Key(ctx, "saves"); err != nil || !bytes.Equal(k, k1) {
			t.Fatalf("a second store over the same file: %x %v, want %x", k, err, k1)
		}
		peer.Close()

		// A restart.
		s.Close()
		re, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer re.Close()
		if k, err := re.Key(ctx, "saves"); err != nil || !bytes.Equal(k, k1) {
			t.Fatalf("after reopening: %x %v, want %x", k, err, k1)
		}

		// Another database has its own key.
		elsewhere, _ := b.openTemp(t)
		if k, err := elsewhere.Key(ctx, "saves"); err != nil || bytes.Equal(k, k1) {
			t.Fatalf("another database: %x %v, same as %x", k, err, k1)
		}
	})
}

// TestKeyFirstUseRace: servers that ask for a key nobody has made yet, all
// at once, agree on one key.
func TestKeyFirstUseRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		path := b.path(t)
		var stores []*Store
		for i := 0; i < 3; i++ {
			s, err := Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			stores = append(stores, s)
		}
		keys := make([][]byte, 12)
		errs := make([]error, len(keys))
		var wg sync.WaitGroup
		for i := range keys {
			wg.Add(1)
			go func() {
				defer wg.Done()
				keys[i], errs[i] = stores[i%len(stores)].Key(ctx, "saves")
			}()
		}
		wg.Wait()
		for i := range keys {
			if errs[i] != nil {
				t.Fatalf("caller %d: %v", i, errs[i])
			}
			if !bytes.Equal(keys[i], keys[0]) {
				t.Fatalf("caller %d got %x, caller 0 got %x", i, keys[i], keys[0])
			}
		}
	})
}

// TestKeyDamagedRefused: a key that is not KeySize bytes of hex is an
// error, never a short or guessed key.
func TestKeyDamagedRefused(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		if _, err := s.db.ExecContext(ctx, `INSERT INTO server_keys (name, secret, created) VALUES ('saves', 'abcd', 0)`); err != nil {
			t.Fatal(err)
		}
		if k, err := s.Key(ctx, "saves"); err == nil {
			t.Fatalf("a damaged key was used: %x", k)
		}
	})
}
