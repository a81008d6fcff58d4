package tui

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/parlor-games/parlor/client"
)

// lobbyLayout is how the lobby shares out its rows: how many games of the
// ended note, tables, people online and chat lines it shows.
type lobbyLayout struct {
	ended, window, names, chat int
}

// lobbyLayout fits the lobby into the rows under the header. Each part
// asks for its whole size; when they do not all fit, they give way in
// turn, each down to its least: the people online beside the tables to
// five, the ended note to three games, the chat to two lines, the people
// online to two, the note to one game, then, on a screen with a long
// status, the names online to none (the heading counts them) and the
// chat to its last line. The tables take what is left, at least three
// of them, in a window around the chosen one; so at 80x24, even under a
// status of three lines, the key bar stays on screen.
func (m *Model) lobbyLayout() lobbyLayout {
	room := m.room
	if room <= 0 {
		room = max(m.h, 10) - 1
	}
	online := len(m.lobby.lists.Online)
	l := lobbyLayout{ended: min(len(m.lobby.ended), endedKeys), names: online, chat: 4}
	if m.w < 100 {
		l.names = min(online, 5)
	}
	if m.h >= 30 {
		l.chat = 6
	}
	least := min(max(len(m.lobby.tables), 1), 3)
	give := []struct {
		n     *int
		least int
	}{{&l.names, 5}, {&l.ended, 3}, {&l.chat, 2}, {&l.names, 2}, {&l.ended, 1}, {&l.names, 0}, {&l.chat, 1}}
	for _, g := range give {
		for *g.n > g.least && m.lobbyRows(l, least) > room {
			*g.n--
		}
	}
	l.window = least
	for l.window < len(m.lobby.tables) && m.lobbyRows(l, l.window+1) <= room {
		l.window++
	}
	return l
}

// lobbyRows counts the lines of the lobby laid out as l with window
// tables shown.
func (m *Model) lobbyRows(l lobbyLayout, window int) int {
	// The heading, the tables (or the line saying there are none), the
	// lines saying there are more above and below when there are, the
	// chosen table's leaving words when it has some: only lines drawn are
	// counted, so that no row stays blank while tables wait below.
	tables := 1 + max(window, 1)
	if first, last := m.tableWindow(window); first > 0 {
		tables++
		if last < len(m.lobby.tables) {
			tables++
		}
	} else if last < len(m.lobby.tables) {
		tables++
	}
	if m.chosenWords() != "" {
		tables++
	}
	// The heading, the names, how many more, the legend; the heading
	// alone, which counts them, when no name has room.
	people := 1
	if l.names > 0 {
		people = 2 + l.names
		if l.names < len(m.lobby.lists.Online) {
			people++
		}
	}
	top := tables + 1 + people // one under the other, a blank line between
	if m.w >= 100 {
		top = max(tables, people) // side by side
	}
	// A blank line, the chat's heading and lines, a blank line, the keys.
	mine := 0
	if m.myGamesLine() != "" {
		mine = 1
	}
	return m.endedRows(l.ended) + len(m.rematchLines("")) + len(m.socialLines()) + mine + top + 4 + min(l.chat, len(m.lobby.chat))
}

// tableWindow is the tables shown in a window of window tables around
// the chosen one: from first to last (not included).
func (m *Model) tableWindow(window int) (first, last int) {
	first = max(0, min(m.lobby.sel-window/2, len(m.lobby.tables)-window))
	return first, min(len(m.lobby.tables), first+window)
}

// chosenWords is the line under the tables about the chosen one: the
// wait of the player's own seat, or the table's policy for a player who
// leaves; "" for a finished table or none.
func (m *Model) chosenWords() string {
	sel := m.lobby.sel
	switch {
	case sel < 0 || sel >= len(m.lobby.tables):
		return ""
	case m.ownTable(m.lobby.tables[sel]):
		return m.st.warn.Render("  " + m.returnWords(m.lobby.tables[sel], time.Now()))
	case m.lobby.tables[sel].Status != client.StatusOver:
		return m.st.dim.Render("  " + m.lobby.tables[sel].LeavingWords())
	}
	return ""
}

