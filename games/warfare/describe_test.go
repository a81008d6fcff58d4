package warfare

import (
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// TestDescribeSaysWhatAndWhere is issue #32's point 1 for Medieval
// Warfare: a step of a turn reads as a sentence that names the villager,
// the village and the hexes by their place on the map, and the land
// taken from whom, where the log showed "buy 0 peasant 1".
func TestDescribeSaysWhatAndWhere(t *testing.T) {
	// The scenario's island is ringed by sea: its first land hex is in
	// the grid's second column of the third row.
	s := scen{Map: []string{"0h 0 0s 1 1h 1 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 20}, {Hex: 4, Gold: 0}}}.load(t)
	for _, c := range []struct{ move, want string }{
		{"buy 0 peasant 1", "recruited a peasant at the village in B3 and placed it at C3"},
		{"2-3", "moved a soldier from D3 to E3, taking it from seat 1"},
		{"end", "ended the turn"},
	} {
		if got := gametest.Told(t, s, game.Seat(s.turn), c.move); got != c.want {
			t.Errorf("%s is told %q, want %q", c.move, got, c.want)
		}
	}
}

// TestHexNamesPastTheAlphabet names columns past Z as a map does.
func TestHexNamesPastTheAlphabet(t *testing.T) {
	is := &Island{X: []int16{0, 25, 26, 27, 51, 52}, Y: []int16{0, 1, 2, 3, 4, 5}}
	want := []string{"A1", "Z2", "AA3", "AB4", "AZ5", "BA6"}
	for h, w := range want {
		if got := is.HexName(h); got != w {
			t.Errorf("hex at column %d is named %q, want %q", is.X[h], got, w)
		}
	}
}
