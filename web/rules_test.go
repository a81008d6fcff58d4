package web

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/games/battleship"
	"github.com/parlor-games/parlor/games/warfare"
)

// ruleFact is a fact of a game's rules that the browser must read from
// the game (its view, its events, its legal moves) and never keep a copy
// of: a copy drifts when the rule changes in Go, and the board then lies.
type ruleFact struct {
	game, what string
	re         *regexp.Regexp
}

// quoted matches word as a string literal of its own ("carrier").
func quoted(word string) string { return "[\"'`]" + regexp.QuoteMeta(word) + "[\"'`]" }

// ruleFacts are built from the games' own Go values where they can be,
// so that a changed rule changes what is looked for.
func ruleFacts() []ruleFact {
	var out []ruleFact
	add := func(game, what, pattern string) {
		out = append(out, ruleFact{game, what, regexp.MustCompile(pattern)})
	}

	for _, s := range battleship.Fleet {
		if s.Name == battleship.Definition.Name {
			continue // the ship shares its name with the game, which shared screens name
		}
		add("battleship", "the name of a ship of the fleet, "+s.Name, quoted(s.Name))
	}
	add("battleship", "a ship's length", `\blen\s*:\s*\d`)
	add("battleship", "the number of ships (the salvo count)", fmt.Sprintf(`(?i)ships\w*\s*=\s*%d\b`, len(battleship.Fleet)))
	cols := ""
	for c := range battleship.Size {
		cols += string(rune('A' + c))
	}
	add("battleship", "the grid's columns", regexp.QuoteMeta(cols))
	add("battleship", "the grid's side", fmt.Sprintf(`(?i)\b(n|size|side)\s*=\s*%d\b|\*\s*%d\s*\+`, battleship.Size, battleship.Size))

	add("dots", "the server's numbering of lines", `rows\s*\*\s*\(\s*[\w.]*cols\s*-\s*1\s*\)`)

	var wages []string
	for r := warfare.Peasant; r <= warfare.Knight; r++ {
		add("warfare", "the name of a rank, "+r.String(), quoted(r.String()))
		wages = append(wages, fmt.Sprint(r.Upkeep()))
	}
	add("warfare", "the wages", strings.Join(wages, `\s*,\s*`))
	for l := warfare.Hovel; l <= warfare.Fort; l++ {
		add("warfare", "the name of a village level, "+l.String(), quoted(l.String()))
	}
	add("warfare", "the wood of an upgrade or a watchtower",
		fmt.Sprintf(`(?i)wood\w*\s*=\s*\d|\b(%d|%d) wood\b`, warfare.UpgradeWood, warfare.TowerWood))
	add("warfare", "the gold of a rank (recruiting and training)", fmt.Sprintf(`\b%d\s*\*\s*[\w(]`, warfare.Peasant.Cost()))
	add("warfare", "the top rank", fmt.Sprintf(`<=\s*%d\s*;`, int(warfare.Knight)))
	add("warfare", "the top rank of a village level", `indexOf\([^)]*level[^)]*\)\s*\+\s*\d`)
	return out
}

// TestNoRuleInTheBrowser: no module of web/src keeps a copy of a rule
// that lives in a game's Go package (issue #35, point 1). A failure names
// the file, the line and the fact: read it from the game's view instead,
// adding it there (the game's view.go) if the view lacks it.
func TestNoRuleInTheBrowser(t *testing.T) {
	facts := ruleFacts()
	found := 0
	err := fs.WalkDir(files, "src", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".ts") {
			return err
		}
		found++
		b, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			code := line
			if j := strings.Index(code, "//"); j >= 0 && !strings.Contains(code[:j], "\"") {
				code = code[:j]
			}
			if strings.HasPrefix(strings.TrimSpace(code), "*") || strings.HasPrefix(strings.TrimSpace(code), "/*") {
				continue
			}
			for _, f := range facts {
				if f.re.MatchString(code) {
					t.Errorf("%s:%d keeps %s's rule %s: %s", p, i+1, f.game, f.what, strings.TrimSpace(line))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 10 {
		t.Fatalf("only %d modules found", found)
	}
}
