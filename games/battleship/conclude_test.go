package battleship

import (
	"fmt"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// TestConcludeRevealsBothFleets: the rules decision "the end screen
// reveals the bot's fleet" holds whatever ends the match. A resignation
// after a few shots shows both fleets to both seats and the spectator,
// as a sunk fleet does, and the score is the hits each side scored.
func TestConcludeRevealsBothFleets(t *testing.T) {
	st := placed(t, "")
	gametest.Play(t, st, 0, "J1") // a hit on the carrier
	gametest.Play(t, st, 1, "A1") // a hit on the carrier
	gametest.Play(t, st, 0, "J2") // a hit
	gametest.Play(t, st, 1, "B2") // a miss
	for _, seat := range []game.Seat{0, 1, game.Spectator} {
		v := st.View(seat).(*View)
		for i := range 2 {
			if (v.Fleets[i] != nil) != (game.Seat(i) == seat) {
				t.Fatalf("before the end %s sees fleet %d: %v", who(seat), i, v.Fleets[i])
			}
		}
	}
	evs := game.Conclude(st, game.Outcome{Winners: []game.Seat{0}, Reason: "seat 1 resigned"})
	// The end's event is the rules end's: public, with both fleets and
	// the winner, so a client keeping its board from events reveals too.
	if len(evs) != 1 || evs[0].Type != "over" || evs[0].To != nil {
		t.Fatalf("the events of the end %+v, want one public over", evs)
	}
	if d := evs[0].Data.(OverData); d.Winner != 0 || len(d.Fleets[0]) != numShips || len(d.Fleets[1]) != numShips {
		t.Errorf("the over event %+v, want seat 0 the winner and both fleets", d)
	}
	if got := st.Scores(); !slices.Equal(got, []int{2, 1}) {
		t.Errorf("scores after the resignation %v, want the hits [2 1]", got)
	}
	if o := st.Outcome(); o == nil || !slices.Equal(o.Winners, []game.Seat{0}) || o.Reason != "seat 1 resigned" {
		t.Errorf("outcome %+v, want seat 0 the winner as the match decided", o)
	}
	if len(st.Turn()) != 0 {
		t.Errorf("Turn() after the end = %v", st.Turn())
	}
	for _, seat := range []game.Seat{0, 1, game.Spectator} {
		v := st.View(seat).(*View)
		if v.Phase != "over" || v.Winner == nil || *v.Winner != 0 {
			t.Errorf("%s's view: phase %q winner %v, want over with seat 0", who(seat), v.Phase, v.Winner)
		}
		for i := range 2 {
			if len(v.Fleets[i]) != numShips {
				t.Errorf("after the resignation %s sees %d ships of fleet %d, want all %d", who(seat), len(v.Fleets[i]), i, numShips)
			}
		}
	}
	gametest.Refused(t, st, 0, "J3", "not-your-turn")
}

// TestConcludeForAllHasNoWinner: a game ended for all (a player left)
// reveals both fleets too, and names no winner.
func TestConcludeForAllHasNoWinner(t *testing.T) {
	st := placed(t, "")
	evs := game.Conclude(st, game.Outcome{Winners: []game.Seat{}, Reason: "seat 1 left; the game ends for all"})
	if len(evs) != 1 || evs[0].Data.(OverData).Winner != -1 {
		t.Errorf("the events of the end %+v, want over with winner -1", evs)
	}
	v := st.View(game.Spectator).(*View)
	if v.Winner != nil || len(v.Fleets[0]) != numShips || len(v.Fleets[1]) != numShips {
		t.Errorf("spectator's view %+v: both fleets and no winner", v)
	}
}

func who(seat game.Seat) string {
	if seat == game.Spectator {
		return "the spectator"
	}
	return fmt.Sprintf("seat %d", seat)
}
