package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/parlor-games/parlor/client"
)

// sideWidth is the narrowest the column of moves and chat beside a board
// may be; a narrower screen shows it under the board or behind L.
const sideWidth = 24

// view draws the table in m.room lines: the title and the seats (wrapped,
// never cut), the board (scrolled to its cursor when taller than the
// room left), the moves and chat beside or under it or behind L, then the
// notices, the sentence saying what to do now and the key bar. The lines
// at the top and the bottom are counted first; only the board and the
// panel give way.
func (ts *tableState) view(m *Model) string {
	width, room := max(m.w, 20), max(m.room, 8)
	if ts.handover >= 0 {
		return ts.curtain(m, width)
	}
	title := fmt.Sprintf("%s  table %s  %s", m.gameTitle(ts.t.Game), ts.t.ID, ts.t.Status)
	if !ts.t.Rated {
		title += "  (unrated)"
	}
	top := []string{m.st.bold.Render(ansi.Truncate(title, width, ""))}
	top = append(top, wrapItems(ts.seatItems(m), "   ", width)...)

	var bottom []string
	for _, n := range ts.notices(m) {
		bottom = append(bottom, wrap(n, width)...)
	}
	bottom = append(bottom, wrap(ts.hint(m), width)...)
	mid := room - len(top) - len(bottom) - 1 // the key bar
	// A blank line between the board and the sentence under it, when the
	// board has room to spare for it.
	blank := mid >= 6
	if blank {
		mid--
	}
	mid = max(mid, 1)
	ts.boardTop = len(top) + 1 // the header line above the screen's body

	boardLines := ts.boardText(width, mid)
	if blank && len(boardLines) == mid+1 {
		// The blank line would cut the board's last line (a board whose
		// secret is shown at the end): the board takes it.
		blank = false
		mid++
	}
	if blank {
		bottom = append([]string{""}, bottom...)
	}
	middle, folded, instead := ts.middle(m, boardLines, mid, width)
	out := append(top, middle...)
	out = append(out, bottom...)
	return joinLines(append(out, ts.keyBar(m, width, folded, instead)))
}

// curtain hides the screen between two seats of a hot-seat game:
// nothing of the last seat's secrets stays on it.
func (ts *tableState) curtain(m *Model, width int) string {
	name := "the next player"
	if ts.handover < len(ts.t.Seats) {
		name = seatName(ts.t.Seats[ts.handover])
	}
	var out []string
	out = append(out, "", "")
	out = append(out, wrap(m.st.bold.Render(fmt.Sprintf("Pass the keyboard to %s (seat %d).", name, ts.handover+1)), width)...)
	out = append(out, "", "Only "+name+" should look now.", "", "Press Enter to show their board.")
	return joinLines(out)
}

// boardText is the board drawn at width, fitted to mid lines where the
// board can fit, or the sentence standing in its place.
func (ts *tableState) boardText(width, mid int) []string {
	switch {
	case ts.board == nil:
		return wrap("this client cannot draw "+ts.t.Game+" yet; moves may still be typed after ':'", width)
	case ts.t.Status == client.StatusOpen:
		return []string{"waiting for the game to start"}
	default:
		if f, ok := ts.board.(interface{ fit(lines int) }); ok {
			f.fit(mid)
		}
		return strings.Split(ts.board.render(width), "\n")
	}
}

// middle lays out the room between the header and the sentences under
// the board: the board (boardLines, windowed to its focus) with the side
// panel beside it, under it or in its place, or the help under it.
// folded: the panel has no room and waits behind L; instead: L has put
// the panel in the board's place.
func (ts *tableState) middle(m *Model, boardLines []string, mid, width int) (middle []string, folded, instead bool) {
	focus, sticky := 0, 0
	if f, ok := ts.board.(focuser); ok {
		focus, sticky = f.focus(), f.sticky()
	}
	shown, first := windowSticky(boardLines, focus, mid, sticky)
	ts.boardFirst, ts.boardSticky = first, sticky
	ts.boardRows = len(shown)
	bw := widest(shown)
	ts.boardHidden = false
	switch {
	case m.help:
		// The help under the board, which keeps at least half the room
		// (scrolled to its cursor), at the whole width: the game's keys
		// still play while it is read, as a game's spec asks of its help.
		if len(shown) > mid-6 {
			shown, first = windowSticky(boardLines, focus, max(mid/2, mid-12, 3), sticky)
			ts.boardFirst = first
		}
		ts.boardRows = len(shown)
		middle = append(shown, m.helpPanel(mid-len(shown), width)...)
	case width-bw-3 >= sideWidth:
		side := ts.sideLines(m, min(mid, max(len(shown), 8)), width-bw-3)
		for i := 0; i < min(mid, max(len(shown), len(side))); i++ {
			l, r := "", ""
			if i < len(shown) {
				l = shown[i]
			}
			if i < len(side) {
				r = side[i]
			}
			middle = append(middle, pad(l, bw+2)+" "+ansi.Truncate(r, width-bw-3, ""))
		}
	case ts.panel:
		ts.boardHidden, instead = true, true // no board under the mouse
		middle = ts.sideLines(m, mid, width)
	case mid-len(shown) >= 6:
		middle = append(shown, ts.sideLines(m, mid-len(shown), width)...)
	default:
		middle = shown
		folded = true
	}
	if len(middle) > mid {
		middle = middle[:mid]
	}
	return middle, folded, instead
}

// A seatMarker is a board whose seats may leave the game before its end
// (out after a wrong accusation, removed by a vote): seatMark
// is the seat line's word for such a seat, "" for one still in it.
type seatMarker interface {
	seatMark(seat int) string
}

