package tui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/battleship"
)

// shipBoard draws Battleship: your own grid and the target grid side by
// side. During placement the cursor is on your grid and you lay the
// ships one by one (r turns the next ship); the fleet goes to the server
// once all five lie, where the rules check it again. In battle the
// cursor is on the target grid and Enter fires.
type shipBoard struct {
	st     styles
	names  []string // the seats' names, for a spectator's grids
	v      battleship.View
	ok     bool
	seat   int
	myTurn bool
	r, c   int
	dir    string
	laid   []battleship.Placement // ships laid so far, in Fleet order
}

func newBattleship(names []string, st styles) board {
	return &shipBoard{st: st, dir: "h", names: names}
}

func (b *shipBoard) set(view json.RawMessage, seat int, myTurn bool) error {
	var v battleship.View
	if err := json.Unmarshal(view, &v); err != nil {
		return err
	}
	b.v, b.seat, b.myTurn, b.ok = v, seat, myTurn, true
	if seat >= 0 && seat < 2 && v.Placed[seat] {
		b.laid = nil // the server's fleet is drawn from now on
	}
	return nil
}

func (b *shipBoard) placing() bool {
	return b.ok && b.v.Phase == "placement" && b.seat >= 0 && !b.v.Placed[b.seat]
}

// covers lists the squares a ship of length n at (r, c) in dir covers,
// and whether all are on the grid.
func covers(r, c, n int, dir string) ([][2]int, bool) {
	var out [][2]int
	for i := range n {
		rr, cc := r, c+i
		if dir == "v" {
			rr, cc = r+i, c
		}
		if rr < 0 || rr >= battleship.Size || cc < 0 || cc >= battleship.Size {
			return nil, false
		}
		out = append(out, [2]int{rr, cc})
	}
	return out, true
}

// ownShips maps each square of the seat's own fleet (or of the ships laid
// so far) to its ship's name.
func (b *shipBoard) ownShips() map[[2]int]string {
	out := map[[2]int]string{}
	fleet := b.laid
	if b.seat >= 0 && len(b.v.Fleets[b.seat]) > 0 {
		fleet = b.v.Fleets[b.seat]
	}
	for _, p := range fleet {
		for _, sh := range battleship.Fleet {
			if strings.EqualFold(sh.Name, p.Ship) {
				sq, _ := covers(p.Row, p.Col, sh.Len, p.Dir)
				for _, s := range sq {
					out[s] = sh.Name
				}
			}
		}
	}
	return out
}

func (b *shipBoard) key(k tea.KeyPressMsg) (any, string) {
	if !b.ok {
		return nil, ""
	}
	switch k.String() {
	case "left", "h":
		b.c = max(b.c-1, 0)
	case "right", "l":
		b.c = min(b.c+1, battleship.Size-1)
	case "up", "k":
		b.r = max(b.r-1, 0)
	case "down", "j":
		b.r = min(b.r+1, battleship.Size-1)
	case "r":
		if b.dir == "h" {
			b.dir = "v"
		} else {
			b.dir = "h"
		}
	case "u":
		if b.placing() && len(b.laid) > 0 {
			b.laid = b.laid[:len(b.laid)-1]
		}
	case "a":
		if b.placing() && len(b.laid) > 0 {
			// The ships laid by hand stay: the rest go around them.
			rng := game.NewRand(uint64(time.Now().UnixNano()))
			fleet, err := battleship.CompleteFleet(&rng, b.laid, b.v.Options.Touch)
			if err != nil {
				return nil, err.Error()
			}
			b.laid = fleet
			return map[string]any{"fleet": fleet}, "the rest of your fleet placed at random"
		}
		if b.placing() {
			return map[string]bool{"random": true}, "placing your fleet at random"
		}
	case "enter", "space", " ":
		return b.act(b.r, b.c)
	}
	return nil, ""
}

func (b *shipBoard) act(r, c int) (any, string) {
	if b.placing() {
		return b.lay(r, c)
	}
	if b.v.Phase != "battle" || !b.myTurn {
		return nil, "it is not your turn to fire"
	}
	for _, s := range b.v.Shots[b.seat] {
		if s.Row == r && s.Col == c {
			return nil, "you have fired at " + battleship.Square(r, c) + " already"
		}
	}
	return battleship.Square(r, c), ""
}

