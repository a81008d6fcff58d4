package buccaneer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Move is one step of a turn. Exactly one form is set; its JSON is the
// canonical form, and String its notation (see the package doc).
type Move struct {
	Sail   *Point   `json:"sail,omitempty"`
	Face   string   `json:"face,omitempty"`
	Attack *bool    `json:"attack,omitempty"`
	Play   int      `json:"play,omitempty"`
	Give   []string `json:"give,omitempty"`
	Take   []string `json:"take,omitempty"`
	Keep   []string `json:"keep,omitempty"`
	Crew   bool     `json:"crew,omitempty"`
	Seat   *int     `json:"seat,omitempty"`
	Done   bool     `json:"done,omitempty"`
}

// MarshalJSON writes a point as [x, y].
func (p Point) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf("[%d,%d]", p.X, p.Y)), nil }

// UnmarshalJSON reads [x, y].
func (p *Point) UnmarshalJSON(b []byte) error {
	var xy []int
	if err := json.Unmarshal(b, &xy); err != nil || len(xy) != 2 {
		return fmt.Errorf("a square is [x, y], like [5,7]")
	}
	p.X, p.Y = xy[0], xy[1]
	return nil
}

// Constructors for the moves, for bots and tests.

// SailTo sails to (x, y).
func SailTo(x, y int) Move { return Move{Sail: &Point{x, y}} }

// FaceTo turns the ship to face d.
func FaceTo(d Dir) Move { return Move{Face: d.String()} }

// AttackMove answers the passed-ship question.
func AttackMove(yes bool) Move { return Move{Attack: &yes} }

// SeatMove names a seat (card 2's victim, card 20's partner).
func SeatMove(seat int) Move { return Move{Seat: &seat} }

// Done ends trading in port.
var Done = Move{Done: true}

func (m Move) String() string {
	switch {
	case m.Sail != nil:
		return "sail " + m.Sail.String()
	case m.Face != "":
		return "face " + m.Face
	case m.Attack != nil:
		if *m.Attack {
			return "attack yes"
		}
		return "attack no"
	case m.Play != 0:
		return fmt.Sprintf("play %d take %s", m.Play, strings.Join(m.Take, " "))
	case m.Give != nil:
		return "give " + strings.Join(m.Give, " ") + " take " + strings.Join(m.Take, " ")
	case m.Take != nil:
		return "take " + strings.Join(m.Take, " ")
	case m.Keep != nil:
		return "keep " + strings.Join(m.Keep, " ")
	case m.Crew:
		return "crew"
	case m.Seat != nil:
		return fmt.Sprintf("seat %d", *m.Seat)
	case m.Done:
		return "done"
	}
	return "?"
}

func badMove(format string, args ...any) error { return game.Illegal("bad-move", format, args...) }

// ParseMove reads a move for seat; see the package-level ParseMove.
func (s *State) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	return ParseMove(text)
}

// ParseMove reads a move in canonical JSON or in notation. It checks form
// only (known words, squares on the board, known treasure and cards);
// Apply checks legality. Item lists come back in canonical order.
func ParseMove(text []byte) (Move, error) {
	t := bytes.TrimSpace(text)
	if len(t) == 0 {
		return Move{}, badMove("empty move")
	}
	var m Move
	var err error
	if t[0] == '{' {
		m, err = parseJSON(t)
	} else {
		m, err = parseNotation(string(t))
	}
	if err != nil {
		return Move{}, err
	}
	return m, checkForm(&m)
}

// forms lists the fields of each form of move in JSON. A move sends the
// fields of exactly one form: Move has room for all of them, and a field
// of another form, even one sent as false or 0, would be dropped without
// a word.
var forms = [][]string{
	{"sail"}, {"face"}, {"attack"}, {"give", "take"}, {"take"}, {"play", "take"},
	{"keep"}, {"crew"}, {"seat"}, {"done"},
}

func parseJSON(t []byte) (Move, error) {
	var m Move
	if err := game.DecodeJSON(t, &m, "the move"); err != nil {
		return Move{}, badMove("%v", err)
	}
	sent, err := game.Fields(t, "the move")
	if err != nil {
		return Move{}, badMove("%v", err)
	}
	for _, f := range forms {
		if slices.Equal(sent, f) {
			return m, nil
		}
	}
	return Move{}, badMove("a move sends the fields of one form only (sail, face, attack, give and take, take, play and take, keep, crew, seat or done), not %s", strings.Join(sent, " and "))
}

