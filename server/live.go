package server

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

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

func visible(e game.Event, seats []game.Seat) bool {
	if e.To == nil {
		return true
	}
	if len(seats) == 0 {
		return e.VisibleTo(game.Spectator)
	}
	for _, s := range seats {
		if e.VisibleTo(s) {
			return true
		}
	}
	return false
}

// filterEvents keeps the events seats may see; with no seats, what a
// spectator may see.
func filterEvents(evs []game.Event, seats []game.Seat) []game.Event {
	out := make([]game.Event, 0, len(evs))
	for _, e := range evs {
		if visible(e, seats) {
			out = append(out, e)
		}
	}
	return out
}

func allPublic(evs []game.Event) bool {
	for _, e := range evs {
		if e.To != nil {
			return false
		}
	}
	return true
}

// matchPush is the "match" push of docs/protocol.md.
type matchPush struct {
	T       string          `json:"t"`
	Table   string          `json:"table"`
	Seq     int64           `json:"seq"`
	Seat    game.Seat       `json:"seat"`
	Move    json.RawMessage `json:"move"`
	Text    string          `json:"text"`
	Events  []game.Event    `json:"events"`
	Turn    []game.Seat     `json:"turn"`
	Scores  []int           `json:"scores"`
	Outcome *game.Outcome   `json:"outcome"`
	Views   map[string]any  `json:"views,omitempty"`
	// ViewPatches replaces Views for a watch with patches (viewpatch.go).
	ViewPatches map[string]any `json:"viewPatches,omitempty"`
}

// viewsFor returns the views of seats (the spectator's with none).
func viewsFor(mt *match.Match, seats []game.Seat) map[string]any {
	out := make(map[string]any, len(seats)+1)
	if len(seats) == 0 {
		out["-1"] = mt.Snapshot(game.Spectator).View
		return out
	}
	for _, s := range seats {
		out[strconv.Itoa(int(s))] = mt.Snapshot(s).View
	}
	return out
}

// render marshals u for an audience.
func (t *table) render(u match.Update, seats []game.Seat, views bool) []byte {
	p := matchPush{
		T: "match", Table: t.id, Seq: u.Seq, Seat: u.Seat, Move: u.Move, Text: u.Text,
		Events: filterEvents(u.Events, seats),
		Turn:   u.Turn, Scores: u.Scores, Outcome: u.Outcome,
	}
	if p.Turn == nil {
		p.Turn = []game.Seat{}
	}
	if t.def.Hidden && u.Move != nil && !containsSeat(seats, u.Seat) {
		// In a game with secrets a move may itself be one (a fleet laid
		// out of sight): only the mover's audience gets it; others learn what
		// happened from the events they may see, and from its words,
		// which tell only what everyone may know (game.Describer).
		p.Move = nil
	}
	var vs []seatView
	if views {
		vs = viewList(t.mt, seats)
	}
	if b, ok := appendPush(make([]byte, 0, 256+viewBytes(vs)), &p, vs); ok {
		return b
	}
	if views {
		p.Views = make(map[string]any, len(vs))
		for _, v := range vs {
			p.Views[v.key] = v.view
		}
	}
	return mustJSON(p)
}

// seatView is one entry of a push's views: a seat's view as the match
// encoded it.
type seatView struct {
	key  string
	view json.RawMessage
}

// viewList is viewsFor as a list ordered as json.Marshal orders a map's
// keys, so that appendPush can copy each view once instead of
// json.Marshal compacting it again: with views, that second pass was
// the largest cost of a move.
func viewList(mt *match.Match, seats []game.Seat) []seatView {
	if len(seats) == 0 {
		return []seatView{{"-1", mt.Snapshot(game.Spectator).View}}
	}
	out := make([]seatView, 0, len(seats))
	for _, s := range seats {
		out = append(out, seatView{strconv.Itoa(int(s)), mt.Snapshot(s).View})
	}
	slices.SortFunc(out, func(a, b seatView) int { return strings.Compare(a.key, b.key) })
	return out
}

func viewBytes(vs []seatView) int {
	n := 0
	for _, v := range vs {
		n += len(v.key) + len(v.view) + 4
	}
	return n
}

// appendPush encodes p as json.Marshal would, without reflection for the
// fields every move has; it returns false when a field needs escaping or
// compacting, and the caller marshals p instead.
//
// vs are the push's views, if any (p.Views is ignored): each must be
// json.Marshal's output, which is compact and escaped already.
func appendPush(b []byte, p *matchPush, vs []seatView) ([]byte, bool) {
	if !game.PlainText(p.Table) || !game.PlainText(p.Text) || !plainRaw(p.Move) {
		return b, false
	}
	b = append(b, `{"t":"match","table":"`...)
	b = append(b, p.Table...)
	b = append(b, `","seq":`...)
	b = strconv.AppendInt(b, p.Seq, 10)
	b = append(b, `,"seat":`...)
	b = strconv.AppendInt(b, int64(p.Seat), 10)
	b = append(b, `,"move":`...)
	if p.Move == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, p.Move...)
	}
	b = append(b, `,"text":"`...)
	b = append(b, p.Text...)
	b = append(b, `","events":`...)
	switch {
	case p.Events == nil:
		b = append(b, "null"...)
	case len(p.Events) == 0:
		b = append(b, "[]"...)
	default:
		var ok bool
		if b, ok = game.AppendEvents(b, p.Events); !ok {
			ev, err := json.Marshal(p.Events)
			if err != nil {
				return b, false
			}
			b = append(b, ev...)
		}
	}
	b = append(b, `,"turn":`...)
	b = appendInts(b, p.Turn)
	b = append(b, `,"scores":`...)
	b = appendInts(b, p.Scores)
	b = append(b, `,"outcome":`...)
	if p.Outcome == nil {
		b = append(b, "null"...)
	} else {
		out, err := json.Marshal(p.Outcome)
		if err != nil {
			return b, false
		}
		b = append(b, out...)
	}
	if len(vs) > 0 {
		b = append(b, `,"views":{`...)
		for i, v := range vs {
			if !game.PlainText(v.key) || len(v.view) == 0 {
				return b, false
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '"')
			b = append(b, v.key...)
			b = append(b, `":`...)
			b = append(b, v.view...)
		}
		b = append(b, '}')
	}
	return append(b, '}'), true
}

