package dots

import (
	"context"
	"errors"
	"fmt"

	"github.com/parlor-games/parlor/game"
)

// The review of a finished match (Definition.Analyze) says, for each move,
// how many boxes it cost against the best play, what the best move was,
// and which move decided the game. Its JSON form, which the web client's
// replay draws:
//
//	{"moves":[Review...], "turningPoint":Turning|null}
//
// Review is {"step","number","seat","played","line","best","bestText",
// "cost","source","value"}: step is the replay step of the move, number
// the move's number as the replay counts moves, line and best the played
// and the best line in canonical JSON, cost the boxes given away (0 for a
// best move), source "solver" when the figure is exact (the solver valued
// the positions before and after the move) and "expert" when it is the
// expert's judgement (the position had too many lines to solve within the
// budget: a move that draws the third side of a box while a safe line
// exists costs the boxes the opponent may then take in a row, and a
// forced sacrifice costs what it gives beyond the cheapest one), and
// value, only when exact, the mover's margin in the boxes still to take
// with perfect play from the position before the move: what `parlor
// solve` prints for that position. Before the solver's reach, a safe
// line drawn where nothing could be taken is judged by the expert's search
// of the fight for control when it ends within its budget: the safe lines
// played out to where someone must open a chain, valued by the chains and
// loops then left, so a safe line that loses control costs what control
// was worth.

// Source says where a move's cost comes from.
type Source string

const (
	// SourceSolver: exact, from the solver's values before and after.
	SourceSolver Source = "solver"
	// SourceExpert: the expert bot's judgement, beyond the solver's reach.
	SourceExpert Source = "expert"
)

// reviewSolveNodes is the solver's budget for one position of a review,
// in positions searched: positions with up to about 30 undrawn lines
// finish well within it; larger ones, early in a big board, are left to
// the expert.
const reviewSolveNodes = 3_000_000

// reviewExpertMS is the expert bot's budget, in milliseconds' worth of
// work (game.Budget), for the best move of a position the solver could
// not value.
const reviewExpertMS = 20

// Review is the verdict on one move.
type Review struct {
	Step     int    `json:"step"`
	Number   int    `json:"number"`
	Seat     int    `json:"seat"`
	Played   string `json:"played"`
	Line     Move   `json:"line"`
	Best     *Move  `json:"best,omitempty"`
	BestText string `json:"bestText,omitempty"`
	Cost     int    `json:"cost"`
	Source   Source `json:"source"`
	// Value is the exact value before the move for the mover, nil when
	// the solver could not reach it.
	Value *int `json:"value,omitempty"`
}

// Turning is the move that decided the game, in a sentence.
type Turning struct {
	Step   int    `json:"step"`
	Number int    `json:"number"`
	Text   string `json:"text"`
}

// Analysis is a match's review.
type Analysis struct {
	Moves        []Review `json:"moves"`
	TurningPoint *Turning `json:"turningPoint"`
}

// solved is the exact value of a position for the seat to move, and a
// best line.
type solved struct {
	ok   bool
	v    int
	best int
}

// Analyze reviews a finished match (game.Analyze).
func Analyze(ctx context.Context, steps []game.ReplayStep, final game.State) (any, error) {
	fin, ok := final.(*State)
	if !ok {
		return nil, errors.New("dots: not a Dots and Boxes state")
	}
	moves, err := movesOf(steps)
	if err != nil {
		return nil, err
	}
	vals, err := solveBackwards(ctx, moves, fin)
	if err != nil {
		return nil, err
	}
	out := Analysis{Moves: make([]Review, 0, len(moves))}
	var margins []*int // exact final margin for seat 0, before each move and at the end
	for k, mv := range moves {
		a := fin
		if k+1 < len(moves) {
			a = moves[k+1].before
		}
		r, err := review(ctx, mv, a, vals[k], vals[k+1])
		if err != nil {
			return nil, err
		}
		out.Moves = append(out.Moves, r)
		margins = append(margins, finalMargin(mv.before, vals[k]))
	}
	margins = append(margins, finalMargin(fin, vals[len(moves)]))
	out.TurningPoint = turningPoint(out.Moves, margins, fin)
	return out, nil
}

// moveAt is a move of a match under review, with the position before it.
type moveAt struct {
	step, number int
	seat         game.Seat
	before       *State
	line         int
}

