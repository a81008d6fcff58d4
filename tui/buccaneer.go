package tui

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/games/buccaneer"
)

// bucBoard draws Buccaneer: the 20x20 sea with its islands, bays, ports
// and ships, each captain's line, and the step the game waits for. Moves
// are typed in the game's notation after ':' ("sail 5,7", "face NE",
// "attack yes", "give R2 B1 take pearl", "done"); the arrows move a
// cursor over the sea and Enter sails to the square under it, or picks
// the facing towards it when the step asks for one.
type bucBoard struct {
	st     styles
	names  []string
	v      buccaneer.View
	ok     bool
	seat   int
	myTurn bool
	x, y   int // the cursor square, (1,1) bottom-left
	// rows is how many rows of the sea fit the screen; a shorter screen
	// shows a window of rows around the cursor.
	rows int
}

// fit tells the board how many lines it may take.
func (b *bucBoard) fit(lines int) { b.rows = lines - 7 }

func newBuccaneer(names []string, st styles) board {
	return &bucBoard{st: st, names: names, x: 10, y: 10}
}

func (b *bucBoard) set(view json.RawMessage, seat int, myTurn bool) error {
	var v buccaneer.View
	if err := json.Unmarshal(view, &v); err != nil {
		return err
	}
	first := !b.ok
	b.v, b.seat, b.myTurn, b.ok = v, seat, myTurn, true
	if first && seat >= 0 && seat < len(v.Players) {
		b.x, b.y = v.Players[seat].At.X, v.Players[seat].At.Y
	}
	return nil
}

func (b *bucBoard) key(k tea.KeyPressMsg) (any, string) {
	if !b.ok {
		return nil, ""
	}
	size := max(b.v.Board.Size, 20)
	switch k.String() {
	case "left", "h":
		b.x = max(b.x-1, 1)
	case "right", "l":
		b.x = min(b.x+1, size)
	case "up", "k":
		b.y = min(b.y+1, size) // north is up
	case "down", "j":
		b.y = max(b.y-1, 1)
	case "enter", "space", " ":
		if !b.myTurn {
			return nil, "it is not your turn"
		}
		switch b.v.Step.Name {
		case "move", "escape":
			return fmt.Sprintf("sail %d,%d", b.x, b.y), ""
		case "face":
			if d := b.direction(); d != "" {
				return "face " + d, ""
			}
			return nil, "put the cursor on a square beside your ship, in the direction to face"
		}
		return nil, "type this step's move after ':' (see the line under the sea)"
	}
	return nil, ""
}

// direction is the compass point from the seat's ship towards the cursor.
func (b *bucBoard) direction() string {
	if b.seat < 0 || b.seat >= len(b.v.Players) {
		return ""
	}
	at := b.v.Players[b.seat].At
	dx, dy := sign(b.x-at.X), sign(b.y-at.Y)
	names := map[[2]int]string{{0, 1}: "N", {1, 1}: "NE", {1, 0}: "E", {1, -1}: "SE", {0, -1}: "S", {-1, -1}: "SW", {-1, 0}: "W", {-1, 1}: "NW"}
	return names[[2]int{dx, dy}]
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
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
	col, row := (x-3)/2+1, top-(y-1)+1
	if x < 3 || col < 1 || col > size || row < 1 || row > size {
		return nil, ""
	}
	b.x, b.y = col, row
	return b.key(tea.KeyPressMsg{Code: tea.KeyEnter})
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

func (b *bucBoard) render(int) string {
	if !b.ok {
		return "waiting for the sea..."
	}
	size := max(b.v.Board.Size, 20)
	var lines []string
	head := "   "
	for x := 1; x <= size; x++ {
		head += fmt.Sprintf("%-2d", x%100)
	}
	lines = append(lines, head)
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
			if x == b.x && y == b.y {
				st = b.st.cursor
			}
			sb.WriteString(st.Render(s))
		}
		lines = append(lines, sb.String())
	}
	lines = append(lines, b.st.dim.Render("L^ a ship (home's letter, facing)  lo a port  bx a bay  #T an island"))
	for _, p := range b.v.Players {
		you := ""
		if int(p.Seat) == b.seat {
			you = " (you)"
			if len(p.Hand) > 0 {
				var hand []string
				for _, c := range p.Hand {
					hand = append(hand, fmt.Sprint(c))
				}
				you += " hand " + strings.Join(hand, " ")
			}
		}
		lines = append(lines, fmt.Sprintf("%s at %d,%d %s moves %d crew %d cards %d treasure %v home %d%s",
			p.Home, p.At.X, p.At.Y, p.Facing, p.Distance, p.Crew, p.Cards, p.Treasure, p.AtHome, you))
	}
	if b.v.Last != nil {
		lines = append(lines, fmt.Sprintf("Chance card %d, %s: %s", b.v.Last.Number, b.v.Last.Title, b.v.Last.Text))
	}
	return strings.Join(lines, "\n")
}

// stepHelp says what the step waits for and how to type it.
var stepHelp = map[string]string{
	"move":    "sail: Enter on a square ahead, or ':' sail x,y",
	"attack?": "a ship sails past yours: ':' attack yes or attack no",
	"face":    "choose a facing: Enter on a square beside your ship, or ':' face NE",
	"port":    "in port: ':' give R2 take pearl to trade, or done",
	"choose":  "the chance card's choice: ':' take gold, crew, keep ... (see the card)",
	"captain": "choose a captain: ':' seat N",
	"spoils":  "the spoils: ':' take gold rum",
	"escape":  "sail away: Enter on a square, or ':' sail x,y",
	"over":    "the game is over",
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
	return fmt.Sprintf("Your %s: %s (cursor %d,%d)", b.v.Step.Name, h, b.x, b.y)
}

func (b *bucBoard) keys() []string {
	return []string{
		"arrows or h j k l: move the cursor over the sea (north is up)",
		"Enter: sail to the cursor's square, or face towards it when a facing is asked",
		": then the game's notation: sail 5,7 | face NE | attack yes | attack no |",
		"  give R2 B1 take pearl | play 23 take gold | take diamond rum | crew | keep gold | seat 2 | done",
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