func appendInts[T ~int](b []byte, xs []T) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	return game.AppendInts(b, xs...)
}

// plainRaw reports whether json.Marshal would copy raw JSON as is: no
// space to compact, nothing to escape.
func plainRaw(b []byte) bool {
	for _, c := range b {
		if c <= 0x20 || c > 0x7e || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
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

// rendered is one audience's encoding of an update.
type rendered struct {
	key string
	b   []byte
}

// renderCache shares an update's encodings between the watches of one
// audience; nil shares nothing. It holds a few audiences, which is all a
// table has but for a hot seat of many seats: past that, encodings are
// not shared, which costs time, never correctness.
type renderCache struct {
	n    int
	list [4]rendered
	// patches holds the view patches computed for this update, shared
	// by the watches that held the same view before it (viewpatch.go).
	patches map[patchKey][]byte
}

func (rc *renderCache) get(key string) ([]byte, bool) {
	if rc == nil {
		return nil, false
	}
	for _, r := range rc.list[:rc.n] {
		if r.key == key {
			return r.b, true
		}
	}
	return nil, false
}

func (rc *renderCache) put(key string, b []byte) {
	if rc != nil && rc.n < len(rc.list) {
		rc.list[rc.n] = rendered{key, b}
		rc.n++
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

type playReq struct {
	envelope
	tableRef
	Seat *int            `json:"seat"`
	Move json.RawMessage `json:"move"`
	// After (since v6) is the seq of the last update the sender knew of
	// when it chose the move: a move sent again after a lost answer gets
	// the first answer (match.PlayOnce).
	After *int64 `json:"after"`
}

// moveBytes accepts a move as canonical JSON or as a notation string.
func moveBytes(raw json.RawMessage) ([]byte, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, badRequest("match.play needs move")
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, badRequest("move is not valid JSON")
		}
		return []byte(s), nil
	}
	return raw, nil
}

// seatFor checks that c's user holds seat at t and returns the table's
// match. Nobody may act for a seat they do not hold.
func (c *conn) seatFor(t *table, seatp *int, what string) (*match.Match, *watch, game.Seat, error) {
	if seatp == nil {
		return nil, nil, 0, badRequest("%s needs seat", what)
	}
	seat := game.Seat(*seatp)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.mt == nil {
		return nil, nil, 0, conflict("the match has not started")
	}
	if *seatp < 0 || *seatp >= len(t.seats) {
		return nil, nil, 0, badRequest("no seat %d at this table", *seatp)
	}
	st := t.seats[*seatp]
	if st.Kind != match.Human || st.UserID != c.user.ID {
		return nil, nil, 0, forbidden("you do not hold seat %d", *seatp)
	}
	return t.mt, t.watchers[c], seat, nil
}

func handleMatchPlay(c *conn, data []byte) (any, error) {
	start := time.Now()
	var req playReq
	if err := decodeStrict(data, &req); err != nil {
		return nil, err
	}
	after := int64(-1)
	if req.After != nil {
		if *req.After < 0 {
			return nil, badRequest("after must be the seq of an update, 0 or more")
		}
		after = *req.After
	}
	return c.play(start, req.Table, req.Seat, req.Move, after)
}

// play is match.play once decoded, by handleMatchPlay or by parsePlay.
// after is -1 for an untagged move.
func (c *conn) play(start time.Time, table *string, seatp *int, move json.RawMessage, after int64) (any, error) {
	t, err := c.tableArg(table)
	if err != nil {
		return nil, err
	}
	mt, w, seat, err := c.seatFor(t, seatp, "match.play")
	if err != nil {
		c.h.s.metrics.refused.Inc()
		return nil, err
	}
	if w != nil {
		w.mu.Lock()
		blocked := w.hidden && w.shown != seat
		w.mu.Unlock()
		if blocked {
			return nil, conflict("confirm the hand-over to seat %d first", seat)
		}
	}
	mv, err := moveBytes(move)
	if err != nil {
		return nil, err
	}
	u, err := mt.PlayOnce(c.h.s.ctx, seat, mv, after)
	if err != nil {
		c.h.s.metrics.refused.Inc()
		return nil, err
	}
	c.h.s.metrics.moves.Inc()
	c.h.s.metrics.latency.Observe(time.Since(start).Seconds())
	return seqReply(u.Seq), nil
}

// seqReply is the acknowledgement of a move, built without reflection
// because it is the hottest reply of all.
type seqReply int64

type handoverReq struct {
	envelope
	tableRef
	Seat *int `json:"seat"`
}

func handleMatchHandover(c *conn, data []byte) (any, error) {
	var req handoverReq
	t, err := c.decodeForTable(data, &req)
	if err != nil {
		return nil, err
	}
	_, w, seat, err := c.seatFor(t, req.Seat, "match.handover")
	if err != nil {
		return nil, err
	}
	if w == nil {
		return nil, conflict("watch the table first")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.hidden {
		w.shown = seat
	}
	return map[string]any{"snapshot": w.snapshotLocked()}, nil
}

func containsSeat(seats []game.Seat, s game.Seat) bool {
	for _, x := range seats {
		if x == s {
			return true
		}
	}
	return false
}
