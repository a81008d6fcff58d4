package server

import (
	"encoding/json"
	"strconv"
	"sync"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

// noSeat marks a hot-seat watch that shows no seat's view: the screen is
// hidden until the client confirms the hand-over.
const noSeat game.Seat = -2

// watch is one connection following one table's match. It remembers the
// next sequence number the client expects, so that updates reach it in
// order, none missed and none repeated, whether they come from the live
// subscription or from the match's history after a reconnect.
type watch struct {
	t     *table
	c     *conn
	views bool
	// patches: the views go as patches to those last sent (viewpatch.go),
	// which last holds by seat key, decoded; nil until views were sent.
	patches bool
	last    map[string]json.RawMessage

	mu     sync.Mutex
	seats  []game.Seat // seats the connection's user holds
	hidden bool        // hot-seat at a game with secrets: views need a hand-over
	shown  game.Seat   // with hidden: the seat whose view may be shown
	next   int64       // next seq to deliver
	live   bool        // snapshot or catch-up sent; deliver updates
}

// audience is the set of seats whose secrets this watch may receive now.
// Callers hold w.mu.
func (w *watch) audienceLocked() []game.Seat {
	if w.hidden {
		if w.shown == noSeat {
			return nil
		}
		return []game.Seat{w.shown}
	}
	return w.seats
}

// key names the audience for sharing marshalled pushes between watches.
func audienceKey(seats []game.Seat, views bool) string {
	var b []byte
	if views {
		b = append(b, 'v')
	}
	for _, s := range seats {
		b = strconv.AppendInt(append(b, ','), int64(s), 10)
	}
	return string(b)
}

// onUpdate fans an update out to the table's watchers. Each distinct
// audience is marshalled once and its bytes shared: at a two-player table
// with public events and no views that is one marshal for everyone.
func (t *table) onUpdate(u match.Update) {
	// A table usually has a few watchers and one or two audiences: keep
	// both lists on the stack.
	var wbuf [8]*watch
	t.mu.Lock()
	ws := wbuf[:0]
	for _, w := range t.watchers {
		ws = append(ws, w)
	}
	if t.mt != nil && t.s.cfg.OnTurn != nil {
		t.noticeTurnsLocked(t.mt, true)
	}
	t.mu.Unlock()
	pub := allPublic(u.Events)
	var cache renderCache
	for _, w := range ws {
		w.deliver(u, pub, &cache)
	}
	t.noticeAfter(u)
	if u.Outcome != nil {
		// Recording results touches the database: not on the match's
		// delivery path.
		t.s.finishLater(t, u)
	}
}

// deliver sends u to the watch if it is the next update the client
// expects, first filling any gap from the match's history.
func (w *watch) deliver(u match.Update, pub bool, cache *renderCache) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.live || u.Seq < w.next {
		return
	}
	if u.Seq > w.next {
		for _, m := range w.t.mt.Since(w.next - 1) {
			if m.Seq >= u.Seq {
				break
			}
			w.sendLocked(m, allPublic(m.Events), nil)
		}
	}
	w.sendLocked(u, pub, cache)
}

func (w *watch) sendLocked(u match.Update, pub bool, cache *renderCache) {
	if u.Seq != w.next {
		return
	}
	w.next = u.Seq + 1
	seats := w.audienceLocked()
	var key string
	if pub && !w.views && !w.t.def.Hidden {
		key = "public"
	} else {
		key = audienceKey(seats, w.views)
	}
	if w.patches {
		w.c.push(w.renderPatchedLocked(u, seats, cache))
		w.handoverLocked(u.Turn)
		return
	}
	b, ok := cache.get(key)
	if !ok {
		b = w.t.render(u, seats, w.views)
		cache.put(key, b)
	}
	w.c.push(b)
	w.handoverLocked(u.Turn)
}

// handoverLocked hides a hot-seat screen when the seat shown no longer
// owes a move but another held seat does, and asks the client to confirm
// the hand-over.
func (w *watch) handoverLocked(turn []game.Seat) {
	if !w.hidden {
		return
	}
	next := noSeat
	for _, s := range turn {
		if s == w.shown {
			return
		}
		if next == noSeat && w.holds(s) {
			next = s
		}
	}
	if next == noSeat {
		return
	}
	w.shown = noSeat
	w.c.push(mustJSON(map[string]any{"t": "handover", "table": w.t.id, "seat": next}))
}

