// Package dots is Dots and Boxes for two seats, with bots of four levels
// and an exact solver.
//
// # Rules, and decisions where the spec is vague
//
// The board is counted in dots: rows x cols, each from 2 to 16, default
// 8 x 8 dots (49 boxes, 112 lines); non-square boards are allowed. Options
// are the JSON object {"rows":8,"cols":8}; a missing field keeps its
// default, an unknown field or a value out of range is refused.
//
// Seat 0 (Player 1) moves first, also after a restart (a restart is a new
// match, and a new match always equals the initial position). A move joins
// two dots that are horizontal or vertical neighbours. A line that completes
// one or two boxes gives them to the mover, who moves again: one extra move
// even when two boxes close at once. Nobody has to complete a box they
// could complete. The game ends when every box is owned; the seat with
// more boxes wins, and with an even number of boxes a tie is possible and
// is reported with both seats in Outcome.Winners.
//
// A refused move changes nothing and the turn stays with the same player.
// Each refusal has its own MoveError code:
//
//   - "already-drawn": the two dots are already joined;
//   - "diagonal": the dots are in different rows and different columns
//     (any slanted line, however long, counts as diagonal);
//   - "too-far": the dots are in one row or column but more than one step
//     apart;
//   - "same-dot": both ends are the same dot;
//   - "off-board": a dot is outside the board;
//   - "game-over": the game has ended;
//   - "not-your-turn" (game.NotYourTurn): the seat does not owe a move.
//
// # Moves and notation
//
// A move's canonical JSON is {"from":[row,col],"to":[row,col]}, with dots
// counted from 0 at the top-left and the smaller (row, col) first. Either
// order of the two dots names the same line, and ParseMove accepts both.
//
// The notation for people names a dot by a column letter (a, b, ... from
// the left) followed by a row number (1, 2, ... from the top), and a move
// by its two dots joined by a dash: "b3-c3" joins the second and third dots
// of the third row. Letters may be upper or lower case and spaces around
// the dash are ignored.
//
// # Bots
//
//   - easy plays like a beginner: it usually (four times in five) takes a
//     box that is there to take, and otherwise draws any line at random,
//     even one that gives boxes away.
//   - medium is greedy: it takes every box offered, never draws the third
//     side of a box while a safe line exists, and when forced to give, gives
//     the fewest boxes.
//   - hard knows chains: when a chain is opened it takes all but the last
//     two boxes (the last four of an opened loop) if keeping control is
//     worth more than the boxes it declines, judged by the value of the
//     remaining chains and loops; when it must open something it opens the
//     chain or loop that costs least counting that value, handing out a
//     two-chain with the line between its boxes (hard-hearted) so the
//     opponent cannot decline it; and when few safe lines remain (16 or
//     fewer) it searches every order of them to the point where someone
//     must open a chain, which is the long-chain rule decided by search
//     rather than by counting.
//   - expert is hard plus exact search: it runs the exact solver within
//     its time budget whenever 32 or fewer lines are undrawn, or 6 or fewer
//     safe lines remain (with at most 64 undrawn), and plays perfectly when
//     that finishes (with 25 or fewer lines left on 8 x 8 it always does,
//     given a second); among lines the solver finds equally good it
//     prefers hard's, whose habits give a fallible opponent more chances to
//     go wrong. Before that it fights for control: it searches the safe
//     lines to the point where someone must open a chain, however many
//     there are (hard stops at 16), giving the search its whole budget
//     with 14 or fewer safe lines and a third of it with more. When that
//     search does not end in time it plays Monte Carlo: for each safe line
//     it plays out random safe lines to the end of the safe phase and
//     values the result by who then has control and what the chains and
//     loops are worth to them, and it draws the line with the best mean.
//     That is the long-chain rule applied by counting the chains the
//     safe phase is likely to leave, rather than by a formula that a
//     random middle game rarely fits. Both searches value more than 12
//     chains and loops (large boards) by a quick estimate instead of
//     exactly, so that the deadline holds. A hard move, found with a
//     quarter of the budget, is kept ready so a move is always there at
//     the deadline.
//
// # Solver
//
// Definition.Solve returns the margin (mover minus opponent) of the boxes
// still to be taken with perfect play from any position with at most 64
// undrawn lines, and a best move. It searches negamax with alpha-beta and
// MTD(f) null windows at the root, a transposition table keyed by the set
// of drawn lines (the future depends on nothing else), the board's
// symmetries when the position has them, safe lines first, a capture
// taken at once when it does not lead into a chain (it cannot cost
// anything), only the capture and the double-dealing decline tried when it
// does, one line for each chain or loop that a sacrifice would open (any
// line of a chain of three or more, or of a loop, leaves the opponent the
// same two choices and the same position after them; a two-chain keeps
// one end line and its middle line; a chain whose ends meet one junction
// keeps all its lines), smallest first, and the exact value of a position
// made only of separate chains and loops computed from their sizes instead
// of searched. The tests check these shortcuts against plain minimax and
// full search.
//
// # Review of a finished match
//
// Definition.Analyze (Analyze, review.go) marks each move of a finished
// match with the boxes it gave away against best play, exact from the
// solver where it finishes within a budget of positions (from the end of
// the game backwards) and the expert's estimate before that, the best
// move, and the turning point in a sentence. Its JSON form is described
// in review.go; the web client's replay draws it (docs/replays.md).
package dots

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/parlor-games/parlor/game"
)

