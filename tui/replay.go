package tui

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
)

// The replay screen: a finished match step by step, opened with r from
// the lobby's finished tables or from a table whose game is over. The
// board is the game's own board, given each step's view as a live push
// would give it (the replay holds every seat's view and the spectator's,
// and v chooses whose); under it the move of the step and, for the games
// whose analysis reads as text (analysis.go), the lesson of the match.

// replayState is one finished match being stepped through.
type replayState struct {
	match string
	r     *client.Replay
	names []string
	board board // nil for a game this client cannot draw
	at    int   // the step shown; 0 is the start position
	// seat is the seat whose view the board shows, -1 the spectator's.
	seat int
	// lessons is the analysis in lines once read; study says what became
	// of it meanwhile ("studying the game", or why there is none).
	lessons   lesson
	studyNote string
	// top is the first line shown of a board taller than the screen,
	// under the lines that stay (column letters).
	top int
	// panel shows the lessons in the board's place, on a screen too small
	// for both (L switches).
	panel bool
	// lessonCols is the width the lessons were last drawn in, 0 when
	// they were not drawn (folded behind L).
	lessonCols int
	// lessonTop is the first line shown of lessons longer than their
	// room; lessonsScroll says they were last drawn so, and boardScrolls
	// that the board was: up and down move the board when it scrolls
	// beside the lessons, else the lessons.
	lessonTop                   int
	lessonsScroll, boardScrolls bool
	// back is the screen q returns to: the lobby, or the table whose end
	// the replay was opened from.
	back screen
}

// openReplay reads match's replay over HTTP and shows it at its last
// step, then asks for its analysis when the game has a text form of it.
func (m *Model) openReplay(match string) tea.Cmd {
	cl := m.cfg.Client
	switch {
	case match == "":
		m.status = "this table has no finished match to replay"
		return nil
	case cl == nil:
		m.status = "replays need the server's address"
		return nil
	}
	back := m.screen
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), reqTimeout)
		defer cancel()
		r, err := cl.Replay(ctx, match)
		return doneMsg{what: "the replay", err: err, apply: func(m *Model) tea.Cmd {
			rs := newReplayState(m, match, r)
			rs.back = back
			m.replay = rs
			m.show(screenReplay)
			return rs.askLessons(m)
		}}
	}
}

func newReplayState(m *Model, match string, r *client.Replay) *replayState {
	rs := &replayState{match: match, r: r, seat: -1, at: max(len(r.Steps)-1, 0)}
	for _, s := range r.Seats {
		rs.names = append(rs.names, seatName(s))
	}
	if mk, ok := boards[r.Game]; ok {
		rs.board = mk(rs.names, m.st)
		if r, ok := rs.board.(interface{ replay() }); ok {
			r.replay()
		}
	}
	rs.show(m)
	return rs
}

// askLessons asks for the match's analysis, for the games whose analysis
// reads well as text.
func (rs *replayState) askLessons(m *Model) tea.Cmd {
	cl := m.cfg.Client
	if !hasLessons(rs.r.Game) || cl == nil || len(rs.r.Steps) == 0 {
		return nil
	}
	rs.studyNote = "studying the game..."
	match, game, names := rs.match, rs.r.Game, rs.names
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), analysisWait)
		defer cancel()
		l, err := study(ctx, cl, game, match, names)
		return doneMsg{what: "the game's analysis", apply: func(m *Model) tea.Cmd {
			if m.replay != rs {
				return nil
			}
			rs.lessons, rs.studyNote = l, ""
			if err != nil {
				rs.studyNote = "no analysis: " + sentence(err)
			}
			return nil
		}}
	}
}

// show gives the board step at's view of the chosen seat, or the
// spectator's when that seat's is missing.
func (rs *replayState) show(m *Model) {
	if rs.board == nil || len(rs.r.Steps) == 0 {
		return
	}
	views := rs.r.Steps[rs.at].Views
	v, ok := views[strconv.Itoa(rs.seat)]
	if !ok {
		rs.seat = -1
		v = views["-1"]
	}
	if err := rs.board.set(v, rs.seat, false); err != nil {
		m.status = "the board could not read the replay's view"
	}
}

