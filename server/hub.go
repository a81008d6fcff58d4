package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parlor-games/parlor/accounts"
	"github.com/parlor-games/parlor/game"
)

// Limits of one WebSocket connection. They protect the server from a
// client that floods it; docs/protocol.md states them.
const (
	maxMessage   = 64 << 10 // bytes per message, both ways
	sendQueue    = 4096     // pushes queued before the connection is closed as too slow: a backstop to maxUnsent for tiny messages
	defaultRate  = 20       // messages per second per connection, on average
	rateBurst    = 40
	writeTimeout = 10 * time.Second

	// holdLimit is how many messages a request may queue before the
	// writer starts anyway (a catch-up after table.watch can queue a
	// whole match).
	holdLimit = 32
)

// hub knows every open connection and the lobby's presence.
type hub struct {
	s *Server

	mu            sync.Mutex
	conns         map[*conn]struct{}
	online        map[int64]*presence    // user id -> presence
	lobby         map[*conn]*lobbyMember // connections that joined the lobby
	lobbyPush     sync.Mutex             // held while the lobby's lists are pushed (lobbydiff.go)
	lobbyMade     lobbyLists             // the lists as last made, under lobbyPush (lobbypage.go)
	lobbyStale    lobbyParts             // lists of lobbyMade changed since, under mu
	pushing       bool                   // a coalesced presence push is scheduled
	tablesPending bool
	remotePending bool // a push of the lobby after another node's change

	chat *chat
}

type presence struct {
	user  Identity
	conns int
	// open are the user's connections (at most the per-account cap), so
	// that news for one user (an achievement, the ended list) finds them
	// without a pass over every connection of the node.
	open []*conn
	// away counts the user's connections whose page is hidden (away.go);
	// the user is listed while conns > away.
	away  int
	stats map[string]GameStats
	// early holds counts of matches that ended while stats were still
	// being read from the database: the read may have begun before those
	// results were stored, so what it returns is merged with them.
	early map[string]GameStats
	// entry is the user's line of the online list as last encoded, from
	// entryStats: a thousand players online are not encoded again each
	// time one of them comes or goes.
	entry      json.RawMessage
	entryStats map[string]GameStats
}

// mergeStats returns loaded with, for every game, the count of cur kept
// where cur has seen more matches: counts only grow, so the larger one is
// the newer.
func mergeStats(loaded, cur map[string]GameStats) map[string]GameStats {
	out := make(map[string]GameStats, len(loaded)+len(cur))
	maps.Copy(out, loaded)
	for g, st := range cur {
		if st.Played > out[g].Played {
			out[g] = st
		}
	}
	return out
}

func newHub(s *Server) *hub {
	return &hub{
		s:      s,
		conns:  make(map[*conn]struct{}),
		online: make(map[int64]*presence),
		lobby:  make(map[*conn]*lobbyMember),
		chat:   newChat(s.cfg.ChatKeep, s.chatChannelLive),
	}
}

