package store

import (
	"context"
	"testing"
)

// BenchmarkGreetLookups is what the store is asked, beyond the session,
// when a WebSocket connects: the user's ties (follows, blocks, mutes) and
// open challenges. A player of the peer benchmark connects anew for every
// match, so this is paid twice per match of 112 moves.
func BenchmarkGreetLookups(b *testing.B) {
	ctx := context.Background()
	s, _ := openTemp(b)
	id, err := s.CreateUser(ctx, NewUser{Name: "ann", Key: "ann", Guest: true, Created: t0})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Ties(ctx, id); err != nil {
			b.Fatal(err)
		}
		if _, err := s.OpenChallenges(ctx, id, t0); err != nil {
			b.Fatal(err)
		}
	}
}
