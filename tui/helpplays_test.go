package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestHelpAtTheTableKeepsTheBoard (issue 32, point 17; Dots and Boxes
// spec 7.3.1.6): at 80x24 the help at a 16x16 Dots table stands under the
// board, which keeps its cursor: the arrows still move it, a click on the
// board still lands where it points, and a click on the help's words
// does not reach the board lines scrolled out of sight beneath them.
func TestHelpAtTheTableKeepsTheBoard(t *testing.T) {
	m, _ := tableModel(t, screenGames[0], 80, 24)
	m.Update(press("?"))
	b := m.table.board.(*dotsBoard)
	out := plain(m.View().Content)
	if !strings.Contains(out, "keys still play") || !strings.Contains(out, " 1 +") {
		t.Fatalf("the help does not stand under the board:\n%s", out)
	}
	r, c := b.r, b.c
	m.Update(press("down"))
	if b.r == r && b.c == c || !m.help {
		t.Fatalf("down with the help open: the cursor stayed at %d,%d (help open %v)", r, c, m.help)
	}
	lines := strings.Split(plain(m.View().Content), "\n")
	r, c = b.r, b.c
	for y, l := range lines {
		if strings.Contains(l, "keys still play") {
			m.Update(tea.MouseClickMsg{X: 5, Y: y + 1})
			if b.r != r || b.c != c {
				t.Fatalf("a click on the help moved the cursor to %s", b.notation(b.r, b.c))
			}
		}
	}
	for y, l := range lines {
		if strings.HasPrefix(l, " 3 +") {
			m.Update(tea.MouseClickMsg{X: 5, Y: y})
			if got := b.notation(b.r, b.c); got != "a3-b3" {
				t.Fatalf("a click on the board with the help open chose %s, want a3-b3", got)
			}
			return
		}
	}
	t.Fatalf("row 3 is not on screen:\n%s", strings.Join(lines, "\n"))
}