// conn is one WebSocket. Its transport (transport.go) hands it each
// message read, in order; a writer goroutine, started when there is
// something to send, drains a bounded queue so that a slow client never
// blocks a match or another client.
type conn struct {
	h    *hub
	wire wire // nil on a proxy
	user Identity
	// session is the key of the session the connection was opened with
	// (accounts.SessionKey), so that ending the other sessions of an
	// account closes their connections and not this one.
	session string
	// addr is the address the WebSocket comes from ("" on a proxy), for
	// the operators' sanctions of an address (moderation.go).
	addr string

	qmu     sync.Mutex
	queue   [][]byte
	spare   [][]byte // the previous batch's slice, for reuse
	writing bool     // a writer is running
	// holding is set while the reader handles a request: what the request
	// queues (an update and the reply to a move) is written together once
	// it is done, in one system call, rather than frame by frame.
	holding     bool
	closing     bool
	closeCode   closeStatus
	closeReason string
	// queued is the bytes of the messages queued and of the batch being
	// written (behind.go); stalled is set while the wire holds as much
	// as it may (stallWire) and the queue waits for it to drain.
	queued  int
	stalled bool
	// behind is set once the connection is closed for falling behind
	// (closeSlowLocked): what it sends after is not handled.
	behind bool

	// playTable is the table of the last match.play read by parsePlay,
	// whose string the next one shares. Only the connection's reader
	// touches it, one message at a time.
	playTable string

	// Token bucket for the per-connection rate limit.
	tokens float64
	last   time.Time

	// away is set while the page behind the connection is hidden
	// (presence.set, away.go). Written under the hub's mu, read anywhere.
	away atomic.Bool

	mu      sync.Mutex
	watches map[string]*watch // table id -> watch

	// proxy is set on a stand-in for a player connected to another node
	// (relay.go): it has no WebSocket, and what it writes goes back to
	// that node. links are this connection's links to other nodes, by
	// node (guarded by mu).
	proxy *proxy
	links map[int64]*link

	// pending holds, by table, the watches of tables being handed over
	// to another node, until they are settled there (followtable.go);
	// moving counts them, so that a message checks without a lock.
	// moveMu makes a settle and the messages that wait for it take turns.
	pending map[string]watchState
	moving  atomic.Int32
	moveMu  sync.Mutex
	ended   bool // under moveMu: the connection has closed
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	user, err := s.cfg.Accounts.Authenticate(r)
	if err != nil {
		s.authFailed(w, err, "log in or pick a guest name first")
		return
	}
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.wg.Add(1)
	}
	s.mu.Unlock()
	if closed {
		httpError(w, http.StatusServiceUnavailable, "the server is shutting down")
		return
	}
	defer s.wg.Done()
	addr := addressOf(r)
	over := s.conns.acquire(user.ID, addr)
	if over == nil {
		if ban := s.banned(user.ID, addr); ban != nil {
			s.conns.release(user.ID, addr)
			over = ban
		}
	}
	s.transport.open(w, r, user, addr, over)
}

// newConn is a connection of user's over w, opened with the session of
// key session, not yet in the hub.
func (s *Server) newConn(user Identity, session string, w wire) *conn {
	return &conn{
		h:       s.hub,
		wire:    w,
		user:    user,
		session: session,
		tokens:  rateBurst,
		last:    time.Now(),
		watches: make(map[string]*watch),
	}
}

// begin puts an open connection in the hub and greets it. The transport
// has counted it in s.wg, and calls end once it is closed.
func (s *Server) begin(c *conn) {
	// hello goes first, before the hub knows the connection: once it is
	// in the hub, news for its user (an achievement, the ended list) may
	// be pushed to it from other goroutines, and a client takes a first
	// message that is not hello for a server that does not speak Parlor.
	c.push(mustJSON(map[string]any{"t": "hello", "v": protocolVersion, "user": c.user}))
	s.hub.add(c)
	// Reads carry no context, so Shutdown ends them by closing the
	// connections it finds in the hub: one added after its sweep must
	// close itself.
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		c.close(closeGoingAway, "server shutting down")
	}
	s.metrics.connections.Inc()
	s.announcePending(c)
	s.announceEnded(c)
	s.announceRematches(c)
	s.warmTies(c.user.ID)
	s.announceChallenges(c)
}

// end forgets a connection that has closed, from addr, once its last
// message has been handled.
func (s *Server) end(c *conn, addr string) {
	c.close(closeNormal, "")
	c.stopFollowing()
	if s.relay != nil {
		s.relay.dropLinks(c)
	}
	s.tables.dropConn(c)
	s.hub.remove(c)
	s.conns.release(c.user.ID, addr)
	s.metrics.connections.Dec()
}

