package battleship

// What a client needs to lay a fleet ship by ship before sending it,
// carried in every view so that no client keeps a copy of the fleet, the
// grid or the touch rule: a browser lights a ship where it may lie, and
// refuses one where it may not, from these alone.

// ShipKind is one ship of the fleet as a client lays and draws it.
type ShipKind struct {
	Name string `json:"name"`
	Len  int    `json:"len"`
	// Mark is the one letter that marks the ship's squares on a grid.
	Mark string `json:"mark"`
}

// shipMarks are the ships' letters, in Fleet's order: the cruiser takes R
// since the carrier has C.
var shipMarks = [numShips]string{"C", "B", "R", "S", "D"}

// shipKinds lists the fleet, longest first, as View.Ships.
func shipKinds() []ShipKind {
	out := make([]ShipKind, numShips)
	for k, s := range Fleet {
		out[k] = ShipKind{Name: s.Name, Len: s.Len, Mark: shipMarks[k]}
	}
	return out
}

// keepOff lists, as View.KeepOff, the offsets [rows, columns] from each
// square of a ship where no other ship may lie: the square itself when
// ships may touch, and its eight neighbours too when they may not.
func keepOff(touch bool) [][2]int {
	if touch {
		return [][2]int{{0, 0}}
	}
	out := make([][2]int, 0, 9)
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			out = append(out, [2]int{dr, dc})
		}
	}
	return out
}
