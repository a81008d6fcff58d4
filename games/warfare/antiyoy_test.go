package warfare

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// antiyoyMove is the move the Antiyoy opponent chooses for the seat to
// move; it must be one the game's legal move generator lists.
func antiyoyMove(t *testing.T, s *State) Move {
	t.Helper()
	b, err := Definition.ArenaBot(LevelAntiyoy, game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	seat := game.Seat(s.turn)
	gm, err := b.Choose(context.Background(), s.Clone(), seat)
	if err != nil {
		t.Fatal(err)
	}
	m := gm.(Move)
	if !slices.ContainsFunc(s.Legal(seat), func(l game.Move) bool { return l.(Move) == m }) {
		t.Fatalf("the Antiyoy opponent chose %v, which is not a legal move", m)
	}
	return m
}

func wantMove(t *testing.T, got Move, want string) {
	t.Helper()
	if got.String() != want {
		t.Fatalf("the Antiyoy opponent played %q, want %q", got, want)
	}
}

// The opponent is for the arena alone: tables never get it.
func TestAntiyoyArenaOnly(t *testing.T) {
	if _, err := Definition.Bot(LevelAntiyoy, game.NewRand(1)); err == nil {
		t.Fatal("a table can have the Antiyoy opponent")
	}
	if slices.Contains(Definition.BotLevels, LevelAntiyoy) {
		t.Fatal("the Antiyoy opponent is offered as a level")
	}
	if _, err := Definition.ArenaBot(LevelAntiyoy, game.NewRand(1)); err != nil {
		t.Fatal(err)
	}
}

// A region of under 5 hexes buys a peasant, and puts it beside a tree
// of the region.
func TestAntiyoyBuysPeasantBesideTree(t *testing.T) {
	s := scen{Map: []string{"0h 0 0* 0", "~ ~ ~ ~ ~ ~ ~ 1h 1 1"},
		Villages: []ScenarioVillage{{Hex: 0, Gold: 10}}}.load(t)
	wantMove(t, antiyoyMove(t, s), "buy 0 peasant 1")
}

// With no tree, the peasant is bought onto the neutral hex that touches
// most of the region.
func TestAntiyoyBuysPeasantOntoBestNeutralHex(t *testing.T) {
	// Hex 5 (row 1) touches hexes 1 and 2 of the region; hex 4 only 3.
	s := scen{Map: []string{"0h 0 0 0 -", "- - ~ ~ ~ ~ ~ 1h 1 1"},
		Villages: []ScenarioVillage{{Hex: 0, Gold: 10}}}.load(t)
	m := antiyoyMove(t, s)
	if m.Kind != Buy || m.Unit != Peasant || attractive(s, m.To, int(s.regOf[0])) < 2 || s.cells[m.To].owner != Neutral {
		t.Fatalf("bought %v, want a peasant on a neutral hex touching two hexes of the region", m)
	}
}

// Once the region touches no more neutral land than enemy land, and
// peasants crowd it, two free peasants combine.
func TestAntiyoyMergesPeasants(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0p 0p 0p 0p 0p 1 1 1h"}}.load(t)
	m := antiyoyMove(t, s)
	if m.Kind != Go || s.cells[m.From].thing != peasant || s.cells[m.To].thing != peasant {
		t.Fatalf("played %v, want a peasant joining another", m)
	}
	// With fewer than 5 peasants they stay peasants.
	s = scen{Map: []string{"0h 0p 0p 0p 0p 0 0 1 1 1h"}}.load(t)
	if m := antiyoyMove(t, s); m.Kind == Go && s.cells[m.To].thing == peasant {
		t.Fatalf("played %v: combined with only 4 peasants", m)
	}
}

// Attacking, it goes for the enemy region whose border is least
// guarded, though the nearer hex is guarded by a watchtower that its
// soldier could beat.
func TestAntiyoyAttacksWeakest(t *testing.T) {
	// Row 0: 1h 1w 1 | 0s 0 0 0 | 1 1 1h; row 1: our town at hex 10.
	s := scen{Map: []string{"1h 1w 1 0s 0 0 0 1 1 1h", "~ ~ ~ ~ 0t"}}.load(t)
	if canGo(s, 0, 3, 2) != true {
		t.Fatal("the soldier should be able to take the guarded hex too")
	}
	wantMove(t, antiyoyMove(t, s), "3-7")
}

// With no villager to attack with, a rich region recruits one just
// stronger than the guard (infantry at least) onto the enemy hex.
func TestAntiyoyAttacksWithRecruit(t *testing.T) {
	s := scen{Map: []string{"0h 0p! 0p! 0p! 0 1 1 1h"},
		Villages: []ScenarioVillage{{Hex: 0, Gold: 600}}}.load(t)
	wantMove(t, antiyoyMove(t, s), "buy 0 infantry 5")
	// A poor one cannot afford the wage, and does not.
	s = scen{Map: []string{"0h 0p! 0p! 0p! 0 1 1 1h"},
		Villages: []ScenarioVillage{{Hex: 0, Gold: 30}}}.load(t)
	if m := antiyoyMove(t, s); m.Kind == Buy && m.Unit >= Infantry {
		t.Fatalf("played %v with a profit that cannot pay the wage", m)
	}
}

// An enemy villager at the border is killed by the weakest free
// villager strong enough.
func TestAntiyoyDefendsByKilling(t *testing.T) {
	s := scen{Map: []string{"0f 0k 0s 0 1i 1 1h"}}.load(t)
	wantMove(t, antiyoyMove(t, s), "2-4")
}

// When nothing can kill it, a guard is bought beside the hex it
// threatens most, the village: infantry when the region can afford its
// wage, else a peasant.
func TestAntiyoyDefendsByCovering(t *testing.T) {
	// The enemy infantry on hex 4 threatens our hovel on hex 3, and a
	// hovel cannot recruit the soldier that would kill it.
	for _, c := range []struct {
		gold int
		want string
	}{{600, "buy 3 infantry 2"}, {20, "buy 3 peasant 2"}} {
		s := scen{Map: []string{"0 0 0 0h 1i 1 1h"},
			Villages: []ScenarioVillage{{Hex: 3, Gold: c.gold}}}.load(t)
		wantMove(t, antiyoyMove(t, s), c.want)
	}
}

// A free peasant takes the neutral hex that touches most of the region.
func TestAntiyoyExpands(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0 0 - -", "- - - ~ ~ ~ ~ 1h 1 1"}}.load(t)
	m := antiyoyMove(t, s)
	if m.Kind != Go || m.From != 1 || s.cells[m.To].owner != Neutral || attractive(s, m.To, int(s.regOf[0])) < 2 {
		t.Fatalf("played %v, want the peasant on a neutral hex touching two of ours", m)
	}
}

// A free peasant gathers the wood of a tree of its region before
// expanding.
func TestAntiyoyCutsTrees(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0 0* - - -", "~ ~ ~ ~ ~ ~ ~ 1h 1 1"}}.load(t)
	wantMove(t, antiyoyMove(t, s), "1-3")
}

// A region of a town with wood builds a watchtower on its lines, the
// second line first.
func TestAntiyoyBuildsTower(t *testing.T) {
	s := scen{Map: []string{"0t 0 0 0 0 1 1 1h"},
		Villages: []ScenarioVillage{{Hex: 0, Wood: 5}}}.load(t)
	wantMove(t, antiyoyMove(t, s), "tower 0 3")
}

// A villager away from the lines walks to the nearest hex of the first
// line, when it has nothing to take.
func TestAntiyoyWalksToFront(t *testing.T) {
	s := scen{Map: []string{"0h 0i 0 0 0 0 1 1w 1h"}}.load(t)
	wantMove(t, antiyoyMove(t, s), "1-5")
}

// Whole games: every move legal, and the same seed gives the same game.
func TestAntiyoyGamesRepeat(t *testing.T) {
	play := func() []string {
		opts, _ := json.Marshal(map[string]any{"players": 3, "island": "pebble", "rounds": 12})
		st, err := Definition.New(opts, game.NewRand(5))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		bots := []game.Bot{newAntiyoy(), newAntiyoy(), &bot{level: 2, rng: game.NewRand(3)}}
		var moves []string
		for n := 0; s.Outcome() == nil; n++ {
			if n > 100000 {
				t.Fatal("the game does not end")
			}
			seat := s.Turn()[0]
			m, err := bots[seat].Choose(context.Background(), s.Clone(), seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatalf("seat %d chose %v: %v", seat, m, err)
			}
			moves = append(moves, m.(Move).String())
		}
		return moves
	}
	a, b := play(), play()
	if !slices.Equal(a, b) {
		t.Fatal("the same seed gave two different games")
	}
}
