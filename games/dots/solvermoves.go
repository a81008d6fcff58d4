package dots

import (
	"math/bits"
)

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
