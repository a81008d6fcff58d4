package tui

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
)

// formGame is g as GET /api/games gives it, with bots and the default
// policy of a gone player's seat forfeiting after a minute.
func formGame(g screenGame) client.Game {
	var opts []client.OptionSpec
	for _, o := range g.def.Options {
		if o.Kind == game.OptionScenario {
			continue
		}
		d, _ := json.Marshal(o.Default)
		opts = append(opts, client.OptionSpec{Name: o.Name, Label: o.Label, Kind: string(o.Kind), Default: d, Min: o.Min, Max: o.Max, Choices: o.Choices, Off: o.Off})
	}
	return client.Game{Name: g.name, Title: g.def.Title, Options: opts, Bots: []string{"easy", "hard"},
		Policy: client.Policy{Grace: 60, OnGone: client.Forfeit}}
}

// formRow is the form's row of label as drawn at 80x24.
func formRow(t *testing.T, m *Model, label string) string {
	t.Helper()
	for _, l := range strings.Split(plain(m.View().Content), "\n") {
		if strings.Contains(l, label) {
			return l
		}
	}
	t.Fatalf("no row %q:\n%s", label, plain(m.View().Content))
	return ""
}

// TestCreateFormSaysWhatTheTableDoes (issue 32, point 11): Battleship's
// seat that fires first is numbered from 1, as seats are everywhere, and
// named by who sits there, where the form showed "< 0 >"; and at a table
// of one person with bots the leaving policy reads what the table will
// do, the game pausing, and offers neither a forfeit nor an end, which
// such a table turns into a pause without a word; with a seat open for
// another person the forfeit is back.
func TestCreateFormSaysWhatTheTableDoes(t *testing.T) {
	m := New(Config{NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.games = []client.Game{formGame(screenGames[1]), formGame(screenGames[0])}
	m.user.Name = "Ann"
	m.Update(press("n"))
	f := m.create
	if row := formRow(t, m, "Seat that fires first"); !strings.Contains(row, "< Seat 1, you (Ann) >") {
		t.Fatalf("the first seat to fire reads %q", row)
	}
	f.field = 2 // the seat that fires first
	m.Update(press("right"))
	if row := formRow(t, m, "Seat that fires first"); !strings.Contains(row, "< Seat 2, bot, ") {
		t.Fatalf("after right the first seat to fire reads %q", row)
	}

	m.Update(press("up"))
	m.Update(press("up"))
	m.Update(press("right")) // Dots and Boxes, against a bot
	if f.games[f.game].Name != "dots" {
		t.Fatalf("the form shows %s", f.games[f.game].Name)
	}
	then := len(f.fields()) - 1
	f.field = then
	seen := map[string]bool{}
	for range 6 {
		seen[formRow(t, m, " then    ")] = true
		m.Update(press("right"))
	}
	for row := range seen {
		if strings.Contains(row, "forfeits") || strings.Contains(row, "ends for everyone") {
			t.Fatalf("a table of Ann and a bot offers %q, which it would turn into a pause", row)
		}
	}
	if !strings.Contains(strings.Join(mapKeys(seen), "\n"), "the game pauses until they return") {
		t.Fatalf("the pause is never offered: %v", mapKeys(seen))
	}

	f.policy.OnGone = client.Forfeit
	f.seats[1] = "open"
	if row := formRow(t, m, " then    "); !strings.Contains(row, "their seat forfeits") {
		t.Fatalf("with a seat open for another person the policy reads %q", row)
	}
}

func mapKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestCreateFormLimitOffReadsNone (issue 32, point 17): a house limit
// that is off by default reads "none" in the form, not "< 0 >", which
// reads as a game limited to no turns at all; set, it reads its number.
func TestCreateFormLimitOffReadsNone(t *testing.T) {
	m := New(Config{NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.games = []client.Game{formGame(screenGames[3]), formGame(screenGames[4])}
	m.user.Name = "Ann"
	m.Update(press("n"))
	f := m.create
	for _, c := range []struct{ game, label string }{{"buccaneer", "Turn limit"}, {"warfare", "Round limit"}} {
		for f.games[f.game].Name != c.game {
			f.field = 0
			m.Update(press("right"))
		}
		if row := formRow(t, m, c.label); !strings.Contains(row, "< none >") {
			t.Fatalf("%s: the limit, off, reads %q", c.game, row)
		}
		f.field = slices.Index(f.fields(), "opt:"+f.games[f.game].Options[slices.IndexFunc(f.games[f.game].Options, func(o client.OptionSpec) bool { return o.Label == c.label })].Name)
		m.Update(press("right"))
		if row := formRow(t, m, c.label); !strings.Contains(row, "< 1 >") {
			t.Fatalf("%s: the limit, set to one, reads %q", c.game, row)
		}
	}
}
