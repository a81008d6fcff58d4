package warfare

import (
	"container/heap"
	"fmt"
	"math"
	"slices"

	"github.com/parlor-games/parlor/game"
)

// Island is the shape of the playing field: its land hexes and who
// neighbours whom. It never changes during a match, so every clone of a
// state shares one Island.
//
// Hexes are pointy-topped and laid out in rows, odd rows shifted half a hex
// to the right ("odd-r"). A land hex's id is its index in X and Y, counted
// row by row from the top-left, so ids are stable small integers. Every hex
// outside the land is sea, and the land never touches the edge of the W x H
// grid, so the island is ringed by sea.
type Island struct {
	Name string
	W, H int
	// X and Y are each land hex's column and row in the grid.
	X, Y []int16
	// nbr lists each land hex's six neighbours (east, north-east,
	// north-west, west, south-west, south-east), -1 for sea.
	nbr [][6]int16
	at  []int16 // grid cell (y*W+x) to land hex id, -1 for sea
}

// Size is the number of land hexes.
func (is *Island) Size() int { return len(is.X) }

// Neighbours returns the six neighbours of land hex h, -1 for sea.
func (is *Island) Neighbours(h int) [6]int16 { return is.nbr[h] }

// At returns the land hex at column x, row y, or -1 for sea.
func (is *Island) At(x, y int) int {
	if x < 0 || y < 0 || x >= is.W || y >= is.H {
		return -1
	}
	return int(is.at[y*is.W+x])
}

// step gives the neighbour offsets in odd-r layout, by row parity.
var step = [2][6][2]int{
	{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}},
	{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}},
}

// newIsland builds an Island from a grid of land flags. The caller
// guarantees the land is connected and off the grid's edge.
func newIsland(name string, w, h int, land []bool) *Island {
	is := &Island{Name: name, W: w, H: h, at: make([]int16, w*h)}
	for i := range is.at {
		is.at[i] = -1
	}
	for y := range h {
		for x := range w {
			if land[y*w+x] {
				is.at[y*w+x] = int16(len(is.X))
				is.X = append(is.X, int16(x))
				is.Y = append(is.Y, int16(y))
			}
		}
	}
	is.nbr = make([][6]int16, len(is.X))
	for id := range is.X {
		x, y := int(is.X[id]), int(is.Y[id])
		for d, o := range step[y&1] {
			is.nbr[id][d] = int16(is.At(x+o[0], y+o[1]))
		}
	}
	return is
}

// Shape steers the island generator: land grows outwards from the first
// centre, always taking next the frontier hex whose distance to the
// nearest ellipse (in units of that ellipse's radii) plus a random
// roughness is smallest. Several ellipses give several lobes joined by
// whatever isthmus the growth finds.
type Shape struct {
	Size      int       // land hexes wanted, at least MinLand
	Lobes     []Ellipse // at least one; coordinates are in hex widths
	Roughness float64   // 0 gives smooth coasts; 1 and more, ragged ones
}

// Ellipse is one lobe of a Shape.
type Ellipse struct {
	X, Y   float64 // centre
	RX, RY float64 // radii
}

// MinLand is the smallest island the rules allow.
const MinLand = 300

// MaxLand bounds generated islands, to keep states small.
const MaxLand = 2000

// Generate grows an island of shape s from seed: the same seed and shape
// give the same island. Lakes enclosed by land are filled, so the island
// may come out a few hexes larger than s.Size.
func Generate(name string, seed uint64, s Shape) (*Island, error) {
	if s.Size < MinLand || s.Size > MaxLand {
		return nil, fmt.Errorf("an island has from %d to %d land hexes, not %d", MinLand, MaxLand, s.Size)
	}
	if len(s.Lobes) == 0 {
		return nil, fmt.Errorf("an island shape needs at least one lobe")
	}
	rng := game.NewRand(seed)
	// A grid comfortably larger than the lobes, with room to spare.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, e := range s.Lobes {
		minX, maxX = math.Min(minX, e.X-e.RX), math.Max(maxX, e.X+e.RX)
		minY, maxY = math.Min(minY, e.Y-e.RY), math.Max(maxY, e.Y+e.RY)
	}
	pad := math.Sqrt(float64(s.Size)) + 4
	w := int(maxX-minX+2*pad) + 1
	h := int(maxY-minY+2*pad) + 1
	ox, oy := pad-minX, pad-minY
	key := func(x, y int) float64 {
		px := float64(x) + 0.5*float64(y&1)
		best := math.Inf(1)
		for _, e := range s.Lobes {
			dx, dy := (px-e.X-ox)/e.RX, (float64(y)-e.Y-oy)/e.RY
			best = math.Min(best, math.Sqrt(dx*dx+dy*dy))
		}
		return best + s.Roughness*rng.Float64()
	}
	land := make([]bool, w*h)
	seen := make([]bool, w*h)
	sx, sy := int(s.Lobes[0].X+ox), int(s.Lobes[0].Y+oy)
	q := &frontier{}
	heap.Push(q, cand{key(sx, sy), sy*w + sx})
	seen[sy*w+sx] = true
	n := 0
	for n < s.Size && q.Len() > 0 {
		c := heap.Pop(q).(cand)
		x, y := c.cell%w, c.cell/w
		if x < 2 || y < 2 || x >= w-2 || y >= h-2 {
			continue // keep a ring of sea
		}
		land[c.cell] = true
		n++
		for _, o := range step[y&1] {
			nx, ny := x+o[0], y+o[1]
			if i := ny*w + nx; !seen[i] {
				seen[i] = true
				heap.Push(q, cand{key(nx, ny), i})
			}
		}
	}
	if n < s.Size {
		return nil, fmt.Errorf("the shape leaves room for %d land hexes, not %d", n, s.Size)
	}
	fillLakes(land, w, h)
	return crop(name, land, w, h), nil
}

