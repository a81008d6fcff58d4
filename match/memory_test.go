package match

import (
	"context"
	"encoding/json"
	"runtime"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// playDotsToLastMove plays an 8x8 Dots match between two humans, drawing
// lines in order, until one line is left: the match at its last move.
func playDotsToLastMove(tb testing.TB, m *Manager) *Match {
	tb.Helper()
	ctx := context.Background()
	mt, err := m.Create(ctx, Spec{Game: "dots", Options: json.RawMessage(`{"rows":8,"cols":8}`), Seats: humans(2)})
	if err != nil {
		tb.Fatal(err)
	}
	for {
		mt.mu.Lock()
		st := mt.st
		turn := st.Turn()
		legal := st.Legal(turn[0])
		mt.mu.Unlock()
		if len(legal) == 1 {
			return mt
		}
		if _, err := mt.Play(ctx, turn[0], game.Canonical(legal[0])); err != nil {
			tb.Fatal(err)
		}
	}
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// BenchmarkLiveDotsMatch reports the heap a live 8x8 Dots match holds at
// its last move (after a forced GC), per match. The moves are not stored
// (nullStore), so that the figure is the match's own and not the store's
// buffers.
func BenchmarkLiveDotsMatch(b *testing.B) {
	e := newEnv(b)
	m := New(games.Registry(), nullStore{e.st}, nil, Options{Clock: e.clock, BotTime: 200 * time.Millisecond})
	defer m.Close(context.Background())
	const n = 200
	keep := make([]*Match, 0, n)
	for i := 0; i < b.N; i++ {
		keep = keep[:0]
		before := heapInUse()
		for j := 0; j < n; j++ {
			keep = append(keep, playDotsToLastMove(b, m))
		}
		after := heapInUse()
		b.ReportMetric(float64(after-before)/n, "bytes/match")
		for _, mt := range keep {
			m.Remove(mt.ID())
		}
	}
	runtime.KeepAlive(keep)
}
