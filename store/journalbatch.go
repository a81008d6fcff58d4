package store

import (
	"database/sql"
	"fmt"
	"runtime"
	"time"

	"github.com/ncruces/go-sqlite3"
)

// writer commits queued requests, as many as have queued (up to maxBatch)
// per transaction. While one commit syncs to disk the next requests queue
// up, so the batch size adapts to the load by itself. It reports on ready
// whether it could start, after folding any journal left by a crash.
//
// It runs on one connection of its own, with its statements prepared once,
// talking to SQLite directly rather than through database/sql: on the
// hottest path of the server that cuts the CPU per append several times
// over (see BenchmarkAppend).
func (s *Store) writer(conn *sql.Conn, ready chan<- error) {
	defer close(s.done)
	defer conn.Close()
	started := false
	err := conn.Raw(func(dc any) error {
		rc, ok := dc.(interface{ Raw() *sqlite3.Conn })
		if !ok {
			return fmt.Errorf("unexpected driver connection %T", dc)
		}
		w, err := newRawWriter(rc.Raw())
		if err != nil {
			return err
		}
		w.faults = &s.faults
		defer w.close()
		if err := w.fold(false); err != nil {
			return err
		}
		started = true
		ready <- nil

		idle := time.NewTimer(foldIdle)
		defer idle.Stop()
		delay := time.NewTimer(time.Hour)
		delay.Stop()
		defer delay.Stop()
		var lastCommit time.Time
		batch := make([]*request, 0, maxBatch)
		for {
			var req *request
			if w.rows > 0 {
				idle.Reset(foldIdle)
				select {
				case req, ok = <-s.reqs:
				case <-idle.C:
					// On failure the journal stays, is read as it is, and
					// is folded later.
					w.fold(true)
					continue
				}
			} else {
				req, ok = <-s.reqs
			}
			if !ok {
				break
			}
			batch = s.gather(append(batch[:0], req), lastCommit, delay)
			w.commit(batch)
			lastCommit = time.Now()
			s.commits.Add(1)
			s.writes.Add(int64(len(batch)))
			if w.rows >= foldRows || w.entries >= foldEntries {
				w.fold(true)
			}
		}
		// A cleanly closed database has an empty journal, so that other
		// tools see every move in match_moves.
		return w.fold(false)
	})
	if !started {
		ready <- fmt.Errorf("writer: %w", err)
		return
	}
	if err != nil {
		// Without a writer nothing can be appended: fail every request
		// rather than leave callers waiting.
		for req := range s.reqs {
			req.done <- fmt.Errorf("store: writer: %w", err)
		}
	}
}

// gather grows a batch that starts with one request into what one
// commit should hold: whatever has queued, then whatever comes while the
// scheduler lets the callers the last commit released run, then, if the
// store is busy, whatever comes within the commit delay (see linger). Both
// backends' writers batch this way.
func (s *Store) gather(batch []*request, lastCommit time.Time, delay *time.Timer) []*request {
	batch = s.fill(batch)
	// The callers the last commit released are likely runnable, about to
	// append again: let them, so that one sync covers their records too
	// instead of the next commit's. It costs a trip through the scheduler,
	// far less than a commit. Stop as soon as nobody came.
	for range maxYields {
		n := len(batch)
		if n == maxBatch {
			break
		}
		runtime.Gosched()
		if batch = s.fill(batch); len(batch) == n {
			break
		}
	}
	return s.linger(batch, lastCommit, delay)
}

// linger holds a batch open for the store's commit delay, as
// PostgreSQL's commit_delay does, so that one sync to disk covers the
// moves that arrive meanwhile. At a human pace each move would otherwise
// pay a sync of its own, which costs more CPU than everything else a move
// does. It lingers only while the store is busy (the previous commit was
// within busyWindow): a lone move at a quiet moment is committed at once,
// since nothing is coming for it to wait for. Nothing is acknowledged
// before its commit, so durability is the same; only the acknowledgement
// waits, by at most the delay.
func (s *Store) linger(batch []*request, last time.Time, t *time.Timer) []*request {
	d := time.Duration(s.commitDelay.Load())
	since := time.Since(last)
	if d <= 0 || len(batch) >= lingerBelow || last.IsZero() || since < flatOut || since > busyWindow {
		return batch
	}
	t.Reset(d)
	defer t.Stop()
	for len(batch) < maxBatch {
		select {
		case r, ok := <-s.reqs:
			if !ok {
				return batch
			}
			batch = append(batch, r)
		case <-t.C:
			return batch
		}
	}
	return batch
}

// lingerBelow is the batch size from which a commit no longer waits:
// flat out, batches are that large already and waiting only delays the
// next round of moves (measured: no CPU saved, lower throughput).
const lingerBelow = 8

// flatOut is the gap between commits below which the store is taken to
// be running flat out: requests then arrive while the previous commit
// syncs, batches grow by themselves, and waiting would only hold every
// match back (measured: more CPU per move, fewer moves a second).
const flatOut = 300 * time.Microsecond

// busyWindow is how recent the previous commit must be for a commit to
// wait for company (see linger).
const busyWindow = 50 * time.Millisecond

// SetCommitDelay sets how long a commit may wait for more writes to share
// its sync while the store is busy (0, the default, never waits). A few
// milliseconds cut the CPU of a move at a human pace by a large factor;
// the price is that much added to the time before a move is
// acknowledged.
func (s *Store) SetCommitDelay(d time.Duration) {
	s.commitDelay.Store(int64(max(d, 0)))
}

// fill adds to batch whatever requests have queued, up to maxBatch,
// without waiting.
func (s *Store) fill(batch []*request) []*request {
	for len(batch) < maxBatch {
		select {
		case r, ok := <-s.reqs:
			if !ok {
				return batch
			}
			batch = append(batch, r)
		default:
			return batch
		}
	}
	return batch
}
