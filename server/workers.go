package server

import "sync/atomic"

// workers runs jobs on goroutines that outlive a job. A handler's call
// chain (a move through the match and the store) grows a goroutine's
// stack to tens of KiB; a fresh goroutine per message grew it again
// every time, and the copying was a tenth of the event loop's CPU per
// move. A worker that is done waits for the next job, up to maxIdle
// waiting at once; when none waits, a job gets a new worker, so a
// handler that blocks (a move waiting for its commit) never holds up
// another.
type workers struct {
	jobs    chan func()
	idle    atomic.Int32
	maxIdle int32
}

func newWorkers(maxIdle int32) *workers {
	return &workers{jobs: make(chan func()), maxIdle: maxIdle}
}

// run runs f on a waiting worker, or on a new one.
func (w *workers) run(f func()) {
	select {
	case w.jobs <- f:
	default:
		go w.work(f)
	}
}

func (w *workers) work(f func()) {
	for {
		f()
		if w.idle.Add(1) > w.maxIdle {
			w.idle.Add(-1)
			return
		}
		f = <-w.jobs
		w.idle.Add(-1)
	}
}
