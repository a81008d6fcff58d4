package warfare

import (
	"fmt"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// The prices a view shows are what the rules charge: a village with the
// gold a rank's price names recruits it, with a coin less it is refused;
// each level supports ranks up to its Top and no higher; training costs
// what Train says; an upgrade and a watchtower take the wood shown. A
// client words its buttons from these alone, so a wrong figure here is a
// wrong button there.
func TestViewPricesAreWhatTheRulesCharge(t *testing.T) {
	p := scen{Map: []string{"0h 0 0", "~ ~ ~ ~ 1h 1 1"}}.load(t).View(0).(View).Prices
	if p == nil || len(p.Ranks) != 4 || len(p.Levels) != 3 {
		t.Fatalf("prices %+v: want four ranks and three levels", p)
	}
	for i, rp := range p.Ranks {
		if rp.Strength != i+1 {
			t.Fatalf("rank %d is %+v", i+1, rp)
		}
		buy := fmt.Sprintf("buy 0 %s 1", rp.Name)
		poor := scen{Map: []string{"0f 0 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: rp.Gold - 1}}}.load(t)
		refuse(t, poor, buy, "no-gold")
		s := scen{Map: []string{"0f 0 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: rp.Gold}}}.load(t)
		gametest.Play(t, s, game.Seat(s.turn), buy)
		if v := s.View(0).(View); v.Villages[0].Upkeep != rp.Wage {
			t.Errorf("a %s's wage: the view's prices say %d, the village pays %d", rp.Name, rp.Wage, v.Villages[0].Upkeep)
		}
		for j, cost := range rp.Train {
			to := p.Ranks[i+1+j].Name
			letter := rp.Name[:1]
			train := "train 1 " + to
			poor := scen{Map: []string{"0f 0" + letter + " 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: cost - 1}}}.load(t)
			refuse(t, poor, train, "no-gold")
			rich := scen{Map: []string{"0f 0" + letter + " 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: cost}}}.load(t)
			gametest.Play(t, rich, game.Seat(rich.turn), train)
		}
	}
	for _, lp := range p.Levels {
		for i, rp := range p.Ranks {
			s := scen{Map: []string{"0" + lp.Name[:1] + " 0 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 100, Wood: 20}}}.load(t)
			buy := fmt.Sprintf("buy 0 %s 1", rp.Name)
			if i+1 > lp.Top {
				refuse(t, s, buy, "rank-too-high")
			} else {
				gametest.Play(t, s, game.Seat(s.turn), buy)
			}
		}
		s := scen{Map: []string{"0" + lp.Name[:1] + " 0 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Wood: p.TowerWood}}}.load(t)
		if lp.Towers {
			gametest.Play(t, s, game.Seat(s.turn), "tower 0 1")
		} else {
			refuse(t, s, "tower 0 1", "needs-town")
		}
	}
	for _, c := range []struct {
		text string
		wood int
	}{{"upgrade 0", p.UpgradeWood}, {"tower 0 1", p.TowerWood}} {
		s := scen{Map: []string{"0t 0 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Wood: c.wood - 1}}}.load(t)
		refuse(t, s, c.text, "no-wood")
		s = scen{Map: []string{"0t 0 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Wood: c.wood}}}.load(t)
		gametest.Play(t, s, game.Seat(s.turn), c.text)
	}
}