// push queues bytes for the client and makes sure a writer is running.
// A client whose queue is full has stopped reading; it is disconnected
// rather than allowed to hold memory or slow a match down.
//
// The writer goroutine exists only while there is something to write:
// an idle connection costs no goroutine but its reader, which is what
// lets one server hold tens of thousands of idle players.
//
// Over a transport whose writes never block (wire.blocks), the pusher
// writes itself: a goroutine started and woken per push is a measurable
// share of a move's cost.
func (c *conn) push(b []byte) {
	c.qmu.Lock()
	if c.closing {
		c.qmu.Unlock()
		return
	}
	if c.behindLocked(len(b)) {
		c.closeSlowLocked()
		c.qmu.Unlock()
		// The writer may be stuck in a write to a peer that reads
		// nothing: cut the socket once it takes nothing for a while.
		c.cutWhenStuck()
		return
	}
	c.queue = append(c.queue, b)
	c.queued += len(b)
	c.h.s.notePeak(c.unsentLocked())
	if c.writing || c.stalled || c.holding && len(c.queue) < holdLimit {
		c.qmu.Unlock()
		return
	}
	c.writing = true
	c.qmu.Unlock()
	if c.wire != nil && !c.wire.blocks() {
		c.drain(false)
		return
	}
	go c.flush()
}

// hold defers the writer while the reader handles a request.
func (c *conn) hold() {
	c.qmu.Lock()
	c.holding = true
	c.qmu.Unlock()
}

// release ends a hold. If the request queued anything and no writer runs,
// the reader writes it itself: the reply to a move goes out without
// waking another goroutine.
func (c *conn) release() {
	c.qmu.Lock()
	c.holding = false
	if c.writing || c.stalled || len(c.queue) == 0 {
		c.qmu.Unlock()
		return
	}
	c.writing = true
	c.qmu.Unlock()
	c.drain(true)
}

// close asks the writer to send what is queued (an error reply that
// explains the close, say) and then close with code.
func (c *conn) close(code closeStatus, reason string) {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	c.closeLocked(code, reason)
}

func (c *conn) closeLocked(code closeStatus, reason string) {
	if c.closing {
		return
	}
	c.closing = true
	c.closeCode, c.closeReason = code, reason
	if !c.writing {
		c.writing = true
		c.stalled = false // a closing connection writes what it has left
		go c.flush()
	}
}

// flush writes the queue in order, then exits; after a close request it
// performs the closing handshake.
func (c *conn) flush() { c.drain(false) }

// drain is the writer: it writes what is queued, a batch at a time, until
// the queue is empty. The caller has set c.writing. Inline (on the
// reader's goroutine) it writes one batch and hands anything queued since,
// and the closing handshake, to a writer goroutine, so that the reader
// goes back to reading.
func (c *conn) drain(inline bool) {
	for n := 0; ; n++ {
		c.qmu.Lock()
		if inline && (n > 0 || c.closing) && (len(c.queue) > 0 || c.closing) {
			c.qmu.Unlock()
			go c.flush()
			return
		}
		if len(c.queue) == 0 {
			if !c.closing {
				c.writing = false
				if cap(c.queue) > 16 {
					c.queue, c.spare = nil, nil
				}
				c.qmu.Unlock()
				return
			}
			code, reason := c.closeCode, c.closeReason
			c.qmu.Unlock()
			if c.proxy != nil {
				return
			}
			c.wire.close(code, reason)
			return
		}
		batch := c.queue
		c.queue, c.spare = c.spare[:0], nil
		closing := c.closing
		c.qmu.Unlock()
		taken, ok := c.writeBatch(batch, closing)
		sent := 0
		for _, m := range batch[:taken] {
			sent += len(m)
		}
		c.qmu.Lock()
		c.queued -= sent
		if ok && taken < len(batch) {
			// The wire holds all it may: what it did not take goes back
			// to the head of the queue until the wire drains (resume).
			c.queue = append(slices.Clone(batch[taken:]), c.queue...)
			clear(batch)
			if !c.closing {
				c.stalled, c.writing = true, false
				c.qmu.Unlock()
				c.wire.(stallWire).whenDrained(c.resume)
				return
			}
			// Closing since the batch was taken: the rest goes out
			// now, with the close frame after it.
			c.qmu.Unlock()
			continue
		}
		clear(batch)
		if c.spare == nil && cap(batch) <= 16 {
			c.spare = batch[:0]
		}
		c.qmu.Unlock()
		if !ok {
			c.qmu.Lock()
			c.closing = true
			c.queue, c.queued = nil, 0
			c.qmu.Unlock()
			c.closeNow()
			return
		}
	}
}

