package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestHelpShowsEveryRulebook (issue 32, points 7 and 14): at a table of
// each of the five games, at 1280x800 and on a phone, Help opens the
// game's own rulebook (every heading the server sends from the game's
// package, and its goal), never "No rulebook for this game yet"; the
// rules page of each game shows the same book.
func TestHelpShowsEveryRulebook(t *testing.T) {
	type book struct {
		Title    string
		Sections []struct {
			Title string
			Paras []string
		}
	}
	games := []struct {
		name  string
		seats int
	}{{"dots", 2}, {"battleship", 2}, {"clue", 3}, {"buccaneer", 4}, {"warfare", 2}}
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		p := newPage(t, fmt.Sprintf("%dx%d", size[0], size[1]), size[0], size[1])
		p.guest(uniqueName("Reader"))
		for _, g := range games {
			var b book
			if err := getJSON("/api/games/"+g.name+"/rules", &b); err != nil || len(b.Sections) == 0 {
				t.Fatalf("%s: the server's rulebook: %v %+v", g.name, err, b)
			}
			seats := []map[string]string{{"kind": "me"}}
			for range g.seats - 1 {
				seats = append(seats, map[string]string{"kind": "bot", "level": "easy"})
			}
			id := evalAs[string](p, createTableJS(g.name, map[string]any{}, seats))
			p.goTo("/t/" + id)
			p.waitVisible("#help")
			p.click("#help")
			p.waitRulebook(".rules-panel")
			if got := p.text(".rules-panel h2"); got != "Help: "+b.Title {
				p.fail("%s: the help panel is headed %q", g.name, got)
			}
			panel := p.text(".rules-panel")
			if strings.Contains(panel, "No rulebook") {
				p.fail("%s: the help says there is no rulebook", g.name)
			}
			for _, s := range b.Sections {
				if !strings.Contains(panel, s.Title) {
					p.fail("%s: the help lacks the section %q", g.name, s.Title)
				}
			}
			if goal := b.Sections[0].Paras[0]; !strings.Contains(panel, goal) {
				p.fail("%s: the help lacks the goal %q", g.name, goal)
			}
			p.snap(g.name + "-help")
			p.click(".rules-panel .close")
			p.waitFor("the help closed", `document.querySelector(".rules-panel") === null`)

			p.goTo("/rules/" + g.name)
			p.waitRulebook("main")
			page := p.text("main")
			if !strings.Contains(page, "Rules of "+b.Title) || !strings.Contains(page, b.Sections[len(b.Sections)-1].Title) {
				p.fail("%s: the rules page shows:\n%s", g.name, page)
			}
		}
	}
}
