package tui

import (
	"fmt"
	"strings"

	"github.com/parlor-games/parlor/games/clue"
)

func (b *clueBoard) render(width int) string {
	if !b.ok {
		return "waiting for the board..."
	}
	if b.notebook {
		// The notebook takes the map's place: its 21 rows in three
		// columns (suspects, weapons, rooms) fit 80x24, where beside the
		// map they would not.
		out := b.notebookLines(width)
		out = append(out, wrap(b.handLine(), width)...)
		b.caseAt = b.caseLine(out)
		return strings.Join(out, "\n")
	}
	mansion := b.mansion()
	side := b.menuLines(max(width-clueMenuLeft, 20))
	var out []string
	for i := 0; i < max(len(mansion), len(side)); i++ {
		l, r := "", ""
		if i < len(mansion) {
			l = mansion[i]
		}
		if i < len(side) {
			r = side[i]
		}
		if width >= clueMenuLeft+20 {
			out = append(out, pad(l, clueMenuLeft)+r)
		} else {
			out = append(out, l)
		}
	}
	if width < clueMenuLeft+20 {
		out = append(out, side...)
	}
	out = append(out, wrap(b.handLine(), width)...)
	if sg := b.lastSuggestion(); sg != "" {
		out = append(out, wrap(sg, width)...)
	}
	b.caseAt = b.caseLine(out)
	return strings.Join(out, "\n")
}

// caseLine is the line of out that starts the case file once the game
// is over, 0 before. (A wrong accuser sees it during the game, where the
// rooms of the mansion matter more.)
func (b *clueBoard) caseLine(out []string) int {
	if b.v.Phase != clueOver {
		return 0
	}
	for i, l := range out {
		if strings.HasPrefix(l, caseFileWords) {
			return i
		}
	}
	return 0
}

// clueOver is the phase of a game over (clue.View.Phase).
const clueOver = "over"

// caseFileWords start the line that reveals the case file at the end.
const caseFileWords = "Case file: "

// focus keeps the case file on a screen too short for the whole board,
// once the end reveals it: it is what every player looks for then.
func (b *clueBoard) focus() int { return b.caseAt }

func (b *clueBoard) sticky() int { return 0 }

func (b *clueBoard) token(key string) string {
	t := abbrev[key]
	for _, p := range b.v.Players {
		if p.Suspect.Key() == key {
			if int(p.Seat) == b.seat {
				return t + "*"
			}
			return t
		}
	}
	return strings.ToLower(t) // a suspect nobody plays
}

// mansion draws the rooms three by three with the hallways between:
// tokens in a hallway on the hallway, tokens and weapons in a room inside
// it, your own token marked with *.
func (b *clueBoard) mansion() []string {
	at := map[clue.Place][]string{}
	for _, c := range cardsOf(clue.SuspectCard) {
		if p, ok := b.v.Tokens[c.Key()]; ok {
			at[p] = append(at[p], b.token(c.Key()))
		}
	}
	weapons := map[clue.Place][]string{}
	for _, c := range cardsOf(clue.WeaponCard) {
		if p, ok := b.v.Weapons[c.Key()]; ok {
			weapons[p] = append(weapons[p], abbrev[c.Key()])
		}
	}
	hall := map[[2]clue.Place]clue.Place{}
	var homes []string
	for _, p := range clue.Places() {
		if a, c, ok := p.Joins(); ok && p.IsHallway() {
			hall[[2]clue.Place{a, c}] = p
		}
		if p.IsHome() && len(at[p]) > 0 {
			homes = append(homes, strings.Join(at[p], " "))
		}
	}
	// A room is 15 columns: its name (Billiard Room, 13 letters) whole
	// between the corners.
	const roomW = 15
	cell := func(s string, w int) string { return pad(s, w)[:w] }
	hallText := func(a, c clue.Place) string {
		p := hall[[2]clue.Place{a, c}]
		if t := at[p]; len(t) > 0 {
			return strings.Join(t, "")
		}
		return ""
	}
	var lines []string
	for row := 0; row < 3; row++ {
		var top, mid, bot strings.Builder
		for col := 0; col < 3; col++ {
			r := clue.Place(row*3 + col)
			// Your room has * for corners: the name keeps its letters.
			corner := "+"
			if b.v.Room != nil && *b.v.Room == r.RoomCard() && b.seat >= 0 {
				corner = "*"
			}
			top.WriteString(corner + cell(r.String()+" "+strings.Repeat("-", roomW), roomW-2) + corner)
			mid.WriteString("|" + cell(" "+strings.Join(at[r], " "), roomW-2) + "|")
			bot.WriteString("|" + cell(" "+strings.Join(weapons[r], " "), roomW-2) + "|")
			if col < 2 {
				h := hallText(r, r+1)
				top.WriteString("     ")
				mid.WriteString(cell("="+h+"=====", 5))
				bot.WriteString("     ")
			}
		}
		lines = append(lines, top.String(), mid.String(), bot.String())
		if row < 2 {
			var v strings.Builder
			for col := 0; col < 3; col++ {
				r := clue.Place(row*3 + col)
				h := hallText(r, r+3)
				if h == "" {
					h = "||"
				}
				v.WriteString(cell("     "+h, roomW) + "     ")
			}
			lines = append(lines, strings.TrimRight(v.String(), " "))
		}
	}
	lines = append(lines, strings.Repeat("+"+strings.Repeat("-", roomW-2)+"+     ", 3)[:3*roomW+10])
	if len(homes) > 0 {
		lines = append(lines, "At home: "+strings.Join(homes, " "))
	}
	return lines
}