func (rs *replayState) key(m *Model, s string) tea.Cmd {
	last := len(rs.r.Steps) - 1
	switch s {
	case "q", "esc":
		m.replay = nil
		m.show(rs.back)
		return nil
	case "right", "l", "n":
		rs.at = min(rs.at+1, max(last, 0))
	case "left", "h", "p":
		rs.at = max(rs.at-1, 0)
	case "home", "g":
		rs.at = 0
	case "end", "G":
		rs.at = max(last, 0)
	case "pgdown":
		rs.at = min(rs.at+10, max(last, 0))
	case "pgup":
		rs.at = max(rs.at-10, 0)
	case "v":
		// The spectator, then each seat in turn.
		rs.seat++
		if rs.seat >= len(rs.names) {
			rs.seat = -1
		}
	case "L":
		rs.panel = !rs.panel
		return nil
	case "down", "j":
		if rs.lessonsScroll && (rs.panel || !rs.boardScrolls) {
			rs.lessonTop++
			return nil
		}
		rs.top += 2 // a row of a board of lines and boxes is two lines
		return nil
	case "up", "k":
		if rs.lessonsScroll && (rs.panel || !rs.boardScrolls) {
			rs.lessonTop = max(rs.lessonTop-1, 0)
			return nil
		}
		rs.top = max(rs.top-2, 0)
		return nil
	default:
		return nil
	}
	rs.show(m)
	return nil
}

// caption says the step shown: the start, or the move with its number,
// and at the last step the result.
func (rs *replayState) caption() string {
	n := len(rs.r.Steps)
	if n == 0 {
		return "This match has no moves."
	}
	s := rs.r.Steps[rs.at]
	var out string
	if rs.at == 0 {
		out = fmt.Sprintf("Start position (%d moves in all).", n-1)
	} else {
		out = fmt.Sprintf("Move %d of %d: %s.", rs.at, n-1, strings.TrimSuffix(describeUpdate(rs.board, rs.names, s.Update()), "."))
	}
	if rs.at == n-1 && rs.r.Outcome != nil {
		out += " Game over: " + resultText(rs.r.Outcome, s.Scores, rs.names) + "."
	}
	return out
}

// whose names the seat whose view the board shows.
func (rs *replayState) whose() string {
	if rs.seat < 0 || rs.seat >= len(rs.names) {
		return "as a spectator sees it"
	}
	return fmt.Sprintf("as %s (seat %d) saw it", rs.names[rs.seat], rs.seat+1)
}

// lessonPanel is the analysis's lines, under a heading.
func (rs *replayState) lessonPanel(m *Model, width int) []string {
	if !hasLessons(rs.r.Game) {
		return nil
	}
	out := []string{m.st.bold.Render("What the game teaches")}
	if rs.studyNote != "" {
		return append(out, wrap(rs.studyNote, width)...)
	}
	all := rs.lessons.lines
	if rs.lessons.at != nil && len(rs.r.Steps) > 0 {
		// What the analysis says at the step shown comes first: it
		// changes as the arrows step.
		all = append([]string{rs.lessons.at(rs.at)}, all...)
	}
	for _, l := range all {
		// A line wraps under itself, indented, as the moves panel's do.
		lines := wrap(l, width)
		if len(lines) > 1 {
			rest := wrap(strings.Join(lines[1:], " "), width-4)
			lines = lines[:1]
			for _, r := range rest {
				lines = append(lines, "    "+r)
			}
		}
		out = append(out, lines...)
	}
	return out
}

// lessonWindow is the lessons panel in at most room lines: whole when it
// fits; else its heading, the lines from rs.lessonTop on, and a last line
// saying which are shown, so that nothing is cut without a word and
// up/down reach the rest.
func (rs *replayState) lessonWindow(m *Model, width, room int) []string {
	all := rs.lessonPanel(m, width)
	rs.lessonsScroll = len(all) > room && room >= 3
	if !rs.lessonsScroll {
		rs.lessonTop = 0
		return all
	}
	body, n := all[1:], room-2
	rs.lessonTop = max(0, min(rs.lessonTop, len(body)-n))
	out := append([]string{all[0]}, body[rs.lessonTop:rs.lessonTop+n]...)
	return append(out, m.st.dim.Render(fmt.Sprintf("lines %d-%d of %d, up/down for more", rs.lessonTop+1, rs.lessonTop+n, len(body))))
}

