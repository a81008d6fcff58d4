package tui

import (
	"fmt"
	"strings"

	"github.com/parlor-games/parlor/games/buccaneer"
)

var facingArrow = map[string]string{"N": "^", "NE": "/", "E": ">", "SE": "\\", "S": "v", "SW": "/", "W": "<", "NW": "\\"}

func (b *bucBoard) cell(x, y int) (string, int) {
	for _, p := range b.v.Players {
		if p.At.X == x && p.At.Y == y {
			return strings.ToUpper(p.Home[:1]) + facingArrow[p.Facing], int(p.Seat)
		}
	}
	for _, p := range b.v.Ports {
		if p.At.X == x && p.At.Y == y {
			return strings.ToLower(p.Name[:2]), int(p.Owner)
		}
	}
	for name, pt := range b.v.Board.Bays {
		if pt.X == x && pt.Y == y {
			return "b" + strings.ToLower(name[:1]), -1
		}
	}
	for name, r := range b.v.Board.Islands {
		if x >= r.X0 && x <= r.X1 && y >= r.Y0 && y <= r.Y1 {
			return "#" + strings.ToUpper(name[:1]), -1
		}
	}
	return ". ", -1
}

// seaWidth is the width of the drawn sea: row numbers and two columns a
// square.
const seaWidth = 3 + 2*20

func (b *bucBoard) render(width int) string {
	if !b.ok {
		return "waiting for the sea..."
	}
	b.width = width
	sea := b.seaLines()
	legend := []string{"L^ ship (home, facing)", "lo port  bx bay  #T island"}
	if len(b.lit) > 0 {
		legend = append(legend, "+ sail here  !G attack G")
	}
	var lines []string
	if width >= seaWidth+2+20 {
		side := b.side(width-seaWidth-2, len(sea))
		// The legend closes the panel when there is room for it.
		if room := len(sea) - len(side); room > len(legend) {
			for range room - len(legend) {
				side = append(side, "")
			}
			for _, l := range legend {
				side = append(side, b.st.dim.Render(cut(l, width-seaWidth-2)))
			}
		}
		for i, l := range sea {
			if i < len(side) && side[i] != "" {
				l += "  " + side[i]
			}
			lines = append(lines, l)
		}
	} else {
		// Too narrow for the panel beside the sea: it follows below.
		lines = append(append(lines, sea...), b.side(width, len(sea))...)
		lines = append(lines, b.st.dim.Render(cut(strings.Join(legend, "  "), width)))
	}
	lines = append(lines, b.captainLines(width)...)
	lines = append(lines, b.chanceLines(width)...)
	return strings.Join(lines, "\n")
}

// seaLines draw the sea, two columns a square, the rows around the
// cursor when the screen has fewer rows than the sea.
func (b *bucBoard) seaLines() []string {
	size := max(b.v.Board.Size, 20)
	var sea []string
	// Two columns a square: the numbers from 10 on are written on every
	// other column, so that they never run together.
	head := "   "
	for x := 1; x <= size; x++ {
		if x < 10 || x%2 == 0 {
			head += fmt.Sprintf("%-2d", x%100)
		} else {
			head += "  "
		}
	}
	sea = append(sea, head)
	top, bottom := size, 1
	if b.rows > 0 && b.rows < size {
		top = min(size, max(b.y+b.rows/2, b.rows))
		bottom = top - b.rows + 1
	}
	for y := top; y >= bottom; y-- {
		var sb strings.Builder
		fmt.Fprintf(&sb, "%2d ", y)
		for x := 1; x <= size; x++ {
			s, owner := b.cell(x, y)
			st := b.st.dim
			if owner >= 0 {
				st = b.st.seatStyle(owner)
			}
			if b.lit[buccaneer.Point{X: x, Y: y}] {
				s, st = b.litCell(x, y, s), b.st.good
			}
			if x == b.x && y == b.y {
				st = b.st.cursor
			}
			sb.WriteString(st.Render(s))
		}
		sea = append(sea, sb.String())
	}
	return sea
}

