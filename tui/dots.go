package tui

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/games/dots"
)

// dotsBoard draws Dots and Boxes. The cursor stands on a line: the board
// is a grid of (2 rows-1) x (2 cols-1) cells where a cell with an even row
// and an odd column is a horizontal line, an odd row and even column a
// vertical one. Arrows walk along lines of one direction; up and down
// alternate between horizontal and vertical lines so every line can be
// reached.
type dotsBoard struct {
	st    styles
	names []string
	v     dots.View
	drawn map[[2][2]int]int // line -> seat that drew it
	r, c  int               // cursor cell
	// home is the column left and right (or a click) put the cursor in;
	// up and down keep to it, so that the cursor walks down one column
	// of the board and comes back where it started.
	home   int
	myTurn bool
	ok     bool
	// replaying: the board shows a replay's step, where no line is
	// offered, so no cursor is drawn.
	replaying bool
}

// replay marks the board as showing a replay (replay.go).
func (b *dotsBoard) replay() { b.replaying = true }

func newDots(names []string, st styles) board {
	return &dotsBoard{st: st, names: names, r: 0, c: 1, home: 1}
}

func (b *dotsBoard) rename(names []string) { b.names = names }

// focus is the line of the drawing the cursor is on: the letters, then a
// line per cell row.
func (b *dotsBoard) focus() int { return 1 + b.r }

// sticky keeps the column letters on screen when the board scrolls.
func (b *dotsBoard) sticky() int { return 1 }

func (b *dotsBoard) mainKey() string { return "Enter draw" }

func (b *dotsBoard) set(view json.RawMessage, seat int, myTurn bool) error {
	var v dots.View
	if err := json.Unmarshal(view, &v); err != nil {
		return err
	}
	b.v, b.myTurn, b.ok = v, myTurn, true
	b.drawn = make(map[[2][2]int]int, len(v.Lines))
	for _, l := range v.Lines {
		b.drawn[[2][2]int{l.From, l.To}] = int(l.By)
	}
	b.clamp()
	return nil
}

func (b *dotsBoard) clamp() {
	rows, cols := 2*b.v.Rows-1, 2*b.v.Cols-1
	b.r = max(0, min(b.r, rows-1))
	b.c = max(0, min(b.c, cols-1))
	b.home = max(0, min(b.home, cols-1))
	if b.r%2 == b.c%2 { // a dot or a box: step onto a line
		if b.c+1 < cols {
			b.c++
		} else {
			b.c--
		}
	}
}

// line returns the two dots of the line at cell (r, c).
func (b *dotsBoard) line(r, c int) [2][2]int {
	if r%2 == 0 {
		return [2][2]int{{r / 2, (c - 1) / 2}, {r / 2, (c + 1) / 2}}
	}
	return [2][2]int{{(r - 1) / 2, c / 2}, {(r + 1) / 2, c / 2}}
}

func dotName(d [2]int) string { return fmt.Sprintf("%c%d", 'a'+d[1], d[0]+1) }

func (b *dotsBoard) notation(r, c int) string {
	l := b.line(r, c)
	return dotName(l[0]) + "-" + dotName(l[1])
}

func (b *dotsBoard) key(k tea.KeyPressMsg) (any, string) {
	if !b.ok {
		return nil, ""
	}
	rows, cols := 2*b.v.Rows-1, 2*b.v.Cols-1
	switch k.String() {
	case "left", "h":
		if b.c-2 >= 0 {
			b.c -= 2
		}
		b.home = b.c
	case "right", "l":
		if b.c+2 < cols {
			b.c += 2
		}
		b.home = b.c
	case "up", "k":
		if b.r > 0 {
			b.r--
			b.c = b.stepAcross(cols)
		}
	case "down", "j":
		if b.r+1 < rows {
			b.r++
			b.c = b.stepAcross(cols)
		}
	case "enter", "space", " ":
		return b.draw(b.r, b.c)
	}
	return nil, ""
}

// stepAcross is the cursor's column in its new row: its home column
// when that is a line there, else the column beside it (the right end of
// a horizontal line, the line right of a vertical one, or left of the
// last vertical line). Worked out from home and not from the column of
// the row left, so that up and down never drift sideways.
func (b *dotsBoard) stepAcross(cols int) int {
	c := b.home
	if b.r%2 == c%2 {
		if c+1 < cols {
			return c + 1
		}
		return c - 1
	}
	return c
}

