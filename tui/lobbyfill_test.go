package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// TestLobbyFillsTheScreen (issue 32, point 11): at 80x24, a lobby of 12
// tables to play and 6 finished ones, two people online and one chat
// line: the tables take every row down to the key bar, which is the
// screen's last line, with none left blank while tables wait below (the
// rows of lines not drawn were counted); and of the finished tables only
// the newest three are listed, where they all piled up.
func TestLobbyFillsTheScreen(t *testing.T) {
	m := New(Config{NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.user = client.User{Name: "Ann"}
	m.games = []client.Game{{Name: "dots", Title: "Dots and Boxes"}}
	var tables []client.Table
	for i := range 18 {
		st := client.StatusOpen
		if i%3 == 0 {
			st = client.StatusOver
		}
		tables = append(tables, client.Table{ID: fmt.Sprint(i), Game: "dots", Status: st,
			Seats: []client.Seat{human("Bob"), {Kind: client.SeatOpen}}})
	}
	m.Update(tablesPush(t, tables...))
	m.lobby.lists.Online = []client.Online{{Name: "Ann", Guest: true}, {Name: "Bob", Guest: true}}
	m.lobby.chat = []client.Chat{{From: "Bob", Text: "hi"}}

	var over []string
	for _, tb := range m.lobby.tables {
		if tb.Status == client.StatusOver {
			over = append(over, tb.ID)
		}
	}
	if fmt.Sprint(over) != "[9 12 15]" {
		t.Fatalf("the lobby lists the finished tables %v, want the newest three [9 12 15]", over)
	}

	for _, sel := range []int{0, 6, len(m.lobby.tables) - 1} {
		m.lobby.sel = sel
		out := plain(m.View().Content)
		lines := strings.Split(strings.TrimRight(out, "\n "), "\n")
		if len(lines) != 24 || !strings.Contains(lines[23], "Enter join") {
			t.Fatalf("with table %d chosen the lobby leaves rows blank above %d lines:\n%s", sel, len(lines), out)
		}
		if !strings.Contains(out, "more below)") && !strings.Contains(out, "more above)") {
			t.Fatalf("no line says more tables wait:\n%s", out)
		}
	}
}