func (b *shipBoard) lay(r, c int) (any, string) {
	if len(b.laid) >= len(battleship.Fleet) {
		// Sent already and refused, or not yet answered: send again.
		return map[string]any{"fleet": b.laid}, "fleet sent again"
	}
	sh := battleship.Fleet[len(b.laid)]
	p := battleship.Placement{Ship: sh.Name, Row: r, Col: c, Dir: b.dir}
	if err := battleship.CheckPartialFleet(append(slices.Clone(b.laid), p), b.v.Options.Touch); err != nil {
		return nil, err.Error() // the game's own rule and sentence
	}
	b.laid = append(b.laid, p)
	if len(b.laid) < len(battleship.Fleet) {
		return nil, ""
	}
	// The ships stay drawn until the server's view shows the fleet; if
	// the rules refuse it, u takes ships back.
	return map[string]any{"fleet": b.laid}, "fleet sent"
}

// Each grid is 3 columns of row numbers then 2 columns a square; the
// target grid starts 26 columns right of the own grid; one row of letters
// and one of titles come first.
const shipTargetLeft = 26

func (b *shipBoard) click(x, y int) (any, string) {
	if !b.ok {
		return nil, ""
	}
	row := y - 2
	left := 3
	if !b.placing() {
		left += shipTargetLeft
	}
	col := (x - left) / 2
	if row < 0 || row >= battleship.Size || x < left || col >= battleship.Size {
		return nil, ""
	}
	b.r, b.c = row, col
	return b.act(row, col)
}

func (b *shipBoard) render(int) string {
	if !b.ok {
		return "waiting for the board..."
	}
	g := b.grids()
	var sb strings.Builder
	titleOwn, titleTarget := "Your fleet", "Target"
	if b.seat < 0 {
		// A spectator sees seat 0's fleet on the left and seat 1's on
		// the right, each named for its admiral.
		titleOwn, titleTarget = b.fleetOf(0), b.fleetOf(1)
	}
	fmt.Fprintf(&sb, "   %-*s%s\n", shipTargetLeft, titleOwn, titleTarget)
	letters := ""
	for c := range battleship.Size {
		letters += fmt.Sprintf("%c ", 'A'+c)
	}
	fmt.Fprintf(&sb, "   %-*s   %s\n", shipTargetLeft-3, letters, letters)
	for r := range battleship.Size {
		fmt.Fprintf(&sb, "%2d ", r+1)
		for c := range battleship.Size {
			sb.WriteString(b.ownCell(g, r, c))
		}
		fmt.Fprintf(&sb, "%*s%2d ", shipTargetLeft-3-2*battleship.Size, "", r+1)
		for c := range battleship.Size {
			sb.WriteString(b.targetCell(g, r, c))
		}
		sb.WriteString("\n")
	}
	sb.WriteString(b.st.dim.Render("# ship  o miss  X hit  S sunk  + ship being laid"))
	if b.seat >= 0 {
		sunk := b.v.Sunk[g.other]
		if len(sunk) > 0 {
			sb.WriteString("\nSunk: " + strings.Join(sunk, ", "))
		}
	}
	return sb.String()
}

// shipGrids is what render draws on the two grids, by square.
type shipGrids struct {
	// other is the seat whose grid is the target.
	other int
	// own are this seat's ships; theirFleet the other's, once shown.
	own        map[[2]int]string
	theirFleet map[[2]int]bool
	// atMe and atThem are the results of the shots at each grid.
	atMe, atThem map[[2]int]string
	// preview is the ship being laid, at the cursor.
	preview map[[2]int]bool
}

// grids gathers what the two grids show, once a render.
func (b *shipBoard) grids() shipGrids {
	g := shipGrids{own: b.ownShips(), other: 1 - b.seat}
	if b.seat < 0 {
		g.other = 1
	}
	if b.seat >= 0 {
		g.atMe, g.atThem = b.firedAt(g.other), b.firedAt(b.seat)
	} else {
		g.atMe, g.atThem = b.firedAt(1), b.firedAt(0)
	}
	if b.placing() && len(b.laid) < len(battleship.Fleet) {
		sh := battleship.Fleet[len(b.laid)]
		if sq, ok := covers(b.r, b.c, sh.Len, b.dir); ok {
			g.preview = map[[2]int]bool{}
			for _, s := range sq {
				g.preview[s] = true
			}
		}
	}
	g.theirFleet = map[[2]int]bool{}
	if b.seat >= 0 {
		for _, p := range b.v.Fleets[g.other] {
			for _, sh := range battleship.Fleet {
				if strings.EqualFold(sh.Name, p.Ship) {
					sq, _ := covers(p.Row, p.Col, sh.Len, p.Dir)
					for _, s := range sq {
						g.theirFleet[s] = true
					}
				}
			}
		}
	}
	return g
}

