package dots

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// A line is its two dots and nothing else: any other field is refused, and
// the refusal speaks of JSON, never of Go.
func TestMoveWithAnotherFieldIsRefused(t *testing.T) {
	st := mustNew(t, 3, 3)
	for _, text := range []string{
		`{"from":[0,0],"to":[0,1],"box":[0,0]}`,
		`{"from":[0,0],"to":[0,1],"seat":1}`,
		`{"from":"a1","to":[0,1]}`,
		`{"from":[0,0]}`,
	} {
		_, err := st.ParseMove(0, []byte(text))
		if game.ErrorCode(err) != "bad-move" {
			t.Errorf("%s: %v, want a refusal with the code bad-move", text, err)
			continue
		}
		if w := game.GoWords(err.Error()); w != "" {
			t.Errorf("%s: the refusal %q speaks of Go (%q)", text, err, w)
		}
	}
}
