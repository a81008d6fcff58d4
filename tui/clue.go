package tui

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/games/clue"
)

// clueBoard draws Clue-Less: the mansion's 3 x 3 rooms with the hallways
// between them, every token and weapon, and beside it a menu of what the
// seat may do now (walk, suggest, show a card, accuse, end the turn),
// chosen with the arrows or a digit. A suggestion and an accusation are
// built one card at a time; an accusation asks once more before it goes.
// n shows the notebook instead of the menu.
type clueBoard struct {
	st       styles
	names    []string
	v        clue.View
	ok       bool
	seat     int
	myTurn   bool
	mode     clueMode
	picked   []clue.Card
	sel      int
	notebook bool
	// replaying: the board shows a replay's step, where nobody owes a
	// move and no menu is offered.
	replaying bool
	// menuAt is the item of each line of the menu as last drawn (a long
	// item wraps onto several lines), -1 for its title, for clicks.
	menuAt []int
	// caseAt is the line of the last drawing that reveals the case file,
	// 0 while it is secret: at the end a short screen scrolls to it.
	caseAt int
}

type clueMode int

const (
	clueMain clueMode = iota
	clueSuggest
	clueAccuse
)

// clueItem is one line of the menu: a move to send, or a step into a
// choice of cards.
type clueItem struct {
	label string
	move  *clue.Move
	enter func(b *clueBoard)
}

func newClue(names []string, st styles) board { return &clueBoard{st: st, names: names} }

func (b *clueBoard) rename(names []string) { b.names = names }

func (b *clueBoard) set(view json.RawMessage, seat int, myTurn bool) error {
	var v clue.View
	if err := json.Unmarshal(view, &v); err != nil {
		return err
	}
	turnChanged := !b.ok || v.Turn != b.v.Turn || v.Phase != b.v.Phase
	b.v, b.seat, b.myTurn, b.ok = v, seat, myTurn, true
	if turnChanged {
		b.mode, b.picked, b.sel = clueMain, nil, 0
	}
	return nil
}

// replay marks the board as showing a replay (replay.go).
func (b *clueBoard) replay() { b.replaying = true }

// abbrev is a card's two letters on the map.
var abbrev = map[string]string{
	"scarlet": "Sc", "mustard": "Mu", "white": "Wh", "green": "Gr", "peacock": "Pe", "plum": "Pl",
	"candlestick": "Ca", "knife": "Kn", "lead-pipe": "Pi", "revolver": "Re", "rope": "Ro", "wrench": "Wr",
}

func cardsOf(kind clue.Kind) []clue.Card {
	var out []clue.Card
	for _, c := range clue.Cards() {
		if c.Kind() == kind {
			out = append(out, c)
		}
	}
	return out
}

func (b *clueBoard) pending() *clue.SuggestionView {
	if n := len(b.v.Suggestions); n > 0 && !b.v.Suggestions[n-1].Answered {
		return &b.v.Suggestions[n-1]
	}
	return nil
}

func (b *clueBoard) owes() bool {
	if b.replaying {
		return false
	}
	for _, s := range b.v.Owes {
		if int(s) == b.seat {
			return true
		}
	}
	return false
}

// items lists the menu as it stands.
func (b *clueBoard) items() []clueItem {
	if !b.ok || b.seat < 0 || !b.owes() {
		return nil
	}
	if b.v.Phase == "disprove" {
		var out []clueItem
		if sg := b.pending(); sg != nil {
			for _, c := range []clue.Card{sg.Suspect, sg.Weapon, sg.Room} {
				for _, h := range b.v.Hand {
					if h == c {
						out = append(out, clueItem{label: "show " + c.String(), move: &clue.Move{Kind: clue.VerbShow, Card: c}})
					}
				}
			}
		}
		return out
	}
	switch b.mode {
	case clueSuggest, clueAccuse:
		kinds := []clue.Kind{clue.SuspectCard, clue.WeaponCard, clue.RoomCard}
		if len(b.picked) == 3 || (b.mode == clueSuggest && len(b.picked) == 2) {
			return b.confirmItems()
		}
		var out []clueItem
		for _, c := range cardsOf(kinds[len(b.picked)]) {
			c := c
			label := c.String()
			if b.holds(c) {
				label += " (yours)"
			}
			out = append(out, clueItem{label: label, enter: func(b *clueBoard) { b.picked = append(b.picked, c); b.sel = 0 }})
		}
		return append(out, clueItem{label: "back", enter: func(b *clueBoard) { b.back() }})
	}
	var out []clueItem
	for _, p := range b.v.Moves {
		p := p
		out = append(out, clueItem{label: "walk to " + p.String(), move: &clue.Move{Kind: clue.VerbMove, To: p}})
	}
	if (b.v.CanStay || b.v.MustSuggest) && b.v.Room != nil {
		out = append(out, clueItem{label: "suggest in the " + b.v.Room.String(), enter: func(b *clueBoard) { b.mode, b.picked, b.sel = clueSuggest, nil, 0 }})
	}
	if b.v.CanEnd {
		out = append(out, clueItem{label: "end your turn", move: &clue.Move{Kind: clue.VerbEnd}})
	}
	out = append(out, clueItem{label: "accuse...", enter: func(b *clueBoard) { b.mode, b.picked, b.sel = clueAccuse, nil, 0 }})
	return out
}

