package dots

import (
	"math/bits"

	"github.com/parlor-games/parlor/game"
)

// Size limits, counted in dots.
const (
	MinSize = 2
	MaxSize = 16

	maxLines = 2 * MaxSize * (MaxSize - 1)   // 480 on 16x16 dots
	maxBoxes = (MaxSize - 1) * (MaxSize - 1) // 225
	words    = (maxLines + 63) / 64          // 8 words of 64 bits
	noBox    = -1
)

// lineSet is a set of line numbers. A fixed array keeps states copyable by
// assignment, so Clone and the bots' scratch copies never allocate.
type lineSet [words]uint64

func (s *lineSet) has(l int) bool { return s[l>>6]&(1<<(uint(l)&63)) != 0 }
func (s *lineSet) add(l int)      { s[l>>6] |= 1 << (uint(l) & 63) }

// below counts the lines of the set numbered lower than l.
func (s *lineSet) below(l int) int {
	n := 0
	for w := range l >> 6 {
		n += bits.OnesCount64(s[w])
	}
	return n + bits.OnesCount64(s[l>>6]&(1<<(uint(l)&63)-1))
}

// geom is everything about a board size that never changes during a match:
// how lines are numbered, which boxes a line borders, which lines surround
// a box. One geom per size is built at start-up and shared by all states.
//
// Lines are numbered as OpenSpiel numbers them: the horizontal lines first,
// row by row, then the vertical lines, row by row. Boxes are numbered row by
// row.
type geom struct {
	rows, cols int // dots
	nH         int // horizontal lines
	nLines     int
	nBoxes     int
	lineBox    [][2]int16 // the one or two boxes a line borders; noBox pads
	boxLine    [][4]int16 // top, bottom, left, right
	lineEnds   [][2]dot   // the two dots a line joins, smaller first
	order      []int16    // 0..nLines-1, copied before a shuffle
}

type dot struct{ r, c int }

var geoms [MaxSize + 1][MaxSize + 1]*geom

func init() {
	for r := MinSize; r <= MaxSize; r++ {
		for c := MinSize; c <= MaxSize; c++ {
			geoms[r][c] = newGeom(r, c)
		}
	}
}

func newGeom(rows, cols int) *geom {
	g := &geom{rows: rows, cols: cols}
	g.nH = rows * (cols - 1)
	g.nLines = g.nH + (rows-1)*cols
	g.nBoxes = (rows - 1) * (cols - 1)
	g.lineBox = make([][2]int16, g.nLines)
	g.lineEnds = make([][2]dot, g.nLines)
	g.boxLine = make([][4]int16, g.nBoxes)
	g.order = make([]int16, g.nLines)
	for l := range g.lineBox {
		g.lineBox[l] = [2]int16{noBox, noBox}
		g.order[l] = int16(l)
	}
	addBox := func(l, b int) {
		if g.lineBox[l][0] == noBox {
			g.lineBox[l][0] = int16(b)
		} else {
			g.lineBox[l][1] = int16(b)
		}
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols-1; c++ {
			l := g.hLine(r, c)
			g.lineEnds[l] = [2]dot{{r, c}, {r, c + 1}}
			if r > 0 {
				addBox(l, g.box(r-1, c))
			}
			if r < rows-1 {
				addBox(l, g.box(r, c))
			}
		}
	}
	for r := 0; r < rows-1; r++ {
		for c := 0; c < cols; c++ {
			l := g.vLine(r, c)
			g.lineEnds[l] = [2]dot{{r, c}, {r + 1, c}}
			if c > 0 {
				addBox(l, g.box(r, c-1))
			}
			if c < cols-1 {
				addBox(l, g.box(r, c))
			}
		}
	}
	for r := 0; r < rows-1; r++ {
		for c := 0; c < cols-1; c++ {
			g.boxLine[g.box(r, c)] = [4]int16{
				int16(g.hLine(r, c)), int16(g.hLine(r+1, c)),
				int16(g.vLine(r, c)), int16(g.vLine(r, c+1)),
			}
		}
	}
	return g
}

func (g *geom) hLine(r, c int) int { return r*(g.cols-1) + c }
func (g *geom) vLine(r, c int) int { return g.nH + r*g.cols + c }
func (g *geom) box(r, c int) int   { return r*(g.cols-1) + c }

// lineBetween returns the line joining two adjacent dots on the board, or
// -1.
func (g *geom) lineBetween(a, b dot) int {
	if b.r < a.r || (b.r == a.r && b.c < a.c) {
		a, b = b, a
	}
	switch {
	case a.r == b.r && b.c == a.c+1:
		return g.hLine(a.r, a.c)
	case a.c == b.c && b.r == a.r+1:
		return g.vLine(a.r, a.c)
	}
	return -1
}

// board is the fast core of a position: which lines are drawn and how many
// sides each box has. Drawing a line touches at most two counters, so
// detecting a completed box costs a few instructions.
type board struct {
	g     *geom
	drawn lineSet
	sides [maxBoxes]uint8
	left  int // undrawn lines
}

func newBoard(g *geom) board { return board{g: g, left: g.nLines} }

// draw adds line l and returns how many boxes it completed (0, 1 or 2).
func (b *board) draw(l int) int {
	b.drawn.add(l)
	b.left--
	k := 0
	for _, x := range b.g.lineBox[l] {
		if x != noBox {
			b.sides[x]++
			if b.sides[x] == 4 {
				k++
			}
		}
	}
	return k
}

// completes reports how many boxes drawing l would complete.
func (b *board) completes(l int) int {
	k := 0
	for _, x := range b.g.lineBox[l] {
		if x != noBox && b.sides[x] == 3 {
			k++
		}
	}
	return k
}

// safe reports whether drawing l leaves no box with three sides, so that
// the opponent gains nothing from it.
func (b *board) safe(l int) bool {
	for _, x := range b.g.lineBox[l] {
		if x != noBox && b.sides[x] >= 2 {
			return false
		}
	}
	return true
}

// undrawn calls f for every undrawn line, in line order.
func (b *board) undrawn(f func(l int)) {
	n := b.g.nLines
	for w := 0; w*64 < n; w++ {
		free := ^b.drawn[w]
		if rest := n - w*64; rest < 64 {
			free &= 1<<uint(rest) - 1
		}
		for free != 0 {
			l := w*64 + bits.TrailingZeros64(free)
			free &= free - 1
			f(l)
		}
	}
}

// randomGame plays one game of uniformly random lines from the empty board
// and returns the boxes of seat 0 and seat 1. It allocates nothing, which is
// what makes Monte Carlo playouts and the games/s benchmark cheap.
func (g *geom) randomGame(rng *game.Rand) (int, int) {
	var sides [maxBoxes]uint8
	var perm [maxLines]int16
	n := g.nLines
	copy(perm[:n], g.order)
	var score [2]int
	turn := 0
	for i := 0; i < n; i++ {
		j := i + rng.IntN(n-i)
		perm[i], perm[j] = perm[j], perm[i]
		lb := &g.lineBox[perm[i]]
		k := 0
		if x := lb[0]; x != noBox {
			sides[x]++
			if sides[x] == 4 {
				k++
			}
		}
		if x := lb[1]; x != noBox {
			sides[x]++
			if sides[x] == 4 {
				k++
			}
		}
		if k > 0 {
			score[turn] += k
		} else {
			turn ^= 1
		}
	}
	return score[0], score[1]
}