// view draws the replay in m.room lines: a title, the step's caption
// (wrapped, never cut), the board (scrolled when taller than the room
// left), the lessons beside or under it or behind L, and the key bar.
func (rs *replayState) view(m *Model) string {
	width, room := max(m.w, 20), max(m.room, 8)
	title := fmt.Sprintf("Replay: %s  %s", m.gameTitle(rs.r.Game), strings.Join(rs.names, " vs "))
	top := wrapItems([]string{m.st.bold.Render(title), m.st.dim.Render("(" + rs.whose() + ")")}, "  ", width)
	top = append(top, wrap(rs.caption(), width)...)
	mid := max(room-len(top)-1, 1) // the key bar is the last line

	var boardLines []string
	if rs.board == nil {
		boardLines = wrap("this client cannot draw "+rs.r.Game+"; the moves are named above", width)
	} else {
		if f, ok := rs.board.(interface{ fit(lines int) }); ok {
			f.fit(mid)
		}
		boardLines = strings.Split(rs.board.render(width), "\n")
	}
	shown, scrolls := rs.scroll(boardLines, mid)
	rs.boardScrolls, rs.lessonsScroll = scrolls, false
	bw := widest(shown)
	var middle []string
	folded, instead := false, false
	rs.lessonCols = width
	switch {
	case !hasLessons(rs.r.Game):
		middle = shown
	case width-bw-3 >= lessonWidth:
		rs.lessonCols = width - bw - 3
		side := rs.lessonWindow(m, rs.lessonCols, mid)
		for i := 0; i < min(mid, max(len(shown), len(side))); i++ {
			l, r := "", ""
			if i < len(shown) {
				l = shown[i]
			}
			if i < len(side) {
				r = side[i]
			}
			middle = append(middle, pad(l, bw+2)+" "+r)
		}
	case rs.panel:
		middle, instead = rs.lessonWindow(m, width, mid), true
	case mid-len(shown)-1 >= len(rs.lessonPanel(m, width)):
		middle = append(append(shown, ""), rs.lessonPanel(m, width)...)
	default:
		middle, folded, rs.lessonCols = shown, true, 0
	}
	if len(middle) > mid {
		middle = middle[:mid]
	}
	return joinLines(append(append(top, middle...), rs.keyBar(m, width, folded, instead, scrolls || rs.lessonsScroll)))
}

// scroll shows at most room lines of a board's drawing: a board taller
// than the room (a board of 16x16 boxes at 80x24) scrolls with up/down
// from rs.top, keeping its column letters; scrolls says whether it does.
func (rs *replayState) scroll(lines []string, room int) (shown []string, scrolls bool) {
	if len(lines) <= room {
		rs.top = 0
		return lines, false
	}
	sticky := 0
	if f, ok := rs.board.(focuser); ok && f.sticky() < room {
		sticky = f.sticky()
	}
	rest, n := lines[sticky:], room-sticky
	rs.top = max(0, min(rs.top, len(rest)-n))
	return append(slices.Clone(lines[:sticky]), rest[rs.top:rs.top+n]...), true
}

// lessonWidth is the narrowest the lessons may stand beside the board: a
// name, a sparkline and a figure.
const lessonWidth = 30

// keyBar always shows help, leaving and stepping, and L while the
// lessons wait behind it (folded) or stand in the board's place.
func (rs *replayState) keyBar(m *Model, width int, folded, instead, scrolls bool) string {
	must := []string{"? help", "q back", "←/→ step"}
	if scrolls {
		must = append(must, "↑/↓ scroll")
	}
	switch {
	case instead:
		must = append(must, "L board")
	case folded:
		must = append(must, "L lessons")
	}
	return m.st.dim.Render(keyBar(width, must, "Home/End first/last", "v whose view"))
}

// keys lists the replay's keys for the help screen.
func (rs *replayState) keys() []string {
	return []string{
		"left/right (or h/l): the step before or after",
		"Home/End (or g/G): the start position, the last move",
		"PgUp/PgDn: ten steps back or on",
		"up/down (or k/j): scroll a board taller than the screen, or the lessons",
		"v: whose view the board shows (the spectator's, then each seat's)",
		"L: the lessons in place of the board, on a small screen",
		"q or Esc: back",
	}
}
