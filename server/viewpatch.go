package server

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/match"
)

// A view patch (protocol v5, table.watch with "patches") is what turns
// the view a client holds into the next one. A view of a game played on
// a map may list every hex of an island of 300 or more, some 38 KB, and a
// move changes a handful of them: sent whole with every move, a game of 150
// rounds would cost each player well over a hundred megabytes. A patch
// names only what changed, and it needs no rules on the client: it is a
// difference of two JSON values, so every game gets it.
//
// A patch is a JSON object of one of three forms:
//
//	{"=": value}                       the value, whole
//	{"o": {key: patch, ...}, "d": [key, ...]}  an object: its keys that changed, and those gone
//	{"a": {"index": patch, ...}, "n": length}  an array: its length now, and its items that changed
//	{"s": [at, removed, [item, ...]]}  an array: removed items taken out at index at, and the items put there (since v10)
//
// An item of an array past the end of the old one is always whole, and
// an array whose changed items are all whole goes whole itself when that
// is shorter. An array that grew or shrank in one place (a line put in
// a list kept in board order, not play order) is a
// splice: the index form would send every item after the place, each
// moved up by one.

// viewPatch returns the patch from view a to view b, both JSON as
// encoding/json writes it, and false when they are the same. It reads no
// deeper than it must: a part whose bytes are the same in both is the
// same, so only the parts that differ are taken apart, one level at a
// time, by members. (Reading a whole map view into a tree of values
// cost 2 ms a move per watch, and splitting it with json.Unmarshal 3 ms
// on a busy machine, most of it encoding/json's validating scanner.)
func viewPatch(a, b json.RawMessage) (any, bool) {
	a, b = bytes.TrimSpace(a), bytes.TrimSpace(b)
	if bytes.Equal(a, b) {
		return nil, false
	}
	switch {
	case len(a) > 0 && len(b) > 0 && a[0] == '{' && b[0] == '{':
		ak, av, okA := members(a)
		bk, bv, okB := members(b)
		if !okA || !okB {
			break
		}
		am := make(map[string]json.RawMessage, len(ak))
		for i, k := range ak {
			am[k] = av[i]
		}
		changed := map[string]any{}
		seen := make(map[string]bool, len(bk))
		for i, k := range bk {
			seen[k] = true
			old, had := am[k]
			if !had {
				changed[k] = whole(bv[i])
			} else if p, ok := viewPatch(old, bv[i]); ok {
				changed[k] = p
			}
		}
		var gone []string
		for _, k := range ak {
			if !seen[k] {
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
	case len(a) > 0 && len(b) > 0 && a[0] == '[' && b[0] == '[':
		_, al, okA := members(a)
		_, bl, okB := members(b)
		if !okA || !okB {
			break
		}
		if p, ok := splice(al, bl); ok {
			return p, true
		}
		changed := map[string]any{}
		// cost counts the bytes of a patch made only of whole items; a
		// list of numbers with one put in near its start changes every
		// item after it, and is then shorter sent whole.
		cost, flat := len(`{"a":{},"n":}`)+4, true
		for i, x := range bl {
			var p any
			if i >= len(al) {
				p = whole(x)
			} else if q, ok := viewPatch(al[i], x); ok {
				p = q
			} else {
				continue
			}
			k := strconv.Itoa(i)
			changed[k] = p
			if w, ok := p.(map[string]any)["="]; ok && len(p.(map[string]any)) == 1 {
				cost += len(k) + len(w.(json.RawMessage)) + len(`"":{"=":},`)
			} else {
				flat = false
			}
		}
		if len(changed) == 0 && len(al) == len(bl) {
			return nil, false
		}
		if flat && cost >= len(b)+len(`{"=":}`) {
			return whole(b), true
		}
		return map[string]any{"a": changed, "n": len(bl)}, true
	}
	return whole(b), true
}

// splice returns the splice form from list a to list b when b is a with
// items taken out or put in at one place, and perhaps a few around it
// changed: what is the same at both ends is left, and the middle sent
// whole. Lists of the same length, and lists changed in many places,
// have none: the index form names their changed items better.
func splice(a, b []json.RawMessage) (any, bool) {
	grew := len(b) - len(a)
	if grew == 0 {
		return nil, false
	}
	head := 0
	for head < len(a) && head < len(b) && bytes.Equal(a[head], b[head]) {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && bytes.Equal(a[len(a)-1-tail], b[len(b)-1-tail]) {
		tail++
	}
	put := b[head : len(b)-tail]
	// A few changed items beside the place (a line drawn closes a box
	// whose neighbours then read differently) still make a splice; more
	// is a list changed in several places.
	if len(put) > abs(grew)+2 {
		return nil, false
	}
	items := make([]any, len(put))
	for i, x := range put {
		items[i] = x
	}
	return map[string]any{"s": []any{head, len(a) - head - tail, items}}, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func whole(v json.RawMessage) map[string]any { return map[string]any{"=": v} }

// rememberLocked keeps the views just sent whole, for the next patch.
func (w *watch) rememberLocked(views map[string]any) {
	w.last = make(map[string]json.RawMessage, len(views))
	for k, v := range views {
		if raw, ok := v.(json.RawMessage); ok {
			w.last[k] = raw
		}
		// Anything else is unknown here: the next push sends it whole.
	}
}

// renderPatchedLocked encodes u for a watch with patches: the push's
// views are patches to those this watch sent last, and a view it has
// not sent (after a resume, or a seat newly held) goes whole. Watches
// that held the same view (the spectators of a table, all in step) share
// one patch through cache, as they share the rest of the push.
func (w *watch) renderPatchedLocked(u match.Update, seats []game.Seat, cache *renderCache) []byte {
	key := "patched" + audienceKey(seats, false)
	b, ok := cache.get(key)
	if !ok {
		b = w.t.render(u, seats, false)
		cache.put(key, b)
	}
	if w.last == nil {
		w.last = map[string]json.RawMessage{}
	}
	out := append(make([]byte, 0, len(b)+256), b[:len(b)-1]...)
	out = append(out, `,"viewPatches":{`...)
	for _, v := range viewList(w.t.mt, seats) {
		old, had := w.last[v.key]
		w.last[v.key] = v.view
		var p []byte
		if !had {
			p = mustJSON(whole(v.view))
		} else {
			p = cache.patch(v.key, old, v.view)
		}
		if p == nil {
			continue
		}
		if out[len(out)-1] != '{' {
			out = append(out, ',')
		}
		out = append(append(strconv.AppendQuote(out, v.key), ':'), p...)
	}
	return append(out, "}}"...)
}

// patchKey names a patch by the bytes of the two views it joins: views
// are shared, never changed, slices, so the same first byte and length
// are the same view.
type patchKey struct {
	seat     string
	old, new *byte
	oldN     int
	newN     int
}

// patch returns the encoded patch from old to cur for a seat's view, nil
// when they are the same, computing it once per update for every watch
// that held old.
func (rc *renderCache) patch(seat string, old, cur json.RawMessage) []byte {
	if rc == nil || len(old) == 0 || len(cur) == 0 {
		return encodePatch(old, cur)
	}
	k := patchKey{seat, &old[0], &cur[0], len(old), len(cur)}
	if p, ok := rc.patches[k]; ok {
		return p
	}
	p := encodePatch(old, cur)
	if rc.patches == nil {
		rc.patches = make(map[patchKey][]byte)
	}
	rc.patches[k] = p
	return p
}

func encodePatch(old, cur json.RawMessage) []byte {
	p, changed := viewPatch(old, cur)
	if !changed {
		return nil
	}
	return mustJSON(p)
}

// members splits a JSON object or array into its members: for an object,
// the keys and the raw values; for an array, the raw items. It expects
// what encoding/json writes (valid JSON, whitespace allowed between
// tokens) and reports false for anything it cannot split, whose caller
// then sends the value whole. The members share v's bytes.
func members(v []byte) (keys []string, vals []json.RawMessage, ok bool) {
	object := v[0] == '{'
	i := skipSpace(v, 1)
	if i < len(v) && (v[i] == '}' || v[i] == ']') {
		return nil, nil, skipSpace(v, i+1) == len(v)
	}
	for i < len(v) {
		if object {
			end, ok := stringEnd(v, i)
			if !ok {
				return nil, nil, false
			}
			key := v[i:end]
			var k string
			if bytes.IndexByte(key, '\\') < 0 {
				k = string(key[1 : len(key)-1])
			} else if json.Unmarshal(key, &k) != nil {
				return nil, nil, false
			}
			keys = append(keys, k)
			i = skipSpace(v, end)
			if i >= len(v) || v[i] != ':' {
				return nil, nil, false
			}
			i = skipSpace(v, i+1)
		}
		end, ok := valueEnd(v, i)
		if !ok {
			return nil, nil, false
		}
		vals = append(vals, v[i:end:end])
		i = skipSpace(v, end)
		if i >= len(v) {
			return nil, nil, false
		}
		switch v[i] {
		case ',':
			i = skipSpace(v, i+1)
		case '}', ']':
			return keys, vals, skipSpace(v, i+1) == len(v)
		default:
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// stringEnd returns the index after the string that starts at v[i].
func stringEnd(v []byte, i int) (int, bool) {
	if i >= len(v) || v[i] != '"' {
		return 0, false
	}
	for j := i + 1; j < len(v); j++ {
		switch v[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return 0, false
}

// valueEnd returns the index after the value that starts at v[i].
func valueEnd(v []byte, i int) (int, bool) {
	if i >= len(v) {
		return 0, false
	}
	switch v[i] {
	case '"':
		return stringEnd(v, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(v); j++ {
			switch v[j] {
			case '"':
				end, ok := stringEnd(v, j)
				if !ok {
					return 0, false
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, true
				}
			}
		}
		return 0, false
	}
	j := i
	for j < len(v) && v[j] != ',' && v[j] != '}' && v[j] != ']' && v[j] != ' ' && v[j] != '\n' && v[j] != '\t' && v[j] != '\r' {
		j++
	}
	return j, j > i
}
