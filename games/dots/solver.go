package dots

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
)

// MaxSolveLines is the most undrawn lines Solve accepts: the solver keeps a
// position's undrawn lines in one 64-bit word.
const MaxSolveLines = 64

// errAborted unwinds a search whose context ended.
var errAborted = errors.New("dots: search stopped before it finished")

// ttEntry holds bounds on a position's value. gen lets a solver reuse its
// table for a new root without clearing it.
type ttEntry struct {
	key    uint64
	lo, hi int8
	best   int8 // a best compact line in the canonical frame's numbering, -1 if none
	gen    uint8
}

// Solver searches compact games exactly. It keeps its transposition table
// between searches, so a bot allocates it once.
type Solver struct {
	tt    []ttEntry
	shift uint
	gen   uint8
	cg    *cgame
	ctx   context.Context
	// Nodes counts positions searched since the last Reset; benchmarks
	// report it.
	Nodes int64
	// limit, when not 0, stops the search (errAborted) once Nodes
	// reaches it: a bot's share of its budget of work.
	limit int64
	check int
	lv    *loonyValue
}

// NewSolver returns a solver with a table of 2^logSize entries (16 bytes
// each).
func NewSolver(logSize int) *Solver {
	return &Solver{tt: make([]ttEntry, 1<<uint(logSize)), shift: uint(64 - logSize)}
}

func (s *Solver) probe(key uint64) *ttEntry {
	return &s.tt[(key*0x9E3779B97F4A7C15)>>s.shift]
}

// start prepares for searching a new root position.
func (s *Solver) start(ctx context.Context, cg *cgame) {
	s.cg = cg
	s.ctx = ctx
	s.gen++
	if s.gen == 0 {
		clear(s.tt)
		s.gen = 1
	}
}

// search returns the value of d for the mover (boxes still to take, mover
// minus opponent), exact when it lies strictly inside (alpha, beta), and a
// bound in the right direction otherwise.
func (s *Solver) search(d uint64, rem, alpha, beta int) int {
	if rem == 0 {
		return 0
	}
	s.tick()
	var buf [64]int8
	mv, forced, loony, more := s.safeMoves(d, buf[:])
	if loony {
		return s.loonyValue(d)
	}
	if forced {
		l := int(mv[0])
		k := s.cg.gain(d, l)
		return k + s.search(d|1<<uint(l), rem-k, alpha-k, beta-k)
	}
	key, sym := s.cg.canon(d)
	e := s.probe(key)
	lo, hi := -rem, rem
	hit := e.gen == s.gen && e.key == key
	if hit {
		lo, hi = int(e.lo), int(e.hi)
		if lo == hi || lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
	}
	if more {
		mv = s.sacrifices(d, mv)
	}
	if hit {
		if b := e.best; b >= 0 {
			// Put the remembered best line first, renamed back from the
			// canonical position's numbering.
			if sym >= 0 {
				b = s.cg.inv[sym][b]
			}
			putFirst(mv, b)
		}
	}
	// Known bounds (or the boxes left) may settle it; otherwise narrow
	// the window, which stays non-empty so that a result's direction is
	// never ambiguous.
	if lo >= beta {
		return lo
	}
	if hi <= alpha {
		return hi
	}
	alpha, beta = max(alpha, lo), min(beta, hi)
	a0, b0 := alpha, beta
	best, bestLine := -rem-1, int8(-1)
	for _, l := range mv {
		k := s.cg.gain(d, int(l))
		var v int
		nd := d | 1<<uint(l)
		if k > 0 {
			v = k + s.search(nd, rem-k, alpha-k, beta-k)
		} else {
			v = -s.search(nd, rem, -beta, -alpha)
		}
		if v > best {
			best, bestLine = v, l
			if v > alpha {
				alpha = v
			}
			if alpha >= beta {
				break
			}
		}
	}
	s.remember(e, key, sym, lo, hi, a0, b0, best, bestLine)
	return best
}

// tick counts a node of the search, and stops the search (panicking with
// errAborted) once it has used its nodes or its context is done.
func (s *Solver) tick() {
	s.Nodes++
	if s.limit > 0 && s.Nodes >= s.limit {
		panic(errAborted)
	}
	if s.check++; s.check >= 4096 {
		s.check = 0
		if s.ctx.Err() != nil {
			panic(errAborted)
		}
	}
}

// putFirst moves line b, if mv has it, to the front of mv, keeping the
// order of the others.
func putFirst(mv []int8, b int8) {
	for i, l := range mv {
		if l == b {
			copy(mv[1:i+1], mv[:i])
			mv[0] = b
			return
		}
	}
}

