package clue

import (
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestConcludeLaysOutTheCaseFile: requirement 17 ends the game for
// everyone when a player leaves, and a resignation or a vote ends it too;
// however it ends, the case file is laid out for all, as after a right
// accusation, and every hand stays its holder's, as at any end.
func TestConcludeLaysOutTheCaseFile(t *testing.T) {
	s := scenario3(t)
	for _, seat := range []game.Seat{0, 1, 2, game.Spectator} {
		if v := s.View(seat).(*View); v.CaseFile != nil {
			t.Fatalf("before the end seat %d sees the case file %v", seat, v.CaseFile)
		}
	}
	hand1 := slices.Clone(s.hands[1])
	evs := game.Conclude(s, game.Outcome{Winners: []game.Seat{}, Reason: "seat 1 left; the game ends for all"})
	if len(evs) != 1 || evs[0].Type != "over" || evs[0].To != nil || evs[0].Data.(OverData).CaseFile != s.caseFile {
		t.Errorf("the events of the end %+v, want one public over with the case file", evs)
	}
	if o := s.Outcome(); o == nil || len(o.Winners) != 0 {
		t.Fatalf("outcome %+v, want the match's decision", o)
	}
	if len(s.Turn()) != 0 || len(s.Legal(0)) != 0 {
		t.Errorf("after the end Turn() %v and Legal(0) %v", s.Turn(), s.Legal(0))
	}
	for _, seat := range []game.Seat{0, 1, 2, game.Spectator} {
		v := s.View(seat).(*View)
		if !slices.Equal(v.CaseFile, s.caseFile[:]) || v.Phase != "over" {
			t.Errorf("seat %d's view after the end: case file %v, phase %q; want %v, over", seat, v.CaseFile, v.Phase, s.caseFile)
		}
		if v.Winner != nil {
			t.Errorf("seat %d's view names a solver (%d) of a case nobody solved", seat, *v.Winner)
		}
		if seat != 1 && seat >= 0 && slices.Equal(v.Hand, hand1) {
			t.Errorf("seat %d's view shows seat 1's hand", seat)
		}
	}
	if !slices.Equal(s.View(1).(*View).Hand, hand1) {
		t.Errorf("seat 1's own hand is gone after the end")
	}
}
