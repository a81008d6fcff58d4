package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
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

// forward sends a message that names table to the table's owner, if
// that is another node, and reports whether it did (or answered the
// player itself because it could not). A table nobody owns, or this node
// owns, is handled here.
//
// A table changing hands after a graceful stop (its owner draining, its
// lease given up, the next owner loading it) is waited for, up to
// handOverPatience, and the message goes to the next owner, or is
// handled here if that is this node: a graceful stop refuses no move
// (drain.go). Only a node that stops answering (killed) gets the player a
// refusal, "unavailable", with a sentence to try again.
func (r *relay) forward(c *conn, table string, id int64, data []byte) bool {
	if table == "" || r.s.tables.get(table) != nil {
		return false
	}
	patience := handOverPatience
	if c.proxy != nil {
		// Forwarded here, to a node still loading the table: wait less
		// than the forwarding node waits for this answer.
		patience = forwardTimeout / 2
	}
	deadline := time.Now().Add(patience)
	for {
		handled, wait, refusal := r.forwardOnce(c, table, data)
		if !wait {
			if refusal != nil {
				c.push(errorReply(id, refusal))
			}
			return handled
		}
		if time.Now().After(deadline) {
			c.push(errorReply(id, refusal))
			return true
		}
		time.Sleep(handOverStep)
		if r.s.tables.get(table) != nil {
			return false // this node has taken the table over meanwhile
		}
	}
}

// handOverPatience bounds how long a forwarded message waits for a table
// changing hands; handOverStep is how often it looks.
const (
	handOverPatience = 10 * time.Second
	handOverStep     = 50 * time.Millisecond
)

// forwardOnce tries once: handled reports that the message went to the
// owner or must be answered with refusal; wait, that the table is
// changing hands and the caller should look again (refusal is then what
// to answer if it gives up).
func (r *relay) forwardOnce(c *conn, table string, data []byte) (handled, wait bool, refusal error) {
	ctx, cancel := context.WithTimeout(context.Background(), forwardTimeout)
	defer cancel()
	o, err := r.c.Owners.TableOwner(ctx, table)
	owner := o.Fence
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		// Whose the table is cannot be asked (the database is away): it
		// may well exist, so "no table" would be false. Look again a
		// while, as for a table changing hands.
		return true, true, unavailable(err, "this server cannot reach its database to find the table; nothing was changed: try again in a moment")
	}
	if err != nil || owner == 0 {
		return false, false, nil
	}
	if c.proxy != nil && owner != r.c.Fence && o.Live && !o.Over {
		// Forwarded here, but the table has just been handed over to
		// another node (handover.go): the player's node forwards it there.
		c.proxy.redirect = true
		return true, false, nil
	}
	if owner == r.c.Fence || c.proxy != nil {
		if o.Over {
			return false, false, nil // a table over and gone from memory: the player hears "no table"
		}
		// The store names this node, or named it when another node
		// forwarded the message here, yet the table is not in memory: the
		// node has just taken it over and is still loading it from the
		// log (server/nodes.go, takeOver), or has just lost it. Either
		// way it is somewhere in a moment, and "no table" would tell the
		// player it is gone.
		between := unavailable(errors.New("table between nodes"),
			"this table is moving to another server after one stopped; try again in a moment")
		return true, true, between
	}
	if !o.Live {
		return true, true, unavailable(errors.New("owner's lease ran out"),
			"the server holding this table stopped; another takes it over within seconds, then try again")
	}
	// A watch of the table held over its hand-over reaches the owner
	// before this message (followtable.go).
	c.settle(table)
	msg := r.linkMsg(c, owner)
	msg.Data = data
	answer, err := r.c.Bus.RequestMsgWithContext(ctx, msg)
	if err != nil {
		r.s.metrics.forwardFailed.Inc()
		r.warnForward(table, owner, err)
		// No responders: the owner has stopped listening (it is
		// stopping, or died): its lease ends soon and the table moves,
		// so look again. A timeout already waited long enough.
		again := errors.Is(err, nats.ErrNoResponders)
		timedOut := errors.Is(err, nats.ErrTimeout) || errors.Is(err, context.DeadlineExceeded)
		if timedOut && r.c.Bus.IsConnected() && c.proxy == nil {
			// No answer in time: the owner may have handled the message
			// and be slow to answer (reading a move's log back after its
			// commit was cut off, match/settle.go), so "nothing was
			// changed" could be false. The player reconnects instead, and
			// watching again shows what became of it.
			c.close(closeGoingAway, "the server holding your table did not answer in time; reconnect")
			return true, false, nil
		}
		return true, again, unavailable(err, "the server holding this table did not answer; try again in a few seconds")
	}
	if answer.Header.Get(hdrDraining) != "" {
		// The owner is stopping and handled nothing: its tables are
		// about to go to the other nodes.
		return true, true, unavailable(errors.New("owner draining"),
			"the server holding this table is stopping; another takes it over within seconds, then try again")
	}
	r.s.metrics.forwarded.Inc()
	return true, false, nil
}

