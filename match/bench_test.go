package match

import (
	"context"
	"encoding/json"
	"syscall"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/store"
)

// BenchmarkPlay measures one accepted move, durable in the store, while
// many matches are played at once (64 per CPU, each by its own goroutine),
// as on a busy server. cpu-ns/op is the process's CPU time per accepted
// move, the figure the server's budget is about; ns/op is wall time, which
// includes waiting for the disk.
func BenchmarkPlay(b *testing.B) {
	e := newEnv(b)
	ctx := context.Background()
	opts := json.RawMessage(`{"target":1000000000}`)
	b.SetParallelism(64)
	b.ReportAllocs()
	cpu0 := cpuTime()
	ws0 := e.st.WriterStats()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		mt, err := e.m.Create(ctx, Spec{Game: "race", Options: opts, Seats: humans(2)})
		if err != nil {
			b.Error(err)
			return
		}
		move := []byte(`{"add":1}`)
		for seat := game.Seat(0); pb.Next(); seat = 1 - seat {
			if _, err := mt.Play(ctx, seat, move); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	ws := e.st.WriterStats()
	b.ReportMetric(float64(ws.Writes-ws0.Writes)/float64(ws.Commits-ws0.Commits), "moves/commit")
}

// BenchmarkPlayNoStore is BenchmarkPlay without durability, to separate
// the match's own cost from the store's.
func BenchmarkPlayNoStore(b *testing.B) {
	e := newEnv(b)
	m := New(toyRegistry, nullStore{e.st}, nil, Options{Clock: e.clock})
	defer m.Close(context.Background())
	ctx := context.Background()
	opts := json.RawMessage(`{"target":1000000000}`)
	b.SetParallelism(64)
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		mt, err := m.Create(ctx, Spec{Game: "race", Options: opts, Seats: humans(2)})
		if err != nil {
			b.Error(err)
			return
		}
		move := []byte(`{"add":1}`)
		for seat := game.Seat(0); pb.Next(); seat = 1 - seat {
			if _, err := mt.Play(ctx, seat, move); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
}

type nullStore struct{ Store }

func (nullStore) Append(context.Context, store.Record) error { return nil }

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPlayDots is BenchmarkPlay with whole 8x8 Dots games, the peer
// benchmark's game, without the store (nullStore): the match's own cost
// of a move, its copy of the position and its words included.
func BenchmarkPlayDots(b *testing.B) {
	e := newEnv(b)
	m := New(games.Registry(), nullStore{e.st}, nil, Options{Clock: e.clock})
	defer m.Close(context.Background())
	ctx := context.Background()
	spec := Spec{Game: "dots", Options: json.RawMessage(`{"rows":8,"cols":8}`), Seats: humans(2)}
	b.SetParallelism(64)
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mt *Match
		for pb.Next() {
			if mt == nil {
				var err error
				if mt, err = m.Create(ctx, spec); err != nil {
					b.Error(err)
					return
				}
			}
			mt.mu.Lock()
			seat := mt.st.Turn()[0]
			mv := game.Canonical(mt.st.Legal(seat)[0])
			mt.mu.Unlock()
			u, err := mt.Play(ctx, seat, mv)
			if err != nil {
				b.Error(err)
				return
			}
			if u.Outcome != nil {
				m.Remove(mt.ID())
				mt = nil
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
}
