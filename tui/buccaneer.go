package tui

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/games/buccaneer"
)

// bucBoard draws Buccaneer: the 20x20 sea with its islands, bays, ports
// and ships, each captain's line, and the step the game waits for. The
// arrows move a cursor over the sea; when the seat's ship is to sail, the
// squares it may reach are lit ("+", or "!" and the ship's letter where
// sailing there attacks it) and Enter on one sails there. Every other step
// is a menu beside the sea: the facings the ship may take, the passed
// ship's question, a chance card's choice, the captain a card asks for,
// the spoils of a fight, and trading in port. Any move may also be typed
// in the game's notation after ':' ("sail 5,7", "face NE", "attack yes",
// "give R2 B1 take pearl", "done").
type bucBoard struct {
	st     styles
	names  []string
	v      buccaneer.View
	ok     bool
	seat   int
	myTurn bool
	x, y   int // the cursor square, (1,1) bottom-left
	// rows is how many rows of the sea fit the screen; a shorter screen
	// shows a window of rows around the cursor. width is the width of the
	// last drawing, which the chance card's text wraps to.
	rows, width int

	// lit are the squares the ship may sail to now, from the game's rules
	// (see bucTargets); nil when it is not sailing.
	lit map[buccaneer.Point]bool
	// turns are the facings a ship may turn to instead of sailing, offered
	// by t at the "move" step.
	turns []string
	// menu is what the step offers, when it is a choice: pick is the
	// highlighted line. turning says the "move" step's turn menu is open.
	menuTitle string
	menu      []bucChoice
	pick      int
	turning   bool
	// trade is the port's trading screen, at the "port" step.
	trade *bucTrade
	// portNote says that a visit ended with a trade: the rules end it by
	// themselves when nothing more can be traded, and the player did not
	// press Leave port. It stays until the seat's next move.
	portNote string
	// rulesErr says why the rules could not be asked; moves are then sent
	// as they are and the server judges them.
	rulesErr string
}

// bucChoice is one line of a menu: what it says and the move it sends.
type bucChoice struct{ label, move string }

// fit tells the board how many lines it may take: above the sea's rows
// its column numbers, below them the captains' lines and the last chance
// card's text, wrapped (and under a narrow sea the panel).
func (b *bucBoard) fit(lines int) {
	b.rows = lines - 1 - max(len(b.v.Players), 2) - len(b.chanceLines(max(b.width, 40)))
}

// chanceLines is the last chance card, whole, in lines of width columns.
func (b *bucBoard) chanceLines(width int) []string {
	if b.v.Last == nil {
		return nil
	}
	return wrap(fmt.Sprintf("Chance card %d, %s: %s", b.v.Last.Number, b.v.Last.Title, b.v.Last.Text), width)
}

func newBuccaneer(names []string, st styles) board {
	return &bucBoard{st: st, names: names, x: 10, y: 10}
}

func (b *bucBoard) set(view json.RawMessage, seat int, myTurn bool) error {
	var v buccaneer.View
	if err := json.Unmarshal(view, &v); err != nil {
		return err
	}
	// At one screen the board shows each captain in turn: a new captain
	// starts from their own ship, with nothing of the last one's menus.
	first := !b.ok || seat != b.seat
	if first {
		b.trade, b.portNote = nil, ""
	}
	before := b.v.Step
	if b.trade != nil && !b.trade.left && (v.Step.Name != "port" || int(v.Step.Owes) != seat) {
		b.portNote = "Your visit to " + b.trade.port + " ended with the trade: nothing more could be traded there."
	}
	if myTurn && v.Step.Name == "move" && int(v.Step.Owes) == seat {
		b.portNote = ""
	}
	b.v, b.seat, b.myTurn, b.ok = v, seat, myTurn, true
	if first && seat >= 0 && seat < len(v.Players) {
		b.x, b.y = v.Players[seat].At.X, v.Players[seat].At.Y
	}
	if first || before.Name != v.Step.Name || before.Owes != v.Step.Owes {
		b.pick, b.turning = 0, false
	}
	b.offer()
	return nil
}

