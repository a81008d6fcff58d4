package tui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/battleship"
	"github.com/parlor-games/parlor/games/warfare"
)

// spectatorBoard is the board of a new match of def as a spectator sees
// it, with Ann and Bob at the table.
func spectatorBoard(t *testing.T, def *game.Definition, newBoard func([]string, styles) board) board {
	t.Helper()
	st, err := def.New(nil, game.NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	v, err := json.Marshal(st.View(game.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	b := newBoard([]string{"Ann", "Bob"}, newStyles(true))
	if err := b.set(v, int(game.Spectator), false); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSpectatorBoardsNamePeople is issue #32's point 4 in the terminal:
// a spectator's Battleship grids are each admiral's fleet by name, where
// they read "Seat 2 fires here", and the Medieval Warfare header tells a
// spectator no seat of theirs, where it said "you are 0".
func TestSpectatorBoardsNamePeople(t *testing.T) {
	out := plain(spectatorBoard(t, battleship.Definition, newBattleship).render(100))
	if !strings.Contains(out, "Ann's fleet") || !strings.Contains(out, "Bob's fleet") || strings.Contains(out, "Seat ") {
		t.Errorf("a spectator's Battleship grids are not named for their admirals:\n%s", out)
	}
	out = plain(spectatorBoard(t, warfare.Definition, newWarfare).render(100))
	if first, _, _ := strings.Cut(out, "\n"); strings.Contains(first, "you are") {
		t.Errorf("a spectator's Medieval Warfare header says %q", first)
	}
}
