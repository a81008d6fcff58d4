package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// DecodeJSON reads one JSON value from text into dst strictly: an unknown
// field, a value of the wrong kind or data after the value is refused. Its
// errors are sentences a player can read, naming the field and the kind of
// JSON value it needs; they never name a Go type or repeat the decoder's
// own text, which speaks of Go values and would mean nothing to a player.
// what names the whole value in the sentences ("the move", "options").
func DecodeJSON(text []byte, dst any, what string) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return JSONError(err, what)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%s has data after its JSON value", what)
	}
	return nil
}

// JSONError turns an error from encoding/json into a sentence about what,
// as DecodeJSON does. An error that is not the decoder's own (a game's
// UnmarshalText saying "no card is called ...") is already a sentence and
// comes back unchanged.
func JSONError(err error, what string) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		if te.Field == "" {
			return fmt.Errorf("%s must be %s, not %s", what, JSONKind(te.Type), jsonValue(te.Value))
		}
		return fmt.Errorf("field %q of %s must be %s, not %s", te.Field, what, JSONKind(te.Type), jsonValue(te.Value))
	case errors.As(err, &se):
		return fmt.Errorf("%s is not valid JSON (at character %d)", what, se.Offset)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s is not valid JSON: it ends too early", what)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("%s has an unknown field %s", what, strings.TrimPrefix(err.Error(), "json: unknown field "))
	case strings.HasPrefix(err.Error(), "json: "):
		return fmt.Errorf("%s is not valid JSON", what)
	}
	return err
}

// jsonValue names the kind of JSON value the decoder found, from its own
// description of it ("array", "number -5", "string").
func jsonValue(v string) string {
	switch f, _, _ := strings.Cut(v, " "); f {
	case "array":
		return "a list"
	case "object":
		return "an object"
	case "string":
		return "a string"
	case "number":
		if v == "number" {
			return "a number"
		}
		return v
	case "bool":
		return "true or false"
	}
	return "that value"
}

// Fields lists the names of the fields of a JSON object, sorted, so that a move parser can tell which fields a client sent
// (a field sent as null or false is still sent). text must be an object.
func Fields(text []byte, what string) ([]string, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(text, &obj); err != nil || obj == nil {
		return nil, fmt.Errorf("%s must be a JSON object", what)
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys, nil
}

// OnlyFields refuses, with the code "bad-move", a move of kind that holds
// a field the kind does not take. Every game's parser reads a move into
// one structure that has room for the fields of all its kinds, and a field
// that a kind does not read would otherwise be dropped without a word: a
// player who named a room in a suggestion must learn that it was not used,
// not find the suggestion made in another room.
func OnlyFields(kind string, sent []string, takes ...string) error {
	for _, f := range sent {
		if !slices.Contains(takes, f) {
			if len(takes) == 0 {
				return Illegal("bad-move", "a %s move takes no fields, not %q", kind, f)
			}
			return Illegal("bad-move", "a %s move takes %s, not %q", kind, quoteList(takes), f)
		}
	}
	return nil
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// goWords are bits of text that only Go's own errors hold: the decoder's
// prefix, its words for Go values, a type's spelling.
var goWords = []string{"Go value", "Go struct", "json: ", "struct {", "interface {", "*game.", "game.Log", "runtime error"}

// GoWords returns the first bit of Go in a sentence meant for a player,
// or "", leaving out what the sentence quotes. Tests of every route that answers with an error scan the answer
// with it: no Go type name or Go error text may reach a player. A slice or
// map type counts ("[]int", "map[string]"), but brackets around nothing
// else do not, since a refusal may quote the "[]" a player sent.
func GoWords(sentence string) string {
	sentence = unquoted(sentence)
	for _, w := range goWords {
		if strings.Contains(sentence, w) {
			return w
		}
	}
	for _, prefix := range []string{"[]", "map["} {
		for rest := sentence; ; {
			i := strings.Index(rest, prefix)
			if i < 0 {
				break
			}
			rest = rest[i+len(prefix):]
			if rest != "" && (rest[0] == '*' || rest[0] >= 'a' && rest[0] <= 'z' || rest[0] >= 'A' && rest[0] <= 'Z') {
				return prefix + rest[:1]
			}
		}
	}
	return ""
}

// unquoted drops what a sentence quotes, the player's own text echoed
// back ("no card is called \"[]x\""), keeping the words around it.
func unquoted(sentence string) string {
	var b strings.Builder
	in := false
	for i := 0; i < len(sentence); i++ {
		switch c := sentence[i]; {
		case c == '\\' && in:
			i++
		case c == '"':
			in = !in
		case !in:
			b.WriteByte(c)
		}
	}
	return b.String()
}