func (w *watch) holds(s game.Seat) bool {
	for _, h := range w.seats {
		if h == s {
			return true
		}
	}
	return false
}

// Snapshot is a match's state for one watch, per docs/protocol.md.
type Snapshot struct {
	Seq      int64          `json:"seq"`
	Turn     []game.Seat    `json:"turn"`
	Scores   []int          `json:"scores"`
	Outcome  *game.Outcome  `json:"outcome"`
	Views    map[string]any `json:"views"`
	Handover *game.Seat     `json:"handover"`
	Clocks   any            `json:"clocks,omitempty"`
	// TakenOver lists the seats a bot plays now in their holders' place.
	TakenOver []game.Seat `json:"takenOver"`
	// Votes lists the votes the table offers, Vote the open one (since
	// v6, server/vote.go).
	Votes []match.VoteKind `json:"votes"`
	Vote  *match.Vote      `json:"vote"`
}

func (w *watch) snapshotLocked() Snapshot {
	mt := w.t.mt
	seats := w.audienceLocked()
	sp := mt.Snapshot(game.Spectator)
	snap := Snapshot{Seq: sp.Seq, Turn: sp.Turn, Scores: sp.Scores, Outcome: sp.Outcome, Views: viewsFor(mt, seats), Clocks: sp.Clocks}
	if snap.Turn == nil {
		snap.Turn = []game.Seat{}
	}
	snap.Votes, snap.Vote = sp.Votes, sp.Vote
	if snap.Votes == nil || len(w.seats) > 1 {
		snap.Votes = []match.VoteKind{}
	}
	snap.TakenOver = []game.Seat{}
	for i, s := range sp.Seats {
		if s.TakenOver {
			snap.TakenOver = append(snap.TakenOver, game.Seat(i))
		}
	}
	if w.hidden && w.shown == noSeat {
		for _, s := range snap.Turn {
			if w.holds(s) {
				s := s
				snap.Handover = &s
				break
			}
		}
	}
	return snap
}

type watchReq struct {
	envelope
	tableRef
	Since   *int64 `json:"since"`
	Views   *bool  `json:"views"`
	Patches bool   `json:"patches"` // since v5: views as patches (viewpatch.go)
	History bool   `json:"history"`
}

// replied tells the hub that a handler has queued its own reply, because
// pushes had to follow it in order.
type replied struct{}

// handleTableWatch starts sending c a table's updates: it registers the
// watch under the table's lock, so that no update is missed, and replies
// with what the client needs to follow from there (a snapshot, or the
// updates since the one it has).
func handleTableWatch(c *conn, data []byte) (any, error) {
	var req watchReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	if req.Since != nil && *req.Since < 0 {
		return nil, badRequest("since must be 0 or more")
	}
	views := req.Views == nil || *req.Views
	w := &watch{t: t, c: c, views: views, shown: noSeat}

	if !t.mayView(c.user.ID) {
		return nil, forbidden("this table is private: only the players invited may watch it")
	}
	t.mu.Lock()
	if old := t.watchers[c]; old != nil {
		t.mu.Unlock()
		return nil, conflict("already watching this table; unwatch first")
	}
	w.seats = t.heldByLocked(c.user.ID)
	w.hidden = t.def.Hidden && len(w.seats) > 1
	// At a hot seat of a game with secrets the views come and go with
	// each hand-over: they go whole there.
	w.patches = views && req.Patches && !w.hidden
	if !w.hidden && len(w.seats) > 0 {
		w.shown = w.seats[0]
	}
	t.watchers[c] = w
	mt := t.mt
	if mt != nil {
		for _, s := range w.seats {
			mt.SetConnected(s, true)
		}
	}
	tj := t.jsonLocked(c.user.ID)
	tj.Rev = t.revLocked()
	endSeen := t.ended && len(w.seats) > 0
	matchID := t.matchID
	t.mu.Unlock()
	c.mu.Lock()
	c.watches[t.id] = w
	c.mu.Unlock()
	if endSeen {
		// The table shows its holder the end: it leaves their list of
		// ends to tell (ended.go).
		c.h.s.seenEnd(c.user.ID, matchID)
	}

	w.mu.Lock()
	defer w.mu.Unlock()
	res := map[string]any{"table": tj, "seats": nonNil(w.seats), "snapshot": nil}
	if mt == nil {
		// Not started: updates begin at 1 once it starts.
		w.next, w.live = 1, true
		c.push(okReply(*&req.ID, res))
		w.presenceChanged()
		return replied{}, nil
	}
	if req.Since != nil {
		w.resumeLocked(mt, &req, res)
	} else {
		w.beginLocked(mt, &req, res)
	}
	w.presenceChanged()
	return replied{}, nil
}

