package buccaneer

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// A move sends the fields of one form only: a field of another form, even
// false or 0, is refused rather than dropped without a word.
func TestMoveWithAnotherFormsFieldIsRefused(t *testing.T) {
	for _, text := range []string{
		`{"sail":[5,7],"done":false}`,
		`{"sail":[5,7],"face":"N"}`,
		`{"face":"N","play":0}`,
		`{"attack":true,"crew":false}`,
		`{"keep":["gold"],"take":["rum"]}`,
		`{"seat":1,"give":["gold"]}`,
		`{"done":true,"seat":null}`,
		`{"play":23,"give":["gold"],"take":["rum"]}`,
		`{"crew":true,"captain":1}`,
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
	// Every form that takes two fields still reads.
	for _, text := range []string{`{"give":["gold"],"take":["rum"]}`, `{"play":23,"take":["gold"]}`, `{"take":["rum"]}`} {
		if _, err := ParseMove([]byte(text)); err != nil {
			t.Errorf("%s: %v", text, err)
		}
	}
}
