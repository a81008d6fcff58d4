package warfare

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// A move holds one kind, and only that kind's fields: a field of another
// kind, even sent as null, is refused rather than dropped without a word.
func TestMoveWithAnotherKindsFieldIsRefused(t *testing.T) {
	for _, text := range []string{
		`{"move":{"from":12,"to":40},"end":null}`,
		`{"move":{"from":12,"to":40},"upgrade":3}`,
		`{"move":{"from":12,"to":40,"unit":"knight"}}`,
		`{"end":true,"road":null}`,
		`{"buy":{"village":3,"unit":"knight","at":4,"from":2}}`,
		`{"tower":{"village":9,"at":0},"cultivate":null}`,
		`{}`,
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
