package gametest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/parlor-games/parlor/game"
)

// Options are Nim's settings.
type Options struct {
	Stones int  `json:"stones"`
	Setup  bool `json:"setup"`
}

// Move is one Nim move: Take stones from the pile, or during set-up a
// secret Pick. Boom is the deliberate bug described in the package doc.
type Move struct {
	Take int  `json:"take,omitempty"`
	Pick int  `json:"pick,omitempty"`
	Boom bool `json:"boom,omitempty"`
}

// String is the notation: "t2" takes two, "p5" picks five.
func (m Move) String() string {
	switch {
	case m.Boom:
		return "boom"
	case m.Pick > 0:
		return "p" + strconv.Itoa(m.Pick)
	default:
		return "t" + strconv.Itoa(m.Take)
	}
}

// Describe words a Nim move for everyone: how many stones were taken, or
// that a secret number was picked (never which).
func (s *State) Describe(_ game.State, _ game.Seat, gm game.Move, _ []game.Event) string {
	m, _ := gm.(Move)
	switch {
	case m.Pick > 0:
		return "picked a secret number"
	case m.Take == 1:
		return "took a stone"
	default:
		return "took " + strconv.Itoa(m.Take) + " stones"
	}
}

// State is a Nim position.
type State struct {
	pile   int
	mover  game.Seat
	picks  [2]int
	setup  bool
	taken  [2]int
	winner game.Seat     // -1 until the end
	ended  *game.Outcome // set by Conclude
	rng    game.Rand
}

// View is what a seat sees: the pile, who moves, its own pick only, and
// both picks once the match is over.
type View struct {
	Pile   int       `json:"pile"`
	Mover  game.Seat `json:"mover"`
	MyPick int       `json:"myPick,omitempty"`
	Picks  *[2]int   `json:"picks,omitempty"`
}

// Definition registers Nim as "nim".
var Definition = &game.Definition{
	Name:    "nim",
	Title:   "Nim",
	Summary: "Take 1 to 3 stones; whoever takes the last stone wins.",
	Options: []game.OptionSpec{
		{Name: "stones", Label: "Stones", Kind: game.OptionInt, Default: 7, Min: 1, Max: 60},
		{Name: "setup", Label: "Secret picks first", Kind: game.OptionBool, Default: false},
	},
	Hidden:    true,
	New:       newState,
	BotLevels: []string{"random", "perfect"},
	NewBot: func(level string, rng game.Rand) (game.Bot, error) {
		return &bot{perfect: level == "perfect", rng: rng}, nil
	},
	Solve: solve,
}

// Registry is a registry holding Nim only.
func Registry() *game.Registry { return game.NewRegistry(Definition) }

func newState(raw json.RawMessage, rng game.Rand) (game.State, error) {
	o := Options{Stones: 7}
	if err := game.DecodeOptions(raw, &o); err != nil {
		return nil, err
	}
	if o.Stones < 1 || o.Stones > 60 {
		return nil, fmt.Errorf("stones must be between 1 and 60, not %d", o.Stones)
	}
	return &State{pile: o.Stones, setup: o.Setup, winner: -1, rng: rng}, nil
}

// Seats is always two.
func (s *State) Seats() int { return 2 }

// Turn lists both seats while set-up picks are owed, else the mover.
func (s *State) Turn() []game.Seat {
	if s.over() {
		return nil
	}
	if s.setup {
		var t []game.Seat
		for i, p := range s.picks {
			if p == 0 {
				t = append(t, game.Seat(i))
			}
		}
		if len(t) > 0 {
			return t
		}
	}
	return []game.Seat{s.mover}
}

// Legal lists picks during set-up, else takes.
func (s *State) Legal(seat game.Seat) []game.Move {
	if !game.OwesMove(s, seat) {
		return nil
	}
	var out []game.Move
	if s.inSetup() {
		for p := 1; p <= 9; p++ {
			out = append(out, Move{Pick: p})
		}
		return out
	}
	for k := 1; k <= 3 && k <= s.pile; k++ {
		out = append(out, Move{Take: k})
	}
	return out
}

func (s *State) inSetup() bool { return s.setup && (s.picks[0] == 0 || s.picks[1] == 0) }

// ParseMove reads {"take":2}, {"pick":5}, "t2", "2", "p5" or "boom". Text
// it cannot read is refused with the code "bad-move".
func (s *State) ParseMove(seat game.Seat, text []byte) (game.Move, error) {
	t := strings.TrimSpace(string(text))
	if strings.HasPrefix(t, "{") {
		var m Move
		if err := game.DecodeJSON([]byte(t), &m, "a Nim move"); err != nil {
			return nil, game.Illegal("bad-move", "not a Nim move: %v", err)
		}
		// One field per move: {"take":2,"pick":5} would otherwise be
		// played as a take, its pick dropped.
		if sent, err := game.Fields([]byte(t), "a Nim move"); err != nil || len(sent) != 1 {
			return nil, game.Illegal("bad-move", `a Nim move is one of {"take":n}, {"pick":n} or {"boom":true}`)
		}
		return m, nil
	}
	if t == "boom" {
		return Move{Boom: true}, nil
	}
	kind := byte('t')
	if t != "" && (t[0] == 't' || t[0] == 'p') {
		kind, t = t[0], t[1:]
	}
	n, err := strconv.Atoi(t)
	if err != nil {
		return nil, game.Illegal("bad-move", "not a Nim move: %q", text)
	}
	if kind == 'p' {
		return Move{Pick: n}, nil
	}
	return Move{Take: n}, nil
}

