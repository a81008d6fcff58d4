package server

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

// A view patch (protocol v5, table.watch with "patches") is what turns
// the view a client holds into the next one. A Medieval Warfare view
// lists every hex of an island of 300 or more, some 38 KB, and a move
// changes a handful of them: sent whole with every move, a game of 150
// rounds would cost each player well over a hundred megabytes. A patch
// names only what changed, and it needs no rules on the client: it is a
// difference of two JSON values, so every game gets it.
//
// A patch is a JSON object of one of three forms:
//
//	{"=": value}                       the value, whole
//	{"o": {key: patch, ...}, "d": [key, ...]}  an object: its keys that changed, and those gone
//	{"a": {"index": patch, ...}, "n": length}  an array: its length now, and its items that changed
//
// An item of an array past the end of the old one is always whole.

// decodeView reads a view as a tree of JSON values, numbers kept as they
// were written.
func decodeView(raw json.RawMessage) (any, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// viewPatch returns the patch from a to b, and false when they are equal.
func viewPatch(a, b any) (any, bool) {
	switch bv := b.(type) {
	case map[string]any:
		av, ok := a.(map[string]any)
		if !ok {
			break
		}
		changed := map[string]any{}
		for k, x := range bv {
			old, had := av[k]
			if !had {
				changed[k] = whole(x)
				continue
			}
			if p, ok := viewPatch(old, x); ok {
				changed[k] = p
			}
		}
		var gone []string
		for k := range av {
			if _, ok := bv[k]; !ok {
				gone = append(gone, k)
			}
		}
		if len(changed) == 0 && len(gone) == 0 {
			return nil, false
		}
		p := map[string]any{"o": changed}
		if gone != nil {
			p["d"] = gone
		}
		return p, true
	case []any:
		av, ok := a.([]any)
		if !ok {
			break
		}
		changed := map[string]any{}
		for i, x := range bv {
			if i >= len(av) {
				changed[strconv.Itoa(i)] = whole(x)
				continue
			}
			if p, ok := viewPatch(av[i], x); ok {
				changed[strconv.Itoa(i)] = p
			}
		}
		if len(changed) == 0 && len(av) == len(bv) {
			return nil, false
		}
		return map[string]any{"a": changed, "n": len(bv)}, true
	default:
		if leafEqual(a, b) {
			return nil, false
		}
	}
	return whole(b), true
}

func whole(v any) map[string]any { return map[string]any{"=": v} }

// leafEqual compares two JSON values that are not both objects or both
// arrays.
func leafEqual(a, b any) bool {
	switch a.(type) {
	case map[string]any, []any:
		return false
	}
	switch b.(type) {
	case map[string]any, []any:
		return false
	}
	return a == b
}

// rememberLocked keeps the views just sent whole, for the next patch.
func (w *watch) rememberLocked(views map[string]any) {
	w.last = make(map[string]any, len(views))
	for k, v := range views {
		raw, ok := v.(json.RawMessage)
		if !ok {
			continue // unknown: the next push sends it whole
		}
		if tree, err := decodeView(raw); err == nil {
			w.last[k] = tree
		}
	}
}

// renderPatchedLocked encodes u for a watch with patches: the push's
// views are patches to those this watch sent last, and a view it has
// not sent (after a resume, or a seat newly held) goes whole.
func (w *watch) renderPatchedLocked(u match.Update, seats []game.Seat) []byte {
	b := w.t.render(u, seats, false)
	if w.last == nil {
		w.last = map[string]any{}
	}
	patches := map[string]any{}
	for _, v := range viewList(w.t.mt, seats) {
		tree, err := decodeView(v.view)
		if err != nil {
			delete(w.last, v.key)
			patches[v.key] = whole(v.view)
			continue
		}
		old, had := w.last[v.key]
		w.last[v.key] = tree
		if !had {
			patches[v.key] = whole(v.view)
		} else if p, changed := viewPatch(old, tree); changed {
			patches[v.key] = p
		}
	}
	// The push without views, with "viewPatches" added before its end.
	return append(append(b[:len(b)-1], `,"viewPatches":`...), append(mustJSON(patches), '}')...)
}