// warnEvery is the least time between two warnings of failed forwarding
// to the same node: a dead node's players retry every move, and one line
// each would bury the log.
const warnEvery = 5 * time.Second

// warnForward logs a failed forwarding to owner, at most once per
// warnEvery for each owner, with the number of failures not logged since.
func (r *relay) warnForward(table string, owner int64, err error) {
	now := time.Now()
	r.warnMu.Lock()
	w := r.warned[owner]
	if !w.last.IsZero() && now.Sub(w.last) < warnEvery {
		w.quiet++
		r.warned[owner] = w
		r.warnMu.Unlock()
		return
	}
	quiet := w.quiet
	r.warned[owner] = warnState{last: now}
	r.warnMu.Unlock()
	r.s.log.Warn("forwarding to the table's node failed", "table", table, "node", owner, "err", err, "not logged since the last warning", quiet)
}

// warnState is what warnForward keeps of one node.
type warnState struct {
	last  time.Time // the last warning logged
	quiet int       // failures since, not logged
}

// linkMsg is a message for owner on c's link to it.
func (r *relay) linkMsg(c *conn, owner int64) *nats.Msg {
	l := r.linkTo(c, owner)
	msg := nats.NewMsg(inSubject(owner))
	msg.Header.Set(hdrLink, l.id)
	msg.Header.Set(hdrFrom, strconv.FormatInt(r.c.Fence, 10))
	msg.Header.Set(hdrUser, string(mustJSON(c.user)))
	return msg
}

// linkTo returns c's link to owner, made on first use.
func (r *relay) linkTo(c *conn, owner int64) *link {
	c.mu.Lock()
	defer c.mu.Unlock()
	if l := c.links[owner]; l != nil {
		return l
	}
	var b [8]byte
	rand.Read(b[:])
	l := &link{id: hex.EncodeToString(b[:]), c: c, owner: owner}
	if c.links == nil {
		c.links = make(map[int64]*link)
	}
	c.links[owner] = l
	r.mu.Lock()
	r.links[l.id] = l
	r.mu.Unlock()
	return l
}

// dropLinks ends c's links as its connection closes: each owner lets go
// of its proxy, so that the player's seats show as gone there too.
func (r *relay) dropLinks(c *conn) {
	c.mu.Lock()
	links := c.links
	c.links = nil
	c.mu.Unlock()
	for _, l := range links {
		r.mu.Lock()
		delete(r.links, l.id)
		r.mu.Unlock()
		msg := nats.NewMsg(inSubject(l.owner))
		msg.Header.Set(hdrLink, l.id)
		msg.Header.Set(hdrClose, "1")
		_ = r.c.Bus.PublishMsg(msg)
	}
}

// serveIn hands a message forwarded to this node to the link's proxy,
// made on the link's first message. Each proxy runs its messages in
// order on a goroutine of its own, so that one player's move waiting for
// its commit does not hold up every other forwarded message (NATS calls
// serveIn for one message at a time).
func (r *relay) serveIn(msg *nats.Msg) {
	id := msg.Header.Get(hdrLink)
	if msg.Header.Get(hdrClose) != "" {
		r.dropProxy(id)
		return
	}
	from, err := strconv.ParseInt(msg.Header.Get(hdrFrom), 10, 64)
	if err != nil || id == "" {
		r.s.log.Warn("forwarded message without its link", "subject", msg.Subject)
		return
	}
	r.mu.Lock()
	p := r.proxies[id]
	if p == nil {
		var user Identity
		if err := json.Unmarshal([]byte(msg.Header.Get(hdrUser)), &user); err != nil || user.ID == 0 {
			r.mu.Unlock()
			r.s.log.Warn("forwarded message without a user", "link", id)
			return
		}
		p = &conn{h: r.s.hub, user: user, watches: make(map[string]*watch),
			proxy: &proxy{r: r, link: id, to: from, in: make(chan *nats.Msg, 16), quit: make(chan struct{})}}
		r.proxies[id] = p
		go p.proxy.run(p)
		// The chat of a table here reaches the player through the proxy:
		// whom they block or mute is read now, before the first line.
		r.s.warmTies(user.ID)
	}
	r.mu.Unlock()
	select {
	case p.proxy.in <- msg:
	case <-p.proxy.quit:
	}
}