// movesOf lists the moves of a replay, numbered as the match numbers
// them; a decision of the match counts in the numbering but has nothing
// to review.
func movesOf(steps []game.ReplayStep) ([]moveAt, error) {
	var moves []moveAt
	number := 0
	for i, st := range steps {
		if i == 0 || (st.Seat < 0 && st.Move == nil) {
			continue
		}
		number++
		m, isMove := st.Move.(Move)
		if !isMove {
			continue // a decision of the match: nothing to review
		}
		b, ok := st.Before.(*State)
		if !ok {
			return nil, errors.New("dots: not a Dots and Boxes state")
		}
		l, err := b.lineOf(m)
		if err != nil {
			return nil, fmt.Errorf("dots: step %d: %w", i, err)
		}
		moves = append(moves, moveAt{step: i, number: number, seat: st.Seat, before: b, line: l})
	}
	return moves, nil
}

// solveBackwards solves the position before each move and the end, from
// the end backwards: positions shrink towards the end, so once one is out
// of reach every earlier one is too, and the search stops there instead
// of spending its budget on each.
func solveBackwards(ctx context.Context, moves []moveAt, fin *State) ([]solved, error) {
	vals := make([]solved, len(moves)+1)
	vals[len(moves)] = solveWithin(ctx, fin)
	for k := len(moves) - 1; k >= 0; k-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !vals[k+1].ok {
			break
		}
		vals[k] = solveWithin(ctx, moves[k].before)
	}
	return vals, nil
}

// review judges move mv, which led to position a: exactly when the
// positions before and after it are solved (val and next), otherwise by
// the fight for control or the expert's estimate.
func review(ctx context.Context, mv moveAt, a *State, val, next solved) (Review, error) {
	b := mv.before
	r := Review{Step: mv.step, Number: mv.number, Seat: int(mv.seat), Played: b.lineMove(mv.line).String(), Line: b.lineMove(mv.line)}
	if val.ok && next.ok {
		taken := a.score[mv.seat] - b.score[mv.seat]
		got := taken - next.v
		if a.over() || a.turn == mv.seat {
			got = taken + next.v
		}
		v := val.v
		r.Value = &v
		r.Cost = v - got
		r.Source = SourceSolver
		if val.best >= 0 {
			bm := b.lineMove(val.best)
			r.Best, r.BestText = &bm, bm.String()
		}
	} else if c, best, ok := controlCost(ctx, &b.b, mv.line); ok {
		// The fight for control, searched to its end.
		r.Source = SourceExpert
		r.Cost = c
		bm := b.lineMove(best)
		r.Best, r.BestText = &bm, bm.String()
	} else {
		r.Source = SourceExpert
		r.Cost = expertCost(&b.b, mv.line)
		if bl, err := expertLine(ctx, b); err == nil {
			bm := b.lineMove(bl)
			r.Best, r.BestText = &bm, bm.String()
		} else if ctx.Err() != nil {
			return r, ctx.Err()
		}
	}
	if r.Best != nil && *r.Best == r.Line.Canon() {
		r.Cost = 0 // the best move costs nothing, whatever the estimate
	}
	return r, nil
}

// solveWithin solves s exactly within the review's budget of positions.
func solveWithin(ctx context.Context, s *State) solved {
	if s.over() {
		return solved{ok: true, best: -1}
	}
	cg, err := newCgame(&s.b)
	if err != nil {
		return solved{}
	}
	// The table sizes of SolveStats, so that the best move is the one
	// `parlor solve` prints for the same position.
	log := 16
	if cg.n > 30 {
		log = 22
	} else if cg.n > 16 {
		log = 20
	}
	sv := NewSolver(log)
	sv.limit = reviewSolveNodes
	v, l, err := sv.solveRoot(ctx, cg)
	if err != nil || l < 0 {
		return solved{}
	}
	return solved{ok: true, v: v, best: cg.line[l]}
}

// expertCost is the expert's judgement of line l on a board too large to
// solve: a capture and a safe line cost nothing it can count; drawing the
// third side of a box while a safe line exists costs what the opponent
// may then take in a row; when every line gives something, a sacrifice
// costs what it gives beyond the cheapest.
func expertCost(b *board, l int) int {
	if b.completes(l) > 0 || b.safe(l) {
		return 0
	}
	if len(b.safeLines()) > 0 {
		return b.giveaway(l)
	}
	least := -1
	b.undrawn(func(m int) {
		if b.completes(m) > 0 {
			return
		}
		if g := b.giveaway(m); least < 0 || g < least {
			least = g
		}
	})
	return max(0, b.giveaway(l)-max(least, 0))
}

