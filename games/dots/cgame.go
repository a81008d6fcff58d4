package dots

import (
	"fmt"
	"math/bits"
)

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
