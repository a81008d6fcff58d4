package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// At a human pace each move would pay a sync of its own; with a commit
// delay, moves of different matches that arrive a millisecond apart while
// the store is busy share commits, and every one of them is still stored
// before its Append returns.
func TestCommitDelayGroupsPacedMoves(t *testing.T) {
	for _, tc := range []struct {
		delay   time.Duration
		sharing bool
	}{{0, false}, {200 * time.Millisecond, true}} {
		t.Run(fmt.Sprint("delay ", tc.delay), func(t *testing.T) {
			ctx := context.Background()
			s, _ := openTemp(t)
			s.SetCommitDelay(tc.delay)
			const n = 12
			for i := range n {
				if err := s.CreateMatch(ctx, header(fmt.Sprint("m", i))); err != nil {
					t.Fatal(err)
				}
			}
			before := s.WriterStats()
			var wg sync.WaitGroup
			errs := make(chan error, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs <- s.Append(ctx, move(fmt.Sprint("m", i), 1))
				}()
				time.Sleep(time.Millisecond)
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			for i := range n {
				wantLog(t, s, fmt.Sprint("m", i), 1)
			}
			after := s.WriterStats()
			commits, writes := after.Commits-before.Commits, after.Writes-before.Writes
			if writes < n {
				t.Fatalf("%d writes counted for %d moves", writes, n)
			}
			if shared := commits < n/2; shared != tc.sharing {
				t.Errorf("%d moves took %d commits with a delay of %v", n, commits, tc.delay)
			}
		})
	}
}

// The delay is bounded below: a negative one means none.
func TestCommitDelayNegativeIsNone(t *testing.T) {
	s, _ := openTemp(t)
	s.SetCommitDelay(-time.Second)
	if d := s.commitDelay.Load(); d != 0 {
		t.Fatalf("commit delay %d after setting a negative one, want 0", d)
	}
}
