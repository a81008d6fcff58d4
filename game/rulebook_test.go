package game

import (
	"strings"
	"testing"
)

// TestParseRulebook: headings start sections, blank lines part
// paragraphs, lines of one paragraph join with a space, list items are
// paragraphs of their own, and the title line is skipped.
func TestParseRulebook(t *testing.T) {
	b, err := ParseRulebook("# Game\n\n## Goal\n\nWin the\ngame.\n\nSecond.\n\n## Moves\n\n- one\n- two\n  more\nlast\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []RuleSection{
		{Title: "Goal", Paras: []string{"Win the game.", "Second."}},
		{Title: "Moves", Paras: []string{"one", "two more last"}},
	}
	if len(b.Sections) != len(want) {
		t.Fatalf("got %d sections %+v, want %+v", len(b.Sections), b.Sections, want)
	}
	for i, s := range want {
		g := b.Sections[i]
		if g.Title != s.Title || strings.Join(g.Paras, "|") != strings.Join(s.Paras, "|") {
			t.Errorf("section %d = %+v, want %+v", i, g, s)
		}
	}
}

// TestParseRulebookRefuses: what a client would show raw, or a section
// with nothing under it, is an error naming its line.
func TestParseRulebookRefuses(t *testing.T) {
	for _, md := range []string{
		"",
		"# Game only\n",
		"text first\n## Goal\nx\n",
		"## Goal\n\n## Moves\nx\n",
		"## Goal\nx\n### Deeper\ny\n",
		"## Goal\n| a | b |\n",
		"## Goal\n<b>x</b>\n",
		"## Goal\nx\n## Empty\n",
	} {
		if _, err := ParseRulebook(md); err == nil {
			t.Errorf("ParseRulebook(%q) accepted it", md)
		}
	}
}