// Definition registers Dots and Boxes.
var Definition = &game.Definition{
	Name:     "dots",
	Title:    "Dots and Boxes",
	Summary:  "Join dots in turn; close a box to own it and move again; most boxes wins.",
	Rulebook: rulebook,
	Extras:   []any{achievements, reviewText{}, solvedValue{}},
	Options: []game.OptionSpec{
		{Name: "rows", Label: "Rows of dots", Kind: game.OptionInt, Default: 8, Min: MinSize, Max: MaxSize},
		{Name: "cols", Label: "Columns of dots", Kind: game.OptionInt, Default: 8, Min: MinSize, Max: MaxSize},
	},
	New:       newState,
	BotLevels: botLevels,
	NewBot:    newBot,
	Solve:     solveState,
	Analyze:   Analyze,
}

// Options are the settings of a match.
type Options struct {
	Rows int `json:"rows"`
	Cols int `json:"cols"`
}

// DefaultOptions is the 8 x 8 dots board of the spec.
func DefaultOptions() Options { return Options{Rows: 8, Cols: 8} }

func newState(raw json.RawMessage, rng game.Rand) (game.State, error) {
	o := DefaultOptions()
	if err := game.DecodeOptions(raw, &o); err != nil {
		return nil, err
	}
	return New(o.Rows, o.Cols)
}

// New returns the initial position of a rows x cols dots board.
func New(rows, cols int) (*State, error) {
	if rows < MinSize || rows > MaxSize {
		return nil, fmt.Errorf("option \"rows\" must be from %d to %d dots, not %d", MinSize, MaxSize, rows)
	}
	if cols < MinSize || cols > MaxSize {
		return nil, fmt.Errorf("option \"cols\" must be from %d to %d dots, not %d", MinSize, MaxSize, cols)
	}
	s := &State{b: newBoard(geoms[rows][cols]), last: -1}
	for i := range s.by {
		s.by[i] = -1
	}
	for i := range s.owner {
		s.owner[i] = -1
	}
	return s, nil
}

// State is a position. It is a plain value: copying it copies the match.
type State struct {
	b     board
	owner [maxBoxes]int8 // -1 while open
	by    [maxLines]int8 // who drew each line, -1 while undrawn
	turn  game.Seat
	score [2]int
	last  int // last line drawn, -1 before the first
}

// Rows and Cols give the board size in dots.
func (s *State) Rows() int { return s.b.g.rows }

// Cols gives the number of columns of dots.
func (s *State) Cols() int { return s.b.g.cols }

// UndrawnLines is the number of lines not yet drawn.
func (s *State) UndrawnLines() int { return s.b.left }

func (s *State) over() bool { return s.score[0]+s.score[1] == s.b.g.nBoxes }

// Seats is always 2.
func (s *State) Seats() int { return 2 }

// Turn is the seat to move, or nothing once every box is owned.
func (s *State) Turn() []game.Seat {
	if s.over() {
		return nil
	}
	return []game.Seat{s.turn}
}

// Legal lists one move per undrawn line, in line order.
func (s *State) Legal(seat game.Seat) []game.Move {
	if s.over() || seat != s.turn {
		return nil
	}
	out := make([]game.Move, 0, s.b.left)
	s.b.undrawn(func(l int) { out = append(out, s.lineMove(l)) })
	return out
}