// offer works out what the step lets the seat do: lit squares, the turn
// menu, or the step's menu.
func (b *bucBoard) offer() {
	b.lit, b.turns, b.menu, b.menuTitle, b.rulesErr = nil, nil, nil, "", ""
	if !b.myTurn || b.seat < 0 || b.seat >= len(b.v.Players) || int(b.v.Step.Owes) != b.seat {
		b.trade, b.turning = nil, false
		return
	}
	v, me := b.v, b.v.Players[b.seat]
	var err error
	switch v.Step.Name {
	case "move", "escape":
		b.lit, err = bucTargets(v, b.seat, v.Step.Name == "escape")
		if err == nil && v.Step.Name == "move" && bucPortAt(v, me.At) == "" {
			b.turns, err = bucFacings(v, b.seat)
		}
		if b.turning {
			b.menuTitle = "Turn only, facing:"
			b.menu = b.faceChoices(b.turns)
		}
	case "face":
		var fs []string
		if fs, err = bucFacings(v, b.seat); err == nil && len(fs) == 0 {
			// The rules list facings only for a ship out of port; should
			// they list none, every way is offered and the server judges.
			fs = bucDirs
		}
		b.menuTitle = "Which way should your ship face?"
		b.menu = b.faceChoices(fs)
	case "attack?":
		at := "your square"
		if v.Step.At != nil {
			at = v.Step.At.String()
		}
		who := b.captain(int(v.Step.Mover))
		b.menuTitle = fmt.Sprintf("%s sails past your ship at %s.", who, at)
		b.menu = []bucChoice{{"Attack it", "attack yes"}, {"Let it pass", "attack no"}}
	case "choose":
		b.menuTitle = fmt.Sprintf("Chance card %d: take treasure worth up to %d", v.Step.Card, v.Step.Limit)
		if v.Step.CrewN > 0 {
			b.menuTitle += fmt.Sprintf(" or %d crew cards", v.Step.CrewN)
		}
		b.menu = bucPicks(v, b.seat)
	case "captain":
		b.menuTitle = fmt.Sprintf("Chance card %d: which captain?", v.Step.Card)
		if l := v.Last; l != nil && l.Number == v.Step.Card {
			// The card's own words say what the captain chosen will do.
			b.menuTitle = fmt.Sprintf("Chance card %d, %s: %s", l.Number, l.Title, l.Text)
		}
		for _, s := range v.Step.Seats {
			b.menu = append(b.menu, bucChoice{b.captain(int(s)), fmt.Sprintf("seat %d", s)})
		}
	case "spoils":
		b.menuTitle = fmt.Sprintf("You won: keep %d piece(s) of treasure", v.Step.Room)
		b.menu = bucSpoils(v)
	case "port":
		if b.trade == nil || b.trade.port != bucPortAt(v, me.At) {
			b.trade = newBucTrade(v, b.seat)
		} else {
			b.trade.refresh(v, b.seat)
		}
	}
	if v.Step.Name != "port" {
		b.trade = nil
	}
	if err != nil {
		b.rulesErr = err.Error()
	}
	b.pick = min(b.pick, max(len(b.menu)-1, 0))
}

func (b *bucBoard) rename(names []string) { b.names = names }

func (b *bucBoard) notices() []string {
	if b.portNote != "" {
		return []string{b.portNote}
	}
	return nil
}

func (b *bucBoard) mainKey() string {
	if b.lit != nil {
		return "Enter sail   Tab next +"
	}
	return "Enter choose"
}

// captain names a seat: the player's name and the home port.
func (b *bucBoard) captain(seat int) string {
	name := fmt.Sprintf("seat %d", seat)
	if seat >= 0 && seat < len(b.names) && b.names[seat] != "" {
		name = b.names[seat]
	}
	// A bot is named by its home port already ("Genoa").
	if seat >= 0 && seat < len(b.v.Players) && name != b.v.Players[seat].Home {
		name += " (" + b.v.Players[seat].Home + ")"
	}
	return name
}

// nameOf is how the log tells two captains of one name apart: by port.
func (b *bucBoard) nameOf(seat int) string { return b.captain(seat) }

var dirWords = map[string]string{"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south", "SW": "south-west", "W": "west", "NW": "north-west"}

func (b *bucBoard) faceChoices(fs []string) []bucChoice {
	var out []bucChoice
	for _, d := range fs {
		out = append(out, bucChoice{fmt.Sprintf("%-2s %s", d, dirWords[d]), "face " + d})
	}
	return out
}

func (b *bucBoard) key(k tea.KeyPressMsg) (any, string) {
	if !b.ok {
		return nil, ""
	}
	s := k.String()
	if b.trade != nil {
		return b.trade.key(s)
	}
	if len(b.menu) > 0 {
		switch s {
		case "up", "k":
			b.pick = (b.pick + len(b.menu) - 1) % len(b.menu)
			return nil, ""
		case "down", "j":
			b.pick = (b.pick + 1) % len(b.menu)
			return nil, ""
		case "enter", "space", " ":
			return b.choose(b.pick)
		case "backspace", "t":
			if b.turning {
				b.turning = false
				b.offer()
				return nil, ""
			}
		}
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(b.menu) {
			return b.choose(n - 1)
		}
		if !b.turning {
			return nil, ""
		}
	}
	size := max(b.v.Board.Size, 20)
	switch s {
	case "left", "h":
		b.x = max(b.x-1, 1)
	case "right", "l":
		b.x = min(b.x+1, size)
	case "up", "k":
		b.y = min(b.y+1, size) // north is up
	case "down", "j":
		b.y = max(b.y-1, 1)
	case "tab":
		b.nextLit()
	case "t":
		if !b.myTurn || b.v.Step.Name != "move" {
			return nil, "you may turn your ship only at the start of your turn"
		}
		if len(b.turns) == 0 {
			return nil, "in port a ship does not turn: sail out"
		}
		b.turning = true
		b.offer()
	case "enter", "space", " ":
		return b.sail()
	}
	return nil, ""
}