// run handles the proxy's messages in order until it is retired, and
// answers each request once its reply has been sent (over serveOut's
// subject), so that the player's node learns the owner is alive.
func (p *proxy) run(c *conn) {
	for {
		select {
		case msg := <-p.in:
			if !c.h.s.drain.enter() {
				// Stopping: the player's node forwards it to the
				// table's next owner.
				answer := nats.NewMsg(msg.Reply)
				answer.Header.Set(hdrDraining, "1")
				_ = msg.RespondMsg(answer)
				continue
			}
			c.hold()
			if msg.Header.Get(hdrRewatch) != "" {
				// A watch following its table here (followtable.go).
				p.redirect = !c.h.s.adoptForwarded(c, msg.Data)
			} else if c.h.s.cfg.MessageRate >= 0 && !c.allow() {
				// The player's rate is limited here too, where the work
				// is done, not only at their own node.
				var req struct {
					ID int64 `json:"id"`
				}
				_ = json.Unmarshal(msg.Data, &req)
				c.push(errorReply(req.ID, refuse(codeRateLimited, "too many messages: slow down")))
			} else {
				c.handle(msg.Data)
			}
			c.release()
			c.h.s.drain.leave()
			if p.redirect {
				// Not handled: the table is moving, or has moved, to
				// another node; the player's node forwards it there.
				p.redirect = false
				answer := nats.NewMsg(msg.Reply)
				answer.Header.Set(hdrDraining, "1")
				_ = msg.RespondMsg(answer)
				continue
			}
			_ = msg.Respond(nil)
		case <-p.quit:
			return
		}
	}
}

// serveOut writes what a proxy elsewhere sent to its player here.
func (r *relay) serveOut(msg *nats.Msg) {
	r.mu.Lock()
	l := r.links[msg.Header.Get(hdrLink)]
	r.mu.Unlock()
	if l == nil {
		if msg.Reply != "" {
			_ = msg.Respond(nil) // a watch's state: nobody to keep it for
		}
		return // the player left meanwhile
	}
	if table := msg.Header.Get(hdrMoving); table != "" {
		// The player's watch of a table being handed over: kept until
		// the table is at its new node (followtable.go).
		var st watchState
		if json.Unmarshal(msg.Data, &st) == nil && st.Table == table {
			l.c.expectMove(st)
		}
		_ = msg.Respond(nil)
		return
	}
	if table := msg.Header.Get(hdrMoved); table != "" {
		go l.c.settle(table)
		return
	}
	for b := range bytes.SplitSeq(msg.Data, []byte{'\n'}) {
		if len(b) > 0 {
			l.c.push(bytes.Clone(b))
		}
	}
}

// proxy stands in for a player connected to another node: what the
// connection would write goes back to that node.
type proxy struct {
	r    *relay
	link string
	to   int64

	in   chan *nats.Msg // messages to run, in order
	quit chan struct{}  // closed once the proxy is retired
	stop sync.Once
	// redirect is set, on the proxy's goroutine, when the message being
	// run was left for the table's next node (handover.go).
	redirect bool
}

// send writes a batch of messages to the player's node, as one NATS
// message of lines (a JSON message holds no raw newline).
func (p *proxy) send(batch [][]byte) bool {
	msg := nats.NewMsg(outSubject(p.to))
	msg.Header.Set(hdrLink, p.link)
	msg.Data = bytes.Join(batch, []byte{'\n'})
	if err := p.r.c.Bus.PublishMsg(msg); err != nil {
		go p.r.dropProxy(p.link)
		return false
	}
	return true
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
