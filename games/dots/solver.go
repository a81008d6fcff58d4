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

// cgame is a position rewritten for exact search: only the undrawn lines
// (renumbered 0..n-1) and the boxes still open matter, because the rest of
// the game depends on nothing else. A position of the compact game is one
// word, the set of lines drawn since; its value (boxes still to take, mover
// minus opponent) is the same whoever owns the boxes already closed.
type cgame struct {
	n        int
	full     uint64
	line     []int     // compact line -> board line
	lineBox  [][2]int8 // compact line -> its open boxes, -1 pads
	boxMask  []uint64  // open box -> its undrawn lines
	boxes    int       // open boxes at the start
	symTable [][8][256]uint64
	perm     [][]int8 // perm[i][line] is line's image under symmetry i
	inv      [][]int8 // and back
}

func newCgame(b *board) (*cgame, error) {
	if b.left > MaxSolveLines {
		return nil, fmt.Errorf("too many undrawn lines to solve exactly: %d (at most %d)", b.left, MaxSolveLines)
	}
	g := b.g
	cg := &cgame{n: b.left}
	if cg.n == 64 {
		cg.full = ^uint64(0)
	} else {
		cg.full = 1<<uint(cg.n) - 1
	}
	cidx := make([]int, g.nLines)
	for i := range cidx {
		cidx[i] = -1
	}
	b.undrawn(func(l int) {
		cidx[l] = len(cg.line)
		cg.line = append(cg.line, l)
	})
	bidx := make([]int, g.nBoxes)
	for x := 0; x < g.nBoxes; x++ {
		bidx[x] = -1
		if b.sides[x] == 4 {
			continue
		}
		var m uint64
		for _, l := range g.boxLine[x] {
			if c := cidx[l]; c >= 0 {
				m |= 1 << uint(c)
			}
		}
		bidx[x] = len(cg.boxMask)
		cg.boxMask = append(cg.boxMask, m)
	}
	cg.boxes = len(cg.boxMask)
	cg.lineBox = make([][2]int8, cg.n)
	for i, l := range cg.line {
		cg.lineBox[i] = [2]int8{-1, -1}
		k := 0
		for _, x := range g.lineBox[l] {
			if x != noBox && bidx[x] >= 0 {
				cg.lineBox[i][k] = int8(bidx[x])
				k++
			}
		}
	}
	cg.addSymmetries(b, cidx)
	return cg, nil
}

// addSymmetries records the board symmetries that map the position onto
// itself (all of them on an empty board), as tables that permute a compact
// position word a byte at a time. Positions equal up to symmetry then
// share one transposition-table entry.
func (cg *cgame) addSymmetries(b *board, cidx []int) {
	g := b.g
	R, C := g.rows-1, g.cols-1
	maps := []func(d dot) dot{
		func(d dot) dot { return dot{d.r, C - d.c} },
		func(d dot) dot { return dot{R - d.r, d.c} },
		func(d dot) dot { return dot{R - d.r, C - d.c} },
	}
	if R == C {
		maps = append(maps,
			func(d dot) dot { return dot{d.c, d.r} },
			func(d dot) dot { return dot{C - d.c, R - d.r} },
			func(d dot) dot { return dot{d.c, R - d.r} },
			func(d dot) dot { return dot{C - d.c, d.r} },
		)
	}
	for _, f := range maps {
		perm := make([]int, cg.n)
		ok := true
		for l := 0; l < g.nLines && ok; l++ {
			e := g.lineEnds[l]
			m := g.lineBetween(f(e[0]), f(e[1]))
			if b.drawn.has(l) != b.drawn.has(m) {
				ok = false
			} else if c := cidx[l]; c >= 0 {
				perm[c] = cidx[m]
			}
		}
		if !ok {
			continue
		}
		var t [8][256]uint64
		for by := 0; by < 8; by++ {
			for v := 0; v < 256; v++ {
				var out uint64
				for bit := 0; bit < 8; bit++ {
					c := by*8 + bit
					if v&(1<<bit) != 0 && c < cg.n {
						out |= 1 << uint(perm[c])
					}
				}
				t[by][v] = out
			}
		}
		cg.symTable = append(cg.symTable, t)
		p8, i8 := make([]int8, cg.n), make([]int8, cg.n)
		for c, m := range perm {
			p8[c], i8[m] = int8(m), int8(c)
		}
		cg.perm = append(cg.perm, p8)
		cg.inv = append(cg.inv, i8)
	}
}