// closeNow cuts the connection without a closing handshake.
func (c *conn) closeNow() {
	if c.wire != nil {
		c.wire.cut()
	}
}

// writeBatch writes messages in order: to the player's node for a proxy,
// else through the transport. It returns how many of them were taken
// (all of them, unless the wire holds as much as it may) and whether the
// connection is still good.
func (c *conn) writeBatch(batch [][]byte, closing bool) (int, bool) {
	if c.proxy != nil {
		return len(batch), c.proxy.send(batch)
	}
	return c.wire.send(batch, closing)
}

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

func (h *hub) add(c *conn) {
	h.mu.Lock()
	h.conns[c] = struct{}{}
	p := h.online[c.user.ID]
	first := p == nil
	if first {
		p = &presence{user: c.user}
		h.online[c.user.ID] = p
	}
	was := p.shown()
	p.conns++
	p.open = append(p.open, c)
	back := !first && !was
	h.mu.Unlock()
	if back {
		// Every other connection of the user is away: this one brings
		// them back to the online list.
		h.presenceChanged()
	}
	if first {
		// Come online here: the followers who are not looking may be
		// told (friendnotice.go).
		h.s.cameOnline(c.user)
		// Stats come from the database; fetch them outside the lock.
		st := h.s.lobbyStats(c.user.ID)
		h.mu.Lock()
		h.loadedLocked(p, st)
		h.mu.Unlock()
		h.presenceChanged()
	}
}

func (h *hub) remove(c *conn) {
	h.mu.Lock()
	delete(h.conns, c)
	delete(h.lobby, c)
	p := h.online[c.user.ID]
	gone, last := false, false
	if p != nil {
		was := p.shown()
		p.conns--
		p.open = slices.DeleteFunc(p.open, func(o *conn) bool { return o == c })
		if c.away.Load() {
			p.away--
		}
		if p.conns <= 0 {
			delete(h.online, c.user.ID)
			h.s.tieCache.drop(c.user.ID)
			last = true
		}
		gone = was && !p.shown()
	}
	h.mu.Unlock()
	if gone {
		h.presenceChanged()
	}
	if last {
		// Their rematch offers wait for them a while (rematchleave.go).
		h.s.offlineHere(c.user.ID)
	}
}

// refreshStats reloads the lobby stats of a match's players after it,
// with one query for all of them, and only for those online: the others'
// stats are loaded when they connect.
func (h *hub) refreshStats(userIDs []int64) {
	h.mu.Lock()
	ids := make([]int64, 0, len(userIDs))
	for _, id := range userIDs {
		if h.online[id] != nil && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	h.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	all, err := h.s.cfg.Accounts.StatsFor(h.s.ctx, ids)
	if err != nil {
		h.s.log.Warn("lobby stats", "users", ids, "err", err)
	}
	h.mu.Lock()
	for _, id := range ids {
		st := map[string]GameStats{}
		for g, s := range all[id] {
			st[g] = GameStats{Played: s.Played, Won: s.Won}
		}
		if p := h.online[id]; p != nil {
			h.loadedLocked(p, st)
		}
	}
	h.mu.Unlock()
	h.presenceChanged()
}

// loadedLocked installs stats read from the database for p, keeping any
// count a match end delivered meanwhile (early, or already in p.stats)
// that is newer than what the read saw.
func (h *hub) loadedLocked(p *presence, st map[string]GameStats) {
	st = mergeStats(st, p.early)
	p.stats = mergeStats(st, p.stats)
	p.early = nil
}

// setStats puts a match's counted results into the lobby stats of those
// of its players who are online, from the figures just stored: reading
// them back would cost a query per match end.
func (h *hub) setStats(game string, stats map[int64]accounts.Stats) {
	changed := false
	h.mu.Lock()
	for id, st := range stats {
		p := h.online[id]
		if p == nil {
			continue // offline: read from the database when they connect
		}
		if p.stats == nil {
			// Being read from the database: that read may predate this
			// result, so keep it to merge when the read is done.
			p.early = mergeStats(map[string]GameStats{game: {Played: st.Played, Won: st.Won}}, p.early)
			continue
		}
		if p.stats[game].Played > st.Played {
			// Two matches of this player ended at once and the later
			// count got here first: keep it.
			continue
		}
		// A new map: the old one may have been handed out already.
		m := make(map[string]GameStats, len(p.stats)+1)
		maps.Copy(m, p.stats)
		m[game] = GameStats{Played: st.Played, Won: st.Won}
		p.stats = m
		changed = true
	}
	h.mu.Unlock()
	if changed {
		h.presenceChanged()
	}
}

// presenceChanged schedules one lobby.online push. Pushes are coalesced
// so that many connections arriving at once cost one push per lobby member
// rather than one per arrival.
func (h *hub) presenceChanged() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lobbyStale |= lobbyOnline
	if h.pushing {
		return
	}
	h.pushing = true
	time.AfterFunc(100*time.Millisecond, h.flushPresence)
}