// Apply plays m for seat.
func (s *State) Apply(seat game.Seat, gm game.Move) ([]game.Event, error) {
	m, ok := gm.(Move)
	if !ok {
		return nil, game.Illegal("bad-move", "not a Nim move")
	}
	if !game.OwesMove(s, seat) {
		return nil, game.NotYourTurn(seat)
	}
	if m.Boom {
		// Half-change the state first, as a buggy game might.
		s.pile = -100
		panic("nim: boom")
	}
	if s.inSetup() {
		if m.Pick < 1 || m.Pick > 9 {
			return nil, game.Illegal("bad-pick", "pick a number from 1 to 9")
		}
		s.picks[seat] = m.Pick
		return []game.Event{
			{Type: "picked", Seat: seat},
			{Type: "pick", Seat: seat, Data: m.Pick, To: []game.Seat{seat}},
		}, nil
	}
	if m.Take < 1 || m.Take > 3 {
		return nil, game.Illegal("bad-take", "take 1 to 3 stones")
	}
	if m.Take > s.pile {
		return nil, game.Illegal("too-many", "only %d stones are left", s.pile)
	}
	s.pile -= m.Take
	s.taken[seat] += m.Take
	ev := []game.Event{{Type: "took", Seat: seat, Data: m.Take}}
	if s.pile == 0 {
		s.winner = seat
		ev = append(ev, game.Event{Type: "won", Seat: seat})
	} else {
		s.mover = 1 - seat
	}
	return ev, nil
}

// View shows the pile and the seat's own pick, and both picks after the
// end.
func (s *State) View(seat game.Seat) any {
	v := View{Pile: s.pile, Mover: s.mover}
	if seat == 0 || seat == 1 {
		v.MyPick = s.picks[seat]
	}
	if s.over() && s.setup {
		p := s.picks
		v.Picks = &p
	}
	return v
}

func (s *State) over() bool { return s.winner >= 0 || s.ended != nil }

// Conclude ends the match with out, decided by the match: both picks are
// shown, as at the end by the rules.
func (s *State) Conclude(out game.Outcome) []game.Event {
	if s.over() {
		return nil
	}
	s.ended = &out
	if !s.setup {
		return nil
	}
	return []game.Event{{Type: "picks", Seat: game.Spectator, Data: s.picks}}
}

// Scores are the stones each seat has taken.
func (s *State) Scores() []int { return []int{s.taken[0], s.taken[1]} }

// Outcome names the seat that took the last stone.
func (s *State) Outcome() *game.Outcome {
	if s.ended != nil {
		o := *s.ended
		o.Winners = append([]game.Seat{}, o.Winners...)
		return &o
	}
	if s.winner < 0 {
		return nil
	}
	return &game.Outcome{Winners: []game.Seat{s.winner}, Reason: "last stone taken"}
}

// Clone copies the state.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Pile is the number of stones left.
func (s *State) Pile() int { return s.pile }

type bot struct {
	perfect bool
	rng     game.Rand
}

func (b *bot) Choose(ctx context.Context, gs game.State, seat game.Seat) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	legal := gs.Legal(seat)
	if len(legal) == 0 {
		return nil, errors.New("nim bot: no legal move")
	}
	if b.perfect {
		if s, ok := gs.(*State); ok && !s.inSetup() && s.pile%4 != 0 {
			return Move{Take: s.pile % 4}, nil
		}
	}
	return legal[b.rng.IntN(len(legal))], nil
}

// solve is exact by the rule of four: a pile that is a multiple of four is
// lost for the mover. The value is +1 for a win, -1 for a loss.
func solve(ctx context.Context, gs game.State) (int, game.Move, error) {
	s, ok := gs.(*State)
	if !ok {
		return 0, nil, errors.New("not a Nim state")
	}
	if s.over() {
		return 0, nil, errors.New("the match is over")
	}
	if s.inSetup() {
		return 0, nil, errors.New("nothing to solve during set-up")
	}
	if err := ctx.Err(); err != nil {
		return 0, nil, err
	}
	if r := s.pile % 4; r != 0 {
		return 1, Move{Take: r}, nil
	}
	return -1, Move{Take: 1}, nil
}

// BotName names Nim's computer players by the side of the pile they sit
// at.
func (s *State) BotName(seat game.Seat) string {
	if seat < 0 || seat > 1 {
		return ""
	}
	return [2]string{"Left", "Right"}[seat]
}
