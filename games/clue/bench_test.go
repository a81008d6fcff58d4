package clue

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// BenchmarkNotebook deduces a seat's notebook at the start and after
// some play, for 3 and 6 players.
func BenchmarkNotebook(b *testing.B) {
	for _, players := range []int{3, 6} {
		for _, moves := range []int{0, 60} {
			st, _ := Definition.New(json.RawMessage(fmt.Sprintf(`{"players":%d,"difficulty":"hard"}`, players)), game.NewRand(7))
			s := st.(*State)
			rng := game.NewRand(3)
			for range moves {
				seat := s.Turn()[0]
				var opts []game.Move
				for _, m := range s.Legal(seat) {
					if m.(Move).Kind != VerbAccuse {
						opts = append(opts, m)
					}
				}
				if len(opts) == 0 {
					break
				}
				if _, err := s.Apply(seat, opts[rng.IntN(len(opts))]); err != nil {
					b.Fatal(err)
				}
			}
			b.Run(fmt.Sprintf("players=%d/moves=%d", players, moves), func(b *testing.B) {
				k := s.knowledgeOf(0)
				for b.Loop() {
					deduce(k)
				}
			})
		}
	}
}

// BenchmarkAnalyze studies a whole game of expert bots, 3 and 6 players:
// every seat's notebook after every step that changed what it knew.
func BenchmarkAnalyze(b *testing.B) {
	for _, players := range []int{3, 6} {
		st, err := Definition.New(json.RawMessage(fmt.Sprintf(`{"players":%d}`, players)), game.NewRand(11))
		if err != nil {
			b.Fatal(err)
		}
		r := gametest.Record(b, st)
		if !r.PlayBots(Definition, "expert", 5000) {
			b.Fatal("the bots did not finish the game")
		}
		b.Run(fmt.Sprintf("players=%d/steps=%d", players, len(r.Steps)), func(b *testing.B) {
			for b.Loop() {
				if _, err := Analyze(context.Background(), r.Steps, r.State()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
