package battleship

import (
	"context"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// positionsForBench collects the observations a hard hunter meets while
// sinking a few uniform fleets: a spread of hunting and targeting states.
func positionsForBench() []observation {
	var out []observation
	for i := range 6 {
		rng := game.NewRand(uint64(i) + 77)
		fleet := RandomFleet(&rng, true)
		owner, _ := ValidateFleet(fleet, true)
		tg := newTarget(owner)
		o := newObservation(true)
		for !o.allSunk() {
			out = append(out, o)
			tg.answer(&o, hardHunter{}.shoot(context.Background(), &o, &rng))
		}
	}
	return out
}

func benchShot(b *testing.B, h hunter) {
	obs := positionsForBench()
	rng := game.NewRand(1)
	ctx := context.Background()
	b.ResetTimer()
	start := time.Now()
	for i := 0; b.Loop(); i++ {
		o := obs[i%len(obs)]
		h.shoot(ctx, &o, &rng)
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/shot")
}

// BenchmarkExpertShot times one expert decision over typical positions;
// the target is at most 50 ms on one core.
func BenchmarkExpertShot(b *testing.B) {
	_, h, _ := levelParts("expert")
	benchShot(b, h)
}

// BenchmarkHardShot times one hard decision.
func BenchmarkHardShot(b *testing.B) { benchShot(b, hardHunter{}) }

// BenchmarkEasyShot times one easy decision.
func BenchmarkEasyShot(b *testing.B) { benchShot(b, easyHunter{}) }
