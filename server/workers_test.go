package server

import (
	"testing"
	"time"
)

// TestWorkersBlockedJobHoldsUpNone: a job that blocks (a move waiting
// for its commit) leaves the next job to another worker, and a worker
// that is done takes a later job.
func TestWorkersBlockedJobHoldsUpNone(t *testing.T) {
	w := newWorkers(2)
	release := make(chan struct{})
	w.run(func() { <-release })
	done := make(chan struct{})
	w.run(func() { close(done) })
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("a job waited behind a blocked one")
	}
	close(release)
	for i := range 10 {
		ran := make(chan struct{})
		w.run(func() { close(ran) })
		select {
		case <-ran:
		case <-time.After(20 * time.Second):
			t.Fatalf("job %d never ran", i)
		}
	}
	if n := w.idle.Load(); n > 2 {
		t.Fatalf("%d workers waiting, want at most 2", n)
	}
}