func (m *Model) lobbyView() string {
	var b strings.Builder
	lay := m.lobbyLayout()
	for _, l := range m.rematchLines("") {
		b.WriteString(l + "\n")
	}
	for _, l := range m.socialLines() {
		b.WriteString(l + "\n")
	}
	for _, l := range m.endedNote(lay.ended) {
		b.WriteString(l + "\n")
	}
	if l := m.myGamesLine(); l != "" {
		b.WriteString(l + "\n")
	}
	half := max(m.w/2, 40)
	left := m.tableLines(lay, half)
	right := m.onlineLines(lay)
	rows := max(len(left), len(right))
	for i := 0; i < rows; i++ {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		if m.w >= 100 {
			b.WriteString(pad(l, half) + r + "\n")
		} else if i < len(left) {
			b.WriteString(l + "\n")
		}
	}
	if m.w < 100 {
		b.WriteString("\n" + strings.Join(right, "\n") + "\n")
	}
	b.WriteString("\n" + m.st.bold.Render("Lobby chat") + "\n")
	for _, c := range lastChats(m.lobby.chat, lay.chat) {
		b.WriteString("  " + c.From + ": " + c.Text + "\n")
	}
	b.WriteString("\n" + m.st.dim.Render(m.lobbyKeyBar()))
	return b.String()
}

// tableLines are the lobby's tables, a window of them around the
// selection, each in a line that fits its column (half the screen when
// the online list stands beside).
func (m *Model) tableLines(lay lobbyLayout, half int) []string {
	left := []string{m.st.bold.Render("Tables" + pageWords(m.lobby.lists.TablesPage, m.lobby.pages.Tables, len(m.lobby.tables)))}
	if len(m.lobby.tables) == 0 {
		left = append(left, m.st.dim.Render("  none yet: press n to make one"))
	}
	// A window of tables around the selection, so that the chat and the
	// keys stay on an 80x24 screen however many tables there are.
	// Beside the tables (wide screens) or under them: who is online, then
	// the chat.
	first, last := m.tableWindow(lay.window)
	if first > 0 {
		left = append(left, m.st.dim.Render(fmt.Sprintf("  (%d more above)", first)))
	}
	for i := first; i < last; i++ {
		t := m.lobby.tables[i]
		line := fmt.Sprintf("%s %-16s %-8s %s%s", marker(i == m.lobby.sel), m.gameTitle(t.Game), tableStatus(t), kindTag(t), seatsLine(t))
		colW := max(m.w, 20)
		if m.w >= 100 {
			colW = half - 1 // the online list stands beside
		}
		if printedWidth(line) > colW {
			// Too long for the line: the people by name, bots and open
			// seats counted, rather than a cut list.
			line = fmt.Sprintf("%s %-16s %-8s %s%s", marker(i == m.lobby.sel), m.gameTitle(t.Game), tableStatus(t), kindTag(t), seatsCount(t))
		}
		if i == m.lobby.sel {
			line = m.st.cursor.Render(line)
		}
		left = append(left, line)
	}
	if last < len(m.lobby.tables) {
		left = append(left, m.st.dim.Render(fmt.Sprintf("  (%d more below)", len(m.lobby.tables)-last)))
	}
	if w := m.chosenWords(); w != "" {
		left = append(left, w)
	}
	return left
}

// onlineLines are who is online, as many as the layout gives room to,
// each with their games won and played.
func (m *Model) onlineLines(lay lobbyLayout) []string {
	right := []string{m.st.bold.Render("Online" + pageWords(m.lobby.lists.OnlinePage, m.lobby.pages.Online, len(m.lobby.lists.Online)))}
	for i, u := range m.lobby.lists.Online {
		if lay.names == 0 {
			break
		}
		if i == lay.names {
			right = append(right, m.st.dim.Render(fmt.Sprintf("  and %d more", len(m.lobby.lists.Online)-i)))
			break
		}
		name := u.Name
		if u.Guest {
			name += "*"
		}
		right = append(right, "  "+name+"  "+m.st.dim.Render(wonPlayed(u.Stats)))
	}
	if lay.names > 0 {
		right = append(right, m.st.dim.Render("  * guest; game won/played"))
	}
	return right
}

