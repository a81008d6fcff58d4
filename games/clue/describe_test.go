package clue

import (
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// told plays a "seat: move" line and returns its words.
func told(t *testing.T, s *State, line string) string {
	t.Helper()
	seat, text, _ := strings.Cut(line, ":")
	return gametest.Told(t, s, game.Seat(seat[0]-'0'), strings.TrimSpace(text))
}

// TestDescribeKeepsTheShownCardSecret is issue #32's point 1 for
// Clue-Less: moves read as sentences, and the words of a card shown (sent
// to every seat) never say which card it was (3.7: only the suggester
// and the one who shows it learn it).
func TestDescribeKeepsTheShownCardSecret(t *testing.T) {
	s := scenario3(t)
	s.pos[Scarlet] = hallwayOf(DiningRoom, Kitchen)
	for _, c := range []struct{ line, want string }{
		{"0: move dining-room", "walked from the hallway between the Dining Room and the Kitchen to the Dining Room"},
		{"0: suggest white wrench", "suggested Mrs. White with the Wrench in the Dining Room; Mrs. White was called to the Dining Room"},
		{"1: show dining-room", "showed seat 0 a card"},
		{"0: end", "ended the turn"},
	} {
		if got := told(t, s, c.line); got != c.want {
			t.Errorf("%s is told %q, want %q", c.line, got, c.want)
		}
	}
}
