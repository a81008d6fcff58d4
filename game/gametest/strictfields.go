package gametest

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// strictFields checks that no field of a move sent as JSON is dropped
// without a word. A few of seat's legal moves are sent again with one
// more field, taken from another move (a room from an accusation added to
// a suggestion) or a field no move has. Each must be refused, or read as
// a move whose canonical JSON holds every field sent (another kind that
// takes them all), or read as the same move when the field said nothing
// new (the room one stands in) — and then the same field with another
// value must not be read as that same move too, for a field whose value
// changes nothing is being ignored. A parser that reads every kind's
// fields into one structure and keeps those of the kind it picks would
// pass the other checks and play a move the player did not send.
func (m *match) strictFields(seat game.Seat, moves []game.Move) {
	pool := m.fieldPool(moves)
	stranger := field{"gametest", json.RawMessage(`1`)}
	for range min(3, len(moves)) {
		mv := moves[m.rng.IntN(len(moves))]
		canon, ok := m.canonical(mv)
		var obj map[string]json.RawMessage
		if !ok || json.Unmarshal([]byte(canon), &obj) != nil || obj == nil {
			continue
		}
		what := fmt.Sprintf("seat %d's legal move %s sent with the field %q added", seat, canon, stranger.name)
		if got, whole := m.readWith(seat, obj, stranger, what); got != "" && !whole {
			m.fail("%s is read as %s: a field the move's kind does not take must be refused", what, got)
			return
		}
		for range min(3, len(pool)) {
			f := pool[m.rng.IntN(len(pool))]
			if _, has := obj[f.name]; has {
				continue
			}
			if !m.fieldHeeded(seat, obj, canon, f, pool) {
				return
			}
		}
	}
}

// field is a member of a move's JSON object.
type field struct {
	name  string
	value json.RawMessage
}

// fieldPool is every field of moves and of the moves played so far, the
// fields of each object in sorted order.
func (m *match) fieldPool(moves []game.Move) []field {
	var pool []field
	add := func(text []byte) {
		var obj map[string]json.RawMessage
		if json.Unmarshal(text, &obj) != nil {
			return
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			pool = append(pool, field{k, obj[k]})
		}
	}
	for _, mv := range moves {
		if c, err := json.Marshal(mv); err == nil {
			add(c)
		}
	}
	for _, e := range m.log.Moves {
		add(e.Move)
	}
	return pool
}

// readWith sends obj for seat with f added and returns the canonical
// JSON of the move read, or "" when it is refused, and whether every
// field sent is in it.
func (m *match) readWith(seat game.Seat, obj map[string]json.RawMessage, f field, what string) (string, bool) {
	sent := maps.Clone(obj)
	sent[f.name] = f.value
	text, _ := json.Marshal(sent)
	back, err := m.st.ParseMove(seat, text)
	if err != nil {
		m.coded(err, fmt.Sprintf("%s, as %s", what, clip(string(text))))
		return "", false
	}
	got, ok := m.canonical(back)
	if !ok {
		return "", false
	}
	var kept map[string]json.RawMessage
	_ = json.Unmarshal([]byte(got), &kept)
	for k := range sent {
		if _, in := kept[k]; !in {
			return got, false
		}
	}
	return got, true
}

// fieldHeeded checks seat's legal move obj (canon, in canonical JSON)
// sent with field f added: refused, read whole, or read as the same move
// only if another value of f is not read as that move too. It reports
// false after a failure.
func (m *match) fieldHeeded(seat game.Seat, obj map[string]json.RawMessage, canon string, f field, pool []field) bool {
	what := fmt.Sprintf("seat %d's legal move %s sent with the field %q: %s added", seat, canon, f.name, f.value)
	got, whole := m.readWith(seat, obj, f, what)
	if got == "" || whole {
		return true
	}
	if got != canon {
		m.fail("%s is read as %s, which drops a field sent: a field the move's kind does not take must be refused", what, got)
		return false
	}
	for _, g := range pool {
		if g.name != f.name || string(g.value) == string(f.value) {
			continue
		}
		if other, _ := m.readWith(seat, obj, g, what); other == canon {
			m.fail("%s is read as the same move with %q: %s and with %s: a field the move's kind does not take must be refused, not ignored", what, f.name, f.value, g.value)
			return false
		}
		break
	}
	return true
}