func (s *State) lineMove(l int) Move {
	e := s.b.g.lineEnds[l]
	return Move{From: [2]int{e[0].r, e[0].c}, To: [2]int{e[1].r, e[1].c}}
}

// Apply validates m and draws it.
func (s *State) Apply(seat game.Seat, m game.Move) ([]game.Event, error) {
	if s.over() {
		return nil, game.Illegal("game-over", "the game is over")
	}
	if seat != s.turn {
		return nil, game.NotYourTurn(seat)
	}
	mv, ok := m.(Move)
	if !ok {
		if p, isPtr := m.(*Move); isPtr && p != nil {
			mv, ok = *p, true
		}
	}
	if !ok {
		return nil, game.Illegal("bad-move", "that is not a Dots and Boxes move")
	}
	l, err := s.lineOf(mv)
	if err != nil {
		return nil, err
	}
	return s.play(l), nil
}

// lineOf checks that mv names a line of this board that is still undrawn.
func (s *State) lineOf(mv Move) (int, error) {
	g := s.b.g
	for _, d := range [][2]int{mv.From, mv.To} {
		if d[0] < 0 || d[0] >= g.rows || d[1] < 0 || d[1] >= g.cols {
			return -1, game.Illegal("off-board", "dot %s is off the %dx%d board", dotName(d), g.rows, g.cols)
		}
	}
	dr, dc := abs(mv.From[0]-mv.To[0]), abs(mv.From[1]-mv.To[1])
	switch {
	case dr == 0 && dc == 0:
		return -1, game.Illegal("same-dot", "a line needs two different dots")
	case dr != 0 && dc != 0:
		return -1, game.Illegal("diagonal", "lines cannot be diagonal: join dots in the same row or column")
	case dr+dc > 1:
		return -1, game.Illegal("too-far", "those dots are too far apart: join neighbouring dots, one step apart")
	}
	l := g.lineBetween(dot{mv.From[0], mv.From[1]}, dot{mv.To[0], mv.To[1]})
	if s.b.drawn.has(l) {
		return -1, game.Illegal("already-drawn", "that line is already drawn")
	}
	return l, nil
}

// play draws line l for the seat to move, which must be legal.
func (s *State) play(l int) []game.Event {
	seat := s.turn
	mv := s.lineMove(l)
	evs := []game.Event{{Type: "line", Seat: seat, Data: LineEvent{From: mv.From, To: mv.To, By: seat, At: s.b.drawn.below(l)}}}
	k := s.b.draw(l)
	s.by[l] = int8(seat)
	s.last = l
	if k > 0 {
		for _, x := range s.b.g.lineBox[l] {
			if x != noBox && s.b.sides[x] == 4 {
				s.owner[x] = int8(seat)
				r, c := int(x)/(s.b.g.cols-1), int(x)%(s.b.g.cols-1)
				evs = append(evs, game.Event{Type: "box", Seat: seat, Data: BoxEvent{Row: r, Col: c, Owner: seat}})
			}
		}
		s.score[seat] += k
	} else {
		s.turn = 1 - s.turn
	}
	if s.over() {
		evs = append(evs, game.Event{Type: "end", Seat: game.Spectator, Data: EndEvent{Outcome: *s.Outcome(), Scores: s.Scores()}})
	}
	return evs
}

// Scores is the number of boxes each seat owns.
func (s *State) Scores() []int { return []int{s.score[0], s.score[1]} }

// Outcome names the seat with more boxes, or both on a tie.
func (s *State) Outcome() *game.Outcome {
	if !s.over() {
		return nil
	}
	o := &game.Outcome{Reason: "all boxes taken"}
	switch {
	case s.score[0] > s.score[1]:
		o.Winners = []game.Seat{0}
	case s.score[1] > s.score[0]:
		o.Winners = []game.Seat{1}
	default:
		o.Winners = []game.Seat{0, 1}
		o.Reason = "all boxes taken, tied"
	}
	return o
}

// Clone copies the state; the board geometry is shared and never changes.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src, another 8x8 or other Dots position, in
// place (game.Copier): the match copies the position before every move.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ensure the interface is met.
var _ game.State = (*State)(nil)

// solveState adapts Solve to the Definition's signature.
func solveState(ctx context.Context, st game.State) (int, game.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return 0, nil, errors.New("dots: not a Dots and Boxes state")
	}
	if s.over() {
		return 0, nil, nil
	}
	v, m, err := Solve(ctx, s)
	if err != nil {
		return 0, nil, err
	}
	return v, m, nil
}
