package tui

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// View draws the screen: a header, the screen's body, and the status and
// input lines, cut to the terminal's size.
func (m *Model) View() tea.View {
	width := max(m.w, 20)
	height := max(m.h, 10)
	// The lines below the body first: the status sentence wraps (at most
	// three lines) rather than being cut, and the input or question line.
	var foot []string
	if m.status != "" {
		st := wrap(m.status, width)
		if len(st) > 3 {
			st = st[:3]
			st[2] = ansi.Truncate(st[2], width-3, "") + "..."
		}
		foot = append(foot, st...)
	}
	switch {
	case m.inputFor != inputNone:
		foot = append(foot, m.input.View())
	case m.confirm != "":
		foot = append(foot, m.st.warn.Render("Really "+m.confirm+"? y / n"))
	}
	m.room = height - 1 - len(foot)
	var body string
	switch {
	case m.help && !(m.screen == screenTable && m.table != nil):
		body = m.helpView()
	case m.screen == screenCreate && m.create != nil:
		body = m.create.view(m)
	case m.screen == screenTable && m.table != nil:
		body = m.table.view(m)
	case m.screen == screenReplay && m.replay != nil:
		body = m.replay.view(m)
	case m.screen == screenMyGames:
		body = m.myGamesView()
	default:
		body = m.lobbyView()
	}
	conn := "connected"
	switch {
	case m.lost:
		conn = m.st.warn.Render("RECONNECTING")
	case m.conn == nil:
		conn = "connecting..."
	}
	who := m.user.Name
	if m.user.Guest {
		who += " (guest)"
	}
	head := m.st.title.Render("Parlor") + "  " + who + "  " + conn + "  " + m.st.dim.Render("? help")
	lines := append([]string{head}, strings.Split(body, "\n")...)
	// The body's views keep to m.room; this cut is the last guard.
	room := height - len(foot)
	if len(lines) > room {
		lines = lines[:room]
	}
	for len(lines) < room {
		lines = append(lines, "")
	}
	lines = append(lines, foot...)
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, width, "")
	}
	v := tea.NewView(strings.Join(lines, "\n"))
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	// Focus reports say when the player has gone to another window
	// (away.go).
	v.ReportFocus = true
	return v
}

func (m *Model) helpView() string {
	width := max(m.w, 20)
	lines := append([]string{m.st.bold.Render("Keys") + "  (any key closes this help)", ""}, m.helpLines(width)...)
	// A help longer than the screen scrolls, and its last line says so:
	// no key may be lost below the bottom edge.
	room := max(m.room, 3)
	if len(lines) <= room {
		m.helpTop = 0
		return strings.Join(lines, "\n")
	}
	room--
	m.helpTop = max(0, min(m.helpTop, len(lines)-room))
	shown := lines[m.helpTop : m.helpTop+room]
	more := fmt.Sprintf("lines %d-%d of %d: up/down or PgUp/PgDn scroll, any other key closes", m.helpTop+1, m.helpTop+room, len(lines))
	return strings.Join(append(slices.Clone(shown), m.st.dim.Render(ansi.Truncate(more, width, ""))), "\n")
}

// helpLines are the help's keys for the screen shown, then the game's
// rules, wrapped to width.
func (m *Model) helpLines(width int) []string {
	var lines []string
	add := func(title string, keys ...string) {
		lines = append(lines, m.st.bold.Render(title))
		for _, k := range keys {
			// A key's line wraps under itself rather than being cut.
			for i, l := range wrap(k, width-4) {
				lines = append(lines, map[bool]string{true: "  ", false: "    "}[i == 0]+l)
			}
		}
		lines = append(lines, "")
	}
	// The board's keys first: they are what a player opens the help for.
	switch {
	case m.screen == screenTable && m.table != nil:
		if m.table.board != nil {
			add("Board", m.table.board.keys()...)
		}
		add("Table", m.table.keys()...)
	case m.screen == screenReplay && m.replay != nil:
		add("Replay", m.replay.keys()...)
	case m.screen == screenCreate:
		add("New table", "up/down: choose a field", "left/right: change it", "Enter: create the table", "Esc: back to the lobby")
	case m.screen == screenMyGames:
		add("My games", "up/down: choose a game", "Enter: open it", "g: the next game waiting on you",
			"v: take a vacation (your correspondence clocks stand still), or end the one under way", "+/-: a longer or shorter vacation", "Esc: back to the lobby")
	default:
		add("Lobby", "up/down: choose a table", "Enter: join the table (sit in an open seat, or watch)",
			"w: watch the table", "r: the replay of a finished table's match", "n: new table", "c: chat to the lobby",
			"g: the next of your games waiting on you", "l: the list of your games in play, those waiting on you first, and vacations",
			"[ ] or PgUp PgDn: the previous or next page of tables", "{ }: the previous or next page of who is online",
			"1-9: the replay of that game in the note of games that ended while you were away",
			"x: dismiss a game the note shows (then its digit, or a for all shown); the others, if any, come up",
			"f: follow a player by name (friends online are listed above the tables)",
			"C: challenge a player: their name, then a game's name if not "+challengeGame+" (Bob "+challengeOther+")",
			"y / u: accept or refuse the challenge shown (u also withdraws your own)",
			"p: return to your private game (a challenge's table)", "b: block a player by name", "q: quit")
	}
	add("Everywhere", "?: this help", "Ctrl+C: quit", "Esc: close the line you are typing in")
	// The game's rules after the keys: a player who opens the help in
	// the middle of a turn looks for a key first.
	return append(lines, m.rulebookLines(width)...)
}
