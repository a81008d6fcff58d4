package battleship

import (
	"context"
	"testing"

	"github.com/parlor-games/parlor/game/gametest"
)

// BenchmarkAnalyze measures the heat maps of a whole match between hard
// bots: the time per match and per shot, and how many of the maps were
// exact.
func BenchmarkAnalyze(b *testing.B) {
	l := botLog(b, 7)
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
	for _, r := range a.Shots {
		if r.Exact {
			exact++
		}
	}
	b.ReportMetric(float64(len(a.Shots)), "shots")
	b.ReportMetric(float64(exact), "exact")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N)/float64(len(a.Shots)), "ms/shot")
}
