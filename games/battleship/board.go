package battleship

import "math/bits"

// board is a set of squares as a 128-bit mask, so the bots can test a ship
// position against everything known in a few instructions.
type board struct{ lo, hi uint64 }

func bit(s int) board {
	if s < 64 {
		return board{lo: 1 << uint(s)}
	}
	return board{hi: 1 << uint(s-64)}
}

func (b board) and(o board) board    { return board{b.lo & o.lo, b.hi & o.hi} }
func (b board) or(o board) board     { return board{b.lo | o.lo, b.hi | o.hi} }
func (b board) andNot(o board) board { return board{b.lo &^ o.lo, b.hi &^ o.hi} }
func (b board) any() bool            { return b.lo|b.hi != 0 }
func (b board) count() int           { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }
func (b board) has(s int) bool       { return bit(s).and(b).any() }
func (b board) subsetOf(o board) bool {
	return b.andNot(o) == board{}
}

// first returns the lowest square in b, or -1.
func (b board) first() int {
	if b.lo != 0 {
		return bits.TrailingZeros64(b.lo)
	}
	if b.hi != 0 {
		return 64 + bits.TrailingZeros64(b.hi)
	}
	return -1
}

// each calls f for every square in b, lowest first.
func (b board) each(f func(s int)) {
	for lo := b.lo; lo != 0; lo &= lo - 1 {
		f(bits.TrailingZeros64(lo))
	}
	for hi := b.hi; hi != 0; hi &= hi - 1 {
		f(64 + bits.TrailingZeros64(hi))
	}
}

// position is one way to lay a ship of some length on the empty grid.
type position struct {
	mask board // squares covered
	halo board // squares around it, corners included, for the touch rule
	row  int
	col  int
	dir  string
}

// positions[n] lists every position of a ship of length n.
var positions = func() [6][]position {
	var out [6][]position
	for n := 2; n <= 5; n++ {
		for _, dir := range []string{"h", "v"} {
			for r := range Size {
				for c := range Size {
					p := Placement{Row: r, Col: c, Dir: dir}
					sqs, ok := p.squares(n)
					if !ok {
						continue
					}
					pos := position{row: r, col: c, dir: dir}
					for _, s := range sqs {
						pos.mask = pos.mask.or(bit(s))
					}
					for _, s := range sqs {
						sr, sc := s/Size, s%Size
						for dr := -1; dr <= 1; dr++ {
							for dc := -1; dc <= 1; dc++ {
								rr, cc := sr+dr, sc+dc
								if rr >= 0 && rr < Size && cc >= 0 && cc < Size {
									pos.halo = pos.halo.or(bit(rr*Size + cc))
								}
							}
						}
					}
					pos.halo = pos.halo.andNot(pos.mask)
					out[n] = append(out[n], pos)
				}
			}
		}
	}
	return out
}()