func (b *clueBoard) confirmItems() []clueItem {
	if b.mode == clueSuggest {
		m := &clue.Move{Kind: clue.VerbSuggest, Suspect: b.picked[0], Weapon: b.picked[1]}
		return []clueItem{
			{label: fmt.Sprintf("suggest %s with the %s in the %s", m.Suspect, m.Weapon, b.v.Room), move: m},
			{label: "back", enter: func(b *clueBoard) { b.back() }},
		}
	}
	m := &clue.Move{Kind: clue.VerbAccuse, Suspect: b.picked[0], Weapon: b.picked[1], Room: b.picked[2]}
	return []clueItem{
		{label: fmt.Sprintf("ACCUSE %s, %s, %s", m.Suspect, m.Weapon, m.Room), move: m},
		{label: "back", enter: func(b *clueBoard) { b.back() }},
	}
}

func (b *clueBoard) back() {
	b.sel = 0
	if len(b.picked) > 0 {
		b.picked = b.picked[:len(b.picked)-1]
		return
	}
	b.mode = clueMain
}

func (b *clueBoard) holds(c clue.Card) bool {
	for _, h := range b.v.Hand {
		if h == c {
			return true
		}
	}
	return false
}

func (b *clueBoard) key(k tea.KeyPressMsg) (any, string) {
	items := b.items()
	s := k.String()
	switch s {
	case "n":
		b.notebook = !b.notebook
		return nil, ""
	case "up", "k":
		b.sel = max(b.sel-1, 0)
	case "down", "j":
		b.sel = min(b.sel+1, max(len(items)-1, 0))
	case "backspace", "left", "h":
		if b.mode != clueMain {
			b.back()
		}
	case "enter", "space", " ", "right", "l":
		return b.choose(items, b.sel)
	default:
		if len(s) == 1 && s[0] >= '1' && s[0] <= '9' {
			return b.choose(items, int(s[0]-'1'))
		}
	}
	return nil, ""
}

func (b *clueBoard) choose(items []clueItem, i int) (any, string) {
	if i < 0 || i >= len(items) {
		return nil, ""
	}
	b.sel = i
	it := items[i]
	if it.enter != nil {
		it.enter(b)
		return nil, ""
	}
	if it.move != nil {
		return it.move, ""
	}
	return nil, ""
}

// The menu stands to the right of the map, at column clueMenuLeft, from
// its second line; a click on one of its lines chooses it.
const clueMenuLeft = 57

func (b *clueBoard) click(x, y int) (any, string) {
	if x < clueMenuLeft || b.notebook || y < 0 || y >= len(b.menuAt) || b.menuAt[y] < 0 {
		return nil, ""
	}
	return b.choose(b.items(), b.menuAt[y])
}

// menuRows is how many menu lines fit beside the map.
const menuRows = 9

func (b *clueBoard) menuFirst(n int) int {
	if n <= menuRows {
		return 0
	}
	return max(0, min(b.sel-menuRows/2, n-menuRows))
}

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

func (b *clueBoard) waitingFor() int {
	if len(b.v.Owes) > 0 {
		return int(b.v.Owes[0])
	}
	return int(b.v.Turn)
}

