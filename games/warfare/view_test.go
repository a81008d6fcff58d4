package warfare

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// Views: the game has no secrets, so every seat and a spectator see the
// same view, before and after moves, but for the mover's own list of what
// it may do (Legal), which no other seat and no spectator gets.
func TestViewSameForEverySeat(t *testing.T) {
	opts, _ := json.Marshal(map[string]any{"players": 3, "island": "pebble"})
	st, err := Definition.New(opts, game.NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	for step := range 40 {
		spec := st.View(game.Spectator).(View)
		if spec.Legal != nil {
			t.Fatalf("step %d: the spectator's view lists moves", step)
		}
		want, _ := json.Marshal(spec)
		mover := st.Turn()[0]
		for seat := range game.Seat(3) {
			v := st.View(seat).(View)
			if (v.Legal != nil) != (seat == mover) {
				t.Fatalf("step %d: seat %d's view has Legal %v, mover %d", step, seat, v.Legal != nil, mover)
			}
			v.Legal = nil
			got, _ := json.Marshal(v)
			// A replay's view (PlainView) is the view without the offer.
			if plain, _ := json.Marshal(st.(game.PlainViewer).PlainView(seat)); string(plain) != string(got) {
				t.Fatalf("step %d: seat %d's plain view is not its view without the offer", step, seat)
			}
			if string(got) != string(want) {
				t.Fatalf("step %d: seat %d's view differs from the spectator's", step, seat)
			}
		}
		legal := st.Legal(mover)
		if _, err := st.Apply(mover, legal[(step*7)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if Definition.Hidden {
		t.Fatal("the definition claims hidden information")
	}
}

// Application item 1: the village list shows each village's treasury,
// income and wages, and flags one that cannot pay its villagers next
// turn.
func TestViewVillageList(t *testing.T) {
	s := scen{Map: []string{"0h 0m 0* 0i 0", "~ ~ ~ ~ ~ ~ 1h 1 1p"},
		Villages: []ScenarioVillage{{Hex: 0, Gold: 0, Wood: 4}, {Hex: 5, Gold: 9}}}.load(t)
	v := s.View(0).(View)
	if len(v.Villages) != 2 || v.Turn != 0 || v.Round != 1 {
		t.Fatalf("view: %+v", v)
	}
	a, b := v.Villages[0], v.Villages[1]
	if a.Hex != 0 || a.Gold != 0 || a.Wood != 4 || a.Income != 1+2+0+1+1 || a.Upkeep != 6 || !a.Short || a.Units != 1 || a.Size != 5 {
		t.Fatalf("village 0: %+v", a)
	}
	if b.Hex != 5 || b.Income != 3 || b.Upkeep != 2 || b.Short {
		t.Fatalf("village 5: %+v", b)
	}
	h := v.Hexes[3]
	if h.Thing != "infantry" || h.Owner != 0 || h.Region != 0 || v.Hexes[1].Meadow != true {
		t.Fatalf("hex 3: %+v", h)
	}
}