// reviewControlWork is the budget, in the bots' units of work, of the
// search of the fight for control for one move of a review.
const reviewControlWork = 50 * workPerMS

// controlCost is the expert's search of the fight for control (the safe
// lines, played out to where someone must open a chain, valued by the
// chains and loops then left) for a safe line l drawn where nothing could
// be captured: how much less than the best safe line it leaves the mover,
// and that best line. ok is false when the position is not of that kind
// or the search did not end within its budget; the caller then judges
// the move by the boxes it hands over.
func controlCost(ctx context.Context, b *board, l int) (cost, best int, ok bool) {
	if !b.safe(l) || len(b.captureLines()) > 0 {
		return 0, 0, false
	}
	ss := newSafeSearch(newMeter(ctx, reviewControlWork))
	best, bestVal, ok := ss.best(b, b.safeLines())
	if !ok {
		return 0, 0, false
	}
	played, ok := ss.valueOf(b, l)
	if !ok {
		return 0, 0, false
	}
	return max(0, bestVal-played), best, true
}

// valueOf is the exact value of safe line l for the mover, or ok false
// if the budget ran out first.
func (ss *safeSearch) valueOf(b *board, l int) (v int, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errAborted {
				panic(r)
			}
			ok = false
		}
	}()
	c := *b
	c.draw(l)
	return -ss.value(&c, -1000, 1000), true
}

// expertLine is the expert bot's move in s, with the review's budget and a
// fixed seed, so that a review is the same every time.
func expertLine(ctx context.Context, s *State) (int, error) {
	bt := &Bot{level: expert, rng: game.NewRand(uint64(s.b.left))}
	m, err := bt.Choose(game.WithBudget(ctx, reviewExpertMS), s, s.turn)
	if err != nil {
		return 0, err
	}
	return s.lineOf(m.(Move))
}

// finalMargin is seat 0's margin at the end with perfect play from s, or
// nil when s's value is not known exactly.
func finalMargin(s *State, v solved) *int {
	if !v.ok {
		return nil
	}
	m := s.score[0] - s.score[1]
	if s.turn == 0 {
		m += v.v
	} else {
		m -= v.v
	}
	return &m
}

// turningPoint names the move that decided the game. With exact values,
// it is the loser's last move after which best play no longer saved them
// (it turned a win or a tie into a loss, or a win into a tie); otherwise
// it is the loser's costliest move (in a tie, anyone's), the earliest of
// equals. A game without a costly move has none.
func turningPoint(rs []Review, margins []*int, fin *State) *Turning {
	o := fin.Outcome()
	loser := -1
	if o != nil && len(o.Winners) == 1 {
		loser = 1 - int(o.Winners[0])
	}
	sideOf := func(m int, seat int) int { // the result for seat: 1 win, 0 tie, -1 loss
		if seat == 1 {
			m = -m
		}
		switch {
		case m > 0:
			return 1
		case m < 0:
			return -1
		}
		return 0
	}
	var pick *Review
	var from, to int
	for k := range rs {
		r := &rs[k]
		if r.Cost <= 0 || (loser >= 0 && r.Seat != loser) || margins[k] == nil || margins[k+1] == nil {
			continue
		}
		a, b := sideOf(*margins[k], r.Seat), sideOf(*margins[k+1], r.Seat)
		if b < a {
			pick, from, to = r, a, b
		}
	}
	if pick == nil {
		for k := range rs {
			r := &rs[k]
			if r.Cost > 0 && (loser < 0 || r.Seat == loser) && (pick == nil || r.Cost > pick.Cost) {
				pick = r
			}
		}
		if pick == nil {
			return nil
		}
	}
	text := fmt.Sprintf("Move %d (Player %d, %s) gave away %s", pick.Number, pick.Seat+1, pick.Played, boxes(pick.Cost))
	if pick.BestText != "" {
		text += fmt.Sprintf("; %s was best", pick.BestText)
	}
	if from != to {
		text += fmt.Sprintf(": it turned a %s into a %s", resultWord(from), resultWord(to))
	}
	if pick.Source == SourceExpert {
		text += " (the expert's estimate)"
	}
	return &Turning{Step: pick.Step, Number: pick.Number, Text: text + "."}
}

func resultWord(r int) string {
	switch r {
	case 1:
		return "win"
	case -1:
		return "loss"
	}
	return "tie"
}

func boxes(n int) string {
	if n == 1 {
		return "1 box"
	}
	return fmt.Sprintf("%d boxes", n)
}