// resumeLocked answers a watch that gives since, the last update its
// client has, with the updates it missed rather than a snapshot: res,
// the reply, is sent first and the updates follow it in order.
func (w *watch) resumeLocked(mt *match.Match, req *watchReq, res map[string]any) {
	c := w.c
	w.next, w.live = *req.Since+1, true
	missed := mt.Since(*req.Since)
	// The last update's seq, so that a resuming client knows when the
	// pushes that follow have brought it up to date and it may act
	// again (a move made before then may repeat one it made already).
	res["seq"] = *req.Since
	if len(missed) > 0 {
		res["seq"] = missed[len(missed)-1].Seq
	}
	c.push(okReply(req.ID, res))
	for _, u := range missed {
		w.sendLocked(u, allPublic(u.Events), nil)
	}
}

// beginLocked answers a new watch with a snapshot in res, and the history
// up to it if asked, then sends what was accepted since the snapshot, so
// that the watcher misses no update between the two.
func (w *watch) beginLocked(mt *match.Match, req *watchReq, res map[string]any) {
	c := w.c
	snap := w.snapshotLocked()
	res["snapshot"] = snap
	if w.patches {
		w.rememberLocked(snap.Views)
	}
	if req.History {
		past := mt.Since(0)
		if int64(len(past)) > snap.Seq {
			past = past[:snap.Seq]
		}
		res["history"] = w.historyLocked(past)
	}
	w.next, w.live = snap.Seq+1, true
	c.push(okReply(req.ID, res))
	// Anything accepted between the snapshot and now.
	for _, u := range mt.Since(snap.Seq) {
		w.sendLocked(u, allPublic(u.Events), nil)
	}
}

// presenceChanged tells the table's watchers and the lobby that w's
// watch began, when that changes what they see: the seats of its holder
// show them there (unwatch, likewise, when it ends). A spectator's watch changes
// nothing anyone is shown, and a table with hundreds of spectators
// arriving would otherwise send each of them the table again for every
// one who came: work and bytes that grow with the square of the crowd,
// enough to close, for falling behind, watchers who read.
func (w *watch) presenceChanged() {
	if len(w.seats) > 0 {
		w.t.s.tables.changed(w.t)
	}
}

func nonNil(s []game.Seat) []game.Seat {
	if s == nil {
		return []game.Seat{}
	}
	return s
}

func handleTableUnwatch(c *conn, data []byte) (any, error) {
	var req tableReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	t.unwatch(c)
	return nil, nil
}

func (t *table) unwatch(c *conn) {
	t.mu.Lock()
	w := t.watchers[c]
	delete(t.watchers, c)
	// The seats held now: one taken since the watch began counts.
	seated := len(t.heldByLocked(c.user.ID)) > 0
	var gone []game.Seat
	if w != nil && t.mt != nil {
		still := t.connectedLocked()
		for _, s := range w.seats {
			if !still[s] {
				gone = append(gone, s)
			}
		}
	}
	mt := t.mt
	t.mu.Unlock()
	c.mu.Lock()
	delete(c.watches, t.id)
	c.mu.Unlock()
	for _, s := range gone {
		mt.SetConnected(s, false)
	}
	if w != nil && seated {
		t.s.tables.changed(t)
	}
}