func (b *clueBoard) nameOf(seat int) string {
	if seat >= 0 && seat < len(b.names) {
		for _, p := range b.v.Players {
			// A bot is named by its suspect already ("Mustard").
			if int(p.Seat) == seat && !strings.Contains(p.Suspect.String(), b.names[seat]) {
				return b.names[seat] + " (" + abbrev[p.Suspect.Key()] + ")"
			}
		}
		return b.names[seat]
	}
	return "the game"
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

func (b *clueBoard) prompt() string {
	switch {
	case !b.ok || b.seat < 0:
		return ""
	case b.v.Phase == clueOver:
		return ""
	case b.notebook && b.owes():
		return "Your turn: n goes back to the map and the menu"
	case b.notebook:
		return "n goes back to the map"
	case b.owes() && b.mode == clueAccuse && len(b.picked) == 3:
		return "A wrong accusation ends your game: you sit out the rest and only show cards. Enter on ACCUSE sends it; back or Backspace steps back."
	case b.owes():
		return "Choose with up/down and Enter, or a digit; Backspace goes back; n notebook"
	}
	return "n notebook"
}

func (b *clueBoard) mainKey() string { return "Enter choose" }

// seatOut says whether seat made a wrong accusation and sits out the
// game (requirement 8), for the seat line's "(out)".
func (b *clueBoard) seatOut(seat int) bool {
	for _, p := range b.v.Players {
		if int(p.Seat) == seat {
			return p.Inactive && b.v.Phase != clueOver
		}
	}
	return false
}

// seatRemoved says whether the players removed seat by a vote, for the
// seat line's "(removed)": such a player's token and cards stay in the
// game, so nothing on the map tells it.
func (b *clueBoard) seatRemoved(seat int) bool {
	for _, p := range b.v.Players {
		if int(p.Seat) == seat {
			return p.Removed
		}
	}
	return false
}

// seatMark is the seat line's word for a seat no longer in the game.
func (b *clueBoard) seatMark(seat int) string {
	switch {
	case b.seatRemoved(seat):
		return "removed"
	case b.seatOut(seat):
		return "out"
	}
	return ""
}

// notices says in a sentence that this seat is out after a wrong
// accusation: the case file line alone did not tell a player so; and who
// was removed by a vote, whose cards the game still shows for them, so
// that a player knows an answer may come from a seat no one plays.
func (b *clueBoard) notices() []string {
	if !b.ok {
		return nil
	}
	var out []string
	if b.seat >= 0 && b.seatOut(b.seat) {
		out = append(out, b.st.warn.Render("Your accusation was wrong: you are out of the game.")+" You still show a card when a suggestion asks you.")
	}
	var removed []string
	for _, p := range b.v.Players {
		if p.Removed {
			removed = append(removed, b.nameOf(int(p.Seat)))
		}
	}
	if len(removed) > 0 {
		out = append(out, "Removed by a vote: "+strings.Join(removed, ", ")+". Their cards still answer suggestions.")
	}
	return out
}

func (b *clueBoard) keys() []string {
	return []string{
		"up/down and Enter, or a digit: choose from the menu beside the mansion",
		"Backspace or left: back one step of a suggestion or accusation",
		"n: the notebook (Y holds, - does not, ? not known; last column the case file)",
		": then a move such as 'move hall-lounge', 'suggest plum rope', 'show rope',",
		"  'accuse plum rope study' or 'end'",
		"On the map: Sc Mu Wh Gr Pe Pl the suspects (yours with *), Ca Kn Pi Re Ro Wr the weapons",
	}
}

// describe words Clue-Less events for the move log.
func (b *clueBoard) describe(e client.Event) string {
	var d struct {
		Suspect, Weapon, Room, Card clue.Card
		To                          clue.Place
		Passage, Correct            bool
		Seat, By                    int
		CaseFile                    []clue.Card
	}
	// Fields absent from an event stay zero; each case reads only its own.
	var raw map[string]json.RawMessage
	if json.Unmarshal(e.Data, &raw) != nil {
		return e.Type
	}
	get := func(k string, v any) { _ = json.Unmarshal(raw[k], v) }
	switch e.Type {
	case "moved":
		get("to", &d.To)
		get("passage", &d.Passage)
		if d.Passage {
			return "took the secret passage to the " + d.To.String()
		}
		return "walked to " + d.To.String()
	case "suggestion":
		get("suspect", &d.Suspect)
		get("weapon", &d.Weapon)
		get("room", &d.Room)
		return fmt.Sprintf("suggested %s with the %s in the %s", d.Suspect, d.Weapon, d.Room)
	case "passed":
		get("seat", &d.Seat)
		return b.nameOf(d.Seat) + " could not show a card"
	case "unanswered":
		return "nobody could show a card"
	case "shown":
		get("by", &d.By)
		get("to", &d.Seat)
		return b.nameOf(d.By) + " showed " + b.nameOf(d.Seat) + " a card"
	case "card":
		get("card", &d.Card)
		return "the card: " + d.Card.String()
	case "accusation":
		get("suspect", &d.Suspect)
		get("weapon", &d.Weapon)
		get("room", &d.Room)
		get("correct", &d.Correct)
		verdict := "wrong"
		if d.Correct {
			verdict = "right"
		}
		return fmt.Sprintf("accused %s, %s, %s: %s", d.Suspect, d.Weapon, d.Room, verdict)
	case "blocked":
		return "is blocked in and loses the move"
	case "turn":
		get("seat", &d.Seat)
		return "the turn passes to " + b.nameOf(d.Seat)
	case "casefile":
		get("caseFile", &d.CaseFile)
		if len(d.CaseFile) == 3 {
			return fmt.Sprintf("looked in the case file: %s, %s, %s", d.CaseFile[0], d.CaseFile[1], d.CaseFile[2])
		}
	}
	return "" // asked, summoned, weapon, over: the board shows them
}
