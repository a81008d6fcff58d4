package warfare

import (
	"context"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// playTurn lets b play seat 0's turn to its end, or the game's, and
// returns the moves.
func playTurn(t *testing.T, b game.Bot, s *State) []Move {
	t.Helper()
	var out []Move
	for range maxSteps + 1 {
		if s.over {
			return out
		}
		m, err := b.Choose(context.Background(), s.Clone(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(0, m); err != nil {
			t.Fatalf("hard chose %v: %v", m, err)
		}
		if m.(Move).Kind == End {
			return out
		}
		out = append(out, m.(Move))
	}
	t.Fatal("the turn did not end")
	return nil
}

// Hard spends a treasury that pays the wages for many turns on a soldier
// that takes a guarded enemy hex, but does not hire one that its region
// could not keep paying.
func TestHardSpendsSurplusGold(t *testing.T) {
	board := []string{"0t 0 0 0 1i 1 1 1h", "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"}
	rich := scen{Map: board, Villages: []ScenarioVillage{{Hex: 0, Gold: 1000}, {Hex: 7, Gold: 10}}}.load(t)
	playTurn(t, &bot{level: 2}, rich)
	if rich.cells[4].owner != 0 {
		t.Fatalf("with 1000 gold hard left the enemy infantry's hex alone")
	}
	poor := scen{Map: board, Villages: []ScenarioVillage{{Hex: 0, Gold: 40}, {Hex: 7, Gold: 10}}}.load(t)
	for _, m := range playTurn(t, &bot{level: 2}, poor) {
		if m.Kind == Buy && m.Unit >= Soldier {
			t.Fatalf("with 40 gold and 4 gold of income hard hired a %s", m.Unit)
		}
	}
}