// firedAt is what was fired at seat's grid: Shots[i] are seat i's shots,
// at the other seat's grid.
func (b *shipBoard) firedAt(seat int) map[[2]int]string {
	out := map[[2]int]string{}
	if seat < 0 || seat > 1 {
		return out
	}
	for _, s := range b.v.Shots[seat] {
		out[[2]int{s.Row, s.Col}] = s.Result
	}
	return out
}

// ownCell draws square r, c of the own grid (the left one).
func (b *shipBoard) ownCell(g shipGrids, r, c int) string {
	sq := [2]int{r, c}
	ch := "."
	if _, ok := g.own[sq]; ok {
		ch = "#"
	}
	switch g.atMe[sq] {
	case "miss":
		ch = "o"
	case "hit", "sunk":
		ch = "X"
	}
	if g.preview[sq] {
		ch = "+"
	}
	if b.placing() && r == b.r && c == b.c {
		return b.st.cursor.Render(ch) + " "
	}
	return ch + " "
}

// targetCell draws square r, c of the target grid (the right one).
func (b *shipBoard) targetCell(g shipGrids, r, c int) string {
	sq := [2]int{r, c}
	ch := "."
	if g.theirFleet[sq] {
		ch = "#"
	}
	switch g.atThem[sq] {
	case "miss":
		ch = "o"
	case "hit":
		ch = "X"
	case "sunk":
		ch = "S"
	}
	if !b.placing() && b.seat >= 0 && r == b.r && c == b.c {
		return b.st.cursor.Render(ch) + " "
	}
	return ch + " "
}

func (b *shipBoard) prompt() string {
	switch {
	case !b.ok || b.seat < 0:
		return ""
	case b.placing():
		sh := battleship.Fleet[min(len(b.laid), len(battleship.Fleet)-1)]
		dir := map[string]string{"h": "across", "v": "down"}[b.dir]
		random := "a for a random fleet"
		if len(b.laid) > 0 {
			random = "a lays the rest at random"
		}
		return fmt.Sprintf("Lay your %s (%d squares, %s): arrows, r to turn, Enter to lay, u to undo, %s", sh.Name, sh.Len, dir, random)
	case b.v.Phase == "placement":
		return "Waiting for the other fleet to be placed"
	case b.myTurn:
		s := "Fire: arrows to a square, Enter (" + battleship.Square(b.r, b.c) + "), or type it after ':'"
		if b.v.ShotsLeft > 1 {
			s += fmt.Sprintf(" - %d shots left this turn", b.v.ShotsLeft)
		}
		return s
	}
	return "The other side is firing"
}

func (b *shipBoard) mainKey() string {
	if b.placing() {
		return "Enter lay"
	}
	return "Enter fire"
}

func (b *shipBoard) keys() []string {
	return []string{
		"arrows or h j k l: move the cursor",
		"Enter or Space: lay the next ship (placement) or fire (battle)",
		"r: turn the ship across or down   u: take back the last ship   a: the rest of the fleet at random",
		": then a square such as B7: fire there",
		"# ship, o miss, X hit, S sunk",
	}
}

// describe words Battleship events for the move log: a shot's square and
// answer, a fleet placed.
func (b *shipBoard) describe(e client.Event) string {
	switch e.Type {
	case "shot":
		var r battleship.ShotRecord
		if json.Unmarshal(e.Data, &r) != nil {
			return "a shot"
		}
		if r.Result == "sunk" {
			return r.Square + " sank the " + r.Ship
		}
		return r.Square + " " + r.Result
	case "placed":
		return "placed a fleet"
	case "start":
		return "the battle begins"
	}
	return ""
}

// fleetOf titles a spectator's grid of seat's fleet: "Ann's fleet".
func (b *shipBoard) fleetOf(seat int) string {
	if seat < len(b.names) && b.names[seat] != "" {
		return b.names[seat] + "'s fleet"
	}
	return fmt.Sprintf("Player %d's fleet", seat+1)
}
