package warfare

import (
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// Tests of the package doc's "Decisions", where the spec is silent.

// A villager that joins one which has acted is done too; joining a fresh
// one keeps it free.
func TestDecisionCombinedIsDoneIfJoinedWas(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0p! 0", "~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "1-2")
	if !s.cells[2].done {
		t.Fatal("joining a villager that had acted left the result free")
	}
	refuse(t, s, "2-3", "done")
}

// The upgrade lock does not stop combining or moving villagers.
func TestDecisionLockAllowsCombining(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0p 0", "~ ~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Wood: 8}}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "upgrade 0")
	gametest.Play(t, s, game.Seat(s.turn), "1-2")
	gametest.Play(t, s, game.Seat(s.turn), "2-3")
}

// A working peasant cannot be joined or trained.
func TestDecisionWorkingPeasantStaysAlone(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0p 0", "~ ~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 50}}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "road 2")
	refuse(t, s, "1-2", "busy")
	refuse(t, s, "train 2 infantry", "busy")
}

// A watchtower needs a free hex of the region, a town, 5 wood, and
// removes the meadow under it.
func TestDecisionTowerOnMeadow(t *testing.T) {
	s := scen{Map: []string{"0t 0m 0* 0", "~ ~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Wood: 5}}}.load(t)
	refuse(t, s, "tower 0 2", "occupied")
	refuse(t, s, "tower 0 5", "not-in-region")
	gametest.Play(t, s, game.Seat(s.turn), "tower 0 1")
	if thingAt(s, 1) != "tower" || s.cells[1].ground != 0 || wood(s, 0) != 0 {
		t.Fatal("the tower did not replace the meadow and cost 5 wood")
	}
	refuse(t, s, "tower 0 3", "no-wood")
	h := scen{Map: []string{"0h 0 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Wood: 9}}}.load(t)
	refuse(t, h, "tower 0 1", "needs-town")
}

// Towers on land that turns neutral are removed; the villagers there
// become tombstones.
func TestDecisionNeutralLandLosesTowers(t *testing.T) {
	s := scen{Map: []string{"0h 0 0s 1w 1h 1p", "~ ~ ~ ~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "2-3")
	if thingAt(s, 3) != "soldier" || s.cells[4].owner != Neutral || thingAt(s, 4) != "tree" || thingAt(s, 5) != "tombstone" {
		t.Fatalf("after the cut: %q %q %q", thingAt(s, 3), thingAt(s, 4), thingAt(s, 5))
	}
	s = scen{Map: []string{"0h 0 0s 1 1w 1h 1", "~ ~ ~ ~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "2-3") // 4w 5h 6: three hexes, keeps its village and tower
	if thingAt(s, 4) != "tower" || s.cells[4].owner != 1 {
		t.Fatal("a tower on land that stayed the owner's was removed")
	}
}

// A cut-off part of 3 or more hexes with no hex free of villagers and
// towers cannot take a village and turns neutral.
func TestDecisionNoRoomForVillage(t *testing.T) {
	s := scen{Map: []string{"1 1 1 1h 1 1 1i 1p 1w", "~ ~ ~ ~ ~ 0s 0 0h"}}.load(t)
	// Hex 5 is cut: 6i 7p 8w have no free hex.
	gametest.Play(t, s, game.Seat(s.turn), "9-5")
	for h := 6; h <= 8; h++ {
		if s.cells[h].owner != Neutral {
			t.Fatalf("hex %d still belongs to seat %d", h, s.cells[h].owner)
		}
	}
	if thingAt(s, 6) != "tombstone" || thingAt(s, 8) != "" {
		t.Fatal("the villagers did not die or the tower stayed")
	}
}

// Taking an enemy hex with a tree gives a wood to any villager.
func TestDecisionWoodFromEnemyTree(t *testing.T) {
	s := scen{Map: []string{"0h 0 0i 1* 1 1h"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "2-3")
	if wood(s, 0) != 1 || thingAt(s, 3) != "infantry" {
		t.Fatal("taking an enemy tree gave no wood")
	}
}

// Trees grow onto meadows, which they replace, but never onto roads.
func TestDecisionTreesOnMeadows(t *testing.T) {
	grewOnMeadow := false
	for seed := range 40 {
		s := scen{Map: []string{"0h 0* 0m 0p", "~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
		s.rng = seedRand(seed)
		endTurns(t, s, 2)
		if thingAt(s, 2) == "tree" {
			grewOnMeadow = true
			if s.cells[2].ground != 0 {
				t.Fatal("a meadow survived under a tree")
			}
		}
	}
	if !grewOnMeadow {
		t.Fatal("in 40 rounds no tree grew on the only meadow beside it")
	}
}
