package server

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/parlor-games/parlor/store"
)

// Forwarding between nodes, over NATS.
//
// A player may be connected to any node (a load balancer chooses), but a
// table lives on one: the node that owns it in the database (see
// store/nodes.go). When a player's message names a table this node does
// not hold, the node forwards the message, as it came, to the owner, and
// the owner handles it on a stand-in connection (a proxy) that has the
// player's identity and, instead of a WebSocket, sends what it would have
// written back over NATS to the player's node, which writes it to the
// player. The owner cannot tell a proxy from a player connected to it:
// every rule, refusal and secret check applies the same way, and the
// player's client cannot tell either.
//
// One link joins one player's connection to one owner node. Subjects are
// per node: "parlor.node.<fence>.in" carries messages to the owner, as
// requests, so that a dead owner is noticed at once ("no responders")
// instead of after a silence; "parlor.node.<fence>.out" carries what
// proxies write, back to the player's node. NATS delivers the messages of
// one sender to one subscriber in order, so replies and pushes keep their
// order end to end.
//
// When the owner dies its links die with it: the player's node closes
// the player's WebSocket with "going away", as a restarting server would,
// and the client reconnects and watches again with its last sequence
// number, by then at the node that took the table over.
//
// This file holds the relay and its links' lifetime; the player's node's
// side (forwarding, and writing back what proxies send) is in
// relayforward.go, the owner's proxies in relayproxy.go, the shared lobby
// in lobbybus.go.

// Cluster is what a node among several needs to forward requests.
type Cluster struct {
	// Bus is the connection to NATS.
	Bus *nats.Conn
	// Fence is this node's lease number, its address on the bus.
	Fence int64
	// Owners tells which node owns a table.
	Owners TableOwners
}

// TableOwners finds a table's node, and moves a table to another node
// (handover.go); *store.Store implements it.
type TableOwners interface {
	TableOwner(ctx context.Context, id string) (store.TableOwnership, error)
	// HandOverTable gives a table this node owns to node to;
	// store.ErrNoHandOver when it did not.
	HandOverTable(ctx context.Context, id string, to int64) error
	// TakeBackTable gives back a table handed to node from, which
	// answered that it could not load it.
	TakeBackTable(ctx context.Context, id string, from int64) error
	// Table reads a table's row, to load a table handed to this node.
	Table(ctx context.Context, id string) (store.TableRow, error)
}

// Headers of forwarded messages.
const (
	hdrLink  = "Parlor-Link"  // the link's id
	hdrFrom  = "Parlor-From"  // the player's node
	hdrUser  = "Parlor-User"  // the player's identity, JSON
	hdrClose = "Parlor-Close" // the player's connection closed
	// hdrDraining answers a forwarded message that the owner, stopping,
	// did not handle: forward it to the table's next owner.
	hdrDraining = "Parlor-Draining"
)

// forwardTimeout bounds the wait for an owner's answer to a forwarded
// message; past it the player is told to try again.
const forwardTimeout = 5 * time.Second

// leftSubject tells the nodes that tables have changed hands: one node
// has handed its tables over (LeftNodes), so that they take them at once
// rather than at their next heartbeat, or one has taken a dead node's
// tables (relay.announce), so that they close at once, rather than at
// their next heartbeat, the connections of players still linked to the
// dead node; those players reconnect and find their tables at the taker.
const leftSubject = "parlor.node.left"

// LeftNodes tells the other nodes, over bus, that this node has ended its
// lease (store.LeaveNodes): they beat at once and take its tables.
func LeftNodes(bus *nats.Conn) error {
	if err := bus.Publish(leftSubject, nil); err != nil {
		return err
	}
	return bus.Flush()
}

// announce tells the other nodes that this one has just taken tables
// over (see leftSubject).
func (r *relay) announce() {
	if err := r.c.Bus.Publish(leftSubject, nil); err != nil {
		r.s.log.Warn("telling the nodes of a takeover", "err", err)
	}
}

func inSubject(fence int64) string  { return "parlor.node." + strconv.FormatInt(fence, 10) + ".in" }
func outSubject(fence int64) string { return "parlor.node." + strconv.FormatInt(fence, 10) + ".out" }

