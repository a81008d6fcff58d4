package battleship

import (
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// TestDescribeTellsShotsAndHidesTheFleet is issue #32's point 1 for
// Battleship: a placed fleet is told without a square of it (its words go
// to the other side too), and a shot with the answer both sides hear,
// the sunk ship named (rules: a sinking is announced with the ship).
func TestDescribeTellsShotsAndHidesTheFleet(t *testing.T) {
	st := start(t, "")
	if got := gametest.Told(t, st, 0, westFleet); got != "placed the fleet" {
		t.Errorf("a fleet placed is told %q", got)
	}
	gametest.Told(t, st, 1, eastFleet)
	for _, c := range []struct {
		seat game.Seat
		shot string
		want string
	}{
		{0, "J9", "fired at J9 and hit a ship"},
		{1, "J5", "fired at J5 and missed"},
		{0, "J10", "fired at J10 and sank seat 1's destroyer"},
	} {
		if got := gametest.Told(t, st, c.seat, c.shot); got != c.want {
			t.Errorf("seat %d's shot at %s is told %q, want %q", c.seat, c.shot, got, c.want)
		}
	}
}
