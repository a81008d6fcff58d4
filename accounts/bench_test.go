package accounts

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

// The end of a match, counted: stats, ratings, achievements. "serial"
// counts one match after another between the same two players (the time
// a match's end waits); "parallel" counts matches of 64 players, pairs of
// neighbours, from many goroutines at once (what the store sustains).
func BenchmarkRecordMatch(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchRecordMatch(b, storetest.Name(b, "bench.db")) })
	b.Run("postgres", func(b *testing.B) { benchRecordMatch(b, storetest.Postgres(b)) })
}

func benchRecordMatch(b *testing.B, name string) {
	ctx := context.Background()
	st, err := store.Open(ctx, name)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	s := New(st, Options{Hash: cheapHash})
	var ids []int64
	for i := range 64 {
		id, err := st.CreateUser(ctx, store.NewUser{Name: fmt.Sprint("p", i), Key: fmt.Sprint("p", i), Created: s.now()})
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, id)
	}
	count := func(a, c int64) error {
		seats := []SeatResult{{UserID: a, Result: Won}, {UserID: c, Result: Lost}}
		_, err := s.RecordMatch(ctx, "dots", seats)
		return err
	}
	b.Run("serial", func(b *testing.B) {
		for b.Loop() {
			if err := count(ids[0], ids[1]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parallel", func(b *testing.B) {
		var next atomic.Int64
		b.SetParallelism(8)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				i := next.Add(1) % int64(len(ids))
				if err := count(ids[i], ids[(i+1)%int64(len(ids))]); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}
