package tui

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

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
