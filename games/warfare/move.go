package warfare

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Kind says what a Move does.
type Kind uint8

// The kinds of move. See the package doc for each one's JSON and notation.
const (
	End       Kind = iota // end the turn
	Go                    // a villager walks, and maybe acts, from From to To
	Buy                   // village From recruits a Unit onto hex To
	Train                 // the villager on From is trained up to Unit
	Cultivate             // the peasant on From starts a meadow
	Road                  // the peasant on From starts a road
	Upgrade               // village From goes up a level
	Tower                 // village From builds a watchtower on To
)

// Move is one step of a turn. Hexes are land hex ids; a village is named
// by the hex it stands on.
type Move struct {
	Kind     Kind
	From, To int
	Unit     Rank
}

// String is the notation: "end", "12-40", "buy 12 peasant 40", "train 40
// soldier", "meadow 40", "road 40", "upgrade 12", "tower 12 40".
func (m Move) String() string {
	switch m.Kind {
	case End:
		return "end"
	case Go:
		return fmt.Sprintf("%d-%d", m.From, m.To)
	case Buy:
		return fmt.Sprintf("buy %d %s %d", m.From, m.Unit, m.To)
	case Train:
		return fmt.Sprintf("train %d %s", m.From, m.Unit)
	case Cultivate:
		return fmt.Sprintf("meadow %d", m.From)
	case Road:
		return fmt.Sprintf("road %d", m.From)
	case Upgrade:
		return fmt.Sprintf("upgrade %d", m.From)
	case Tower:
		return fmt.Sprintf("tower %d %d", m.From, m.To)
	}
	return "?"
}

type goJSON struct {
	From int `json:"from"`
	To   int `json:"to"`
}

type buyJSON struct {
	Village int    `json:"village"`
	Unit    string `json:"unit"`
	At      int    `json:"at"`
}

type trainJSON struct {
	At   int    `json:"at"`
	Unit string `json:"unit"`
}

type towerJSON struct {
	Village int `json:"village"`
	At      int `json:"at"`
}

// moveJSON holds every form; exactly one field is set in a valid move.
type moveJSON struct {
	End       *bool      `json:"end,omitempty"`
	Move      *goJSON    `json:"move,omitempty"`
	Buy       *buyJSON   `json:"buy,omitempty"`
	Train     *trainJSON `json:"train,omitempty"`
	Cultivate *int       `json:"cultivate,omitempty"`
	Road      *int       `json:"road,omitempty"`
	Upgrade   *int       `json:"upgrade,omitempty"`
	Tower     *towerJSON `json:"tower,omitempty"`
}

