package server

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/parlor-games/parlor/store"
)

// Handing one table over to another node, while the node goes on.
//
// It is the graceful stop of drain.go for one table: the table's own gate
// (table.gate, a drain) first lets every message being handled for the
// table finish and queue its reply, and holds back the ones that come
// after. Then the table's match stops (its bots and clocks too, and a
// move being stored is stored first), so that its log holds everything
// this node acknowledged; the store gives the table to the other node
// (store.HandOverTable), which rebuilds it from the log, as it would a
// dead node's table (nodes.go). Only then are the held messages let go:
// they find the table gone from here and are forwarded to its new owner
// (relay.forward), or, forwarded here from a third node, answered
// "draining", and that node forwards them again to the new owner. No
// message is refused and none is handled twice.
//
// The table's watchers, here and at other nodes through proxies, stay
// on their sockets: each watch follows the table to its new node
// (followtable.go), and the moves held meanwhile are answered there.

// takeSubject is where node fence is asked to load a table handed to it.
func takeSubject(fence int64) string {
	return "parlor.node." + strconv.FormatInt(fence, 10) + ".take"
}

// takeTimeout bounds the wait for a node to load a table handed to it.
const takeTimeout = 5 * time.Second

// errNotMoved is why a table was not handed over; it is only logged.
var errNotMoved = errors.New("the table is not to be moved now")

// handOver hands the table id over to the node whose lease is to.
func (s *Server) handOver(ctx context.Context, id string, to int64) error {
	r := s.relay
	t := s.tables.get(id)
	if r == nil || t == nil {
		return errNotMoved
	}
	// The other node must be ready to load it (it answers only once it
	// has loaded its own tables), or the table would wait for nobody.
	if err := r.askTake(ctx, to, ""); err != nil {
		// Starting, stopping or gone: it is asked again at the next
		// round, and not logged each time.
		return fmt.Errorf("%w: node %d is not ready for tables: %v", errNotMoved, to, err)
	}
	t.mu.Lock()
	if t.status == statusOver || t.moved != nil || (t.mt != nil && t.mt.Outcome() != nil) {
		t.mu.Unlock()
		return errNotMoved
	}
	moved := make(chan struct{})
	t.moved = moved
	t.mu.Unlock()
	// Once begun, a hand-over ends, even if the node is stopping: a
	// table left halfway would be nobody's until the lease ran out.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 4*takeTimeout)
	defer cancel()
	// Let the messages being handled finish; hold the rest back.
	t.gate.stop()
	return s.moveHeld(ctx, t, to, moved)
}

// moveHeld hands table t, whose gate handOver has stopped, over to node
// to, and then closes moved, letting the held messages go where the
// table is.
func (s *Server) moveHeld(ctx context.Context, t *table, to int64, moved chan struct{}) error {
	r, id := s.relay, t.id
	t.mu.Lock()
	mt := t.mt
	if mt != nil && !s.cfg.Matches.Unload(mt.ID()) {
		// It ended meanwhile: its end is being recorded here.
		t.moved = nil
		t.mu.Unlock()
		t.gate.reopen()
		close(moved)
		return errNotMoved
	}
	// From here on the table is no longer this node's to write.
	t.goneLocked()
	t.mu.Unlock()
	if mt != nil {
		s.metrics.live.Dec()
	}
	// Every watch is kept, as the next seq its client expects, by the
	// node of its socket, before the table changes hands in the store:
	// no message of a watcher's can reach the new node before its watch.
	watchers := s.takeWatchers(t)

	err := s.cfg.Cluster.Owners.HandOverTable(ctx, id, to)
	if err == nil {
		// The new owner loads it now. Should it answer that it could
		// not, the table comes back here; should it not answer at all, it
		// is its table all the same, and a node that stopped answering
		// loses its lease soon, and with it the table to a live node.
		for try := 0; try < 3; try++ {
			if err = r.askTake(ctx, to, id); err == nil {
				break
			}
		}
		var refused takeRefused
		switch {
		case errors.As(err, &refused):
			// It answered that it holds nothing of it, and is asked no
			// more: the table comes back here, as it was.
			if berr := s.cfg.Cluster.Owners.TakeBackTable(ctx, id, to); berr != nil {
				s.log.Warn("taking back a table the other node could not load", "table", id, "node", to, "err", berr)
				err = nil
			}
		case err != nil:
			s.log.Warn("the node a table was handed to did not confirm loading it", "table", id, "node", to, "err", err)
			err = nil
		}
	}
	s.tables.drop(t)
	if err != nil {
		// Still this node's: load it again, afresh from the store.
		s.log.Warn("handing a table over failed; keeping it", "table", id, "node", to, "err", err)
		if lerr := s.loadTable(ctx, id); lerr != nil {
			s.log.Error("reloading a table not handed over", "table", id, "err", lerr)
		}
	} else {
		s.metrics.handedOver.Inc()
	}
	close(moved)
	s.followTable(watchers)
	s.hub.tablesChanged()
	return err
}

