package game

import (
	"fmt"
	"strings"
)

// A game's rulebook is written once, in the game's own package, as a small
// piece of Markdown (headings and paragraphs only), and every client shows
// it: the web's Help panel and rules page, the terminal's help screen. The
// rules are the game's words, so no client keeps a copy of its own to fall
// out of step with what the game enforces.

// Rulebook is a game's rules for people, in sections.
type Rulebook struct {
	Sections []RuleSection `json:"sections"`
}

// RuleSection is one heading of a rulebook and the paragraphs under it,
// each plain text (no markup), so that a client may put it on a page or
// wrap it to a terminal's width as it is.
type RuleSection struct {
	Title string   `json:"title"`
	Paras []string `json:"paras"`
}

// ParseRulebook reads a rulebook from its Markdown: each "## " line starts
// a section; the lines under it are paragraphs, separated by blank lines,
// and a "- " line is a paragraph of its own (a list item). An optional
// "# " line before the first section (the game's title) is skipped. Text
// outside a section, a section with no paragraph, and other markup that a
// client would show raw (### headings, tables, HTML) are refused, so that
// a mistake shows when the package loads, not on a player's screen.
func ParseRulebook(md string) (Rulebook, error) {
	var b Rulebook
	var para []string
	flush := func() {
		if len(para) > 0 {
			s := &b.Sections[len(b.Sections)-1]
			s.Paras = append(s.Paras, strings.Join(para, " "))
			para = nil
		}
	}
	for i, line := range strings.Split(md, "\n") {
		line = strings.TrimSpace(line)
		n := i + 1
		switch {
		case line == "":
			if len(b.Sections) > 0 {
				flush()
			}
		case strings.HasPrefix(line, "## "):
			if len(b.Sections) > 0 {
				flush()
				if len(b.Sections[len(b.Sections)-1].Paras) == 0 {
					return Rulebook{}, fmt.Errorf("rulebook line %d: the section before has no text", n)
				}
			}
			b.Sections = append(b.Sections, RuleSection{Title: strings.TrimSpace(line[3:])})
		case strings.HasPrefix(line, "# "):
			if len(b.Sections) > 0 {
				return Rulebook{}, fmt.Errorf("rulebook line %d: a title after the first section", n)
			}
		case strings.HasPrefix(line, "#"), strings.HasPrefix(line, "|"), strings.HasPrefix(line, "<"):
			return Rulebook{}, fmt.Errorf("rulebook line %d: only ## headings and paragraphs are shown as written: %q", n, line)
		case len(b.Sections) == 0:
			return Rulebook{}, fmt.Errorf("rulebook line %d: text before the first ## heading", n)
		case strings.HasPrefix(line, "- "):
			flush()
			para = append(para, strings.TrimSpace(line[2:]))
		default:
			para = append(para, line)
		}
	}
	if len(b.Sections) == 0 {
		return Rulebook{}, fmt.Errorf("rulebook: no ## section")
	}
	flush()
	if len(b.Sections[len(b.Sections)-1].Paras) == 0 {
		return Rulebook{}, fmt.Errorf("rulebook: the last section has no text")
	}
	return b, nil
}

// MustRulebook is ParseRulebook for a rulebook embedded in a game's
// package: a malformed one is a programming error found at start-up.
func MustRulebook(md string) Rulebook {
	b, err := ParseRulebook(md)
	if err != nil {
		panic(err)
	}
	return b
}
