package battleship

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// A move is one of a fleet, a random fleet or a shot, and holds nothing
// else: a field of another form, even sent as null, is refused.
func TestMoveWithAnotherFormsFieldIsRefused(t *testing.T) {
	for _, text := range []string{
		`{"shot":[6,1],"random":null}`,
		`{"shot":[6,1],"fleet":null}`,
		`{"random":true,"shot":[1,1]}`,
		`{"shot":[6,1],"salvo":2}`,
		`{"shot":"b7"}`,
	} {
		_, err := ParseMove([]byte(text))
		if game.ErrorCode(err) != "bad-move" {
			t.Errorf("%s: %v, want a refusal with the code bad-move", text, err)
			continue
		}
		if w := game.GoWords(err.Error()); w != "" {
			t.Errorf("%s: the refusal %q speaks of Go (%q)", text, err, w)
		}
	}
}