// remember stores in e what the search of position key found: best, a
// value searched in the window a0..b0, merged with the bounds lo..hi the
// table knew, and bestLine, renamed into the canonical position's
// numbering (symmetry sym), to be tried first next time.
func (s *Solver) remember(e *ttEntry, key uint64, sym, lo, hi, a0, b0, best int, bestLine int8) {
	nlo, nhi := lo, hi
	switch {
	case best <= a0:
		if best < nhi {
			nhi = best
		}
	case best >= b0:
		if best > nlo {
			nlo = best
		}
	default:
		nlo, nhi = best, best
	}
	*e = ttEntry{key: key, lo: int8(nlo), hi: int8(nhi), best: -1, gen: s.gen}
	if bestLine >= 0 && sym >= 0 {
		e.best = s.cg.perm[sym][bestLine]
	} else {
		e.best = bestLine
	}
}

// solveRoot returns the exact value of the compact game's start and a best
// compact line, or errAborted.
func (s *Solver) solveRoot(ctx context.Context, cg *cgame) (val, line int, err error) {
	s.start(ctx, cg)
	defer func() {
		if r := recover(); r != nil {
			if r == errAborted {
				err = errAborted
				return
			}
			panic(r)
		}
	}()
	if cg.boxes == 0 {
		return 0, -1, nil
	}
	rem := cg.boxes
	// Null-window searches (MTD(f) from a guess of 0) settle the value
	// with fewer positions than one wide search; the table they fill then
	// makes finding a move that achieves it cheap.
	lower, upper, f := -rem, rem, 0
	for lower < upper {
		beta := f
		if f == lower {
			beta = f + 1
		}
		f = s.search(0, rem, beta-1, beta)
		if f < beta {
			upper = f
		} else {
			lower = f
		}
	}
	var buf [64]int8
	mv, _, loony := s.moves(0, buf[:])
	if loony {
		// Every line opens something; try them all.
		mv = buf[:0]
		for f := cg.full; f != 0; f &= f - 1 {
			mv = append(mv, int8(bits.TrailingZeros64(f)))
		}
	}
	mv = append([]int8(nil), mv...)
	best, bestLine := -rem-1, -1
	for _, l := range mv {
		k := cg.gain(0, int(l))
		var v int
		// A window just above the best so far proves a better line or
		// refutes it cheaply; only a better line needs its exact value.
		if k > 0 {
			v = k + s.search(1<<uint(l), rem-k, best-k, rem+1-k)
		} else {
			v = -s.search(1<<uint(l), rem, -rem-1, -best)
		}
		if v > best {
			best, bestLine = v, int(l)
		}
		if best >= lower {
			break
		}
	}
	return best, bestLine, nil
}

// achieves reports whether compact line l from the start of the solver's
// current game is worth at least target, reusing the table of the search
// that just ran.
func (s *Solver) achieves(l, target int) (ok bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			if r != errAborted {
				panic(r)
			}
			ok, err = false, errAborted
		}
	}()
	cg := s.cg
	rem := cg.boxes
	k := cg.gain(0, l)
	var v int
	if k > 0 {
		v = k + s.search(1<<uint(l), rem-k, target-1-k, target-k)
	} else {
		v = -s.search(1<<uint(l), rem, -target, -target+1)
	}
	return v >= target, nil
}

// Solve returns the exact value of s for the seat to move: its margin over
// the opponent in the boxes still to be taken, with perfect play by both,
// and a best move. Boxes already owned do not count. It refuses positions
// with more than MaxSolveLines undrawn lines and returns ctx's error if ctx
// ends first. A finished game is worth 0 and has no move.
func Solve(ctx context.Context, s *State) (int, Move, error) {
	v, m, _, err := SolveStats(ctx, s)
	return v, m, err
}

// SolveStats is Solve that also reports how many positions it searched.
func SolveStats(ctx context.Context, s *State) (int, Move, int64, error) {
	if s.over() {
		return 0, Move{}, 0, nil
	}
	cg, err := newCgame(&s.b)
	if err != nil {
		return 0, Move{}, 0, err
	}
	log := 16
	if cg.n > 30 {
		log = 22
	} else if cg.n > 16 {
		log = 20
	}
	sv := NewSolver(log)
	v, l, err := sv.solveRoot(ctx, cg)
	if err != nil {
		if ctx.Err() != nil {
			return 0, Move{}, sv.Nodes, fmt.Errorf("dots: solve stopped: %w", ctx.Err())
		}
		return 0, Move{}, sv.Nodes, err
	}
	return v, s.lineMove(cg.line[l]), sv.Nodes, nil
}
