package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/parlor-games/parlor/store"
)

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
