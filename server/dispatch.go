package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/parlor-games/parlor/game"
)

// serve handles one message, text or binary; false ends the connection.
func (c *conn) serve(text bool, data []byte) bool {
	if c.h.s.cfg.MessageRate >= 0 && !c.allow() {
		c.refuse(0, "", refuse(codeRateLimited, "too many messages: slow down"))
		c.close(closePolicy, "rate limit exceeded")
		return false
	}
	if !text {
		c.refuse(0, "", badRequest("messages must be JSON text"))
		return true
	}
	if c.closedBehind() {
		return true
	}
	if !c.h.s.drain.enter() {
		// The node is stopping: the connection closes in a moment and
		// the client sends this again to another node.
		return true
	}
	c.hold()
	c.handle(data)
	c.release()
	c.h.s.drain.leave()
	return true
}

// allow spends one token of the connection's rate limit.
func (c *conn) allow() bool {
	now := time.Now()
	rate := c.h.s.cfg.MessageRate
	if rate == 0 {
		rate = defaultRate
	}
	c.tokens += now.Sub(c.last).Seconds() * rate
	c.last = now
	if c.tokens > rateBurst {
		c.tokens = rateBurst
	}
	if c.tokens < 1 {
		return false
	}
	c.tokens--
	return true
}

// tableOf is the table a client message names, "" for none: the messages
// that name one are forwarded to the table's node (relay.go).
func tableOf(data []byte) string {
	var m struct {
		Table   string `json:"table"`
		Channel string `json:"channel"` // a table's chat: "table:ID"
	}
	if json.Unmarshal(data, &m) != nil {
		return ""
	}
	if id, ok := strings.CutPrefix(m.Channel, "table:"); ok && m.Table == "" {
		return id
	}
	return m.Table
}

// request is the envelope of every client message.
type request struct {
	T  string `json:"t"`
	ID *int64 `json:"id"`
}

// handle decodes and runs one client message. A panic in a handler is a bug
// in the server, but it must cost only that message, never the process.
func (c *conn) handle(data []byte) {
	if m, ok := parsePlay(data, c.playTable); ok {
		c.playTable = m.table
		c.atTable(m.table, m.id, data, func() {
			start := time.Now()
			c.run(m.id, "match.play", func() (any, error) { return c.play(start, &m.table, &m.seat, m.move, m.after) })
		})
		return
	}
	var req request
	if err := json.Unmarshal(data, &req); err != nil {
		c.refuse(0, "", badRequest("message is not a JSON object"))
		return
	}
	if req.ID == nil {
		c.refuse(0, "", badRequest("message has no id"))
		return
	}
	id := *req.ID
	c.atTable(tableOf(data), id, data, func() {
		h, ok := handlers[req.T]
		if !ok {
			c.refuse(id, "", badRequest("unknown message type %q", req.T))
			return
		}
		c.run(id, req.T, func() (any, error) { return h(c, data) })
	})
}

// atTable runs handle, the handling of message id (data), where the table
// it names is: here, through the table's gate, so that a hand-over of
// the table waits for it (handover.go); or at the table's node, to which
// the relay forwards it. A message for a table being handed over waits
// for the hand-over to end and then goes where the table went; forwarded
// here from another node, it is answered "draining" at once, and that
// node forwards it to the new owner.
func (c *conn) atTable(table string, id int64, data []byte, handle func()) {
	s := c.h.s
	for {
		if t := s.tables.get(table); t != nil && table != "" {
			// A watch of the table held over its hand-over goes first.
			c.settle(table)
			if t.gate.enter() {
				handle()
				t.gate.leave()
				return
			}
			if c.proxy != nil {
				c.proxy.redirect = true
				return
			}
			if !t.waitMoved() {
				c.refuse(id, "", unavailable(errors.New("hand-over too slow"),
					"this table is moving to another server; try again in a moment"))
				return
			}
			continue
		}
		if s.relay == nil || !s.relay.forward(c, table, id, data) {
			if table != "" && s.tables.get(table) != nil {
				continue // taken over here meanwhile: through its gate
			}
			handle()
		}
		return
	}
}

// run calls a request's handler and queues its reply.
func (c *conn) run(id int64, t string, h func() (any, error)) {
	defer func() {
		if p := recover(); p != nil {
			c.h.s.log.Error("panic in handler", "t", t, "panic", p, "stack", string(debug.Stack()))
			c.refuse(id, t, refuse(codeInternal, "internal error"))
		}
	}()
	res, err := h()
	if err != nil {
		c.refuse(id, t, err)
		return
	}
	if _, done := res.(replied); done {
		return
	}
	c.push(okReply(id, res))
}

// okReply builds {"t":"reply","id":N,"ok":true,...fields}: fields must
// marshal to a JSON object (or be nil, or a seqReply).
func okReply(id int64, fields any) []byte {
	b := make([]byte, 0, 64)
	b = append(b, `{"t":"reply","id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"ok":true`...)
	switch f := fields.(type) {
	case nil:
	case seqReply:
		b = append(b, `,"seq":`...)
		b = strconv.AppendInt(b, int64(f), 10)
	default:
		obj := mustJSON(f)
		if len(obj) > 2 {
			b = append(b, ',')
			b = append(b, obj[1:len(obj)-1]...)
		}
	}
	return append(b, '}')
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// decodeStrict reads a client message into dst, refusing unknown fields
// and wrong types so that a malformed request changes nothing.
func decodeStrict(data []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return badRequest("field %q must be %s", te.Field, game.JSONKind(te.Type))
		}
		return badRequest("bad message: %v", game.JSONError(err, "the message"))
	}
	return nil
}
