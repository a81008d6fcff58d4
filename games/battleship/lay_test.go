package battleship

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// clashFromView is the check a client makes from a view alone: p lies
// inside the grid and, around each of its squares by the view's KeepOff,
// no square of another ship laid.
func clashFromView(v *View, laid []Placement, p Placement) bool {
	cells := func(q Placement) [][2]int {
		n := 0
		for _, k := range v.Ships {
			if k.Name == q.Ship {
				n = k.Len
			}
		}
		var out [][2]int
		for i := range n {
			if q.Dir == "h" {
				out = append(out, [2]int{q.Row, q.Col + i})
			} else {
				out = append(out, [2]int{q.Row + i, q.Col})
			}
		}
		return out
	}
	taken := map[[2]int]bool{}
	for _, q := range laid {
		for _, c := range cells(q) {
			taken[c] = true
		}
	}
	for _, c := range cells(p) {
		if c[0] < 0 || c[0] >= v.Size || c[1] < 0 || c[1] >= v.Size {
			return true
		}
		for _, d := range v.KeepOff {
			if taken[[2]int{c[0] + d[0], c[1] + d[1]}] {
				return true
			}
		}
	}
	return false
}

// A client that lays ships from the view's Size, Ships and KeepOff
// refuses exactly the ships the game refuses: out of the grid, on another
// ship, or (ships may not touch) beside one, at an edge or a corner.
func TestViewLaysTheFleetAsTheRulesDo(t *testing.T) {
	rng := game.NewRand(35)
	for _, touch := range []bool{true, false} {
		opt := DefaultOptions()
		opt.Touch = touch
		v := New(opt, game.NewRand(1)).View(0).(*View)
		if len(v.Ships) != numShips || v.Size != Size {
			t.Fatalf("view lays %d ships on a side of %d", len(v.Ships), v.Size)
		}
		for k, s := range v.Ships {
			if s.Name != Fleet[k].Name || s.Len != Fleet[k].Len || len(s.Mark) != 1 {
				t.Fatalf("ship %d in the view: %+v", k, s)
			}
		}
		refused := 0
		for range 4000 {
			laid := RandomFleet(&rng, touch)[:2]
			p := Placement{Ship: Fleet[2+rng.IntN(3)].Name, Row: rng.IntN(Size+2) - 1, Col: rng.IntN(Size+2) - 1, Dir: [2]string{"h", "v"}[rng.IntN(2)]}
			rules := CheckPartialFleet(append(append([]Placement(nil), laid...), p), touch) != nil
			if view := clashFromView(v, laid, p); view != rules {
				t.Fatalf("touch %v: %v beside %v: the view says refused %v, the rules %v", touch, p, laid, view, rules)
			}
			if rules {
				refused++
			}
		}
		if refused == 0 || refused == 4000 {
			t.Fatalf("touch %v: %d of 4000 ships refused: the test met only one kind", touch, refused)
		}
	}
}
