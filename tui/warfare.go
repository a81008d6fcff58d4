package tui

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/warfare"
)

// warBoard draws Medieval Warfare: a window onto the hex island that
// scrolls with a cursor, and the seat's village list. Each hex is two
// characters: its owner (a seat's number, "." for neutral land, or ">"
// where the selected piece may go) and what stands on it. Enter selects a
// villager or a village of yours and lights where it may go, from the
// same rules the server applies; Enter on a lit hex plays that move.
type warBoard struct {
	st     styles
	v      warfare.View
	ok     bool
	seat   int
	myTurn bool
	at     map[[2]int]*warfare.HexView // by (x, y)
	byID   map[int]*warfare.HexView
	x, y   int // the cursor, in grid coordinates
	placed bool
	// lastWidth is the width of the last drawing, for mouse clicks.
	lastWidth int
	// rows is how many rows of the island the window shows and villages
	// how many lines of the village list, as the screen's height allows
	// (see fit); 0 until the table says.
	rows, villages int

	sel     int                  // the selected hex, -1 for none
	recruit string               // the rank a selected village recruits, "" for moves
	targets map[int]warfare.Move // where the selection may go, by hex
	actions []warfare.Move       // what the selection may do without a target
}

func newWarfare(_ []string, st styles) board { return &warBoard{st: st, sel: -1} }

func (b *warBoard) set(view json.RawMessage, seat int, myTurn bool) error {
	var v warfare.View
	if err := json.Unmarshal(view, &v); err != nil {
		return err
	}
	b.v, b.seat, b.myTurn, b.ok = v, seat, myTurn, true
	b.at = make(map[[2]int]*warfare.HexView, len(v.Hexes))
	b.byID = make(map[int]*warfare.HexView, len(v.Hexes))
	for i := range v.Hexes {
		h := &v.Hexes[i]
		b.at[[2]int{h.X, h.Y}] = h
		b.byID[h.ID] = h
	}
	if !b.placed {
		// Start on the seat's largest village, else the first land hex.
		b.placed = true
		best := -1
		for _, vl := range v.Villages {
			if vl.Owner == seat && (best < 0 || vl.Size > b.villageSize(best)) {
				best = vl.Hex
			}
		}
		if h, ok := b.byID[best]; ok {
			b.x, b.y = h.X, h.Y
		} else if len(v.Hexes) > 0 {
			b.x, b.y = v.Hexes[0].X, v.Hexes[0].Y
		}
	}
	b.clearSelection()
	return nil
}

func (b *warBoard) villageSize(hex int) int {
	for _, vl := range b.v.Villages {
		if vl.Hex == hex {
			return vl.Size
		}
	}
	return 0
}

func (b *warBoard) clearSelection() { b.sel, b.recruit, b.targets, b.actions = -1, "", nil, nil }

// scenario writes the view as a scenario of the game, so that the game's
// own rules (LegalFor) can say what a piece may do: the client never
// guesses at rules the server applies.
func (b *warBoard) scenario() json.RawMessage {
	levels := map[int]string{}
	for _, vl := range b.v.Villages {
		levels[vl.Hex] = vl.Level
	}
	marks := map[string]string{"peasant": "p", "infantry": "i", "soldier": "s", "knight": "k", "tower": "w", "tree": "*", "tombstone": "+"}
	sc := warfare.Scenario{Players: b.v.Players, Turn: max(b.v.Turn, 0), Round: b.v.Round, Rounds: b.v.Rounds}
	for y := 0; y < b.v.Height; y++ {
		var row []string
		for x := 0; x < b.v.Width; x++ {
			h, ok := b.at[[2]int{x, y}]
			if !ok {
				row = append(row, "~")
				continue
			}
			tok := "-"
			if h.Owner >= 0 {
				tok = fmt.Sprint(h.Owner)
			}
			if h.Thing == "village" {
				tok += levels[h.ID][:1]
			} else {
				tok += marks[h.Thing]
			}
			if h.Meadow {
				tok += "m"
			}
			if h.Road {
				tok += "="
			}
			if h.Done {
				tok += "!"
			}
			if h.Work != "" {
				sc.Work = append(sc.Work, warfare.ScenarioWork{Hex: h.ID, Work: h.Work, Left: h.Left})
			}
			row = append(row, tok)
		}
		sc.Map = append(sc.Map, strings.Join(row, " "))
	}
	for _, vl := range b.v.Villages {
		sc.Villages = append(sc.Villages, warfare.ScenarioVillage{Hex: vl.Hex, Gold: vl.Gold, Wood: vl.Wood, Locked: vl.Locked})
	}
	out, _ := json.Marshal(sc)
	return out
}

