package dots

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// botGameLog plays a whole game between two bots of a level and returns
// its log.
func botGameLog(b *testing.B, rows, cols int, level string, seed uint64) game.Log {
	b.Helper()
	l := game.Log{Game: "dots", Options: json.RawMessage(fmt.Sprintf(`{"rows":%d,"cols":%d}`, rows, cols))}
	st, err := Definition.New(l.Options, game.NewRand(seed))
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRand(seed)
	var bots [2]game.Bot
	for i := range bots {
		if bots[i], err = Definition.Bot(level, rng.Split()); err != nil {
			b.Fatal(err)
		}
	}
	ctx := game.WithBudget(context.Background(), 20)
	for len(st.Turn()) > 0 {
		seat := st.Turn()[0]
		m, err := bots[seat].Choose(ctx, st, seat)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := st.Apply(seat, m); err != nil {
			b.Fatal(err)
		}
		l.Moves = append(l.Moves, game.Entry{Seat: seat, Move: game.Canonical(m)})
	}
	return l
}

// BenchmarkAnalyze measures the review of whole games between hard bots:
// the time per game and per move, and how many moves the solver valued
// exactly (the rest are the expert's estimates).
func BenchmarkAnalyze(b *testing.B) {
	for _, size := range [][2]int{{4, 4}, {5, 5}, {8, 8}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			l := botGameLog(b, size[0], size[1], "hard", 1)
			steps, final := gametest.ReplaySteps(b, Definition, l)
			b.ResetTimer()
			var a Analysis
			for range b.N {
				got, err := Analyze(context.Background(), steps, final)
				if err != nil {
					b.Fatal(err)
				}
				a = got.(Analysis)
			}
			exact := 0
			for _, r := range a.Moves {
				if r.Source == SourceSolver {
					exact++
				}
			}
			b.ReportMetric(float64(len(a.Moves)), "moves")
			b.ReportMetric(float64(exact), "exact")
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64(len(a.Moves)), "ms/move")
		})
	}
}