// drop forgets a table handed over to another node.
func (ts *tables) drop(t *table) {
	ts.mu.Lock()
	if ts.m[t.id] == t {
		delete(ts.m, t.id)
	}
	ts.mu.Unlock()
}

// loadTable loads table id, which this node owns, from the store: a table
// handed to it, or one it failed to hand over.
func (s *Server) loadTable(ctx context.Context, id string) error {
	row, err := s.cfg.Cluster.Owners.Table(ctx, id)
	if err != nil {
		return err
	}
	if row.Status == statusOver {
		return nil
	}
	if row.Status == statusPlaying && row.MatchID != "" {
		if _, err := s.cfg.Matches.RecoverMatches(ctx, []string{row.MatchID}); err != nil {
			return fmt.Errorf("recovering match %s: %w", row.MatchID, err)
		}
	}
	if err := s.tables.adopt(ctx, []store.TableRow{row}); err != nil {
		if row.MatchID != "" && s.tables.get(id) == nil {
			// Nothing of it stays here: the node that handed it over
			// may take it back.
			s.cfg.Matches.Unload(row.MatchID)
		}
		return err
	}
	return nil
}

// askTake asks node to load table id, handed to it; with id "" it only
// asks whether the node is ready to take tables.
func (r *relay) askTake(ctx context.Context, node int64, id string) error {
	ctx, cancel := context.WithTimeout(ctx, takeTimeout)
	defer cancel()
	answer, err := r.c.Bus.RequestWithContext(ctx, takeSubject(node), []byte(id))
	if err != nil {
		return err
	}
	if len(answer.Data) > 0 {
		return takeRefused(answer.Data)
	}
	return nil
}

// takeRefused is a node's answer that it did not load a table handed to
// it, and holds nothing of it.
type takeRefused string

func (e takeRefused) Error() string { return string(e) }

// serveTake answers askTake: it loads the table handed to this node
// (empty data only asks whether the node is ready), and answers with
// nothing once done, or with why not.
func (r *relay) serveTake(msg *nats.Msg) {
	if r.s.draining() {
		_ = msg.Respond([]byte("stopping"))
		return
	}
	id := string(msg.Data)
	if id == "" || r.s.tables.get(id) != nil {
		// Ready; or loaded already, on an ask whose answer was late.
		_ = msg.Respond(nil)
		return
	}
	ctx, cancel := context.WithTimeout(r.s.ctx, takeTimeout)
	defer cancel()
	start := time.Now()
	o, err := r.c.Owners.TableOwner(ctx, id)
	if err == nil && o.Fence != r.c.Fence {
		err = errors.New("the table is not this node's")
	}
	if err == nil {
		err = r.s.loadTable(ctx, id)
	}
	if err != nil {
		r.s.log.Error("loading a table handed over", "table", id, "err", err)
		_ = msg.Respond([]byte(err.Error()))
		return
	}
	r.s.log.Info("took a table handed over", "table", id, "took", time.Since(start))
	_ = msg.Respond(nil)
}

// waitMoved waits, up to handOverPatience, for the table's hand-over to
// end, and reports whether it did.
func (t *table) waitMoved() bool {
	t.mu.Lock()
	moved := t.moved
	t.mu.Unlock()
	if moved == nil {
		return true
	}
	select {
	case <-moved:
		return true
	case <-time.After(handOverPatience):
		return false
	}
}

// draining reports whether the node is stopping (drain.go).
func (s *Server) draining() bool { return s.drain.isStopped() }

// goneLocked marks t as no longer this node's to write (handed over, or
// let go when the node found its lease ended) and stops following its
// match's updates. Callers hold t.mu.
func (t *table) goneLocked() {
	t.gone = true
	if t.unsub != nil {
		t.unsub()
		t.unsub = nil
	}
}
