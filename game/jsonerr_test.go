package game_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// Every way a client's JSON can fail to decode is told in a sentence that
// names the field and the kind of JSON it needs, never a Go type.
func TestJSONErrorsSpeakNoGo(t *testing.T) {
	type inner struct {
		N int `json:"n"`
	}
	type msg struct {
		Seat  int            `json:"seat"`
		Names []string       `json:"names"`
		In    inner          `json:"in"`
		Map   map[string]int `json:"map"`
		Log   game.Log       `json:"log"`
	}
	cases := []struct{ text, want string }{
		{`{"seat":"x"}`, `field "seat" of the request must be an integer, not a string`},
		{`{"names":3}`, `field "names" of the request must be a list, not a number`},
		{`{"in":{"n":[1]}}`, `field "in.n" of the request must be an integer, not a list`},
		{`{"map":{"a":"b"}}`, `must be an integer`},
		{`{"log":[1]}`, `field "log" of the request must be an object, not a list`},
		{`{"log":{"moves":{}}}`, `field "log.moves" of the request must be a list`},
		{`{"seat":99999999999999999999}`, `must be an integer`},
		{`{"other":1}`, `the request has an unknown field "other"`},
		{`{"seat":`, `the request is not valid JSON: it ends too early`},
		{`{"seat":1,}`, `the request is not valid JSON (at character`},
		{`[1]`, `the request must be an object, not a list`},
		{`{"seat":1} 2`, `the request has data after its JSON value`},
	}
	for _, c := range cases {
		var m msg
		err := game.DecodeJSON([]byte(c.text), &m, "the request")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.text, err, c.want)
			continue
		}
		if w := game.GoWords(err.Error()); w != "" {
			t.Errorf("%s: %q speaks of Go (%q)", c.text, err, w)
		}
	}
}

// GoWords finds the decoder's own words and Go type names, and leaves a
// player's own text, quoted back to them, alone.
func TestGoWords(t *testing.T) {
	for _, s := range []string{
		"json: cannot unmarshal array into Go value of type game.Log",
		"cannot unmarshal string into Go struct field Move.take of type int",
		"want []int", "want map[string]int", "want struct { X int }",
	} {
		if game.GoWords(s) == "" {
			t.Errorf("%q: no Go found", s)
		}
	}
	for _, s := range []string{`no card is called "[]x"`, "a shot is [row, col]", "a move takes no fields"} {
		if w := game.GoWords(s); w != "" {
			t.Errorf("%q: found %q", s, w)
		}
	}
	var raw json.RawMessage
	if err := game.DecodeJSON([]byte(`{}`), &raw, "x"); err != nil {
		t.Fatal(err)
	}
}
