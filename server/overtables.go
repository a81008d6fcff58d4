package server

import (
	"sync"
	"time"
)

// How long and how many finished tables the lobby keeps. A finished
// table stays listed a while (overTableTTL) for its result screen, a
// rematch and a returning player, but a node that ends many matches at
// once must not hold them all: past the cap the oldest is forgotten at
// once. Its match stays in the store (replays, the recent list, the ended
// notes read it there).

// DefaultOverTables is Config.OverTables' default: the finished tables a
// server keeps listed at most. Each costs little once its match is
// released (match.Manager.Remove), so the cap is about bursts of short
// games, not players.
const DefaultOverTables = 1000

// overTableTTL is how long a finished table stays in the lobby's list.
const overTableTTL = 10 * time.Minute

// overTables is the queue of finished tables, in the order they ended.
type overTables struct {
	mu    sync.Mutex
	queue []overTable
	timer *time.Timer // set while the queue is not empty
}

type overTable struct {
	t     *table
	until time.Time // when its TTL runs out
}

func (s *Server) overTablesCap() int {
	if s.cfg.OverTables > 0 {
		return s.cfg.OverTables
	}
	return DefaultOverTables
}

// ended queues a table whose match is over, to be forgotten after
// overTableTTL, and forgets the oldest finished tables beyond the cap.
func (ts *tables) ended(t *table) {
	o := &ts.over
	now := time.Now()
	o.mu.Lock()
	o.queue = append(o.queue, overTable{t: t, until: now.Add(overTableTTL)})
	var gone []*table
	for len(o.queue) > ts.s.overTablesCap() {
		gone = append(gone, o.popLocked())
	}
	if o.timer == nil {
		o.timer = time.AfterFunc(o.queue[0].until.Sub(now), ts.expireOver)
	}
	o.mu.Unlock()
	for _, t := range gone {
		ts.forget(t)
	}
}

// expireOver forgets the finished tables whose TTL has run out.
func (ts *tables) expireOver() {
	o := &ts.over
	now := time.Now()
	o.mu.Lock()
	var gone []*table
	for len(o.queue) > 0 && !o.queue[0].until.After(now) {
		gone = append(gone, o.popLocked())
	}
	if len(o.queue) > 0 {
		o.timer.Reset(o.queue[0].until.Sub(now))
	} else {
		o.timer = nil
	}
	o.mu.Unlock()
	for _, t := range gone {
		ts.forget(t)
	}
}

func (o *overTables) popLocked() *table {
	t := o.queue[0].t
	o.queue[0] = overTable{}
	o.queue = o.queue[1:]
	if len(o.queue) == 0 {
		o.queue = nil
	}
	return t
}
