package buccaneer

import (
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// The players' vote: a stalled captain's turn can be passed before the
// ship sails, and the ship stays; once the turn has begun it cannot.
func TestVotePassBeforeSailing(t *testing.T) {
	s := start(t, `{"seats":3}`, 3)
	who := s.who
	if _, err := s.PassTurn((who + 1) % 3); game.ErrorCode(err) != "not-your-turn" {
		t.Fatalf("passing a captain not to move: %v", err)
	}
	before := s.Clone().(*State)
	evs, err := s.PassTurn(who)
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, s)
	if !hasType(evs, "turnpassed") || s.who == who || s.turns != before.turns+1 {
		t.Fatalf("after the pass: who %d turns %d, events %+v", s.who, s.turns, evs)
	}
	if s.players[who].at != before.players[who].at || s.players[who].facing != before.players[who].facing {
		t.Fatal("the passed captain's ship moved")
	}
	// Find a move of the next captain that leaves the turn begun and theirs.
	next := s.who
	for _, m := range s.Legal(next) {
		c := s.Clone().(*State)
		if _, err := c.Apply(next, m); err != nil || c.who != next || c.phase == phMove || c.phase == phOver {
			continue
		}
		keep := c.Clone()
		if _, err := c.PassTurn(next); game.ErrorCode(err) != "turn-begun" {
			t.Fatalf("a pass after %s: %v", m, err)
		}
		if d := gametest.Difference(keep, c); d != "" {
			t.Fatalf("a refused pass changed the game: %s", d)
		}
		return
	}
	t.Fatal("no move of this deal leaves a turn begun: choose another seed")
}