// crop cuts the grid down to the land and a ring of sea around it. It
// drops an even number of rows above, so that odd rows stay odd.
func crop(name string, land []bool, w, h int) *Island {
	x0, y0, x1, y1 := w, h, 0, 0
	for i, l := range land {
		if l {
			x, y := i%w, i/w
			x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
		}
	}
	x0--
	y0 = (y0 - 1) &^ 1
	nw, nh := x1-x0+2, y1-y0+2
	out := make([]bool, nw*nh)
	for y := range nh {
		for x := range nw {
			out[y*nw+x] = land[(y+y0)*w+x+x0]
		}
	}
	return newIsland(name, nw, nh, out)
}

// fillLakes turns every sea cell that the outer sea cannot reach into
// land, so that all sea rings the island.
func fillLakes(land []bool, w, h int) {
	outer := make([]bool, w*h)
	stack := []int{0}
	outer[0] = true
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := c%w, c/w
		for _, o := range step[y&1] {
			nx, ny := x+o[0], y+o[1]
			if nx < 0 || ny < 0 || nx >= w || ny >= h {
				continue
			}
			if i := ny*w + nx; !land[i] && !outer[i] {
				outer[i] = true
				stack = append(stack, i)
			}
		}
	}
	for i := range land {
		if !outer[i] {
			land[i] = true
		}
	}
}

type cand struct {
	key  float64
	cell int
}

type frontier []cand

func (f frontier) Len() int { return len(f) }
func (f frontier) Less(i, j int) bool {
	if f[i].key != f[j].key {
		return f[i].key < f[j].key
	}
	return f[i].cell < f[j].cell
}
func (f frontier) Swap(i, j int) { f[i], f[j] = f[j], f[i] }
func (f *frontier) Push(x any)   { *f = append(*f, x.(cand)) }
func (f *frontier) Pop() any {
	old := *f
	c := old[len(old)-1]
	*f = old[:len(old)-1]
	return c
}

// readyIsland is one of the named islands: a shape and a fixed seed.
type readyIsland struct {
	name  string
	about string
	seed  uint64
	shape Shape
}

// readyIslands are the islands players can pick by name, smallest first.
var readyIslands = []readyIsland{
	{"pebble", "a small round island of about 320 hexes", 11, Shape{Size: 320,
		Lobes: []Ellipse{{0, 0, 10, 10}}, Roughness: 0.35}},
	{"longshore", "a long thin island of about 480 hexes", 23, Shape{Size: 480,
		Lobes: []Ellipse{{0, 0, 22, 6}}, Roughness: 0.3}},
	{"twins", "two round lobes joined by an isthmus, about 700 hexes", 37, Shape{Size: 700,
		Lobes: []Ellipse{{0, 0, 10, 10}, {26, 4, 10, 10}}, Roughness: 0.25}},
	{"archipelago", "a ragged crescent of four lobes, about 950 hexes", 41, Shape{Size: 940,
		Lobes: []Ellipse{{0, 0, 9, 8}, {18, -10, 9, 7}, {36, -6, 8, 8}, {46, 10, 9, 9}}, Roughness: 0.9}},
}

// IslandNames lists the ready islands, smallest first.
func IslandNames() []string {
	out := make([]string, len(readyIslands))
	for i, r := range readyIslands {
		out[i] = r.name
	}
	return out
}

// ReadyIsland builds the named island.
func ReadyIsland(name string) (*Island, error) {
	i := slices.IndexFunc(readyIslands, func(r readyIsland) bool { return r.name == name })
	if i < 0 {
		return nil, fmt.Errorf("no island named %q", name)
	}
	r := readyIslands[i]
	return Generate(r.name, r.seed, r.shape)
}

// RandomShape draws the shape of a random island from rng: 300 to 699
// hexes, one to three lobes placed near each other, some roughness.
func RandomShape(rng *game.Rand) Shape {
	size := MinLand + rng.IntN(400)
	lobes := 1 + rng.IntN(3)
	r := math.Sqrt(float64(size)/float64(lobes)/2.6) + 1
	s := Shape{Size: size, Roughness: 0.2 + 0.6*rng.Float64()}
	x, y := 0.0, 0.0
	for range lobes {
		s.Lobes = append(s.Lobes, Ellipse{x, y, r * (0.7 + 0.6*rng.Float64()), r * (0.7 + 0.6*rng.Float64())})
		a := 2 * math.Pi * rng.Float64()
		x += 1.8 * r * math.Cos(a)
		y += 1.8 * r * math.Sin(a)
	}
	return s
}
