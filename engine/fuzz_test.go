package engine_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/engine"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// FuzzServe feeds arbitrary request lines to an engine holding a match and
// checks the protocol's promise: no panic, and exactly one JSON object with
// a boolean "ok" per line, until a quit.
func FuzzServe(f *testing.F) {
	for _, seed := range []string{
		`{"cmd":"play","seat":0,"move":"t2"}`,
		`{"cmd":"play","seat":0,"move":{"take":3}}` + "\n" + `{"cmd":"undo"}`,
		`{"cmd":"state","seat":-1}`,
		`{"cmd":"bot","seat":0,"level":"random","ms":5}`,
		`{"cmd":"solve","ms":100}`,
		`{"cmd":"load","log":{"game":"nim","seed":1,"moves":[{"seat":0,"move":"t1"}]}}`,
		`{"cmd":"new","game":"nim","options":{"setup":true},"seed":18446744073709551615}`,
		`{"id":[1,{"a":null}],"cmd":"legal","seat":1}`,
		"\x00\xff{\"cmd\":", `{"cmd":"play","seat":0,"move":"boom"}`,
		"\r\n\n", `{"cmd":"log"}`, `{"cmd":"quit"}`,
		`{"cmd":"load","log":[1]}`, `{"cmd":"load","log":{"game":"nim","moves":{}}}`,
		`{"cmd":"play","seat":0,"move":{"take":"2"}}`, `{"cmd":"new","game":"nim","options":{"stones":[]}}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		in := `{"cmd":"new","game":"nim","seed":1}` + "\n" + input
		var out bytes.Buffer
		if err := engine.Serve(context.Background(), gametest.Registry(), strings.NewReader(in), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		lines := strings.Split(in, "\n")
		if strings.HasSuffix(in, "\n") {
			lines = lines[:len(lines)-1]
		}
		answers := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		for i, a := range answers {
			var m map[string]json.RawMessage
			if err := json.Unmarshal([]byte(a), &m); err != nil {
				t.Fatalf("answer %d is not a JSON object: %q", i, a)
			}
			var ok bool
			if err := json.Unmarshal(m["ok"], &ok); err != nil {
				t.Fatalf("answer %d has no boolean ok: %q", i, a)
			}
			var msg string
			_ = json.Unmarshal(m["error"], &msg)
			if w := game.GoWords(msg); w != "" {
				t.Fatalf("answer %d speaks of Go (%q): %q", i, w, a)
			}
		}
		if len(answers) > len(lines) {
			t.Fatalf("%d answers to %d lines", len(answers), len(lines))
		}
		if len(answers) < len(lines) && !strings.Contains(input, "quit") {
			t.Fatalf("%d answers to %d lines", len(answers), len(lines))
		}
	})
}
