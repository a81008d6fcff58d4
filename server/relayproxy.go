package server

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"

	"github.com/nats-io/nats.go"
)

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