// canon returns the smallest image of d under the position's symmetries,
// and which symmetry gave it (-1: none).
func (cg *cgame) canon(d uint64) (uint64, int) {
	best, sym := d, -1
	for i := range cg.symTable {
		t := &cg.symTable[i]
		var x uint64
		if cg.n <= 32 {
			// Small boards (3x3 boxes has 24 lines) need half the lookups.
			x = t[0][byte(d)] | t[1][byte(d>>8)] | t[2][byte(d>>16)] | t[3][byte(d>>24)]
		} else {
			x = t[0][byte(d)] | t[1][byte(d>>8)] | t[2][byte(d>>16)] | t[3][byte(d>>24)] |
				t[4][byte(d>>32)] | t[5][byte(d>>40)] | t[6][byte(d>>48)] | t[7][byte(d>>56)]
		}
		if x < best {
			best, sym = x, i
		}
	}
	return best, sym
}

// gain is how many boxes drawing compact line l in d completes.
func (cg *cgame) gain(d uint64, l int) int {
	k := 0
	d |= 1 << uint(l)
	for _, x := range cg.lineBox[l] {
		if x >= 0 && cg.boxMask[x]&^d == 0 {
			k++
		}
	}
	return k
}

// open is how many undrawn sides box x has in d.
func (cg *cgame) open(d uint64, x int8) int {
	return bits.OnesCount64(cg.boxMask[x] &^ d)
}

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

// moves lists the candidate lines at d. When a capture is safe to take
// greedily it is the only candidate. When the only captures lead into a
// chain, the candidates are taking the box and declining it with the
// double-dealing line. Otherwise every undrawn line is a candidate, safe
// lines first. forced reports the single greedy capture.
func (s *Solver) moves(d uint64, buf []int8) (out []int8, forced, loony bool) {
	out, forced, loony, more := s.safeMoves(d, buf)
	if more {
		out = s.sacrifices(d, out)
	}
	return out, forced, loony
}

// safeMoves is moves without the sacrifices, which search adds only when
// the transposition table has not already settled the position (finding
// them is the costliest part of generating moves); more reports that they
// are still to be added.
func (s *Solver) safeMoves(d uint64, buf []int8) (out []int8, forced, loony, more bool) {
	cg := s.cg
	ddLine, ddOther := -1, -1
	allTwo := true
	var unsafe uint64 // lines of boxes with two or fewer sides open
	for x := range cg.boxMask {
		free := cg.boxMask[x] &^ d
		c := bits.OnesCount64(free)
		if c > 2 || c == 0 {
			if c > 2 {
				allTwo = false
			}
			continue
		}
		unsafe |= free
		if c != 1 {
			continue
		}
		l := bits.TrailingZeros64(free)
		other := cg.lineBox[l][0]
		if int(other) == x {
			other = cg.lineBox[l][1]
		}
		if other < 0 || cg.open(d, other) != 2 {
			return append(buf[:0], int8(l)), true, false, false
		}
		if ddLine < 0 {
			ddLine = l
			ddOther = bits.TrailingZeros64(cg.boxMask[other] &^ d &^ (1 << uint(l)))
		}
	}
	out = buf[:0]
	if ddLine >= 0 {
		return append(out, int8(ddLine), int8(ddOther)), false, false, false
	}
	free := cg.full &^ d
	if allTwo && free&^unsafe == 0 {
		// Only chains and loops are left, and the mover must open one.
		return nil, false, true, false
	}
	// Safe lines first: they are usually best until none is left.
	for f := free &^ unsafe; f != 0; f &= f - 1 {
		out = append(out, int8(bits.TrailingZeros64(f)))
	}
	return out, false, false, free&unsafe != 0
}

