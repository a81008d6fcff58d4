package client

import "context"

// Follower follows the match of one table across reconnections, by the
// protocol's sequence numbers: the first watch takes a snapshot, and each
// later one (on a new connection after a drop, or after the server
// restarted) asks only for what came after the last update applied, so
// nothing is missed and nothing is applied twice.
type Follower struct {
	Table string
	// Views asks the server for the seats' views in every push. A client
	// that keeps the board from events (docs/protocol.md, "Keeping the
	// board") sets it false.
	Views bool
	// Patches (since v5, with Views) has the pushes carry patches to the
	// views held (Update.ViewPatches, ApplyViewPatch) instead of them.
	Patches bool
	// History asks the first watch for every update so far (the move log).
	History bool
	// Seq is the last update applied; 0 before the first watch.
	Seq int64
	// Started is set once a watch has given a snapshot.
	started bool
}

// Watch (re)starts following on c: a snapshot the first time, a resume
// from Seq afterwards. After a resume the reply has no snapshot: the
// missed updates arrive as pushes, in order, before live ones.
func (f *Follower) Watch(ctx context.Context, c *Conn) (Watching, error) {
	views := f.Views
	req := Watch{Table: f.Table, Views: &views, Patches: f.Patches}
	if f.started && f.Seq > 0 {
		since := f.Seq
		req.Since = &since
	} else {
		req.History = f.History
	}
	w, err := c.Watch(ctx, req)
	if err != nil {
		return w, err
	}
	if w.Snapshot != nil {
		f.started = true
		f.Seq = w.Snapshot.Seq
	} else if w.Table.Status != StatusOpen {
		f.started = true
	}
	return w, nil
}

// Resync forgets the position, so that the next Watch takes a fresh
// snapshot: for a client that saw a gap or an event it cannot apply.
func (f *Follower) Resync(ctx context.Context, c *Conn) (Watching, error) {
	_ = c.Unwatch(ctx, f.Table)
	f.started, f.Seq = false, 0
	return f.Watch(ctx, c)
}

// Accept says what to do with a match push of this table: apply it (ok),
// or not (an update already applied, or one of another table). gap is
// set when updates are missing before it: call Resync.
func (f *Follower) Accept(u Update) (ok, gap bool) {
	if u.Table != f.Table || u.Seq <= f.Seq {
		return false, false
	}
	if u.Seq != f.Seq+1 {
		return false, true
	}
	f.Seq = u.Seq
	return true, false
}