func (b *dotsBoard) draw(r, c int) (any, string) {
	if _, ok := b.drawn[b.line(r, c)]; ok {
		return nil, "that line is already drawn"
	}
	if !b.myTurn {
		return nil, "it is not your turn"
	}
	return b.notation(r, c), ""
}

// The board is drawn with a dot every 4 columns and every 2 rows, after a
// margin of 3 columns for the row numbers and one row for the letters.
func (b *dotsBoard) click(x, y int) (any, string) {
	if !b.ok {
		return nil, ""
	}
	x -= 3
	y--
	if x < 0 || y < 0 {
		return nil, ""
	}
	r, c := y, (x/4)*2 // a dot every four columns, a line or box between
	if x%4 != 0 {
		c++
	}
	if r >= 2*b.v.Rows-1 || c >= 2*b.v.Cols-1 || r%2 == c%2 {
		return nil, ""
	}
	b.r, b.c, b.home = r, c, c
	return b.draw(r, c)
}

func (b *dotsBoard) render(width int) string {
	if !b.ok {
		return "waiting for the board..."
	}
	var sb strings.Builder
	sb.WriteString("   ")
	for c := 0; c < b.v.Cols; c++ {
		fmt.Fprintf(&sb, "%-4c", 'a'+c)
	}
	sb.WriteString("\n")
	var last [2][2]int
	hasLast := b.v.Last != nil
	if hasLast {
		last = [2][2]int{b.v.Last.From, b.v.Last.To}
	}
	for r := 0; r < 2*b.v.Rows-1; r++ {
		if r%2 == 0 {
			fmt.Fprintf(&sb, "%2d ", r/2+1)
		} else {
			sb.WriteString("   ")
		}
		for c := 0; c < 2*b.v.Cols-1; c++ {
			cursor := !b.replaying && r == b.r && c == b.c
			switch {
			case r%2 == 0 && c%2 == 0:
				sb.WriteString("+")
			case r%2 == 1 && c%2 == 1:
				owner := b.v.Boxes[r/2][c/2]
				if owner < 0 {
					sb.WriteString("   ")
				} else {
					sb.WriteString(" " + b.st.seatStyle(owner).Render(b.initial(owner)) + " ")
				}
			default:
				l := b.line(r, c)
				by, drawn := b.drawn[l]
				var s string
				switch {
				case r%2 == 0 && drawn && hasLast && l == last:
					s = "==="
				case r%2 == 0 && drawn:
					s = "---"
				case r%2 == 0 && cursor:
					s = "..."
				case r%2 == 0:
					s = "   "
				case drawn && hasLast && l == last:
					s = "#"
				case drawn:
					s = "|"
				case cursor:
					s = ":"
				default:
					s = " "
				}
				st := b.st.dim
				if drawn {
					st = b.st.seatStyle(by)
				}
				if cursor {
					st = b.st.cursor
				}
				sb.WriteString(st.Render(s))
			}
		}
		sb.WriteString("\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// initial is the letter that marks a seat's boxes: the first letter of
// its player's name, or its number when two names share a letter.
func (b *dotsBoard) initial(seat int) string {
	if seat < len(b.names) && len(b.names) == 2 && b.names[0] != "" && b.names[1] != "" {
		a, c := strings.ToUpper(b.names[0][:1]), strings.ToUpper(b.names[1][:1])
		if a != c {
			return []string{a, c}[seat]
		}
	}
	return fmt.Sprint(seat + 1)
}

func (b *dotsBoard) prompt() string {
	if !b.ok {
		return ""
	}
	if b.myTurn {
		return "Your move: arrows to a line, Enter to draw it (" + b.notation(b.r, b.c) + "), or type it after ':'"
	}
	return "Cursor on " + b.notation(b.r, b.c)
}

func (b *dotsBoard) keys() []string {
	return []string{
		"arrows or h j k l: move along the lines",
		"Enter or Space: draw the line under the cursor",
		": then a move such as b3-c3: draw that line",
		"=== or #: the last line drawn; letters in boxes: who took them",
	}
}