// legal asks the game's rules what the piece on hex may do now.
func (b *warBoard) legal(query string) ([]warfare.Move, error) {
	st, err := warfare.LoadScenario(b.scenario(), game.NewRand(1))
	if err != nil {
		return nil, err
	}
	ms, err := st.LegalFor(game.Seat(b.seat), query)
	out := make([]warfare.Move, 0, len(ms))
	for _, m := range ms {
		if wm, ok := m.(warfare.Move); ok {
			out = append(out, wm)
		}
	}
	return out, err
}

func (b *warBoard) cursorHex() *warfare.HexView { return b.at[[2]int{b.x, b.y}] }

// selectAt selects the villager or village under the cursor.
func (b *warBoard) selectAt() string {
	h := b.cursorHex()
	if h == nil || h.Owner != b.seat {
		return "choose one of your villagers or villages"
	}
	query := "unit:"
	if h.Thing == "village" {
		query = "village:"
	}
	ms, err := b.legal(fmt.Sprint(query, h.ID))
	if err != nil {
		return "the rules could not be asked: " + err.Error()
	}
	b.clearSelection()
	b.sel = h.ID
	b.targets = map[int]warfare.Move{}
	for _, m := range ms {
		switch m.Kind {
		case warfare.Go:
			b.targets[m.To] = m
		default:
			b.actions = append(b.actions, m)
		}
	}
	if query == "village:" {
		b.recruit = "peasant"
		b.retarget()
	}
	if len(b.targets) == 0 && len(b.actions) == 0 {
		b.clearSelection()
		return "that piece can do nothing more this turn"
	}
	return ""
}

// retarget lights the hexes where the selected village can put a recruit
// of the chosen rank.
func (b *warBoard) retarget() {
	b.targets = map[int]warfare.Move{}
	for _, m := range b.actions {
		if m.Kind == warfare.Buy && m.Unit.String() == b.recruit {
			b.targets[m.To] = m
		}
	}
}

func (b *warBoard) key(k tea.KeyPressMsg) (any, string) {
	if !b.ok {
		return nil, ""
	}
	switch s := k.String(); s {
	case "left", "h":
		b.step(-1, 0)
	case "right", "l":
		b.step(1, 0)
	case "up", "k":
		b.step(0, -1)
	case "down", "j":
		b.step(0, 1)
	case "backspace":
		b.clearSelection()
	case "v":
		b.nextVillage()
	case "e":
		if !b.myTurn {
			return nil, "it is not your turn"
		}
		return "end", ""
	case "1", "2", "3", "4":
		if b.sel >= 0 && b.recruit != "" {
			b.recruit = []string{"peasant", "infantry", "soldier", "knight"}[s[0]-'1']
			b.retarget()
			if len(b.targets) == 0 {
				return nil, "this village cannot recruit a " + b.recruit + " now"
			}
		}
	case "u", "w", "t", "m", "r":
		return b.action(s)
	case "enter", "space", " ":
		if !b.myTurn {
			return nil, "it is not your turn"
		}
		h := b.cursorHex()
		if b.sel >= 0 && h != nil {
			if m, ok := b.targets[h.ID]; ok {
				b.clearSelection()
				return m.String(), ""
			}
		}
		return nil, b.selectAt()
	}
	return nil, ""
}

// action plays a move of the selection that needs no target: u upgrades a
// village, t trains a villager, m and r start a meadow or a road; w
// lights where a watchtower may stand.
func (b *warBoard) action(key string) (any, string) {
	if b.sel < 0 {
		return nil, "select a villager or a village first (Enter)"
	}
	kinds := map[string]warfare.Kind{"u": warfare.Upgrade, "t": warfare.Train, "m": warfare.Cultivate, "r": warfare.Road, "w": warfare.Tower}
	want := kinds[key]
	if want == warfare.Tower {
		b.targets = map[int]warfare.Move{}
		for _, m := range b.actions {
			if m.Kind == warfare.Tower {
				b.targets[m.To] = m
			}
		}
		b.recruit = ""
		if len(b.targets) == 0 {
			return nil, "no watchtower can be built now"
		}
		return nil, "choose where the watchtower stands"
	}
	for _, m := range b.actions {
		if m.Kind == want {
			b.clearSelection()
			return m.String(), ""
		}
	}
	return nil, "the selection cannot do that now"
}

// step moves the cursor over the grid, onto land only.
func (b *warBoard) step(dx, dy int) {
	x, y := b.x+dx, b.y+dy
	for x >= 0 && y >= 0 && x < b.v.Width && y < b.v.Height {
		if _, ok := b.at[[2]int{x, y}]; ok {
			b.x, b.y = x, y
			return
		}
		x, y = x+dx, y+dy
	}
}

