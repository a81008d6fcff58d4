package dots

import (
	"slices"
	"strconv"
	"strings"
)

// This file holds the chain theory the hard and expert bots use: which
// lines capture, which are safe, what a sacrifice costs, and the value of
// an endgame made of independent chains and loops.

// captureLines lists the lines that would close a box now.
func (b *board) captureLines() []int {
	var out []int
	b.undrawn(func(l int) {
		if b.completes(l) > 0 {
			out = append(out, l)
		}
	})
	return out
}

// safeLines lists the lines that give the opponent nothing.
func (b *board) safeLines() []int {
	var out []int
	b.undrawn(func(l int) {
		if b.safe(l) {
			out = append(out, l)
		}
	})
	return out
}

// safeInto is safeLines into a caller's buffer, for searches.
func (b *board) safeInto(buf *[maxLines]int16) []int16 {
	out := buf[:0]
	b.undrawn(func(l int) {
		if b.safe(l) {
			out = append(out, int16(l))
		}
	})
	return out
}

// giveaway is how many boxes the opponent can take in a row after we draw
// l (counting boxes l itself closes as ours, not theirs).
func (b *board) giveaway(l int) int {
	c := *b
	c.draw(l)
	n := 0
	for {
		found := -1
		c.undrawn(func(m int) {
			if found < 0 && c.completes(m) > 0 {
				found = m
			}
		})
		if found < 0 {
			return n
		}
		n += c.draw(found)
	}
}

// otherBox is the box on the other side of line l from box x, or noBox.
func (g *geom) otherBox(l int, x int16) int16 {
	lb := g.lineBox[l]
	if lb[0] == x {
		return lb[1]
	}
	return lb[0]
}

// otherLine is box x's undrawn line other than l, for a box with exactly
// two undrawn lines; -1 if there is none.
func (b *board) otherLine(x int16, l int) int {
	for _, m := range b.g.boxLine[x] {
		if int(m) != l && !b.drawn.has(int(m)) {
			return int(m)
		}
	}
	return -1
}

// component is a chain or a loop: a maximal group of boxes with exactly
// two undrawn sides, joined by undrawn lines. Boxes with fewer sides drawn
// (junctions) are not part of any component; lines into them count as
// exits, like lines on the edge of the board.
type component struct {
	loop  bool
	size  int
	boxes []int16 // in path order for a chain, starting at an end
}

// components lists the chains and loops of 2-sided boxes.
func (b *board) components() []component {
	g := b.g
	var seen [maxBoxes]bool
	var out []component
	for x0 := 0; x0 < g.nBoxes; x0++ {
		if seen[x0] || b.sides[x0] != 2 {
			continue
		}
		// Walk to one end first so that boxes come in path order.
		start, prevLine := int16(x0), -1
		for steps := 0; steps < g.nBoxes; steps++ {
			next, via := int16(noBox), -1
			for _, l := range g.boxLine[start] {
				if b.drawn.has(int(l)) || int(l) == prevLine {
					continue
				}
				if y := g.otherBox(int(l), start); y != noBox && b.sides[y] == 2 {
					next, via = y, int(l)
					break
				}
			}
			if next == noBox || next == int16(x0) {
				break
			}
			start, prevLine = next, via
		}
		c := component{}
		cur, prev := start, -1
		for {
			seen[cur] = true
			c.boxes = append(c.boxes, cur)
			next, via := int16(noBox), -1
			for _, l := range g.boxLine[cur] {
				if b.drawn.has(int(l)) || int(l) == prev {
					continue
				}
				if y := g.otherBox(int(l), cur); y != noBox && b.sides[y] == 2 {
					next, via = y, int(l)
					break
				}
			}
			if next == noBox {
				break
			}
			if seen[next] {
				c.loop = true
				break
			}
			cur, prev = next, via
		}
		c.size = len(c.boxes)
		if c.loop && c.size < 4 {
			c.loop = false
		}
		out = append(out, c)
	}
	return out
}

// loonyValue computes E, the margin the player in control (the one who is
// NOT to move) wins from an endgame of independent chains and loops, when
// the player to move must open one of them each time. The opener picks
// what to open; the controller then takes all, or declines the last two of
// a chain (the last four of a loop) to keep control. Chains of one and two
// are opened so that the controller cannot decline (a two-chain in the
// middle: the hard-hearted handout).
type loonyValue struct {
	fast map[uint64]int
	memo map[string]int
	// work counts the values computed (not found in a table), for the
	// bots' budget of work: a value of many components costs many.
	work int64
}

func newLoonyValue() *loonyValue {
	return &loonyValue{fast: map[uint64]int{}, memo: map[string]int{}}
}

// key encodes a multiset of components; loops are negative sizes.
func loonyKey(sizes []int) string {
	var sb strings.Builder
	for _, s := range sizes {
		sb.WriteString(strconv.Itoa(s))
		sb.WriteByte(',')
	}
	return sb.String()
}

// E returns the controller's margin for sizes (chains positive, loops
// negative).
func (lv *loonyValue) E(sizes []int) int {
	if len(sizes) == 0 {
		return 0
	}
	if len(sizes) > 9 {
		return lv.eSlow(sizes)
	}
	// Up to nine components: a sorted copy on the stack, packed seven bits
	// each into one map key, so the hot path of the searches allocates
	// nothing once the table is warm.
	var buf [9]int
	s := buf[:len(sizes)]
	copy(s, sizes)
	slices.Sort(s)
	var k uint64
	for _, v := range s {
		k = k<<7 | uint64(v+64)&127
	}
	if v, ok := lv.fast[k]; ok {
		return v
	}
	lv.work++
	best := 1 << 30
	var rb [9]int
	for i := range s {
		if i > 0 && s[i] == s[i-1] {
			continue
		}
		rest := append(append(rb[:0], s[:i]...), s[i+1:]...)
		if v := lv.open(s[i], lv.E(rest)); v < best {
			best = v
		}
	}
	lv.fast[k] = best
	return best
}

// eSlow is E for many components, keyed by a string.
func (lv *loonyValue) eSlow(sizes []int) int {
	s := slices.Clone(sizes)
	slices.Sort(s)
	k := loonyKey(s)
	if v, ok := lv.memo[k]; ok {
		return v
	}
	lv.work++
	best := 1 << 30
	for i := range s {
		if i > 0 && s[i] == s[i-1] {
			continue
		}
		rest := append(slices.Clone(s[:i]), s[i+1:]...)
		if v := lv.open(s[i], lv.E(rest)); v < best {
			best = v
		}
	}
	lv.memo[k] = best
	return best
}

// open is the controller's margin when component size (negative: a loop)
// is opened and the rest is worth e to whoever controls it.
func (lv *loonyValue) open(size, e int) int {
	switch {
	case size < 0:
		n := -size
		return max(n-e, n-8+e)
	case size <= 2:
		return size - e
	default:
		return max(size-e, size-4+e)
	}
}

// sizesOf turns components into the signed sizes E takes.
func sizesOf(cs []component) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.size
		if c.loop {
			out[i] = -c.size
		}
	}
	return out
}
