package server

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

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
