package tui

import (
	"fmt"
	"strings"

	"github.com/parlor-games/parlor/games/warfare"
)

func (b *warBoard) glyph(h *warfare.HexView) string {
	owner := "."
	if h.Owner >= 0 {
		owner = fmt.Sprint(h.Owner + 1)
	}
	thing := " "
	switch h.Thing {
	case "peasant", "infantry", "soldier", "knight":
		thing = h.Thing[:1]
		if !h.Done && h.Owner == b.seat {
			thing = strings.ToUpper(thing)
		}
	case "village":
		for _, vl := range b.v.Villages {
			if vl.Hex == h.ID {
				thing = strings.ToUpper(vl.Level[:1])
			}
		}
	case "tower":
		thing = "W"
	case "tree":
		thing = "*"
	case "tombstone":
		thing = "+"
	default:
		if h.Road {
			thing = "="
		} else if h.Meadow {
			thing = "m"
		}
	}
	// A lit hex keeps what the player must see to choose it: its owner
	// on empty land, what stands there otherwise (the cursor's line
	// names the owner).
	if _, lit := b.targets[h.ID]; lit {
		if thing == " " {
			return owner + ">"
		}
		return ">" + thing
	}
	return owner + thing
}

func (b *warBoard) render(width int) string {
	if !b.ok {
		return "waiting for the island..."
	}
	b.lastWidth = width
	x0, y0, cols := b.window(width)
	var lines []string
	// A player is told which digit on the map is theirs; a spectator
	// has none.
	you := ""
	if b.seat >= 0 {
		you = fmt.Sprintf("   you are %d", b.seat+1)
	}
	lines = append(lines, fmt.Sprintf("Round %d%s%s   hexes: %s", b.v.Round, b.roundCap(), you, b.landLine()))
	for y := y0; y < min(y0+b.mapRows(), b.v.Height); y++ {
		var sb strings.Builder
		if y%2 == 1 {
			sb.WriteString(" ")
		}
		for x := x0; x < x0+cols; x++ {
			h, ok := b.at[[2]int{x, y}]
			cell := "  "
			if ok {
				cell = b.glyph(h)
			}
			st := b.st.dim
			if ok && h.Owner >= 0 {
				st = b.st.seatStyle(h.Owner)
			}
			if x == b.x && y == b.y {
				st = b.st.cursor
			}
			sb.WriteString(st.Render(cell))
		}
		lines = append(lines, sb.String())
	}
	lines = append(lines,
		b.st.dim.Render("1-6 owner  . neutral  > may go  P I S K villagers (lower case: acted)"),
		b.st.dim.Render("H T F hovel town fort  W tower  * tree  + grave  m meadow  = road"))
	lines = append(lines, b.villageLines()...)
	return strings.Join(lines, "\n")
}

func (b *warBoard) roundCap() string {
	if b.v.Rounds > 0 {
		return fmt.Sprintf(" of %d", b.v.Rounds)
	}
	return ""
}

func (b *warBoard) landLine() string {
	var parts []string
	for i, n := range b.v.Land {
		s := fmt.Sprintf("%d:%d", i+1, n)
		if i < len(b.v.Out) && b.v.Out[i] {
			s += "(out)"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// villageLines is the village list of spec item 1: each of the seat's
// villages with its treasury, income and wages, and a warning for those
// that cannot pay.
func (b *warBoard) villageLines() []string {
	var out []string
	focus := 0
	cur := -1
	if h := b.cursorHex(); h != nil {
		cur = h.ID
	}
	for _, vl := range b.v.Villages {
		if vl.Owner != b.seat {
			continue
		}
		if vl.Hex == b.sel || vl.Hex == cur {
			focus = len(out)
		}
		line := fmt.Sprintf("%-5s %4d  gold %3d wood %3d  +%d -%d  %d hexes", vl.Level, vl.Hex, vl.Gold, vl.Wood, vl.Income, vl.Upkeep, vl.Size)
		if vl.Short {
			line += "  CANNOT PAY: villagers will starve"
		}
		if vl.Hex == b.sel {
			line = b.st.cursor.Render(line)
		}
		out = append(out, line)
	}
	if len(out) == 0 {
		return nil
	}
	// A window of the list around the cursor's village, and how many
	// more there are: v walks the cursor through all of them.
	head := fmt.Sprintf("Your villages (%d; v jumps to the next)", len(out))
	if b.villages > 0 && len(out) > b.villages {
		shown, first := window(out, focus, b.villages)
		head = fmt.Sprintf("Your villages %d-%d of %d (v jumps to the next)", first+1, first+len(shown), len(out))
		out = shown
	}
	return append([]string{b.st.bold.Render(head)}, out...)
}