// choose sends the menu's line i.
func (b *bucBoard) choose(i int) (any, string) {
	if !b.myTurn {
		return nil, "it is not your turn"
	}
	mv := b.menu[i].move
	b.turning = false
	return mv, ""
}

// sail sails to the cursor's square when the ship may go there.
func (b *bucBoard) sail() (any, string) {
	if !b.myTurn {
		return nil, "it is not your turn"
	}
	q := buccaneer.Point{X: b.x, Y: b.y}
	switch b.v.Step.Name {
	case "move", "escape":
		if b.lit != nil && !b.lit[q] {
			if len(b.lit) == 0 {
				return nil, "your ship can reach no square: press t to turn it"
			}
			return nil, fmt.Sprintf("your ship cannot sail to %s: the squares marked + can be reached (Tab goes to them)", q)
		}
		return fmt.Sprintf("sail %d,%d", b.x, b.y), ""
	}
	return nil, "choose from the menu beside the sea, or type the move after ':'"
}

// nextLit puts the cursor on the next lit square, reading the sea from
// the top left as it is drawn.
func (b *bucBoard) nextLit() {
	var sq []buccaneer.Point
	for q := range b.lit {
		sq = append(sq, q)
	}
	if len(sq) == 0 {
		return
	}
	order := func(q buccaneer.Point) int { return (100-q.Y)*100 + q.X }
	sort.Slice(sq, func(i, j int) bool { return order(sq[i]) < order(sq[j]) })
	cur := order(buccaneer.Point{X: b.x, Y: b.y})
	next := sq[0]
	for _, q := range sq {
		if order(q) > cur {
			next = q
			break
		}
	}
	b.x, b.y = next.X, next.Y
}

// The sea is drawn north up: a row per y from 20 down to 1, after one
// line of column numbers; two characters a square after 3 columns of row
// numbers.
func (b *bucBoard) click(x, y int) (any, string) {
	if !b.ok {
		return nil, ""
	}
	size := max(b.v.Board.Size, 20)
	top := size
	if b.rows > 0 && b.rows < size {
		top = min(size, max(b.y+b.rows/2, b.rows))
	}
	// Line 0 holds the column numbers; line 1 is the top row.
	col, row := (x-3)/2+1, top-(y-1)
	if x < 3 || col < 1 || col > size || row < 1 || row > size {
		return nil, ""
	}
	b.x, b.y = col, row
	if b.v.Step.Name != "move" && b.v.Step.Name != "escape" {
		return nil, ""
	}
	return b.sail()
}

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

// stepHelp says what the step waits for and how it is answered.
var stepHelp = map[string]string{
	"move":    "Enter on a + square sails there, t turns only",
	"attack?": "a ship sails past yours: attack it or let it pass",
	"face":    "choose the way your ship faces",
	"port":    "trade: Space marks what to give and take, Enter on Trade",
	"choose":  "the chance card's choice",
	"captain": "the chance card asks you to choose a captain",
	"spoils":  "choose the treasure to keep",
	"escape":  "you lost: sail away, Enter on a + square",
	"over":    "the game is over",
}

// stepLabel opens the prompt of the seat that owes the step.
var stepLabel = map[string]string{
	"move": "Your move", "attack?": "Your answer", "face": "Your facing", "port": "In port",
	"choose": "Your chance card", "captain": "Your chance card", "spoils": "Your spoils", "escape": "Your escape",
}

func (b *bucBoard) prompt() string {
	if !b.ok || b.seat < 0 {
		return ""
	}
	if !b.myTurn {
		who := b.v.Step.Owes
		name := "another captain"
		if int(who) >= 0 && int(who) < len(b.names) {
			name = b.names[who]
		}
		return fmt.Sprintf("Waiting for %s (%s); cursor on %d,%d", name, b.v.Step.Name, b.x, b.y)
	}
	h := stepHelp[b.v.Step.Name]
	if h == "" {
		h = "type the move after ':'"
	}
	if b.rulesErr != "" {
		h += " (the rules could not be asked: " + b.rulesErr + ")"
	}
	label := stepLabel[b.v.Step.Name]
	if label == "" {
		label = "Your " + b.v.Step.Name
	}
	return fmt.Sprintf("%s: %s (cursor %d,%d)", label, h, b.x, b.y)
}

func (b *bucBoard) keys() []string {
	return []string{
		"arrows or h j k l: move the cursor over the sea (north is up)",
		"Enter: sail to the cursor's square (+ marks where you may, !G attacks G)",
		"Tab: the cursor to the next + square   t: turn the ship without sailing",
		"menus: up/down and Enter, or a digit; Backspace closes the turn menu",
		"in port: Space marks what to give and take; Enter on Trade or Leave port",
		": the game's notation: sail 5,7  face NE  attack yes  give R2 take pearl",
		"  play 23 take gold  keep diamond  take gold  crew  seat 2  done",
	}
}

// describe words Buccaneer's events for the log: its own text where the
// game gives one.
func (b *bucBoard) describe(e client.Event) string {
	var d struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(e.Data, &d) == nil && d.Text != "" {
		return d.Text
	}
	return e.Type
}
