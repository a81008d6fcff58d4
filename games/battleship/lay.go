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

// shipKinds lists the fleet, longest first, as View.Ships. Every view
// shares it (bots ask for many views), and nothing changes it.
var shipKinds = func() []ShipKind {
	out := make([]ShipKind, numShips)
	for k, s := range Fleet {
		out[k] = ShipKind{Name: s.Name, Len: s.Len, Mark: shipMarks[k]}
	}
	return out
}()

// keepOffTouching and keepOffApart are View.KeepOff, the offsets [rows,
// columns] from each square of a ship where no other ship may lie: the
// square itself when ships may touch, and its eight neighbours too when
// they may not. Shared by every view, like shipKinds.
var (
	keepOffTouching = [][2]int{{0, 0}}
	keepOffApart    = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 0}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
)

func keepOff(touch bool) [][2]int {
	if touch {
		return keepOffTouching
	}
	return keepOffApart
}