// captainLines are a line a player: the person and their port, as the
// log names them, where their ship is and what it holds.
func (b *bucBoard) captainLines(width int) []string {
	var lines []string
	pad := 0
	for _, p := range b.v.Players {
		pad = max(pad, len([]rune(b.captain(int(p.Seat)))))
	}
	for _, p := range b.v.Players {
		you := ""
		if int(p.Seat) == b.seat {
			you = " (you)"
		}
		ship := "-"
		if len(p.Treasure) > 0 {
			ship = strings.Join(p.Treasure, " ")
		}
		lines = append(lines, cut(fmt.Sprintf("%-*s %5s %-2s moves %d crew %d, %d cards  ship %s  home %d%s",
			pad, b.captain(int(p.Seat)), p.At, p.Facing, p.Distance, p.Crew, p.Cards, ship, p.AtHome, you), width))
	}
	return lines
}

// litCell is what a lit square shows: "+" and what lies there, or "!" and
// the letter of the ship that sailing there attacks.
func (b *bucBoard) litCell(x, y int, s string) string {
	if o := bucShipAt(b.v, buccaneer.Point{X: x, Y: y}, b.seat); o >= 0 && bucPortAt(b.v, buccaneer.Point{X: x, Y: y}) == "" {
		return "!" + strings.ToUpper(b.v.Players[o].Home[:1])
	}
	if strings.HasPrefix(s, ".") {
		return "+ "
	}
	return "+" + s[:1]
}

// cut shortens s to width columns.
func cut(s string, width int) string {
	if width <= 0 || len([]rune(s)) <= width {
		return s
	}
	return string([]rune(s)[:width-1]) + "~"
}

// handsShown lists the other captains' hands the view shows: every hand,
// once the match is over, whatever ended it.
func (b *bucBoard) handsShown(width int) []string {
	var out []string
	for i, p := range b.v.Players {
		if i == b.seat || p.Hand == nil {
			continue
		}
		hand := make([]string, len(p.Hand))
		for k, c := range p.Hand {
			hand[k] = c.String()
		}
		if len(hand) == 0 {
			hand = []string{"no crew"}
		}
		// Wrapped, not cut: the end reveals every card.
		out = append(out, hanging(fmt.Sprintf("%s: %s", b.captain(i), strings.Join(hand, " ")), width)...)
	}
	return out
}

// side is the panel beside the sea, at most height lines of width
// columns: the seat's hand, then what the step offers.
func (b *bucBoard) side(width, height int) []string {
	var out []string
	// A card's or a choice's words wrap: a "~" in their place would hide
	// what a player is choosing.
	add := func(s string) {
		if s == "" {
			out = append(out, "")
		}
		out = append(out, wrap(s, width)...)
	}
	if b.seat >= 0 && b.seat < len(b.v.Players) {
		me := b.v.Players[b.seat]
		var hand []string
		for _, c := range me.Hand {
			hand = append(hand, c.String())
		}
		add(fmt.Sprintf("Your crew: %s", strings.Join(hand, " ")))
		if len(me.Kept) > 0 {
			// Kept chance cards are played by typing: say which they are.
			add(fmt.Sprintf("Kept chance cards: %s", strings.Trim(fmt.Sprint(me.Kept), "[]")))
		}
		add("")
	}
	switch {
	case b.v.Step.Name == "over":
		add("The game is over.")
		out = append(out, b.handsShown(width)...)
	case !b.myTurn || b.seat < 0:
		add(fmt.Sprintf("%s: %s", b.captain(int(b.v.Step.Owes)), b.v.Step.Name))
	case b.trade != nil:
		out = append(out, b.trade.lines(b.st, width, height-len(out))...)
	case len(b.menu) > 0:
		for _, l := range wrap(b.menuTitle, width) {
			add(l)
		}
		room := height - len(out)
		first := 0
		if len(b.menu) > room {
			first = max(0, min(b.pick-room/2, len(b.menu)-room))
		}
		for i := first; i < min(len(b.menu), first+room); i++ {
			for j, line := range wrap(fmt.Sprintf("%d %s", i+1, b.menu[i].label), width-2) {
				switch {
				case i == b.pick && j == 0:
					out = append(out, b.st.cursor.Render("> "+line))
				case i == b.pick:
					out = append(out, b.st.cursor.Render("  "+line))
				default:
					out = append(out, "  "+line)
				}
			}
		}
	case b.lit != nil:
		if len(b.lit) == 0 {
			add("Your ship can reach no square.")
		} else {
			add(fmt.Sprintf("Sail: %d squares are marked +.", len(b.lit)))
			add("Enter on one sails there;")
			add("Tab goes to the next one.")
		}
		if len(b.turns) > 0 {
			add("t: turn only, without sailing")
		}
	default:
		add("Type this step's move after ':'.")
	}
	if len(out) > height {
		out = out[:height]
	}
	return out
}
