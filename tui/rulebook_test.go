package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/server/servertest"
)

// TestHelpShowsTheRulebook: at 80x24, ? on the new-table screen of each
// game, and at a table, shows the game's whole rulebook under the keys,
// as the game's package writes it: every heading and every paragraph can
// be read whole by scrolling down, and no line is cut at the edge.
func TestHelpShowsTheRulebook(t *testing.T) {
	srv := servertest.Start(t)
	ann := drive(t, srv, "Ann")
	ann.m.w, ann.m.h = 80, 24
	ann.waitFor("Ann*")
	for _, d := range games.Registry().List() {
		ann.newTable(d.Title)
		ann.keys("?")
		ann.waitFor("Rules of " + d.Title)
		var screens []string
		for range 1000 {
			s := ann.screen()
			lines := strings.Split(s, "\n")
			if len(lines) > 24 {
				t.Fatalf("%s: the help takes %d lines at 80x24", d.Title, len(lines))
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > 80 {
					t.Fatalf("%s: a help line of %d columns: %q", d.Title, w, l)
				}
			}
			if len(screens) > 0 && s == screens[len(screens)-1] {
				break
			}
			screens = append(screens, flat(s))
			ann.keys("down")
		}
		shown := func(text string) bool {
			for _, s := range screens {
				if strings.Contains(s, flat(text)) {
					return true
				}
			}
			return false
		}
		for _, sec := range d.Rulebook.Sections {
			if !shown(sec.Title) {
				t.Errorf("%s: the heading %q is never shown", d.Title, sec.Title)
			}
			for _, p := range sec.Paras {
				if !shown(p) {
					t.Errorf("%s, %s: the paragraph %q is never shown whole", d.Title, sec.Title, p)
				}
			}
		}
		ann.keys("x")
		if ann.m.help {
			t.Fatalf("%s: x did not close the help", d.Title)
		}
		ann.keys("esc")
		ann.waitFor("n new")
	}

	// At a table, the help names the table's game.
	ann.newTable("Dots and Boxes")
	ann.keys("enter")
	ann.waitFor("Your move")
	ann.keys("?")
	for i := 0; !strings.Contains(ann.screen(), "Rules of Dots and Boxes"); i++ {
		if i == 60 {
			t.Fatalf("the help at a Dots and Boxes table never shows its rules:\n%s", ann.screen())
		}
		ann.keys("pgdown")
	}
}