func (b *clueBoard) menuLines(width int) []string {
	items := b.items()
	var title string
	switch {
	case b.v.Phase == "over":
		// No one is waited for once the game has ended, whatever ended it.
		title = "The game is over"
	case b.seat < 0:
		title = "Watching"
	case !b.owes():
		title = "Waiting for " + b.nameOf(b.waitingFor())
	case b.v.Phase == "disprove":
		title = "Show one card to " + b.nameOf(int(b.v.Turn))
	case b.mode == clueSuggest && len(b.picked) == 0:
		title = "Suggest: who?"
	case b.mode == clueSuggest && len(b.picked) == 1:
		title = "Suggest: with what?"
	case b.mode == clueAccuse && len(b.picked) == 0:
		title = "Accuse: who?"
	case b.mode == clueAccuse && len(b.picked) == 1:
		title = "Accuse: with what?"
	case b.mode == clueAccuse && len(b.picked) == 2:
		title = "Accuse: where?"
	case b.mode != clueMain:
		title = "Are you sure?"
	default:
		title = "Your turn"
	}
	var out []string
	b.menuAt = nil
	for _, l := range wrap(title, width) {
		out = append(out, b.st.bold.Render(l))
		b.menuAt = append(b.menuAt, -1)
	}
	first := b.menuFirst(len(items))
	for i := first; i < min(len(items), first+menuRows); i++ {
		// A long item wraps under itself: a confirmation is read whole.
		for j, l := range wrap(items[i].label, width-3) {
			line := "   " + l
			if j == 0 {
				line = fmt.Sprintf("%s%d %s", marker(i == b.sel), i+1, l)
			}
			if i == b.sel {
				line = b.st.cursor.Render(line)
			}
			out = append(out, line)
			b.menuAt = append(b.menuAt, i)
		}
	}
	return out
}

// notebookLines shows the notebook: per card, what each seat is known to
// hold (Y yes, - no, ? not known) and whether it can be in the case file,
// in three columns (suspects, weapons, rooms) when the width allows, in
// one otherwise.
func (b *clueBoard) notebookLines(width int) []string {
	if b.v.Notebook == nil {
		return []string{"No notebook for a spectator (n: back to the map)"}
	}
	seats := ""
	for i := range b.v.Players {
		seats += fmt.Sprintf("%d", i+1)
	}
	const nameW = 15 // Colonel Mustard
	colW := nameW + 1 + len(seats) + 3
	cols := map[clue.Kind][]string{}
	for _, row := range b.v.Notebook.Cards {
		line := fmt.Sprintf("%-*s ", nameW, row.Card.String())
		for _, m := range row.Seats {
			line += markChar(m)
		}
		line += "  " + markChar(row.CaseFile)
		cols[row.Card.Kind()] = append(cols[row.Card.Kind()], line)
	}
	head := fmt.Sprintf("%-*s %s  ?", nameW, "", seats)
	out := wrap(b.st.bold.Render("Notebook")+"  (Y holds, - does not, ? not known; last: can be in the case file; n: back to the map)", width)
	kinds := []clue.Kind{clue.SuspectCard, clue.WeaponCard, clue.RoomCard}
	if width < 3*colW+4 {
		for _, k := range kinds {
			out = append(out, head)
			out = append(out, cols[k]...)
		}
		return out
	}
	out = append(out, pad(head, colW+2)+pad(head, colW+2)+head)
	for i := range len(cols[clue.RoomCard]) {
		var line string
		for ki, k := range kinds {
			cell := ""
			if i < len(cols[k]) {
				cell = cols[k][i]
			}
			if ki < 2 {
				cell = pad(cell, colW+2)
			}
			line += cell
		}
		out = append(out, strings.TrimRight(line, " "))
	}
	return out
}

func markChar(m clue.Mark) string {
	switch m {
	case clue.MarkYes:
		return "Y"
	case clue.MarkNo:
		return "-"
	}
	return "?"
}

func (b *clueBoard) handLine() string {
	var hand []string
	for _, c := range b.v.Hand {
		hand = append(hand, c.String())
	}
	line := "Your cards: " + strings.Join(hand, ", ")
	if b.seat < 0 {
		line = ""
	}
	if len(b.v.FaceUp) > 0 {
		var up []string
		for _, c := range b.v.FaceUp {
			up = append(up, c.String())
		}
		line += "   Face up: " + strings.Join(up, ", ")
	}
	if len(b.v.CaseFile) == 3 {
		line += fmt.Sprintf("\n"+caseFileWords+"%s, %s, %s", b.v.CaseFile[0], b.v.CaseFile[1], b.v.CaseFile[2])
	}
	return line
}

// lastSuggestion words the newest suggestion and its answer; the card
// shown appears only when this seat may see it.
func (b *clueBoard) lastSuggestion() string {
	n := len(b.v.Suggestions)
	if n == 0 {
		return ""
	}
	sg := b.v.Suggestions[n-1]
	s := fmt.Sprintf("Last: %s suggested %s, %s, %s; ", b.nameOf(int(sg.Seat)), sg.Suspect, sg.Weapon, sg.Room)
	switch {
	case !sg.Answered:
		s += "waiting for an answer"
	case sg.ShownBy < 0:
		s += "nobody could show a card"
	case sg.Card != nil:
		s += b.nameOf(int(sg.ShownBy)) + " showed " + sg.Card.String()
	default:
		s += b.nameOf(int(sg.ShownBy)) + " showed a card"
	}
	return s
}
