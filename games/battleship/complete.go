package battleship

import (
	"github.com/parlor-games/parlor/game"
)

// CompleteFleet lays at random the ships that laid lacks, around those
// laid, which stay where they are: a client where a player laid some
// ships by hand and asks for the rest at random (the terminal's `a`)
// keeps the player's work. The ships are placed one by one, largest
// first, each at a position drawn among those free, and all of them are
// drawn again when the first leave no room for the last; laid ships that
// leave no room at all (possible without touching) are refused with a
// sentence. The result is in Fleet order.
func CompleteFleet(rng *game.Rand, laid []Placement, touch bool) ([]Placement, error) {
	if err := CheckPartialFleet(laid, touch); err != nil {
		return nil, err
	}
	var occ, halo board
	var fleet [numShips]*Placement
	for _, p := range laid {
		k := shipIndex(p.Ship)
		pos := positionOf(Fleet[k].Len, p)
		occ, halo = occ.or(pos.mask), halo.or(pos.halo)
		fleet[k] = &Placement{Ship: Fleet[k].Name, Row: p.Row, Col: p.Col, Dir: p.Dir}
	}
	for range 1000 {
		if out := completeOnce(rng, fleet, occ, halo, touch); out != nil {
			return out, nil
		}
	}
	return nil, game.Illegal("no-room", "the ships laid leave no room for the rest: take one back")
}

// completeOnce makes one attempt at laying the missing ships of fleet on
// a grid where occ is taken and halo touches a ship; nil when a ship
// finds no room.
func completeOnce(rng *game.Rand, fleet [numShips]*Placement, occ, halo board, touch bool) []Placement {
	out := make([]Placement, numShips)
	for k := range numShips {
		if fleet[k] != nil {
			out[k] = *fleet[k]
			continue
		}
		ps := positions[Fleet[k].Len]
		placed := false
		for range 200 {
			p := &ps[rng.IntN(len(ps))]
			if p.mask.and(occ).any() || (!touch && p.mask.and(halo).any()) {
				continue
			}
			occ, halo = occ.or(p.mask), halo.or(p.halo)
			out[k] = Placement{Ship: Fleet[k].Name, Row: p.row, Col: p.col, Dir: p.dir}
			placed = true
			break
		}
		if !placed {
			return nil
		}
	}
	return out
}

// positionOf is the position of a ship of length n laid as p, which
// CheckPartialFleet has found inside the grid.
func positionOf(n int, p Placement) *position {
	for i := range positions[n] {
		if q := &positions[n][i]; q.row == p.Row && q.col == p.Col && q.dir == p.Dir {
			return q
		}
	}
	return &position{}
}