func parseNotation(str string) (Move, error) {
	f := strings.Fields(strings.ToLower(strings.ReplaceAll(str, ",", " ")))
	if len(f) == 0 {
		return Move{}, badMove("empty move")
	}
	var m Move
	switch f[0] {
	case "sail":
		if len(f) != 3 {
			return Move{}, badMove("write a sail as \"sail x,y\", like \"sail 5,7\"")
		}
		x, e1 := strconv.Atoi(f[1])
		y, e2 := strconv.Atoi(f[2])
		if e1 != nil || e2 != nil {
			return Move{}, badMove("write a sail as \"sail x,y\", like \"sail 5,7\"")
		}
		m.Sail = &Point{x, y}
	case "face":
		if len(f) != 2 {
			return Move{}, badMove("write a facing as \"face NE\"")
		}
		m.Face = f[1]
	case "attack":
		if len(f) != 2 || (f[1] != "yes" && f[1] != "no") {
			return Move{}, badMove("answer \"attack yes\" or \"attack no\"")
		}
		yes := f[1] == "yes"
		m.Attack = &yes
	case "crew", "done":
		if len(f) != 1 {
			return Move{}, badMove("%q takes nothing after it", f[0])
		}
		m.Crew, m.Done = f[0] == "crew", f[0] == "done"
	case "seat":
		if len(f) != 2 {
			return Move{}, badMove("write \"seat 2\"")
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			return Move{}, badMove("write \"seat 2\"")
		}
		m.Seat = &n
	case "keep":
		m.Keep = f[1:]
		if len(m.Keep) == 0 {
			return Move{}, badMove("keep what? write \"keep gold\"")
		}
	case "take":
		m.Take = f[1:]
		if len(m.Take) == 0 {
			return Move{}, badMove("take what? write \"take gold rum\"")
		}
	case "play":
		if len(f) < 4 || f[2] != "take" {
			return Move{}, badMove("write \"play 23 take gold\"")
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			return Move{}, badMove("write \"play 23 take gold\"")
		}
		m.Play, m.Take = n, f[3:]
	case "give":
		i := slices.Index(f, "take")
		if i < 2 || i == len(f)-1 {
			return Move{}, badMove("write a trade as \"give R2 B1 take pearl\"")
		}
		m.Give, m.Take = f[1:i], f[i+1:]
	default:
		return Move{}, badMove("%q is not a move (sail, face, attack, give, take, play, keep, crew, seat, done)", f[0])
	}
	return m, nil
}

// checkForm checks that exactly one form is set, with well-formed parts,
// and puts item lists in canonical order.
func checkForm(m *Move) error {
	forms := 0
	count := func(b bool) {
		if b {
			forms++
		}
	}
	count(m.Sail != nil)
	count(m.Face != "")
	count(m.Attack != nil)
	count(m.Keep != nil)
	count(m.Crew)
	count(m.Seat != nil)
	count(m.Done)
	switch {
	case m.Play != 0:
		forms++
		if m.Give != nil {
			forms++
		}
	case m.Give != nil || m.Take != nil:
		forms++
	}
	if forms != 1 {
		return badMove("a move is exactly one of sail, face, attack, give/take, take, play/take, keep, crew, seat or done")
	}
	if m.Sail != nil && !m.Sail.onBoard() {
		return game.Illegal("off-board", "square %s is off the board (squares run 1 to 20)", m.Sail)
	}
	if m.Face != "" {
		d, ok := parseDir(m.Face)
		if !ok {
			return game.Illegal("bad-direction", "%q is not a direction (N, NE, E, SE, S, SW, W, NW)", m.Face)
		}
		m.Face = d.String()
	}
	if m.Seat != nil && (*m.Seat < 0 || *m.Seat > 3) {
		return game.Illegal("bad-seat", "seat %d does not exist (seats are 0 to 3)", *m.Seat)
	}
	if m.Play != 0 {
		if m.Play != 21 && m.Play != 23 && m.Play != 24 {
			return game.Illegal("bad-card", "card %d cannot be played in port (21, 23 and 24 can)", m.Play)
		}
		if len(m.Take) == 0 {
			return badMove("playing card %d must take something", m.Play)
		}
	}
	if m.Give != nil && len(m.Take) == 0 || m.Take != nil && len(m.Take) == 0 {
		return badMove("a trade must take something")
	}
	if m.Give != nil && len(m.Give) == 0 || m.Keep != nil && len(m.Keep) == 0 {
		return badMove("name at least one item")
	}
	for _, list := range []*[]string{&m.Give, &m.Take, &m.Keep} {
		if *list == nil {
			continue
		}
		if len(*list) > 40 {
			return badMove("too many items")
		}
		for i, it := range *list {
			n := normItem(it)
			if n == "" {
				return game.Illegal("bad-item", "%q is not a treasure or a crew card (diamond, ruby, gold, pearl, rum, R1-R3, B1-B3, john)", it)
			}
			(*list)[i] = n
		}
		slices.SortFunc(*list, func(a, b string) int { return itemRank(a) - itemRank(b) })
	}
	return nil
}