// relay is a node's side of forwarding: the links of its players to
// other nodes, and the proxies of other nodes' players here.
type relay struct {
	s *Server
	c Cluster

	mu      sync.Mutex
	links   map[string]*link // by id: this node's players' links
	proxies map[string]*conn // by link id: other nodes' players here
	subs    []*nats.Subscription

	lobby remoteLobby // the other nodes' lobbies (lobbybus.go)
	sent  sentLobby   // this node's part as last sent to them

	warnMu sync.Mutex
	warned map[int64]warnState // by node: failed forwarding, logged sparingly
}

// link joins a player's connection here to a table's owner elsewhere.
type link struct {
	id    string
	c     *conn
	owner int64
}

func newRelay(s *Server, c Cluster) (*relay, error) {
	r := &relay{s: s, c: c, links: make(map[string]*link), proxies: make(map[string]*conn), warned: make(map[int64]warnState)}
	in, err := c.Bus.Subscribe(inSubject(c.Fence), r.serveIn)
	if err != nil {
		return nil, err
	}
	out, err := c.Bus.Subscribe(outSubject(c.Fence), r.serveOut)
	if err != nil {
		in.Unsubscribe()
		return nil, err
	}
	r.subs = []*nats.Subscription{in, out}
	if err := r.subscribeLobby(); err != nil {
		r.close()
		return nil, err
	}
	left, err := c.Bus.Subscribe(leftSubject, func(*nats.Msg) {
		select {
		case s.beatNow <- struct{}{}:
		default:
		}
	})
	if err != nil {
		r.close()
		return nil, err
	}
	r.subs = append(r.subs, left)
	take, err := c.Bus.Subscribe(takeSubject(c.Fence), r.serveTake)
	if err != nil {
		r.close()
		return nil, err
	}
	r.subs = append(r.subs, take)
	c.Bus.SetDisconnectErrHandler(func(_ *nats.Conn, err error) {
		s.log.Warn("NATS disconnected; players linked to other nodes must reconnect", "err", err)
		r.busLost()
	})
	c.Bus.SetReconnectHandler(func(*nats.Conn) { s.log.Info("NATS reconnected") })
	return r, nil
}

// busLost ends every link when the connection to NATS is lost: what the
// owners sent meanwhile is lost, so each linked player's connection is
// closed, and the client reconnects and resumes by sequence number once
// the bus is back; and every proxy here is dropped, its player's node
// having done the same.
func (r *relay) busLost() {
	r.mu.Lock()
	var linked []*conn
	for _, l := range r.links {
		linked = append(linked, l.c)
	}
	proxies := r.proxies
	r.proxies = make(map[string]*conn)
	r.mu.Unlock()
	for _, c := range linked {
		c.close(closeGoingAway, "lost touch with the server holding your table; reconnect")
	}
	for _, p := range proxies {
		r.retire(p)
	}
}

// retire ends a proxy that is no longer in r.proxies: its goroutine
// stops and the player's seats show as gone, as when a player's own
// connection closes.
func (r *relay) retire(p *conn) {
	p.proxy.stop.Do(func() { close(p.proxy.quit) })
	r.s.tables.dropConn(p)
}

// dropProxy forgets a proxy whose player's node can no longer be
// written to.
func (r *relay) dropProxy(link string) {
	r.mu.Lock()
	p := r.proxies[link]
	delete(r.proxies, link)
	r.mu.Unlock()
	if p != nil {
		r.retire(p)
	}
}

// nodesGone closes the connections of this node's players linked to a
// node that no longer holds a lease, so that their clients reconnect and
// find the tables at the node that took them; and drops the proxies of
// players of such a node here. live lists the nodes holding a lease.
func (r *relay) nodesGone(live map[int64]bool) {
	r.mu.Lock()
	var dead []*conn
	for _, l := range r.links {
		if !live[l.owner] {
			dead = append(dead, l.c)
		}
	}
	var gone []*conn
	for id, p := range r.proxies {
		if !live[p.proxy.to] {
			gone = append(gone, p)
			delete(r.proxies, id)
		}
	}
	r.mu.Unlock()
	for _, c := range dead {
		c.close(closeGoingAway, "the server holding your table stopped; reconnect")
	}
	for _, p := range gone {
		r.retire(p)
	}
	r.forgetNodes(live)
}

func (r *relay) close() {
	for _, s := range r.subs {
		_ = s.Unsubscribe()
	}
}

// liveNodes lists the fences of the nodes holding a lease.
func liveNodes(nodes []store.NodeInfo) map[int64]bool {
	m := make(map[int64]bool, len(nodes))
	for _, n := range nodes {
		m[n.Fence] = true
	}
	return m
}
