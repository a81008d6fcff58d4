package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/parlor-games/parlor/store"
)

// Running as one of several nodes over one PostgreSQL database (see
// store/nodes.go and docs/deploy.md): the node's heartbeat keeps its
// lease and takes over the tables of nodes that died or left.

// NodeStore is what a node's heartbeat needs of the store.
type NodeStore interface {
	// Heartbeat renews the lease and takes the tables of dead nodes,
	// returning them; store.ErrLeaseLost once this node's own lease was
	// taken.
	Heartbeat(ctx context.Context) ([]store.TableRow, error)
	// LeaveNodes ends the lease, so that the others take its tables at
	// once.
	LeaveNodes(ctx context.Context) error
	// Nodes lists the nodes holding a lease.
	Nodes(ctx context.Context) ([]store.NodeInfo, error)
	// RejoinNodes takes this node's lease again after another node ended
	// it, once every table has been let go of; store.ErrLeaseLost if
	// another run of this node holds its name.
	RejoinNodes(ctx context.Context) error
}

// RunNode beats every interval until ctx ends, rebuilding here the
// tables this node takes over (their matches from the log, their bots
// and clocks included), so that their players, who reconnect to any node,
// find them again on this one. The lobby of this node lists them from
// then on.
//
// When another node ended this node's lease (the database was away from
// every node longer than the lease, and the first back took the others'
// tables), the node lets go of its tables and joins again (rejoin.go):
// no outage of the database makes a node stop. It returns
// store.ErrLeaseLost only when another run of this node took its name. A
// failed heartbeat for any other reason (the database restarting) is
// logged and tried again at the next beat; the lease holds meanwhile for
// as long as its time.
func (s *Server) RunNode(ctx context.Context, ns NodeStore, every time.Duration) error {
	s.metrics.node.Set(1)
	s.lastBeat.Store(time.Now().UnixMilli())
	t := time.NewTicker(every)
	defer t.Stop()
	// The first beat is at once: the lease may have been held only by a
	// start-up's renewals (store.HoldLease), which stop as this begins.
	for first := true; ; first = false {
		if !first {
			select {
			case <-ctx.Done():
				return nil
			case <-t.C:
			case <-s.beatNow:
			}
		}
		taken, err := ns.Heartbeat(ctx)
		if errors.Is(err, store.ErrLeaseLost) {
			// The database was away longer than the lease, and another
			// node ended it: let go of the tables and join again
			// (rejoin.go), rather than stop.
			s.metrics.node.Set(0)
			s.lostLease.Store(true)
			s.log.Warn("this node's lease was ended by another node; letting go of its tables and joining again")
			err = s.rejoin(ctx, ns)
			if errors.Is(err, store.ErrLeaseLost) {
				// Another run of this node holds its name: it is the
				// node now, and this one stops.
				s.log.Error("another run of this node took its place; stopping")
				return err
			}
			if err != nil {
				s.metrics.heartbeatsFailed.Inc()
				s.log.Warn("joining the nodes again failed; trying again", "err", err)
				continue
			}
			s.metrics.node.Set(1)
			s.lostLease.Store(false)
			taken, err = ns.Heartbeat(ctx)
		}
		if err != nil {
			s.metrics.heartbeatsFailed.Inc()
			s.log.Warn("heartbeat failed; trying again", "err", err)
			continue
		}
		s.lastBeat.Store(time.Now().UnixMilli())
		if s.relay != nil {
			if nodes, err := ns.Nodes(ctx); err == nil {
				s.relay.nodesGone(liveNodes(nodes))
			}
			// Not in the way of the next beat: the lease comes first.
			go s.relay.publishLobby(true)
		}
		if len(taken) > 0 {
			if err := s.takeOver(ctx, taken); err != nil {
				s.log.Error("taking over tables", "err", err)
			}
			if s.relay != nil {
				s.relay.announce()
			}
		}
	}
}

// takeOver rebuilds the tables taken from another node.
func (s *Server) takeOver(ctx context.Context, rows []store.TableRow) error {
	start := time.Now()
	var ids []string
	for _, r := range rows {
		if r.Status == store.TablePlaying && r.MatchID != "" {
			ids = append(ids, r.MatchID)
		}
	}
	n, err := s.cfg.Matches.RecoverMatches(ctx, ids)
	if err != nil {
		return fmt.Errorf("recovering %d matches: %w", len(ids), err)
	}
	if err := s.tables.adopt(ctx, rows); err != nil {
		return err
	}
	s.metrics.takeovers.Add(float64(len(rows)))
	s.log.Info("took over tables of another node", "tables", len(rows), "matches", n, "took", time.Since(start))
	return nil
}
