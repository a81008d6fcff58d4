package clue

import (
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game/gametest"
)

// The spec's rule of suggestions, "You must be in the Room that you mention
// in your Suggestion": a suggestion naming another room than the one the
// player stands in is refused with that rule, not made in the player's room
// as if the room had not been named.
func TestSuggestionNamingAnotherRoomIsRefused(t *testing.T) {
	s := scenario3(t)
	play(t, s, "0: move hall-lounge", "0: end", "1: move lounge-dining-room", "1: end", "2: move ballroom-kitchen", "2: end",
		"0: move lounge")
	gametest.Refused(t, s, 0, `{"kind":"suggest","suspect":"plum","weapon":"rope","room":"kitchen"}`, "wrong-room")
	gametest.Refused(t, s, 0, "suggest plum rope kitchen", "wrong-room")
	_, err := s.ParseMove(0, []byte(`{"kind":"suggest","suspect":"plum","weapon":"rope","room":"kitchen"}`))
	if !strings.Contains(strings.ToLower(err.Error()), "you must be in the room that you mention in your suggestion") {
		t.Fatalf("the refusal %q does not cite the rule", err)
	}
	// Naming the room one stands in says nothing new: it is accepted.
	play(t, s, `0: {"kind":"suggest","suspect":"plum","weapon":"rope","room":"lounge"}`)
	if len(s.suggestions) != 1 || s.suggestions[0].Room != roomCard(Lounge) {
		t.Fatalf("the suggestion was not made in the Lounge: %+v", s.suggestions)
	}
}

// A move holds only the fields its kind takes: anything else is refused
// rather than dropped without a word.
func TestMoveFieldsOfAnotherKindAreRefused(t *testing.T) {
	s := scenario3(t)
	for _, text := range []string{
		`{"kind":"move","to":"hall-lounge","card":"rope"}`,
		`{"kind":"move","to":"hall-lounge","suspect":"plum"}`,
		`{"kind":"end","weapon":"rope"}`,
		`{"kind":"show","card":"rope","room":"hall"}`,
		`{"kind":"accuse","suspect":"plum","weapon":"rope","room":"study","to":"hall"}`,
		`{"kind":"suggest","suspect":"plum","weapon":"rope","card":"rope"}`,
		`{"kind":"end","to":null}`,
	} {
		gametest.Refused(t, s, 0, text, "bad-notation")
	}
	gametest.Refused(t, s, 0, `{"kind":"suggest","suspect":"plum","weapon":"rope","room":"rope"}`, "bad-notation")
	play(t, s, `0: {"kind":"move","to":"hall-lounge"}`)
}