// seatItems are the seats as the seat line shows them, one item each, so
// that the line wraps between seats and never drops one.
func (ts *tableState) seatItems(m *Model) []string {
	var seats []string
	for i, s := range ts.t.Seats {
		mark := " "
		if ts.owes(i) {
			mark = ">"
		}
		conn := ""
		if s.Kind == client.SeatHuman && !s.Connected {
			conn = " (away)"
		}
		score := ""
		if i < len(ts.scores) {
			score = fmt.Sprintf(" %d", ts.scores[i])
		}
		clock := ""
		if i < len(ts.clocks.Deadline) && !ts.clocks.Deadline[i].IsZero() && ts.clocks.Deadline[i].Year() > 1 {
			clock = fmt.Sprintf(" [%ds]", int(ts.clocks.Deadline[i].Sub(m.now()).Seconds()))
			if ts.t.Kind == client.KindCorrespondence {
				// Days away: the date, then what is left.
				clock = " [" + client.DueWords(ts.clocks.Deadline[i], m.now()) + "]"
			}
		}
		you := ""
		if i == ts.seat || (ts.seat < 0 && s.Kind == client.SeatHuman && strings.EqualFold(holderName(s), m.user.Name)) {
			you = " (you)"
		}
		role := ""
		if s.Role != "" {
			role = " as " + m.roleName(ts.t.Game, s.Role)
		}
		out := ""
		if o, ok := ts.board.(seatMarker); ok && o.seatMark(i) != "" {
			out = " (" + o.seatMark(i) + ")"
		}
		seats = append(seats, mark+m.st.seatStyle(i).Render(fmt.Sprintf("%d %s", i+1, seatWithLevel(s)))+role+you+out+score+conn+clock)
	}
	return seats
}

// hint is the sentence saying what the player may do now.
func (ts *tableState) hint(m *Model) string {
	switch {
	case ts.outcome != nil:
		return m.st.good.Render("Game over: " + ts.result())
	case ts.t.Status == client.StatusOpen:
		return ts.waitingHint(m)
	case ts.board != nil:
		return ts.addressed(ts.board.prompt())
	}
	return ""
}

// keyBar always shows help, leaving and the main action of the moment;
// the other keys follow while they fit, and the moves-and-chat key is a
// must when that panel is folded away.
func (ts *tableState) keyBar(m *Model, width int, folded, instead bool) string {
	must := []string{"? help", "q leave"}
	more := []string{"c chat", "R resign", "S save"}
	switch {
	case ts.outcome != nil || ts.t.Status == client.StatusOver:
		must = append(must, "m rematch", "r replay")
		more = []string{"c chat", "S save"}
	case ts.t.Status == client.StatusOpen:
		if ts.mayStart(m) {
			must = append(must, "g start")
		}
		if ts.maySit(m) {
			must = append(must, "s sit")
		}
		more = []string{"c chat"}
	default:
		if k, ok := ts.board.(keyed); ok && ts.owes(ts.seat) {
			must = append(must, k.mainKey())
		}
		must = append(must, ": move")
		if v := strings.TrimSpace(ts.votes.barKey(ts)); v != "" {
			// At a table of three or more, the vote is how a stalled
			// turn moves on: it must not fold away.
			must = append(must, v)
		}
	}
	switch {
	case instead:
		must = append(must, "L board")
	case folded:
		must = append(must, "L moves+chat")
	}
	return m.st.dim.Render(keyBar(width, must, more...))
}

// sideLines is the panel of the last moves and the last chat lines, in
// rows lines of width columns: the moves take half, the chat the rest.
// Each entry wraps under itself, the newest kept: a move's result at the
// end of a long line is what a player looks for.
func (ts *tableState) sideLines(m *Model, rows, width int) []string {
	nlog := max(rows/2-1, 3)
	out := []string{m.st.bold.Render("Moves")}
	out = append(out, newest(ts.log, width, nlog)...)
	out = append(out, m.st.bold.Render("Chat"))
	var chat []string
	for _, c := range lastChats(ts.chat, rows) {
		chat = append(chat, c.From+": "+c.Text)
	}
	return append(out, newest(chat, width, max(rows-len(out), 3))...)
}

// helpPanel is the help at a table in rows lines of width columns, under
// the board: its keys and the game's rules, scrolled from m.helpTop a
// page (m.helpPage lines) at a time, saying how it scrolls and closes.
func (m *Model) helpPanel(rows, width int) []string {
	head := m.st.bold.Render("Help") + m.st.dim.Render("  keys still play; ? closes")
	lines := m.helpLines(width)
	room := max(rows-2, 1)
	m.helpPage = room
	if len(lines) <= room {
		m.helpTop = 0
		return append([]string{head}, lines...)
	}
	m.helpTop = max(0, min(m.helpTop, len(lines)-room))
	more := fmt.Sprintf("lines %d-%d of %d: PgUp/PgDn", m.helpTop+1, m.helpTop+room, len(lines))
	out := append([]string{head}, lines[m.helpTop:m.helpTop+room]...)
	return append(out, m.st.dim.Render(ansi.Truncate(more, width, "")))
}

// newest is the last entries that fit rows lines of width columns, each
// wrapped with its later lines indented, oldest first.
func newest(entries []string, width, rows int) []string {
	var out []string
	for i := len(entries) - 1; i >= 0 && len(out) < rows; i-- {
		lines := hanging(entries[i], width)
		if len(out)+len(lines) > rows {
			break
		}
		out = append(lines, out...)
	}
	return out
}
