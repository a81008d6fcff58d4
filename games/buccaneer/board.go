package buccaneer

import (
	"fmt"
	"strings"
)

// Size is the side of the sea: squares are numbered 1 to Size both ways.
const Size = 20

// Point is a square (x, y), with (1,1) the bottom-left corner and x growing
// eastwards, y northwards, as FR9 numbers them.
type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("%d,%d", p.X, p.Y) }

// onBoard reports whether p is one of the 400 squares.
func (p Point) onBoard() bool { return p.X >= 1 && p.X <= Size && p.Y >= 1 && p.Y <= Size }

func (p Point) add(d Dir, k int) Point {
	v := dirVec[d]
	return Point{p.X + v.X*k, p.Y + v.Y*k}
}

// steps is the number of king steps between p and q, ignoring land.
func (p Point) steps(q Point) int { return max(abs(p.X-q.X), abs(p.Y-q.Y)) }

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// Dir is one of the eight compass directions a ship may face.
type Dir int

// The eight directions, clockwise from north.
const (
	N Dir = iota
	NE
	E
	SE
	S
	SW
	W
	NW
)

var dirNames = [8]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

var dirVec = [8]Point{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

func (d Dir) String() string {
	if d < 0 || d > 7 {
		return fmt.Sprintf("Dir(%d)", int(d))
	}
	return dirNames[d]
}

func parseDir(s string) (Dir, bool) {
	for i, n := range dirNames {
		if strings.EqualFold(n, s) {
			return Dir(i), true
		}
	}
	return 0, false
}

// Rect is an island: every square with X0 <= x <= X1 and Y0 <= y <= Y1.
type Rect struct {
	X0 int `json:"x0"`
	Y0 int `json:"y0"`
	X1 int `json:"x1"`
	Y1 int `json:"y1"`
}

func (r Rect) has(p Point) bool { return p.X >= r.X0 && p.X <= r.X1 && p.Y >= r.Y0 && p.Y <= r.Y1 }

// near reports whether p is a sea square touching r at a side or a corner:
// the decisions page reads "adjacent to an island" that way.
func (r Rect) near(p Point) bool {
	return !r.has(p) && p.X >= r.X0-1 && p.X <= r.X1+1 && p.Y >= r.Y0-1 && p.Y <= r.Y1+1
}

// The islands of FR9. They are land: no ship enters them.
var (
	TreasureIsland = Rect{9, 9, 12, 12}
	FlatIsland     = Rect{2, 16, 4, 19}
	PirateIsland   = Rect{17, 2, 19, 5}
)

// The bays of FR9: sea squares with names. Cliff Creek is the spec's
// "Cliff Bay" too.
var (
	MudBay     = Point{1, 1}
	AnchorBay  = Point{20, 1}
	CliffCreek = Point{20, 20}
)

func isLand(p Point) bool {
	return TreasureIsland.has(p) || FlatIsland.has(p) || PirateIsland.has(p)
}

// isSea reports whether p is on the board and not land.
func isSea(p Point) bool { return p.onBoard() && !isLand(p) }

// PortInfo describes one of the six ports of FR9.
type PortInfo struct {
	Name string
	At   Point
	// Home is true for the four ports that can be a captain's home.
	Home bool
	// Out is the facing a ship gets when set in this port: towards open
	// sea. In port the facing does not limit a move.
	Out Dir
}

// Ports are the six ports. Their order is the port index used throughout
// the package, and the first four are the home ports in turn order (FR11:
// London, Genoa, Marseilles, Cadiz).
var Ports = [6]PortInfo{
	{"London", Point{1, 14}, true, E},
	{"Genoa", Point{7, 1}, true, N},
	{"Marseilles", Point{20, 7}, true, W},
	{"Cadiz", Point{14, 20}, true, S},
	{"Venice", Point{1, 7}, false, E},
	{"Amsterdam", Point{20, 14}, false, W},
}

const numPorts = len(Ports)

// portAt returns the index of the port at p, or -1.
func portAt(p Point) int {
	for i, pt := range Ports {
		if pt.At == p {
			return i
		}
	}
	return -1
}

func portIndex(name string) int {
	for i, pt := range Ports {
		if strings.EqualFold(pt.Name, name) {
			return i
		}
	}
	return -1
}

// canMove reports whether a ship at p facing d could move at least one
// square: the next square is on the board and is sea.
func canMove(p Point, d Dir) bool { return isSea(p.add(d, 1)) }

// ray lists the squares a ship at p may sail through facing d, nearest
// first, at most k of them: it stops before the edge of the board or an
// island.
func ray(p Point, d Dir, k int) []Point {
	var out []Point
	for i := 1; i <= k; i++ {
		q := p.add(d, i)
		if !isSea(q) {
			break
		}
		out = append(out, q)
	}
	return out
}

// seaDistances returns, for every square, the fewest king steps through
// sea squares from p (-1 where unreachable). Card 7 measures "nearest ship"
// with it.
func seaDistances(p Point) [Size + 1][Size + 1]int {
	var d [Size + 1][Size + 1]int
	for x := range d {
		for y := range d[x] {
			d[x][y] = -1
		}
	}
	d[p.X][p.Y] = 0
	queue := []Point{p}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for dir := N; dir <= NW; dir++ {
			r := q.add(dir, 1)
			if isSea(r) && d[r.X][r.Y] < 0 {
				d[r.X][r.Y] = d[q.X][q.Y] + 1
				queue = append(queue, r)
			}
		}
	}
	return d
}
