package server

import (
	"context"
	"errors"
	"time"

	"github.com/parlor-games/parlor/store"
)

// Sharing the tables out evenly among the nodes.
//
// A node that joins (a new one, or one that was stopped and comes back)
// owns no table at first: players create tables on the node they happen
// to be connected to, and a dead node's tables go to the nodes alive at
// the time. So each node, every so often (parlor serve -rebalance), looks
// at how many tables each node holds and, while it holds at least two
// more than the node holding fewest, hands one table over to that node
// (handover.go). One table at a time, at a gentle pace, from every node
// that has too many: the nodes end within one table of each other, and
// no player waits on more than one hand-over at a time.

// NodeLister lists the nodes with the tables each holds; *store.Store
// implements it.
type NodeLister interface {
	Nodes(ctx context.Context) ([]store.NodeInfo, error)
}

// Rebalance hands one table, every interval, to the node holding fewest
// when this node holds at least two more, until ctx ends. It needs the
// bus (Config.Cluster): a node alone has no one to hand tables to.
func (s *Server) Rebalance(ctx context.Context, nodes NodeLister, every time.Duration) {
	if s.relay == nil || every <= 0 {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if s.draining() {
			return
		}
		list, err := nodes.Nodes(ctx)
		if err != nil {
			continue // the database is away: the heartbeat says so
		}
		to, ok := fairTarget(list, s.relay.c.Fence)
		if !ok {
			continue
		}
		id := s.tables.toMove()
		if id == "" {
			continue
		}
		start := time.Now()
		err = s.handOver(ctx, id, to)
		switch {
		case errors.Is(err, errNotMoved):
		case err != nil:
			s.log.Warn("handing a table over", "table", id, "node", to, "err", err)
		default:
			s.log.Info("handed a table over", "table", id, "node", to, "took", time.Since(start))
		}
	}
}

// fairTarget is the node this one (me) should hand a table to: the one
// holding fewest tables (the lowest fence among equals), when this node
// holds at least two more. Moving a table while the difference is one
// would only swap the two nodes' places.
func fairTarget(nodes []store.NodeInfo, me int64) (int64, bool) {
	mine, found := 0, false
	var least *store.NodeInfo
	for i := range nodes {
		n := &nodes[i]
		if n.Fence == me {
			mine, found = n.Tables, true
			continue
		}
		if least == nil || n.Tables < least.Tables || (n.Tables == least.Tables && n.Fence < least.Fence) {
			least = n
		}
	}
	if !found || least == nil || mine-least.Tables < 2 {
		return 0, false
	}
	return least.Fence, true
}

// toMove chooses the table to hand over: one not over and not already
// moving, watched by as few connections as possible (each watch is moved
// with it), the lowest id among equals; "" when there is none.
func (ts *tables) toMove() string {
	ts.mu.Lock()
	list := make([]*table, 0, len(ts.m))
	for _, t := range ts.m {
		list = append(list, t)
	}
	ts.mu.Unlock()
	best, watchers := "", 0
	for _, t := range list {
		t.mu.Lock()
		ok := t.status != statusOver && t.moved == nil && !t.gone && (t.mt == nil || t.mt.Outcome() == nil)
		n := len(t.watchers)
		t.mu.Unlock()
		if ok && (best == "" || n < watchers || (n == watchers && t.id < best)) {
			best, watchers = t.id, n
		}
	}
	return best
}