// wonPlayed says, game by game in order of name, how many games of it
// a player won of those played.
func wonPlayed(stats map[string]client.Stats) string {
	var counts []string
	var games []string
	for g := range stats {
		games = append(games, g)
	}
	sort.Strings(games)
	for _, g := range games {
		st := stats[g]
		if st.Played > 0 {
			counts = append(counts, fmt.Sprintf("%s %d/%d", g, st.Won, st.Played))
		}
	}
	return strings.Join(counts, " ")
}

// lobbyKeyBar always shows joining, help and quitting, the note's keys
// while it shows ended games and the page keys while there are pages;
// the other keys follow while they fit.
func (m *Model) lobbyKeyBar() string {
	enter := "Enter join"
	if sel := m.lobby.sel; sel >= 0 && sel < len(m.lobby.tables) && m.ownTable(m.lobby.tables[sel]) {
		enter = "Enter return"
	}
	must := []string{enter}
	if o := m.rematch; len(m.rematchLines("")) > 0 && !o.AcceptedBy(m.user.Name) {
		must = append(must, "m/d rematch")
	}
	for _, c := range m.openChallenges() {
		if c.To == m.user.Name {
			must = append(must, "y/u challenge")
			break
		}
	}
	must = append(must, m.endedBarKeys()...)
	must = append(must, "? help", "q quit")
	if p := m.lobby.lists.TablesPage; p != nil && (p.More || p.From > 0) {
		must = append(must, "[ ] pages")
	}
	return keyBar(max(m.w, 20), must, "n new table", "c chat", "w watch", "r replay", "f follow", "C challenge", "b block")
}

// pageWords is a list's heading after its name: " (n)" for a whole list
// or a first page that holds it all, else which page it is, " 51-100 of
// (more)", n being how many are held (one's own past the page included).
func pageWords(held *client.ListPage, at client.PageAt, n int) string {
	if held == nil || (held.From == 0 && !held.More) {
		return fmt.Sprintf(" (%d)", n)
	}
	last := held.From + min(n, at.N)
	if held.More {
		return fmt.Sprintf(" %d-%d (more)", held.From+1, last)
	}
	return fmt.Sprintf(" %d-%d", held.From+1, last)
}

func (m *Model) gameTitle(name string) string {
	for _, g := range m.games {
		if g.Name == name {
			return g.Title
		}
	}
	return name
}

func marker(on bool) string {
	if on {
		return ">"
	}
	return " "
}

// kindTag marks a correspondence table in the lobby's list by its clock,
// "[2 days a move] "; a live table has none.
func kindTag(t client.Table) string {
	if t.Kind != client.KindCorrespondence {
		return ""
	}
	return "[" + t.KindWords() + "] "
}

// seatsLine names a table's seats: players, bots by name with their level, and
// "(open)" for a free seat.
func seatsLine(t client.Table) string {
	var parts []string
	for _, s := range t.Seats {
		switch s.Kind {
		case client.SeatOpen:
			parts = append(parts, "(open)")
		case client.SeatBot:
			parts = append(parts, seatWithLevel(s))
		default:
			parts = append(parts, s.Name)
		}
	}
	return strings.Join(parts, ", ")
}

// seatsCount names a table's people and counts its bots and open seats:
// "Ann, Bob, 4 bots, 1 open".
func seatsCount(t client.Table) string {
	var parts []string
	bots, open := 0, 0
	for _, s := range t.Seats {
		switch s.Kind {
		case client.SeatOpen:
			open++
		case client.SeatBot:
			bots++
		default:
			parts = append(parts, s.Name)
		}
	}
	if bots > 0 {
		parts = append(parts, fmt.Sprintf("%d bot(s)", bots))
	}
	if open > 0 {
		parts = append(parts, fmt.Sprintf("%d open", open))
	}
	return strings.Join(parts, ", ")
}

func lastChats(list []client.Chat, n int) []client.Chat {
	if len(list) > n {
		return list[len(list)-n:]
	}
	return list
}

// pad fills s with spaces to width columns, counting printed cells only.
func pad(s string, width int) string {
	w := printedWidth(s)
	if w >= width {
		return s + " "
	}
	return s + strings.Repeat(" ", width-w)
}