// MarshalJSON writes the canonical form, such as {"move":{"from":12,"to":40}}.
func (m Move) MarshalJSON() ([]byte, error) {
	var j moveJSON
	switch m.Kind {
	case End:
		t := true
		j.End = &t
	case Go:
		j.Move = &goJSON{m.From, m.To}
	case Buy:
		j.Buy = &buyJSON{m.From, m.Unit.String(), m.To}
	case Train:
		j.Train = &trainJSON{m.From, m.Unit.String()}
	case Cultivate:
		j.Cultivate = &m.From
	case Road:
		j.Road = &m.From
	case Upgrade:
		j.Upgrade = &m.From
	case Tower:
		j.Tower = &towerJSON{m.From, m.To}
	default:
		return nil, fmt.Errorf("warfare: move of unknown kind %d", m.Kind)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads any JSON form ParseMove accepts.
func (m *Move) UnmarshalJSON(b []byte) error {
	mv, err := parseJSON(b)
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

const maxMoveText = 256

// ParseMove reads a move for seat in JSON or notation; it checks form
// only. Unreadable text is refused with the code "bad-move".
func (s *State) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	m, err := ParseMove(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ParseMove reads a move in canonical JSON or notation.
func ParseMove(text []byte) (Move, error) {
	text = bytes.TrimSpace(text)
	if len(text) == 0 {
		return Move{}, game.Illegal("bad-move", "empty move: write a move such as \"12-40\" or \"end\"")
	}
	if len(text) > maxMoveText {
		return Move{}, game.Illegal("bad-move", "move text is too long")
	}
	var m Move
	var err error
	if text[0] == '{' {
		m, err = parseJSON(text)
	} else {
		m, err = parseNotation(string(text))
	}
	if err != nil {
		return Move{}, game.Illegal("bad-move", "%v", err)
	}
	return m, nil
}

func parseJSON(text []byte) (Move, error) {
	var j moveJSON
	if err := game.DecodeJSON(text, &j, "the move"); err != nil {
		return Move{}, fmt.Errorf("move JSON must be one of end, move, buy, train, cultivate, road, upgrade or tower: %v", err)
	}
	// One kind per move, even when another kind's field is sent as null:
	// a field the move does not use must not pass unnoticed.
	if sent, err := game.Fields(text, "the move"); err != nil {
		return Move{}, err
	} else if len(sent) != 1 {
		return Move{}, fmt.Errorf("a move JSON object holds exactly one of end, move, buy, train, cultivate, road, upgrade or tower (this one holds %d fields)", len(sent))
	}
	var out []Move
	if j.End != nil {
		if !*j.End {
			return Move{}, errors.New(`"end" must be true`)
		}
		out = append(out, Move{Kind: End})
	}
	if j.Move != nil {
		out = append(out, Move{Kind: Go, From: j.Move.From, To: j.Move.To})
	}
	if j.Buy != nil {
		r := rankNamed(j.Buy.Unit)
		if r == 0 {
			return Move{}, fmt.Errorf("unknown unit %q: peasant, infantry, soldier or knight", j.Buy.Unit)
		}
		out = append(out, Move{Kind: Buy, From: j.Buy.Village, To: j.Buy.At, Unit: r})
	}
	if j.Train != nil {
		r := rankNamed(j.Train.Unit)
		if r == 0 {
			return Move{}, fmt.Errorf("unknown unit %q: peasant, infantry, soldier or knight", j.Train.Unit)
		}
		out = append(out, Move{Kind: Train, From: j.Train.At, Unit: r})
	}
	if j.Cultivate != nil {
		out = append(out, Move{Kind: Cultivate, From: *j.Cultivate})
	}
	if j.Road != nil {
		out = append(out, Move{Kind: Road, From: *j.Road})
	}
	if j.Upgrade != nil {
		out = append(out, Move{Kind: Upgrade, From: *j.Upgrade})
	}
	if j.Tower != nil {
		out = append(out, Move{Kind: Tower, From: j.Tower.Village, To: j.Tower.At})
	}
	if len(out) != 1 {
		return Move{}, errors.New("a move JSON object holds exactly one of end, move, buy, train, cultivate, road, upgrade or tower")
	}
	m := out[0]
	if !hexInRange(m.From) || !hexInRange(m.To) {
		return Move{}, fmt.Errorf("hex ids run from 0 to %d", MaxLand-1)
	}
	return m, nil
}

func hexInRange(h int) bool { return h >= 0 && h < MaxLand }

func parseNotation(text string) (Move, error) {
	f := strings.Fields(strings.ToLower(text))
	num := func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n >= MaxLand || (len(s) > 1 && s[0] == '0') || s[0] == '+' {
			return 0, fmt.Errorf("%q is not a hex id (0 to %d)", s, MaxLand-1)
		}
		return n, nil
	}
	unit := func(s string) (Rank, error) {
		if r := rankNamed(s); r != 0 {
			return r, nil
		}
		return 0, fmt.Errorf("unknown unit %q: peasant, infantry, soldier or knight", s)
	}
	one := func(k Kind) (Move, error) {
		if len(f) != 2 {
			return Move{}, fmt.Errorf("write %q followed by one hex id", f[0])
		}
		h, err := num(f[1])
		return Move{Kind: k, From: h}, err
	}
	switch f[0] {
	case "end":
		if len(f) != 1 {
			return Move{}, errors.New(`"end" takes nothing after it`)
		}
		return Move{Kind: End}, nil
	case "buy":
		if len(f) != 4 {
			return Move{}, errors.New(`write "buy VILLAGE UNIT HEX", such as "buy 12 peasant 40"`)
		}
		v, err := num(f[1])
		if err != nil {
			return Move{}, err
		}
		r, err := unit(f[2])
		if err != nil {
			return Move{}, err
		}
		h, err := num(f[3])
		return Move{Kind: Buy, From: v, To: h, Unit: r}, err
	case "train":
		if len(f) != 3 {
			return Move{}, errors.New(`write "train HEX UNIT", such as "train 40 soldier"`)
		}
		h, err := num(f[1])
		if err != nil {
			return Move{}, err
		}
		r, err := unit(f[2])
		return Move{Kind: Train, From: h, Unit: r}, err
	case "meadow":
		return one(Cultivate)
	case "road":
		return one(Road)
	case "upgrade":
		return one(Upgrade)
	case "tower":
		if len(f) != 3 {
			return Move{}, errors.New(`write "tower VILLAGE HEX", such as "tower 12 40"`)
		}
		v, err := num(f[1])
		if err != nil {
			return Move{}, err
		}
		h, err := num(f[2])
		return Move{Kind: Tower, From: v, To: h}, err
	}
	if len(f) == 1 {
		if a, b, ok := strings.Cut(f[0], "-"); ok {
			from, err := num(a)
			if err != nil {
				return Move{}, err
			}
			to, err := num(b)
			return Move{Kind: Go, From: from, To: to}, err
		}
	}
	return Move{}, fmt.Errorf("move %q: write \"FROM-TO\", \"buy V UNIT H\", \"train H UNIT\", \"meadow H\", \"road H\", \"upgrade V\", \"tower V H\" or \"end\"", text)
}
