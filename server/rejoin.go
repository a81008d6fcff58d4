package server

import (
	"context"
	"fmt"

	"github.com/parlor-games/parlor/store"
)

// Joining the nodes again after the database was away longer than the
// lease.
//
// Every node was cut off alike, but the first back finds the others'
// leases run out, ends them and takes their tables (store.Heartbeat).
// Stopping the other nodes for that would turn a database outage into a
// lost node. Instead a node that finds its lease ended lets go of every
// table it holds, as a hand-over does (handover.go): the table's messages
// being handled finish, later ones are held, its match stops (a record
// whose commit is in doubt is settled first, match/settle.go), and its
// watchers are kept. Only then does it take its lease again
// (store.RejoinNodes), so that nothing it writes under the lease comes
// from before; it loads from the log the tables still under its lease,
// the others having gone to the node that took them, and the held
// messages and watchers follow each table to where it is now.

// rejoin lets go of this node's tables, takes its lease again and loads
// the tables still its own.
func (s *Server) rejoin(ctx context.Context, ns NodeStore) error {
	type letGo struct {
		t     *table
		moved chan struct{}
	}
	var gone []letGo
	var watchers []movedWatch
	for _, t := range s.tables.all() {
		t.mu.Lock()
		if t.moved != nil {
			// Being handed over already: that hand-over ends it here.
			t.mu.Unlock()
			continue
		}
		moved := make(chan struct{})
		t.moved = moved
		t.mu.Unlock()
		t.gate.stop()
		t.mu.Lock()
		mt := t.mt
		t.goneLocked()
		t.mu.Unlock()
		if mt != nil {
			s.cfg.Matches.Unload(mt.ID())
			s.metrics.live.Dec()
		}
		watchers = append(watchers, s.takeWatchers(t)...)
		s.tables.drop(t)
		gone = append(gone, letGo{t, moved})
	}
	err := ns.RejoinNodes(ctx)
	if err == nil {
		var rows []store.TableRow
		if rows, err = s.cfg.Store.ListOpenTables(ctx); err == nil {
			err = s.takeOver(ctx, rows)
		}
		if err != nil {
			err = fmt.Errorf("loading the tables still this node's: %w", err)
		}
	}
	for _, g := range gone {
		close(g.moved)
	}
	s.followTable(watchers)
	s.hub.tablesChanged()
	s.log.Info("joined the nodes again", "tables let go", len(gone), "err", err)
	return err
}

// all lists the tables held here.
func (ts *tables) all() []*table {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	list := make([]*table, 0, len(ts.m))
	for _, t := range ts.m {
		list = append(list, t)
	}
	return list
}
