package games

import (
	"strings"
	"testing"
)

// TestEveryGameHasARulebook: both clients show a game's rulebook as their
// help, from the game's registry entry; a registered game without one
// would leave its players with "no rulebook for this game". Each book
// names the goal, and no paragraph is empty or carries raw markup that a
// client would show as written.
func TestEveryGameHasARulebook(t *testing.T) {
	for _, d := range Registry().List() {
		b := d.Rulebook
		if len(b.Sections) < 3 {
			t.Errorf("%s: the rulebook has %d sections, want the goal, the setup and the play at least", d.Name, len(b.Sections))
			continue
		}
		if b.Sections[0].Title != "Goal" {
			t.Errorf("%s: the rulebook opens with %q, not the goal", d.Name, b.Sections[0].Title)
		}
		for _, s := range b.Sections {
			for _, p := range s.Paras {
				if strings.TrimSpace(p) == "" || strings.ContainsAny(p, "*`<>") || strings.HasPrefix(p, "#") {
					t.Errorf("%s, %q: a paragraph a client would show badly: %q", d.Name, s.Title, p)
				}
			}
		}
	}
}