func (h *hub) flushPresence() {
	if h.s.relay != nil {
		h.s.relay.publishLobby(false)
	}
	h.mu.Lock()
	h.pushing = false
	h.mu.Unlock()
	h.pushLobby(lobbyOnline)
}

type onlineUser struct {
	Name  string               `json:"name"`
	Guest bool                 `json:"guest"`
	Stats map[string]GameStats `json:"stats"`

	raw json.RawMessage // the entry encoded, when already known
}

// onlineUsersLocked is everyone online, at this node and the others,
// sorted by name.
func (h *hub) onlineUsersLocked() []onlineUser {
	users := make([]onlineUser, 0, len(h.online))
	for _, p := range h.online {
		if !p.shown() {
			continue
		}
		st := p.stats
		if st == nil {
			st = map[string]GameStats{}
		}
		u := onlineUser{Name: p.user.Name, Guest: p.user.Guest, Stats: st}
		if p.entry == nil || !maps.Equal(p.entryStats, st) {
			p.entry, p.entryStats = mustJSON(u), st
		}
		u.raw = p.entry
		users = append(users, u)
	}
	if h.s.relay != nil {
		users = append(users, h.s.relay.remoteUsers(h.online)...)
	}
	sortOnline(users)
	return users
}

// sortOnline orders the online list by name, ignoring case. Each name is
// lowered once, not at every comparison: with a thousand players online
// the comparisons' lowering was most of what a lobby push cost.
func sortOnline(users []onlineUser) {
	type keyed struct {
		key string
		u   onlineUser
	}
	ks := make([]keyed, len(users))
	for i, u := range users {
		ks[i] = keyed{strings.ToLower(u.Name), u}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return strings.Compare(a.key, b.key) })
	for i := range ks {
		users[i] = ks[i].u
	}
}

// remoteChanged pushes the lobby's lists again after another node's part
// of the lobby changed (lobbybus.go), coalesced like the others and
// without telling the other nodes anything.
func (h *hub) remoteChanged() {
	h.mu.Lock()
	h.lobbyStale |= lobbyOnline | lobbyTables
	if h.remotePending {
		h.mu.Unlock()
		return
	}
	h.remotePending = true
	h.mu.Unlock()
	time.AfterFunc(100*time.Millisecond, func() {
		h.mu.Lock()
		h.remotePending = false
		h.mu.Unlock()
		h.pushLobby(lobbyOnline | lobbyTables)
	})
}

// connsOf returns every connection of a user.
func (h *hub) connsOf(userID int64) []*conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	if p := h.online[userID]; p != nil {
		return slices.Clone(p.open)
	}
	return nil
}

func (h *hub) closeAll() {
	h.mu.Lock()
	all := make([]*conn, 0, len(h.conns))
	for c := range h.conns {
		all = append(all, c)
	}
	h.mu.Unlock()
	for _, c := range all {
		c.close(closeGoingAway, "server shutting down")
	}
}
