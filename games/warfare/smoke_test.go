package warfare

import (
	"context"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

func TestSmoke(t *testing.T) {
	for _, n := range IslandNames() {
		is, err := ReadyIsland(n)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d hexes %dx%d", n, is.Size(), is.W, is.H)
	}
	for g := 1; g < 2; g++ {
		st, err := Definition.New(nil, game.NewRand(uint64(g)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		bots := []game.Bot{}
		for _, l := range []string{"hard", "medium"} {
			b, _ := Definition.NewBot(l, game.NewRand(uint64(g)))
			bots = append(bots, b)
		}
		moves := 0
		start := time.Now()
		for s.Outcome() == nil && moves < 600 {
			seat := s.Turn()[0]
			m, err := bots[seat].Choose(context.Background(), s.Clone(), seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatalf("%v: %v", m, err)
			}
			moves++
		}
		t.Logf("game %d: %d hexes, round %d, moves %d, outcome %+v, %v", g, s.isl.Size(), s.round, moves, s.Outcome(), time.Since(start))
	}
}
