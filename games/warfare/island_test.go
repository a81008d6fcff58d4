package warfare

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// checkIsland: enough land, all connected, none on the grid's edge.
func checkIsland(t *testing.T, is *Island, lo, hi int) {
	t.Helper()
	if n := is.Size(); n < lo || n > hi {
		t.Fatalf("%s: %d land hexes, want %d to %d", is.Name, n, lo, hi)
	}
	seen := make([]bool, is.Size())
	stack := []int{0}
	seen[0] = true
	reached := 0
	for len(stack) > 0 {
		h := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		x, y := int(is.X[h]), int(is.Y[h])
		if x == 0 || y == 0 || x == is.W-1 || y == is.H-1 {
			t.Fatalf("%s: land hex %d on the grid's edge, not ringed by sea", is.Name, h)
		}
		for _, n := range is.nbr[h] {
			if n >= 0 && !seen[n] {
				seen[n] = true
				stack = append(stack, int(n))
			}
		}
	}
	if reached != is.Size() {
		t.Fatalf("%s: only %d of %d land hexes are connected", is.Name, reached, is.Size())
	}
}

// Map: the ready islands hold 300 to 1,000 connected hexes ringed by sea,
// and all differ in size.
func TestReadyIslands(t *testing.T) {
	sizes := map[int]bool{}
	for _, name := range IslandNames() {
		is, err := ReadyIsland(name)
		if err != nil {
			t.Fatal(err)
		}
		checkIsland(t, is, 300, 1000)
		if sizes[is.Size()] {
			t.Fatalf("two ready islands of %d hexes", is.Size())
		}
		sizes[is.Size()] = true
	}
	if len(sizes) < 4 {
		t.Fatalf("%d ready islands, want at least 4", len(sizes))
	}
	if _, err := ReadyIsland("atlantis"); err == nil {
		t.Fatal("an unknown island was built")
	}
}

// Different Islands: a random island comes from a seed; the same seed
// gives the same island, and others differ.
func TestRandomIslands(t *testing.T) {
	for seed := range uint64(20) {
		rng := game.NewRand(seed)
		shape := RandomShape(&rng)
		a, err := Generate("r", seed, shape)
		if err != nil {
			t.Fatal(err)
		}
		checkIsland(t, a, 300, MaxLand)
		b, _ := Generate("r", seed, shape)
		if !reflect.DeepEqual(a, b) {
			t.Fatal("the same seed gave two islands")
		}
		c, _ := Generate("r", seed+1000, shape)
		if reflect.DeepEqual(a.X, c.X) && reflect.DeepEqual(a.Y, c.Y) {
			t.Fatal("two seeds gave the same island")
		}
	}
	if _, err := Generate("r", 1, Shape{Size: 200, Lobes: []Ellipse{{0, 0, 5, 5}}}); err == nil {
		t.Fatal("an island under 300 hexes was generated")
	}
}

// Map: the initial colouring uses players+1 colours; every player region
// has at least 3 hexes and a hovel with 7 gold (the seat to move has
// already earned its first income); about a fifth of the land has trees
// and a tenth meadows.
func TestInitialColouring(t *testing.T) {
	for players := 2; players <= 6; players++ {
		opts, _ := json.Marshal(map[string]any{"players": players, "island": "twins"})
		st, err := Definition.New(opts, game.NewRand(uint64(players)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		colours := map[int8]int{}
		trees, meadows := 0, 0
		for _, c := range s.cells {
			colours[c.owner]++
			if c.thing == tree {
				trees++
			}
			if c.ground&meadow != 0 {
				meadows++
			}
		}
		if len(colours) != players+1 {
			t.Fatalf("%d players: %d colours on the island", players, len(colours))
		}
		n := s.isl.Size()
		if trees > n/5 || trees < n/5-len(s.vils) || meadows > n/10 || meadows < n/10-len(s.vils) {
			t.Fatalf("%d trees and %d meadows on %d hexes", trees, meadows, n)
		}
		for r, rg := range s.regs {
			if rg.size < 3 || rg.vil < 0 {
				t.Fatalf("region %d: %d hexes, village %d", r, rg.size, rg.vil)
			}
			v := s.vils[rg.vil]
			if v.level != Hovel {
				t.Fatal("an initial village is not a hovel")
			}
			if int(rg.owner) != 0 && v.gold != 7 {
				t.Fatalf("seat %d's initial village has %d gold, want 7", rg.owner, v.gold)
			}
		}
		for p := range players {
			if s.out[p] {
				t.Fatalf("seat %d starts without land", p)
			}
		}
	}
}

// Options: bad values are refused with the option named.
func TestOptions(t *testing.T) {
	for _, bad := range []string{`{"players":1}`, `{"players":7}`, `{"island":"atlantis"}`, `{"rounds":-1}`, `{"colour":1}`, `{"scenario":{"players":2}}`} {
		if _, err := Definition.New(json.RawMessage(bad), game.NewRand(1)); err == nil {
			t.Fatalf("%s accepted", bad)
		}
	}
	for _, name := range append(IslandNames(), "random") {
		opts, _ := json.Marshal(map[string]any{"island": name, "players": 3})
		if _, err := Definition.New(opts, game.NewRand(1)); err != nil {
			t.Fatalf("island %s: %v", name, err)
		}
	}
	a, _ := Definition.New(nil, game.NewRand(5))
	b, _ := Definition.New(nil, game.NewRand(5))
	if !reflect.DeepEqual(a.View(0), b.View(0)) {
		t.Fatal("one seed gave two starting positions")
	}
}
