package buccaneer

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// TestViewSteps: the view names the step, its mover and who owes it, and
// what a pending choice offers.
func TestViewSteps(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","at":[3,5],"facing":"E","hand":["R3","B3"]},{"home":"Cadiz","at":[5,5],"hand":["R2"]}]}`)
	v := s.View(game.Spectator).(View)
	if v.Step.Name != "move" || v.Step.Mover != 0 || v.Step.Owes != 0 {
		t.Fatalf("step %+v", v.Step)
	}
	must(t, s, 0, "sail 8,5")
	v = s.View(game.Spectator).(View)
	if v.Step.Name != "attack?" || v.Step.Mover != 0 || v.Step.Owes != 1 || *v.Step.At != (Point{5, 5}) {
		t.Fatalf("step %+v", v.Step)
	}
	s = drawScenario(t, 14, "[8,10]", "N", `,"hand":["R3"]`, []string{cadiz}, "")
	must(t, s, 0, "face N")
	v = s.View(1).(View)
	if v.Step.Name != "choose" || v.Step.Card != 14 || v.Step.Limit != 7 || v.Step.CrewN != 3 || v.Last.Number != 14 || v.Last.Title == "" {
		t.Fatalf("step %+v last %+v", v.Step, v.Last)
	}
}

// TestViewHidesHandsAndStrength: a seat sees its own hand, others' counts
// and totals only, and nobody's fighting strength.
func TestViewHidesHandsAndStrength(t *testing.T) {
	s := scenario(t, `{"ships":[{"home":"London","hand":["R3","B1"]},{"home":"Cadiz","hand":["B2","B2","R1"]}]}`)
	v := s.View(0).(View)
	if len(v.Players[0].Hand) != 2 || v.Players[1].Hand != nil || v.Players[1].Cards != 3 || v.Players[1].Crew != 5 {
		t.Fatalf("players %+v", v.Players)
	}
	b, _ := json.Marshal(s.View(game.Spectator))
	if strings.Contains(strings.ToLower(string(b)), "strength") || strings.Contains(string(b), `"hand"`) {
		t.Fatalf("spectator view shows hands or strength: %s", b)
	}
}

// TestPrivateCardEvents: cards moving between hands are told in full only
// to the two captains.
func TestPrivateCardEvents(t *testing.T) {
	s := drawScenario(t, 2, "[8,10]", "N", `,"hand":["R3"]`,
		[]string{`{"home":"Genoa","hand":["B3"]}`, `{"home":"Cadiz","hand":["B3","R1","B1","R2"]}`}, "")
	must(t, s, 0, "face N")
	ev := must(t, s, 0, "seat 2")
	var public, private int
	for _, e := range ev {
		if e.Type == "crew" && e.To == nil {
			public++
			if d := e.Data.(CrewData); d.Cards != nil || d.Count != 3 || d.Total != 4 {
				t.Fatalf("public crew event %+v", d)
			}
		}
		if e.Type == "crew-cards" {
			private++
			if !slices.Equal(e.To, []game.Seat{2, 0}) || e.VisibleTo(1) || e.VisibleTo(game.Spectator) {
				t.Fatalf("private event to %v", e.To)
			}
		}
	}
	if public != 1 || private != 1 {
		t.Fatalf("%d public and %d private crew events", public, private)
	}
}
