package buccaneer

import (
	"testing"

	"github.com/parlor-games/parlor/game/gametest"
)

// Tests of the decisions the package doc marks, where the spec is silent.

func TestDecision_TwoShipsInABayCannotBeAttacked(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[1,4],"facing":"S","hand":["R3","R3"]},{"home":"Cadiz","at":[1,1]},{"home":"Genoa","at":[1,1]}]}`)
	got := legalStrings(s, 0)
	if got["sail 1,1"] || !got["sail 1,2"] {
		t.Fatalf("legal %v", got)
	}
	gametest.Refused(t, s, 0, "sail 1,1", "occupied")
}

func TestDecision_FightEndsTheTurnWithoutArrival(t *testing.T) {
	// The fight is by Flat Island, which holds treasure: the winner does
	// not collect it.
	s := scenario(t, `{"ships":[{"home":"London","at":[5,12],"facing":"N","hand":["R3","R3"]},{"home":"Cadiz","at":[5,16],"hand":["B1"]}],
		"flatIsland":{"treasure":["diamond"]}}`)
	must(t, s, 0, "sail 5,16")
	if s.phase != phEscape || s.who != 1 {
		t.Fatalf("step %s", phaseNames[s.phase])
	}
	// The loser escapes into its own home... too far; it sails one square
	// and nothing is asked about ships it passes or collected.
	must(t, s, 1, "sail 5,17")
	must(t, s, 1, "face N")
	if len(s.players[0].hold) != 0 || len(s.players[1].hold) != 0 || s.flat.treasure[Diamond] != 1 {
		t.Fatal("a fight or an escape collected from Flat Island")
	}
	if s.mover() != 1 || s.phase != phMove {
		t.Fatal("the turn did not pass")
	}
}

func TestDecision_EscapeIntoHomeDoesNotUnload(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[3,12],"facing":"NW","hand":["R3","R3"]},{"home":"Cadiz","at":[2,13],"hand":["B1","B1"],"treasure":["gold"]}]}`)
	must(t, s, 0, "sail 2,13")
	if hold(s, 0) != "[gold]" {
		t.Fatalf("spoils %s", hold(s, 0))
	}
	// Seat 1 may not end on seat 0 (on its square already) nor on any
	// ship; London is a port and allowed.
	if !legalStrings(s, 1)["sail 1,14"] {
		t.Fatalf("escape squares %v", legalStrings(s, 1))
	}
}

func TestDecision_EscapeMayNotEndOnAShip(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[5,3],"facing":"N","hand":["R3","R3"]},{"home":"Cadiz","at":[5,5],"hand":["B1"]},{"home":"Genoa","at":[6,6]}]}`)
	must(t, s, 0, "sail 5,5")
	if legalStrings(s, 1)["sail 6,6"] {
		t.Fatal("an escape may end on a ship")
	}
	gametest.Refused(t, s, 1, "sail 6,6", "occupied")
}

func TestDecision_ColourOfEqualCards(t *testing.T) {
	// Card 10 takes the best card: of R3 and B3 it takes the black one,
	// which leaves |4 - 0| = 4 rather than |1 - 3| = 2.
	s := drawScenario(t, 10, "[8,10]", "N", `,"hand":["R3","B3","R1"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	if hand(s, 0) != "[R1 R3]" {
		t.Fatalf("hand %s", hand(s, 0))
	}
	taken, _ := takeCards([]Card{{2, true}, {2, false}, {3, false}}, 1, false)
	if taken[0] != (Card{2, true}) {
		t.Fatalf("of R2 and B2 next to a B3 the red goes, leaving |0-5| = 5 rather than |2-3| = 1; took %v", taken)
	}
}

func TestDecision_Chance01PastTheEdge(t *testing.T) {
	// From the north-west corner the line crosses Flat Island to 1,20;
	// with a ship there, the nearest free sea square to where the line
	// leaves the board.
	s := drawScenario(t, 1, "[8,13]", "N", `,"hand":["R3","B3"]`, []string{`{"home":"Cadiz","at":[1,20]}`}, "")
	must(t, s, 0, "face N")
	if s.players[0].at != (Point{1, 19}) {
		t.Fatalf("blown to %v", s.players[0].at)
	}
}

func TestDecision_SingleOptionIsPlayedForYou(t *testing.T) {
	// Card 2 at a two-seat table: the only other captain is robbed without
	// a question.
	s := drawScenario(t, 2, "[8,10]", "N", `,"hand":["R3"]`, []string{`{"home":"Cadiz","hand":["B1","B2","B3","R1"]}`}, "")
	must(t, s, 0, "face N")
	if s.mover() != 1 || hand(s, 0) != "[R1 B1 B2 R3]" {
		t.Fatalf("mover %d hand %s", s.mover(), hand(s, 0))
	}
}

func TestDecision_UnownedHomePortsAreStocked(t *testing.T) {
	s := start(t, `{"seats":2}`, 3)
	n := 0
	for i := range 4 {
		if s.owner(i) < 0 {
			n++
			if crewTotal(s.ports[i].cards)+s.ports[i].treasure.value() != 8 {
				t.Fatalf("%s not stocked", Ports[i].Name)
			}
		}
	}
	if n != 2 {
		t.Fatalf("%d unowned home ports", n)
	}
}
