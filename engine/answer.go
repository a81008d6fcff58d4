package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

func writeAnswer(bw *bufio.Writer, a *answer) error {
	b, err := a.MarshalJSON()
	if err != nil {
		// A game view that cannot marshal is a bug in its game; the
		// client still gets an answer.
		b, _ = refuse(errors.New("the answer could not be written as JSON: a bug in the game, whose view or events do not marshal")).withID(a.id).MarshalJSON()
	}
	bw.Write(b)
	bw.WriteByte('\n')
	return bw.Flush()
}

// answer is one reply line. Fields keep their insertion order, after "ok"
// (and "id" when the request had one), so that answers read the same way
// the documentation shows them.
type answer struct {
	ok   bool
	id   json.RawMessage
	keys []string
	vals []any
	quit bool
}

func reply() *answer { return &answer{ok: true} }

func refuse(err error) *answer {
	return (&answer{}).set("error", err.Error())
}

func (a *answer) set(k string, v any) *answer {
	a.keys = append(a.keys, k)
	a.vals = append(a.vals, v)
	return a
}

func (a *answer) withID(id json.RawMessage) *answer {
	a.id = id
	return a
}

func (a *answer) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"ok":%t`, a.ok)
	if a.id != nil {
		b.WriteString(`,"id":`)
		if err := compactInto(&b, a.id); err != nil {
			return nil, err
		}
	}
	for i, k := range a.keys {
		v, err := marshal(a.vals[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		b.WriteString(`,"` + k + `":`)
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func compactInto(b *bytes.Buffer, raw json.RawMessage) error {
	return json.Compact(b, raw)
}

// marshal encodes v without escaping <, > and &, which a terminal reader
// would otherwise see as \u003c and the like.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
