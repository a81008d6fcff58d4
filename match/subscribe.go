package match

import (
	"sync/atomic"
)

type subscriber struct {
	fn        func(Update)
	cancelled atomic.Bool
}

// Since returns the updates after seq, for a client resuming from seq.
// Updates older than the few the match keeps are rebuilt from the store's
// log (history.go); if the store cannot be read, Since logs it and
// returns nil, and the caller's next look finds the gap again.
func (mt *Match) Since(seq int64) []Update {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	out, err := mt.sinceLocked(seq, mt.seqLocked())
	if err != nil {
		mt.m.log.Error("match history not loaded", "match", mt.id, "err", err)
		return nil
	}
	return out
}

// Subscribe calls fn with every update from now on, in order. It is
// SubscribeSince from the updates already delivered.
func (mt *Match) Subscribe(fn func(Update)) (cancel func()) {
	mt.deliverMu.Lock()
	defer mt.deliverMu.Unlock()
	return mt.addSubLocked(fn)
}

// SubscribeSince calls fn with every update after seq, first those that
// already happened and then each new one, exactly once and in order: what
// a reconnecting client needs, without the gap or overlap of calling Since
// and then Subscribe.
//
// fn is never called concurrently with itself, and is called before the
// Play that made the update returns, so it must be quick and must not
// block: the server's callback only queues the update for its connection.
// fn may read the match (Snapshot, Since) and may cancel, but must not Play
// or Subscribe from inside the callback. After cancel returns, fn is not
// called again (a call already running may finish).
func (mt *Match) SubscribeSince(seq int64, fn func(Update)) (cancel func()) {
	mt.deliverMu.Lock()
	defer mt.deliverMu.Unlock()
	mt.mu.Lock()
	if seq < 0 {
		seq = 0
	}
	missed, err := mt.sinceLocked(seq, mt.delivered)
	mt.mu.Unlock()
	if err != nil {
		mt.m.log.Error("match history not loaded", "match", mt.id, "err", err)
	}
	for _, u := range missed {
		fn(u)
	}
	return mt.addSubLocked(fn)
}

func (mt *Match) addSubLocked(fn func(Update)) func() {
	s := &subscriber{fn: fn}
	mt.subsMu.Lock()
	old := *mt.subs.Load()
	list := append(append(make([]*subscriber, 0, len(old)+1), old...), s)
	mt.subs.Store(&list)
	mt.subsMu.Unlock()
	return func() {
		s.cancelled.Store(true)
		mt.subsMu.Lock()
		defer mt.subsMu.Unlock()
		old := *mt.subs.Load()
		list := make([]*subscriber, 0, len(old))
		for _, o := range old {
			if o != s {
				list = append(list, o)
			}
		}
		mt.subs.Store(&list)
	}
}
