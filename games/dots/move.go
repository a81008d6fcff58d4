package dots

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Move joins two dots, given as [row, col] from the top-left, counting
// from 0. Its JSON form is canonical when From is the smaller dot.
type Move struct {
	From [2]int `json:"from"`
	To   [2]int `json:"to"`
}

// AppendJSON writes the move as json.Marshal does: every accepted move
// is put in canonical form (game.JSONAppender).
func (m Move) AppendJSON(b []byte) []byte {
	b = append(b, `{"from":`...)
	b = game.AppendInts(b, m.From[:]...)
	b = append(b, `,"to":`...)
	b = game.AppendInts(b, m.To[:]...)
	return append(b, '}')
}

// Canon returns the same line with the smaller dot first.
func (m Move) Canon() Move {
	if m.To[0] < m.From[0] || (m.To[0] == m.From[0] && m.To[1] < m.From[1]) {
		m.From, m.To = m.To, m.From
	}
	return m
}

// String is the notation, "b3-c3".
func (m Move) String() string { return dotName(m.From) + "-" + dotName(m.To) }

func dotName(d [2]int) string {
	if d[1] >= 0 && d[1] < 26 {
		return string(rune('a'+d[1])) + strconv.Itoa(d[0]+1)
	}
	return fmt.Sprintf("[%d,%d]", d[0], d[1])
}

const maxMoveText = 256

// ParseMove reads canonical JSON (either dot order) or notation. It
// checks form only; Apply checks that the line exists and is free. A move
// that cannot be read is refused with the code "bad-move", as in every
// game, so that clients tell it from a rule's refusal.
func (s *State) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	m, err := ParseMove(text)
	if err != nil {
		return nil, game.Illegal("bad-move", "%v", err)
	}
	return m, nil
}

// ParseMove reads a move in canonical JSON or in notation, and returns it
// in canonical order.
func ParseMove(text []byte) (Move, error) {
	text = bytes.TrimSpace(text)
	if len(text) == 0 {
		return Move{}, errors.New("empty move: write two dots like \"b3-c3\"")
	}
	if len(text) > maxMoveText {
		return Move{}, errors.New("move text is too long")
	}
	if text[0] == '{' {
		return parseJSON(text)
	}
	return parseNotation(string(text))
}

func parseJSON(text []byte) (Move, error) {
	if m, ok := parseCanonical(text); ok {
		return m.Canon(), nil
	}
	return decodeJSON(text)
}

// decodeJSON reads move JSON in any form the decoder accepts.
func decodeJSON(text []byte) (Move, error) {
	var raw struct {
		From []int `json:"from"`
		To   []int `json:"to"`
	}
	if err := game.DecodeJSON(text, &raw, "the move"); err != nil {
		return Move{}, fmt.Errorf("move JSON must be {\"from\":[row,col],\"to\":[row,col]}: %v", err)
	}
	if raw.From == nil || raw.To == nil {
		return Move{}, errors.New("move JSON needs both \"from\" and \"to\"")
	}
	if len(raw.From) != 2 || len(raw.To) != 2 {
		return Move{}, errors.New("a dot in move JSON is [row,col], two numbers")
	}
	return Move{From: [2]int{raw.From[0], raw.From[1]}, To: [2]int{raw.To[0], raw.To[1]}}.Canon(), nil
}

// parseCanonical reads a move written exactly as json.Marshal writes one,
// {"from":[r,c],"to":[r,c]}, which is how clients send moves, without the
// reflection and the decoder a general parse needs: on a server that was
// a measurable share of a move's cost. Anything else returns false and
// goes through the decoder, which then reads the same text the same way.
func parseCanonical(b []byte) (Move, bool) {
	var m Move
	b, ok := cutPrefix(b, `{"from":[`)
	if ok {
		m.From, b, ok = parsePair(b)
	}
	if ok {
		b, ok = cutPrefix(b, `],"to":[`)
	}
	if ok {
		m.To, b, ok = parsePair(b)
	}
	if ok {
		b, ok = cutPrefix(b, `]}`)
	}
	return m, ok && len(b) == 0
}

func cutPrefix(b []byte, p string) ([]byte, bool) {
	if len(b) < len(p) || string(b[:len(p)]) != p {
		return b, false
	}
	return b[len(p):], true
}

// parsePair reads "r,c": two JSON integers of at most six digits.
func parsePair(b []byte) ([2]int, []byte, bool) {
	var d [2]int
	var ok bool
	d[0], b, ok = parseSmallInt(b)
	if !ok {
		return d, b, false
	}
	if b, ok = cutPrefix(b, ","); !ok {
		return d, b, false
	}
	d[1], b, ok = parseSmallInt(b)
	return d, b, ok
}

// parseSmallInt reads a JSON integer (no leading zeros, no fraction or
// exponent) of at most six digits.
func parseSmallInt(b []byte) (int, []byte, bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	n, i := 0, 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		n = n*10 + int(b[i]-'0')
		i++
	}
	if i == 0 || i > 6 || (b[0] == '0' && i > 1) {
		return 0, b, false
	}
	if neg {
		n = -n
	}
	return n, b[i:], true
}

func parseNotation(text string) (Move, error) {
	a, b, ok := strings.Cut(text, "-")
	if !ok {
		return Move{}, fmt.Errorf("move %q: write two dots joined by a dash, like \"b3-c3\"", text)
	}
	from, err := parseDot(strings.TrimSpace(a))
	if err != nil {
		return Move{}, err
	}
	to, err := parseDot(strings.TrimSpace(b))
	if err != nil {
		return Move{}, err
	}
	return Move{From: from, To: to}.Canon(), nil
}

// parseDot reads a column letter and a row number, "c3".
func parseDot(t string) ([2]int, error) {
	if len(t) < 2 {
		return [2]int{}, fmt.Errorf("dot %q: write a column letter and a row number, like \"c3\"", t)
	}
	ch := t[0] | 0x20 // lower case
	if ch < 'a' || ch > 'z' {
		return [2]int{}, fmt.Errorf("dot %q: the column is a letter from a", t)
	}
	row, err := strconv.Atoi(t[1:])
	if err != nil || row < 1 || t[1] == '+' || t[1] == '0' {
		return [2]int{}, fmt.Errorf("dot %q: the row is a number from 1", t)
	}
	return [2]int{row - 1, int(ch - 'a')}, nil
}
