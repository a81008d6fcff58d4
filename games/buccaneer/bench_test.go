package buccaneer

import (
	"context"
	"fmt"
	"testing"

	"github.com/parlor-games/parlor/game/gametest"
)

// BenchmarkAnalyze charts a whole game of four hard bots, to a win or
// a turn limit of 400.
func BenchmarkAnalyze(b *testing.B) {
	r := gametest.Record(b, start(b, `{"seats":4,"turns":400}`, 3))
	if !r.PlayBots(Definition, "hard", 200000) {
		b.Fatal("the bots did not finish the game")
	}
	b.Run(fmt.Sprintf("turns=%d/steps=%d", r.State().(*State).turns, len(r.Steps)), func(b *testing.B) {
		for b.Loop() {
			if _, err := Analyze(context.Background(), r.Steps, r.State()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
