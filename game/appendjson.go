package game

import (
	"encoding/json"
	"strconv"
)

// JSONAppender is a move, or an event's data, that writes its own JSON.
//
// Every accepted move is put in canonical form (Canonical) and pushed to
// its table with its events, so encoding/json's reflection ran several
// times per move; for the game of lines and boxes that was about 8% of the server's
// work on a move. A type on that path may write itself instead. What it
// appends must be exactly what json.Marshal writes for the same value:
// the conformance suite (gametest) checks this on every move and event
// of its playouts, and the clients and stored logs cannot tell the two
// apart.
type JSONAppender interface {
	AppendJSON(b []byte) []byte
}

// appendJSON is json.Marshal of v, or v's own AppendJSON when it has one.
func appendJSON(b []byte, v any) ([]byte, error) {
	if a, ok := v.(JSONAppender); ok {
		return a.AppendJSON(b), nil
	}
	j, err := json.Marshal(v)
	return append(b, j...), err
}

// AppendEvents appends evs as json.Marshal writes them, and reports
// whether it could: it can when every event's data is nil or a
// JSONAppender and every type is plain ASCII with nothing to escape.
// When it cannot, b is returned as it came and the caller marshals.
func AppendEvents(b []byte, evs []Event) ([]byte, bool) {
	start := len(b)
	b = append(b, '[')
	for i, e := range evs {
		a, ok := e.Data.(JSONAppender)
		if (!ok && e.Data != nil) || !PlainText(e.Type) {
			return b[:start], false
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"type":"`...)
		b = append(b, e.Type...)
		b = append(b, `","seat":`...)
		b = strconv.AppendInt(b, int64(e.Seat), 10)
		if ok {
			b = append(b, `,"data":`...)
			b = a.AppendJSON(b)
		}
		b = append(b, '}')
	}
	return append(b, ']'), true
}

// PlainText reports whether json.Marshal writes s between its quotes as
// it is: printable ASCII with nothing it escapes (it escapes <, > and &
// too), so that a hand-written encoder may copy s and match it.
func PlainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// AppendInts appends a JSON array of integers, as json.Marshal writes an
// []int or a [2]int; for the JSONAppenders of games.
func AppendInts[T ~int | ~int8 | ~int16 | ~int32 | ~int64](b []byte, xs ...T) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}