func (b *warBoard) nextVillage() {
	var mine []int
	for _, vl := range b.v.Villages {
		if vl.Owner == b.seat {
			mine = append(mine, vl.Hex)
		}
	}
	sort.Ints(mine)
	if len(mine) == 0 {
		return
	}
	cur := -1
	if h := b.cursorHex(); h != nil {
		cur = h.ID
	}
	next := mine[0]
	for _, id := range mine {
		if id > cur {
			next = id
			break
		}
	}
	h := b.byID[next]
	b.x, b.y = h.X, h.Y
}

// The map window: 2 columns a hex, odd rows half a hex right.
const warRows = 10

// fit shares lines between the map and the village list: the list gets a
// quarter (at least three villages), scrolled to the cursor's village;
// the map the rest, at least four rows.
func (b *warBoard) fit(lines int) {
	mine := 0
	for _, vl := range b.v.Villages {
		if vl.Owner == b.seat {
			mine++
		}
	}
	b.villages = min(mine, max(3, lines/4))
	list := 0
	if mine > 0 {
		list = b.villages + 1
	}
	b.rows = max(4, min(lines-3-list, b.v.Height))
}

// mapRows is how many rows of the island the window shows.
func (b *warBoard) mapRows() int {
	if b.rows > 0 {
		return b.rows
	}
	return warRows
}

func (b *warBoard) window(width int) (x0, y0, cols int) {
	// Leave the table's column of moves and chat room beside the map.
	// Under 100 columns the legend and the village list are too wide for
	// the column beside anyway: the map takes the whole width.
	cols = max((width-2)/2, 10)
	if width >= 100 {
		cols = (width - 32) / 2
	}
	if cols > b.v.Width {
		cols = b.v.Width
	}
	x0 = max(0, min(b.x-cols/2, b.v.Width-cols))
	y0 = max(0, min(b.y-b.mapRows()/2, b.v.Height-b.mapRows()))
	return x0, y0, cols
}

func (b *warBoard) click(x, y int) (any, string) {
	if !b.ok || y < 1 || y > b.mapRows() {
		return nil, ""
	}
	x0, y0, _ := b.window(b.lastWidth)
	gy := y0 + y - 1
	off := 0
	if gy%2 == 1 {
		off = 1
	}
	gx := x0 + (x-off)/2
	if _, ok := b.at[[2]int{gx, gy}]; !ok {
		return nil, ""
	}
	b.x, b.y = gx, gy
	return b.key(tea.KeyPressMsg{Code: tea.KeyEnter})
}

func (b *warBoard) prompt() string {
	if !b.ok || b.seat < 0 {
		return ""
	}
	h := b.cursorHex()
	at := ""
	if h != nil {
		// Whose land the cursor is on: a lit hex's > takes a character
		// of the map.
		whose := "neutral"
		switch {
		case h.Owner == b.seat:
			whose = "yours"
		case h.Owner >= 0:
			whose = fmt.Sprintf("player %d's", h.Owner+1)
		}
		at = fmt.Sprintf("hex %d, %s", h.ID, whose)
	}
	switch {
	case b.v.Turn < 0:
		return "The game is over; cursor on " + at
	case !b.myTurn:
		return "Waiting for the other players; cursor on " + at
	case b.sel >= 0 && b.recruit != "":
		return fmt.Sprintf("Village %d: recruit a %s (1-4 choose the rank) on a > hex (cursor on %s), u upgrade, w watchtower; Backspace drops it", b.sel, b.recruit, at)
	case b.sel >= 0:
		return fmt.Sprintf("Hex %d selected: Enter on a > hex to go there (cursor on %s); t train, m meadow, r road; Backspace drops it", b.sel, at)
	}
	return "Your turn: Enter selects a villager or village (" + at + "), e ends the turn, or type a move after ':'"
}

func (b *warBoard) mainKey() string { return "Enter select   e end turn" }

func (b *warBoard) keys() []string {
	return []string{
		"arrows or h j k l: move the cursor over the island (the map scrolls)",
		"Enter: select your villager or village; Enter on a > hex: go there",
		"with a village selected: 1-4 the rank to recruit (peasant to knight), Enter on a > hex places it; u upgrade; w then Enter on a > hex: a watchtower",
		"with a villager selected: t train, m start a meadow, r build a road",
		"e: end the turn",
		"v: the next of your villages   Backspace: drop the selection",
		": then a move such as '12-40', 'buy 12 peasant 40', 'upgrade 12' or 'end'",
	}
}

// describe words Warfare events for the log.
func (b *warBoard) describe(e client.Event) string {
	switch e.Type {
	case "move":
		var d warfare.MoveEvent
		if json.Unmarshal(e.Data, &d) == nil {
			return d.Move
		}
	case "capture":
		return "a village was captured"
	case "eliminated":
		return "a player is out"
	case "turn":
		return ""
	}
	return ""
}