// sacrifices appends to out the lines worth trying among those that give
// something away, smallest component first. With no box to take, every
// such line lies in exactly one chain or loop of boxes with two undrawn
// sides, and many of them are equivalent: whichever line of a chain of
// three or more (or of a loop) is drawn, the opponent's choices are to take
// it all or all but the last two (four) and in both cases the rest of the
// game starts from the same position, the one with every line of the
// component drawn; so one line stands for them all. The same holds for the
// two lines of a lone box and for the two end lines of a two-chain, whose
// middle line (the hard-hearted handout, which cannot be declined) is kept
// apart. The one exception is a chain whose two ends run into the same
// junction box: opening it next to the junction and in the middle differ,
// so all its lines are kept.
func (s *Solver) sacrifices(d uint64, out []int8) []int8 {
	cg := s.cg
	// Small buffers: this runs at most nodes, and zeroing room for every
	// possible box and component cost more than the walk itself.
	var seen [2]uint64 // open boxes number at most 2 * MaxSolveLines
	type comp struct {
		size int
		keep uint64
	}
	var cbuf [16]comp
	comps := cbuf[:0]
	for x0 := range cg.boxMask {
		f0 := cg.boxMask[x0] &^ d
		if seen[x0>>6]&(1<<uint(x0&63)) != 0 || bits.OnesCount64(f0) != 2 {
			continue
		}
		seen[x0>>6] |= 1 << uint(x0&63)
		lines, n, loop := f0, 1, false
		ends := [2]int8{-1, -1}
		dir := 0
		for f := f0; f != 0 && !loop; f &= f - 1 {
			via, x := bits.TrailingZeros64(f), int8(x0)
			for {
				y := cg.lineBox[via][0]
				if y == x {
					y = cg.lineBox[via][1]
				}
				if y < 0 {
					break
				}
				if int(y) == x0 {
					loop = true
					break
				}
				fy := cg.boxMask[y] &^ d
				if bits.OnesCount64(fy) != 2 {
					ends[dir] = y
					break
				}
				seen[y>>6] |= 1 << uint(y&63)
				n++
				next := fy &^ (1 << uint(via))
				lines |= next
				x, via = y, bits.TrailingZeros64(next)
			}
			dir++
		}
		first := lines & -lines
		keep := first
		switch {
		case loop || n == 1:
		case n == 2:
			mid := cg.middle(d, lines)
			end := lines &^ mid
			keep = mid | end&-end
		case ends[0] >= 0 && ends[0] == ends[1]:
			keep = lines
		}
		c := comp{size: n, keep: keep}
		i := len(comps)
		comps = append(comps, c)
		for i > 0 && comps[i-1].size > n {
			comps[i] = comps[i-1]
			i--
		}
		comps[i] = c
	}
	for _, c := range comps {
		for f := c.keep; f != 0; f &= f - 1 {
			out = append(out, int8(bits.TrailingZeros64(f)))
		}
	}
	return out
}

// middle is the line, among lines (those of a chain of two boxes in
// position d), that both boxes share.
func (cg *cgame) middle(d, lines uint64) uint64 {
	var mid uint64
	for f := lines; f != 0; f &= f - 1 {
		l := bits.TrailingZeros64(f)
		if cg.lineBox[l][0] >= 0 && cg.lineBox[l][1] >= 0 &&
			bits.OnesCount64(cg.boxMask[cg.lineBox[l][0]]&^d) == 2 &&
			bits.OnesCount64(cg.boxMask[cg.lineBox[l][1]]&^d) == 2 {
			mid = 1 << uint(l)
		}
	}
	return mid
}

// loonyValue is the exact value for the mover of a position made only of
// separate chains and loops (every open box has two undrawn sides): the
// mover must open one, and the formula of loonyValue.E, checked against
// full search by TestLoonyValueIsExact, gives the rest.
func (s *Solver) loonyValue(d uint64) int {
	cg := s.cg
	var seen [2 * MaxSolveLines]bool // each box borders an undrawn line
	var sizes []int
	for x0 := range cg.boxMask {
		if seen[x0] || cg.boxMask[x0]&^d == 0 {
			continue
		}
		// Walk the component both ways from x0.
		n, closed := 1, false
		seen[x0] = true
		free0 := cg.boxMask[x0] &^ d
		for f := free0; f != 0 && !closed; f &= f - 1 {
			l := bits.TrailingZeros64(f)
			x, via := int8(x0), l
			for {
				y := cg.lineBox[via][0]
				if y == x {
					y = cg.lineBox[via][1]
				}
				if y < 0 {
					break
				}
				if int(y) == x0 {
					closed = true
					break
				}
				seen[y] = true
				n++
				rest := cg.boxMask[y] &^ d &^ (1 << uint(via))
				x, via = y, bits.TrailingZeros64(rest)
			}
		}
		if closed && n >= 4 {
			n = -n
		}
		sizes = append(sizes, n)
	}
	if s.lv == nil {
		s.lv = newLoonyValue()
	}
	return -s.lv.E(sizes)
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
