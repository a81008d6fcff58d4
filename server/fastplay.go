package server

import (
	"encoding/json"
	"strconv"
)

// playMsg is a match.play request read by parsePlay.
type playMsg struct {
	id    int64
	table string
	seat  int
	move  []byte
	after int64 // -1 when the request has none
}

// parsePlay reads the commonest request, match.play, without reflection:
// {"t":"match.play","id":N,"table":"...","seat":N,"move":...} and an
// optional "after":N, with its keys in any order. It accepts only what the strict decoder would accept
// with the same meaning (valid JSON, each key once, no other key, plain
// strings without escapes, integers); anything else returns false and
// takes the general path, which gives the same answer as before.
//
// It checks the JSON grammar itself as it reads, so that a move is read
// in one pass: only the move, whose form is the game's, goes through the
// library's validator. table is the id the connection played at last: a
// request for the same table shares its string rather than allocating
// one per move.
func parsePlay(data []byte, table string) (playMsg, bool) {
	m := playMsg{after: -1}
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return m, false
	}
	i++
	var seen playKey
	for {
		i = skipSpace(data, i)
		key, j, ok := plainString(data, i)
		if !ok {
			return m, false
		}
		i = skipSpace(data, j)
		if i >= len(data) || data[i] != ':' {
			return m, false
		}
		var bit playKey
		bit, i, ok = m.readField(key, data, skipSpace(data, i+1), table)
		if bit == 0 || !ok || seen&bit != 0 {
			return m, false
		}
		seen |= bit
		i = skipSpace(data, i)
		if i >= len(data) {
			return m, false
		}
		if data[i] == '}' {
			break
		}
		if data[i] != ',' {
			return m, false
		}
		i++
	}
	if seen&playRequired != playRequired || skipSpace(data, i+1) != len(data) {
		return m, false
	}
	// The reader reuses its buffer: the move must not point into it.
	m.move = append([]byte(nil), m.move...)
	return m, true
}

// playKey is one key of a match.play request, a bit each, so that
// parsePlay can tell a key given twice and one missing with one byte.
type playKey uint8

const (
	playT playKey = 1 << iota
	playID
	playTable
	playSeat
	playMove
	playAfter
	// playRequired are the keys every match.play has; "after" is optional.
	playRequired = playT | playID | playTable | playSeat | playMove
)

// readField reads the value of key, starting at data[i], into m, and
// returns key's bit (0 for a key match.play does not have) and the index
// just past the value. ok is false if the value is not what the strict
// decoder would read with the same meaning.
func (m *playMsg) readField(key, data []byte, i int, table string) (playKey, int, bool) {
	var ok bool
	switch string(key) {
	case "t":
		var v []byte
		v, i, ok = plainString(data, i)
		return playT, i, ok && string(v) == "match.play"
	case "id":
		m.id, i, ok = plainInt(data, i, 18)
		return playID, i, ok
	case "table":
		var v []byte
		v, i, ok = plainString(data, i)
		if string(v) == table {
			m.table = table
		} else {
			m.table = string(v)
		}
		return playTable, i, ok
	case "seat":
		var n int64
		n, i, ok = plainInt(data, i, 9)
		m.seat = int(n)
		return playSeat, i, ok
	case "after":
		m.after, i, ok = plainInt(data, i, 18)
		return playAfter, i, ok && m.after >= 0
	case "move":
		start := i
		i, ok = skipValue(data, i)
		m.move = data[start:i]
		return playMove, i, ok && json.Valid(m.move)
	}
	return 0, i, false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString reads a JSON string that has no escapes.
func plainString(b []byte, i int) ([]byte, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, i, false
	}
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '"':
			return b[i+1 : j], j + 1, true
		default:
			if b[j] < 0x20 || b[j] > 0x7e || b[j] == '\\' {
				return nil, i, false
			}
		}
	}
	return nil, i, false
}

// plainInt reads a JSON integer of at most digits digits: no fraction,
// no exponent, and no leading zero, which JSON does not allow.
func plainInt(b []byte, i, digits int) (int64, int, bool) {
	j := i
	if j < len(b) && b[j] == '-' {
		j++
	}
	k := j
	for k < len(b) && b[k] >= '0' && b[k] <= '9' {
		k++
	}
	if k == j || k-j > digits || k-j > 1 && b[j] == '0' || k < len(b) && (b[k] == '.' || b[k] == 'e' || b[k] == 'E') {
		return 0, i, false
	}
	n, err := strconv.ParseInt(string(b[i:k]), 10, 64)
	return n, k, err == nil
}

// skipValue returns the end of the JSON value at i. It only finds where
// the value ends: b may be anything, and the caller checks the value.
func skipValue(b []byte, i int) (int, bool) {
	depth := 0
	for i < len(b) {
		switch c := b[i]; {
		case c == '"':
			i++
			for i < len(b) && b[i] != '"' {
				if b[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(b) {
				// An escape as the last byte stepped past the end.
				return len(b), false
			}
			i++
			if depth == 0 {
				return i, true
			}
		case c == '{' || c == '[':
			depth++
			i++
		case c == '}' || c == ']':
			if depth == 0 {
				return i, true
			}
			depth--
			i++
			if depth == 0 {
				return i, true
			}
		case depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return i, true
		default:
			i++
		}
	}
	return i, false
}
