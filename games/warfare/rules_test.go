package warfare

import (
	"slices"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// Tests named after the spec's headings. Most positions are one row of
// hexes, where hex ids count tokens from the left and each hex touches
// only its left and right neighbours.

// Turn Overview, 1: tree growth happens at the start of every round but
// the first; each tree picks one random empty or meadow neighbour and
// plants there with probability 1/2; trees with no such neighbour never
// spread.
func TestTreeGrowth(t *testing.T) {
	grown, trials := 0, 0
	for seed := range 200 {
		c := scen{Map: []string{"0h 0 0 - -* - -", "~ ~ ~ ~ ~ ~ ~ ~ 1h 1 1"}}
		s := c.load(t)
		s.rng = game.NewRand(uint64(seed))
		gametest.Play(t, s, game.Seat(s.turn), "end") // seat 1's turn: still round 1, no growth
		if thingAt(s, 5) != "" || thingAt(s, 3) != "" || s.round != 1 {
			t.Fatal("a tree grew in the first round")
		}
		gametest.Play(t, s, game.Seat(s.turn), "end") // round 2 begins with growth
		if s.round != 2 {
			t.Fatalf("round %d, want 2", s.round)
		}
		n := 0
		for h := range s.cells {
			if thingAt(s, h) == "tree" && h != 4 {
				n++
				if h != 3 && h != 5 {
					t.Fatalf("seed %d: a tree grew on hex %d, not next to the tree", seed, h)
				}
			}
		}
		if n > 1 {
			t.Fatalf("seed %d: one tree planted %d trees", seed, n)
		}
		grown += n
		trials++
	}
	// 1/2 of 200 trials: 100 expected; 60..140 is over five standard deviations wide.
	if grown < 60 || grown > 140 {
		t.Fatalf("trees grew in %d of %d rounds, want about half", grown, trials)
	}
	// A tree hemmed in by a road, a villager, a village and sea never spreads.
	for seed := range 50 {
		s := scen{Map: []string{"0= 0* 0p 0h", "~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
		s.rng = game.NewRand(uint64(seed))
		endTurns(t, s, 2)
		for h := range s.cells {
			if thingAt(s, h) == "tree" && h != 1 {
				t.Fatalf("seed %d: a hemmed-in tree spread to hex %d", seed, h)
			}
		}
	}
}

// Tombstone Phase: a tombstone on a player's land becomes a tree at the
// start of that player's next turn, not another's; one on neutral land
// stays.
func TestTombstonePhase(t *testing.T) {
	// Ids: 0:0h 1:0+ 2:0 3:-+, then seat 1's 4:1h 5:1 6:1+ on the far
	// side of the second row (odd rows sit half a hex to the right, so a
	// hex of row two touches the two above it: x and x+1).
	s := scen{Map: []string{"0h 0+ 0 -+", "~ ~ ~ ~ ~ 1h 1 1+"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "end")
	if thingAt(s, 1) != "tombstone" {
		t.Fatal("seat 0's tombstone changed during seat 1's turn")
	}
	if thingAt(s, 6) != "tree" {
		t.Fatal("seat 1's tombstone did not become a tree at the start of its turn")
	}
	gametest.Play(t, s, game.Seat(s.turn), "end")
	if thingAt(s, 1) != "tree" {
		t.Fatal("seat 0's tombstone did not become a tree at the start of its turn")
	}
	if thingAt(s, 3) != "tombstone" {
		t.Fatal("a neutral tombstone changed")
	}
}

// Build Phase and Cultivate Meadow: a meadow appears under a peasant at
// the start of the second turn after it began, and counts in that turn's
// income; the peasant cannot move in between.
func TestBuildPhaseMeadow(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0 0", "~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "meadow 1")
	refuse(t, s, "1-2", "busy")
	endTurns(t, s, 2) // seat 0's next turn
	if s.cells[1].ground&meadow != 0 {
		t.Fatal("meadow appeared after one turn")
	}
	refuse(t, s, "1-2", "busy")
	g := gold(s, 0)
	endTurns(t, s, 2)
	if s.cells[1].ground&meadow == 0 {
		t.Fatal("no meadow after two turns")
	}
	// Income 1+2+1+1 = 5 (village, meadow, two plain), upkeep 2.
	if got := gold(s, 0) - g; got != 5-2 {
		t.Fatalf("gold rose by %d, want 3: the new meadow counts that turn", got)
	}
	gametest.Play(t, s, game.Seat(s.turn), "1-2") // freed
}

// Build Phase and Building a Road: a road appears after one turn.
func TestBuildPhaseRoad(t *testing.T) {
	s := scen{Map: []string{"0h 0pm 0 0", "~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "road 1")
	refuse(t, s, "1-2", "busy")
	endTurns(t, s, 2)
	if s.cells[1].ground != meadow|road {
		t.Fatalf("ground %d, want a road on the meadow", s.cells[1].ground)
	}
	gametest.Play(t, s, game.Seat(s.turn), "1-2")    // freed, it walks on
	gametest.Play(t, s, game.Seat(s.turn), "road 2") // and may start another road where it stands
	refuse(t, s, "2-3", "busy")
}

// Only peasants cultivate and build roads, on suitable land.
func TestCultivateAndRoadNeedPeasant(t *testing.T) {
	s := scen{Map: []string{"0h 0i 0pm 0p=", "~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	refuse(t, s, "meadow 1", "peasants-only")
	refuse(t, s, "road 1", "peasants-only")
	refuse(t, s, "meadow 2", "not-plain")
	refuse(t, s, "meadow 3", "not-plain")
	refuse(t, s, "road 3", "has-road")
	gametest.Play(t, s, game.Seat(s.turn), "road 2")
}

// Income Phase: 1 gold a hex, 2 a meadow, 0 a tree; the village, roads
// and tombstones count 1.
func TestIncomePhase(t *testing.T) {
	s := scen{Map: []string{"1h 1 1", "~ ~ ~ ~ 0h 0* 0= 0m 0+ 0m="}, Turn: 1}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "end")
	// 0h 1, tree 0 (hemmed in by the village and the road, so it cannot
	// spread), road 1, meadow 2, tombstone: a tree first (0), meadow under
	// a road 2.
	if got := gold(s, 3); got != 1+2+0+1+0+2 {
		t.Fatalf("income %d, want 6", got)
	}
}

// Payment Phase: wages are paid after income; a village that cannot pay
// loses all its gold and every villager of its region becomes a
// tombstone. Towers cost nothing.
func TestUpkeepAndStarvation(t *testing.T) {
	c := scen{Map: []string{"1h 1 1", "~ ~ ~ ~ 0h 0p 0i 0w 0"}, Villages: []ScenarioVillage{{Hex: 3, Gold: 3}}, Turn: 1}
	s := c.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "end")
	// Income 4 (village, two villagers' hexes, plain; the tower hex 1) = 5; gold 8 >= 8 wages.
	if got := gold(s, 3); got != 3+5-8 {
		t.Fatalf("gold %d after paying, want 0", got)
	}
	if thingAt(s, 4) != "peasant" || thingAt(s, 5) != "infantry" {
		t.Fatal("villagers died although the village could pay")
	}
	gametest.Play(t, s, game.Seat(s.turn), "end")
	gametest.Play(t, s, game.Seat(s.turn), "end") // seat 0 again: gold 0 + 5 < 8
	if got := gold(s, 3); got != 0 {
		t.Fatalf("gold %d after starving, want 0", got)
	}
	if thingAt(s, 4) != "tombstone" || thingAt(s, 5) != "tombstone" || thingAt(s, 6) != "tower" {
		t.Fatalf("after starving: %q %q %q, want two tombstones and the tower", thingAt(s, 4), thingAt(s, 5), thingAt(s, 6))
	}
}

// Upgrading Villages: a town costs 8 wood, a fort 8 more; nothing more
// can be done with the village on this turn or the next.
func TestUpgradingVillages(t *testing.T) {
	c := scen{Map: []string{"0h 0 0 0p", "~ ~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 100, Wood: 20}}}
	s := c.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "upgrade 0")
	if s.vils[s.cells[0].vil].level != Town || wood(s, 0) != 12 {
		t.Fatal("upgrade to town did not take 8 wood")
	}
	refuse(t, s, "buy 0 peasant 1", "village-locked")
	refuse(t, s, "upgrade 0", "village-locked")
	refuse(t, s, "tower 0 1", "village-locked")
	refuse(t, s, "train 3 infantry", "village-locked")
	endTurns(t, s, 2)
	refuse(t, s, "buy 0 peasant 1", "village-locked")
	endTurns(t, s, 2)
	gametest.Play(t, s, game.Seat(s.turn), "buy 0 soldier 1")
	gametest.Play(t, s, game.Seat(s.turn), "upgrade 0")
	if s.vils[s.cells[0].vil].level != Fort || wood(s, 0) != 4 {
		t.Fatal("upgrade to fort did not take 8 wood")
	}
	endTurns(t, s, 4)
	refuse(t, s, "upgrade 0", "top-level")
	s2 := scen{Map: []string{"0h 0 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Wood: 7}}}.load(t)
	refuse(t, s2, "upgrade 0", "no-wood")
}

// Villagers: a hovel recruits peasants and infantry, a town soldiers, a
// fort knights, at 10 gold a rank.
func TestRecruiting(t *testing.T) {
	for _, c := range []struct {
		level string
		top   Rank
	}{{"h", Infantry}, {"t", Soldier}, {"f", Knight}} {
		s := scen{Map: []string{"0" + c.level + " 0 0 0 0", "~ ~ ~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 100}}}.load(t)
		at := 1
		spent := 0
		for r := Peasant; r <= Knight; r++ {
			text := "buy 0 " + r.String() + " " + string(rune('0'+at))
			if r > c.top {
				refuse(t, s, text, "rank-too-high")
				continue
			}
			gametest.Play(t, s, game.Seat(s.turn), text)
			spent += r.Cost()
			if thingAt(s, at) != r.String() || gold(s, 0) != 100-spent {
				t.Fatalf("%s: buying a %s: %q, gold %d", c.level, r, thingAt(s, at), gold(s, 0))
			}
			at++
		}
	}
	s := scen{Map: []string{"0h 0 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 19}}}.load(t)
	refuse(t, s, "buy 0 infantry 1", "no-gold")
	gametest.Play(t, s, game.Seat(s.turn), "buy 0 peasant 1")
}

// Placing a recruit: on a free hex of the village's region, or on an
// adjacent hex the recruit could invade (which ends its turn).
func TestPlacingRecruit(t *testing.T) {
	c := scen{Map: []string{"0h 0 0 0* - 1 1 1h 1i 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 100}}}
	s := c.load(t)
	refuse(t, s, "buy 0 peasant 3", "occupied")
	refuse(t, s, "buy 0 peasant 0", "occupied")
	refuse(t, s, "buy 0 peasant 5", "not-adjacent")
	gametest.Play(t, s, game.Seat(s.turn), "buy 0 peasant 1")
	gametest.Play(t, s, game.Seat(s.turn), "1-2") // a recruit on its own land may move at once
	gametest.Play(t, s, game.Seat(s.turn), "buy 0 peasant 4")
	if s.cells[4].owner != 0 || !s.cells[4].done {
		t.Fatal("a recruit placed on neutral land did not take it and stop")
	}
	refuse(t, s, "buy 0 peasant 5", "peasant-invade")
	gametest.Play(t, s, game.Seat(s.turn), "buy 0 infantry 5")
	if s.cells[5].owner != 0 {
		t.Fatal("infantry recruit did not invade")
	}
}

// Combining / Upgrading Villagers: two peasants make infantry, peasant +
// infantry a soldier, peasant + soldier or two infantry a knight, never
// above what the region's village supports; training pays the
// difference.
func TestCombining(t *testing.T) {
	for _, c := range []struct {
		a, b, lv string
		want     string
		code     string
	}{
		{"p", "p", "h", "infantry", ""},
		{"p", "i", "h", "", "rank-too-high"},
		{"p", "i", "t", "soldier", ""},
		{"p", "s", "t", "", "rank-too-high"},
		{"p", "s", "f", "knight", ""},
		{"i", "i", "f", "knight", ""},
		{"i", "s", "f", "", "combine-too-strong"},
		{"k", "p", "f", "", "combine-too-strong"},
	} {
		s := scen{Map: []string{"0" + c.lv + " 0" + c.a + " 0" + c.b + " 0", "~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
		if c.code != "" {
			refuse(t, s, "1-2", c.code)
			continue
		}
		gametest.Play(t, s, game.Seat(s.turn), "1-2")
		if thingAt(s, 2) != c.want || thingAt(s, 1) != "" {
			t.Fatalf("%s+%s: got %q on hex 2, %q on hex 1", c.a, c.b, thingAt(s, 2), thingAt(s, 1))
		}
		if !s.cells[2].done {
			gametest.Play(t, s, game.Seat(s.turn), "2-3") // the combined villager moves on
		}
	}
	s := scen{Map: []string{"0t 0p 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 25}}}.load(t)
	refuse(t, s, "train 1 knight", "rank-too-high")
	gametest.Play(t, s, game.Seat(s.turn), "train 1 soldier")
	if thingAt(s, 1) != "soldier" || gold(s, 0) != 5 {
		t.Fatalf("training: %q, gold %d, want soldier and 5", thingAt(s, 1), gold(s, 0))
	}
	refuse(t, s, "train 1 infantry", "not-higher")
}

// Moving Villagers: any number of steps along obstacle-free paths inside
// the region; trees, tombstones, villages, towers and other villagers
// block; other regions are out of reach.
func TestMoving(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0 0* 0 0", "~ ~ ~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "1-2")
	gametest.Play(t, s, game.Seat(s.turn), "2-1")
	gametest.Play(t, s, game.Seat(s.turn), "1-2")
	refuse(t, s, "2-4", "no-path")
	refuse(t, s, "2-0", "occupied")
	refuse(t, s, "2-7", "not-adjacent")
	refuse(t, s, "5-4", "no-villager")
}

// Gathering Wood: a villager (not a knight) entering a tree of its region
// adds 1 wood to the village and stops.
func TestGatherWood(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0 0* 0k 0 0*", "~ ~ ~ ~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "1-3")
	if wood(s, 0) != 1 || thingAt(s, 3) != "peasant" || !s.cells[3].done {
		t.Fatal("gathering did not give a wood and stop the villager")
	}
	refuse(t, s, "3-2", "done")
	refuse(t, s, "4-6", "knight-forest")
}

// Clearing a Tombstone: the villager (not a knight) removes it and stops.
func TestClearTombstone(t *testing.T) {
	s := scen{Map: []string{"0h 0i 0+ 0k 0+", "~ ~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "1-2")
	if thingAt(s, 2) != "infantry" || !s.cells[2].done {
		t.Fatal("clearing did not stop the villager on the hex")
	}
	refuse(t, s, "3-4", "knight-tombstone")
}

// Soldiers and knights trample meadows they cross or stop on, unless a
// road runs through; peasants and infantry do not.
func TestTrampling(t *testing.T) {
	s := scen{Map: []string{"0h 0s 0m 0m= 0m 0i 0m", "~ ~ ~ ~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "1-4")
	if s.cells[2].ground != 0 || s.cells[3].ground != meadow|road || s.cells[4].ground != 0 {
		t.Fatalf("grounds %d %d %d, want trampled, kept under the road, trampled", s.cells[2].ground, s.cells[3].ground, s.cells[4].ground)
	}
	gametest.Play(t, s, game.Seat(s.turn), "5-6")
	if s.cells[6].ground != meadow {
		t.Fatal("infantry trampled a meadow")
	}
	// A trampling villager takes the path that spares meadows.
	s = scen{Map: []string{"0h 0k 0m 0", "~ 0 0 ~ ~ ~ 1h 1 1"}, Villages: nil}.load(t)
	// ids: 0:0h 1:0k 2:0m 3:0 / 4:0 (below 0/1) 5:0 (below 1/2). Row 1 is shifted right.
	gametest.Play(t, s, game.Seat(s.turn), "1-3")
	if s.cells[2].ground != meadow {
		t.Fatal("the knight trampled a meadow it could go around")
	}
	// Training a villager into a soldier on a meadow tramples it.
	s = scen{Map: []string{"0t 0im 0", "~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 10}}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "train 1 soldier")
	if s.cells[1].ground != 0 {
		t.Fatal("a new soldier on a meadow did not trample it")
	}
}

// Invading: a peasant takes only neutral land next to its region, and
// stops; a tree there gives a wood.
func TestInvadingNeutral(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0 -* - 1 1 1h"}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "1-3")
	if s.cells[3].owner != 0 || wood(s, 0) != 1 || !s.cells[3].done {
		t.Fatal("taking a neutral tree did not give land and wood and stop the peasant")
	}
	s = scen{Map: []string{"0h 0 0p 1 1 1h"}}.load(t)
	refuse(t, s, "2-3", "peasant-invade")
}

// Invading: an infantry cannot take land guarded by an enemy of equal or
// greater strength within one hex; a tower guards like infantry, a fort
// like a soldier; an inferior enemy villager on the hex is destroyed.
func TestProtection(t *testing.T) {
	cases := []struct {
		row  string
		from string
		code string
	}{
		{"0h 0 0i 1 1i 1h", "2-3", "protected"}, // guarded by infantry next door
		{"0h 0 0s 1 1i 1h", "2-3", ""},          // a soldier beats it
		{"0h 0 0i 1p 1 1h", "2-3", ""},          // an infantry kills a peasant
		{"0h 0 0i 1i 1 1h", "2-3", "protected"}, // equal on the hex itself
		{"0h 0 0i 1 1w 1h", "2-3", "protected"}, // a tower guards like infantry
		{"0h 0 0s 1 1w 1h", "2-3", ""},          // a soldier destroys it
		{"0h 0 0s 1 1f 1", "2-3", "protected"},  // a fort guards like a soldier
		{"0h 0 0k 1 1f 1", "2-3", ""},           // a knight overcomes it
		{"0h 0 0i 1 1 1i 1h", "2-3", ""},        // a guard two hexes away does not protect
		{"0h 0 0s 1 1 1h 1", "2-5", "not-adjacent"},
	}
	for _, c := range cases {
		s := scen{Map: []string{c.row}}.load(t)
		if c.code != "" {
			refuse(t, s, c.from, c.code)
			continue
		}
		gametest.Play(t, s, game.Seat(s.turn), c.from)
		if s.cells[3].owner != 0 || !s.cells[3].done {
			t.Fatalf("%s %s: not taken", c.row, c.from)
		}
	}
}

// Invading Villages: only soldiers and knights; the village's gold and
// wood go to the invader's village, its hex becomes a meadow, and a new
// empty hovel appears on what is left of the region if it has 3 hexes.
func TestInvadingVillages(t *testing.T) {
	s := scen{Map: []string{"0h 0 0i 1h 1 1 1"}, Villages: []ScenarioVillage{{Hex: 3, Gold: 12, Wood: 3}}}.load(t)
	refuse(t, s, "2-3", "village-needs-soldier")
	s = scen{Map: []string{"0h 0 0s 1h 1 1 1 1p"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 1}, {Hex: 3, Gold: 12, Wood: 3}}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "2-3")
	if gold(s, 0) != 13 || wood(s, 0) != 3 {
		t.Fatalf("loot: gold %d wood %d, want 13 and 3", gold(s, 0), wood(s, 0))
	}
	if s.cells[3].owner != 0 || s.cells[3].ground != meadow || thingAt(s, 3) != "soldier" {
		t.Fatal("the village's hex did not become the invader's meadow")
	}
	nv := -1
	for h := 4; h <= 7; h++ {
		if thingAt(s, h) == "village" {
			nv = h
		}
	}
	if nv < 0 || gold(s, nv) != 0 || wood(s, nv) != 0 || s.vils[s.cells[nv].vil].level != Hovel {
		t.Fatal("no new empty hovel on the rest of the region")
	}
	if nv == 7 {
		t.Fatal("the new hovel replaced a villager")
	}
}

// Invading: when the enemy region falls under 3 hexes its village
// becomes a tree, its resources are lost, and the land turns neutral.
func TestInvasionLeavesSmallRegion(t *testing.T) {
	s := scen{Map: []string{"0h 0 0i 1 1h 1p", "~ ~ ~ ~ ~ ~ ~ ~ 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 4, Gold: 50}}}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "2-3")
	if s.cells[4].owner != Neutral || thingAt(s, 4) != "tree" || s.cells[5].owner != Neutral || thingAt(s, 5) != "tombstone" {
		t.Fatalf("the remnant: owners %d %d, things %q %q", s.cells[4].owner, s.cells[5].owner, thingAt(s, 4), thingAt(s, 5))
	}
	for _, v := range s.vils {
		if v.gold == 50 {
			t.Fatal("the lost village's gold survived")
		}
	}
}

// Merging regions: the higher level survives, then the larger region
// before the move, then the mover's; gold and wood pool; the others
// become meadows.
func TestMergingRegions(t *testing.T) {
	cases := []struct {
		row  string
		move string
		keep int
	}{
		{"0h 0 0p - 0 0 0t", "2-3", 6},   // the town wins
		{"0h 0 0p - 0 0 0 0h", "2-3", 7}, // the larger region wins
		{"0h 0 0p - 0 0 0h", "2-3", 0},   // same size: the mover's
		{"0h 0 0 - 0p 0 0h", "4-3", 6},   // same size: the mover's, from the right
	}
	for _, c := range cases {
		var vs []ScenarioVillage
		for i, tk := range splitTokens(c.row) {
			if tk[len(tk)-1] == 'h' || tk[len(tk)-1] == 't' {
				vs = append(vs, ScenarioVillage{Hex: i, Gold: 10 + i, Wood: i})
			}
		}
		s := scen{Map: []string{c.row, "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ 1h 1 1"}, Villages: vs}.load(t)
		gametest.Play(t, s, game.Seat(s.turn), c.move)
		if thingAt(s, c.keep) != "village" {
			t.Fatalf("%s: the village on %d did not survive", c.row, c.keep)
		}
		for _, v := range vs {
			if v.Hex != c.keep && (thingAt(s, v.Hex) != "" || s.cells[v.Hex].ground != meadow) {
				t.Fatalf("%s: the absorbed village on %d is %q, not a meadow", c.row, v.Hex, thingAt(s, v.Hex))
			}
		}
		wantG, wantW := 0, 0
		for _, v := range vs {
			wantG += v.Gold
			wantW += v.Wood
		}
		if gold(s, c.keep) != wantG || wood(s, c.keep) != wantW {
			t.Fatalf("%s: pooled %d gold %d wood, want %d and %d", c.row, gold(s, c.keep), wood(s, c.keep), wantG, wantW)
		}
	}
}

func splitTokens(row string) []string {
	var out []string
	cur := ""
	for _, r := range row + " " {
		if r == ' ' {
			if cur != "" && cur != "~" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	return out
}

// Splitting a region: the part with the village keeps it and all its
// resources; another part of 3 or more gets a new empty hovel; a part
// under 3 turns neutral.
func TestSplittingRegions(t *testing.T) {
	// Seat 1 holds hexes 0..9 in row one (village on 3, a peasant on 9);
	// seat 0's soldier on 10 sits below hexes 6 and 7.
	m := []string{"1 1 1 1h 1 1 1 1 1 1p", "~ ~ ~ ~ ~ ~ 0s 0 0h"}
	vs := []ScenarioVillage{{Hex: 3, Gold: 40, Wood: 2}}
	s := scen{Map: m, Villages: vs, Turn: 0}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "10-6")
	if thingAt(s, 3) != "village" || gold(s, 3) != 40 || wood(s, 3) != 2 {
		t.Fatal("the part holding the village did not keep it and its resources")
	}
	nv := -1
	for _, h := range []int{7, 8} {
		if thingAt(s, h) == "village" {
			nv = h
		}
	}
	if nv < 0 || gold(s, nv) != 0 || s.cells[nv].owner != 1 || thingAt(s, 9) != "peasant" {
		t.Fatal("the cut-off part of 3 hexes did not get a new empty hovel beside its peasant")
	}
	s = scen{Map: m, Villages: vs}.load(t)
	gametest.Play(t, s, game.Seat(s.turn), "10-7")
	if s.cells[8].owner != Neutral || s.cells[9].owner != Neutral || thingAt(s, 9) != "tombstone" {
		t.Fatal("the cut-off part of 2 hexes did not turn neutral with its peasant dead")
	}
	if gold(s, 3) != 40 {
		t.Fatal("the village's part lost resources")
	}
}

// Elimination and the win: a player without land is out; the last
// player left wins.
func TestEliminationAndWin(t *testing.T) {
	s := scen{Map: []string{"0h 0 0s 1h 1 1 - - 2h 2 2"}, Players: 3}.load(t)
	evs := gametest.Play(t, s, game.Seat(s.turn), "2-3")
	if !s.out[1] || s.over {
		t.Fatal("seat 1 lost its only region but is not out, or the game ended early")
	}
	if !slices.ContainsFunc(evs, func(e game.Event) bool { return e.Type == "eliminated" }) {
		t.Fatal("no eliminated event")
	}
	gametest.Play(t, s, game.Seat(s.turn), "end")
	if s.turn != 2 {
		t.Fatalf("turn went to seat %d, want 2 (seat 1 is out)", s.turn)
	}
}

// Round limit: after the last seat ends round "rounds", the game ends and
// the players with most land share the win.
func TestRoundLimit(t *testing.T) {
	raw := `{"players":2,"rounds":2,"map":["0h 0 0 0 - 1h 1 1"]}`
	st, err := Definition.New([]byte(`{"scenario":`+raw+`}`), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	endTurns(t, s, 3)
	if s.Outcome() != nil {
		t.Fatal("the game ended before the last seat finished the last round")
	}
	evs := gametest.Play(t, s, game.Seat(s.turn), "end")
	o := s.Outcome()
	if o == nil || !slices.Equal(o.Winners, []game.Seat{0}) || len(s.Turn()) != 0 {
		t.Fatalf("outcome %+v, want seat 0 with more land", o)
	}
	if !slices.ContainsFunc(evs, func(e game.Event) bool { return e.Type == "over" }) {
		t.Fatal("no over event")
	}
	if sc := s.Scores(); sc[0] != 4 || sc[1] != 3 {
		t.Fatalf("scores %v, want land 4 and 3", sc)
	}
	// Equal land: both win.
	st, _ = Definition.New([]byte(`{"rounds":1,"scenario":{"players":2,"map":["0h 0 0 - 1h 1 1"]}}`), game.NewRand(1))
	s = st.(*State)
	endTurns(t, s, 2)
	if o := s.Outcome(); o == nil || len(o.Winners) != 2 {
		t.Fatalf("outcome %+v, want a shared win", o)
	}
}

// Scenario: bad positions are refused with a sentence that says why.
func TestScenarioErrors(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{`{"players":1,"map":["0h 0 0"]}`, "players"},
		{`{"players":2,"map":[]}`, "map"},
		{`{"players":2,"map":["0h 0 0 - 1h 1"]}`, "exactly one village"},
		{`{"players":2,"map":["0h 0h 0 - 1h 1 1"]}`, "exactly one village"},
		{`{"players":2,"map":["0h 0 0 - 1h 1 1 -p"]}`, "player's land"},
		{`{"players":2,"map":["0h 0 0 - 1h 1 1 2"]}`, "seat 2"},
		{`{"players":2,"map":["0h 0 0 - 1h 1 1 x"]}`, "owner"},
		{`{"players":2,"map":["0h 0 0 - 1h 1 1q"]}`, "unknown mark"},
		{`{"players":2,"map":["0h 0 0*p - 1h 1 1"]}`, "one thing"},
		{`{"players":2,"map":["0h 0 0sm - 1h 1 1"]}`, "trampled"},
		{`{"players":2,"map":["0h 0 0 - 0h 0 0"]}`, "two seats"},
		{`{"players":2,"turn":1,"map":["0h 0 0 - - 2h 2 2"]}`, "seat 2"},
		{`{"players":2,"map":["0h 0 0 - 1h 1 1"],"villages":[{"hex":1,"gold":3}]}`, "no village"},
		{`{"players":2,"map":["0h 0 0 - 1h 1 1"],"villages":[{"hex":0,"gold":-3}]}`, "gold and wood"},
		{`{"players":2,"map":["0h 0 0 - 1h 1 1"],"work":[{"hex":1,"work":"meadow","left":1}]}`, "no peasant"},
		{`{"players":2,"map":["0h 0p 0 - 1h 1 1"],"work":[{"hex":1,"work":"road","left":2}]}`, "left 1"},
		{`{"players":2,"map":["0h 0 0 - 1h 1 1"],"colour":3}`, `has an unknown field "colour"`},
	} {
		_, err := Definition.New([]byte(`{"scenario":`+c.raw+`}`), game.NewRand(1))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.raw, err, c.want)
		}
	}
}

// The round limit is a house option, off by default: the spec ends the
// game only when one player holds the country, so a table that sets
// nothing plays on past any round (here the 150th, once the default
// limit) until then; the create forms show the option as none.
func TestRoundLimitOffByDefault(t *testing.T) {
	for _, o := range Definition.Options {
		if o.Name == "rounds" && o.Default != 0 {
			t.Fatalf("the round limit's default is %v, want 0 (none)", o.Default)
		}
	}
	if DefaultOptions().Rounds != 0 {
		t.Fatalf("DefaultOptions has a round limit of %d", DefaultOptions().Rounds)
	}
	st, err := Definition.New([]byte(`{"scenario":{"players":2,"round":150,"map":["0h 0 0 0 - 1h 1 1"]}}`), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	endTurns(t, s, 6)
	if o := s.Outcome(); o != nil || s.round < 152 {
		t.Fatalf("with no limit set the game ended or stood still at round %d: %+v", s.round, o)
	}
}
