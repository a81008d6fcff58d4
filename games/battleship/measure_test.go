package battleship

import (
	"context"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMeasure prints hunt statistics when BATTLESHIP_MEASURE is set to
// "level,placer,n[,seed]", for example "expert,uniform,10000", and writes
// the raw counts to the file BATTLESHIP_OUT names, if any. It is a
// measurement, not a test: it asserts nothing and is skipped by default.
func TestMeasure(t *testing.T) {
	spec := os.Getenv("BATTLESHIP_MEASURE")
	if spec == "" {
		t.Skip("set BATTLESHIP_MEASURE=level,placer,n[,seed] to measure")
	}
	f := strings.Split(spec, ",")
	if len(f) < 3 {
		t.Fatalf("BATTLESHIP_MEASURE %q: want level,placer,n[,seed]", spec)
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(1)
	if len(f) > 3 {
		if seed, err = strconv.ParseUint(f[3], 10, 64); err != nil {
			t.Fatal(err)
		}
	}
	if v := os.Getenv("BATTLESHIP_SAMPLES"); v != "" {
		if expertSamples, err = strconv.Atoi(v); err != nil {
			t.Fatal(err)
		}
	}
	for name, p := range map[string]*int{"BATTLESHIP_LASTCANDS": &lastCands, "BATTLESHIP_PLAN": &expertPlanShips, "BATTLESHIP_BUDGET": &planBudget} {
		if v := os.Getenv(name); v != "" {
			if *p, err = strconv.Atoi(v); err != nil {
				t.Fatal(err)
			}
		}
	}
	start := time.Now()
	s, err := HuntShots(context.Background(), f[0], f[1], n, seed)
	if err != nil {
		t.Fatal(err)
	}
	if out := os.Getenv("BATTLESHIP_OUT"); out != "" {
		var b strings.Builder
		for _, x := range s {
			b.WriteString(strconv.Itoa(x) + "\n")
		}
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st := summarize(s)
	t.Logf("%s hunting %s fleets: N=%d mean=%.3f (95%% CI ±%.3f) median=%d p99=%d max=%d min=%d in %v",
		f[0], f[1], n, st.mean, st.ci95, st.median, st.p99, st.max, st.min, time.Since(start).Round(time.Second))
}

type stats struct {
	mean, ci95            float64
	median, p99, max, min int
}

func summarize(s []int) stats {
	s = slices.Clone(s)
	slices.Sort(s)
	n := float64(len(s))
	sum, sq := 0.0, 0.0
	for _, x := range s {
		sum += float64(x)
		sq += float64(x) * float64(x)
	}
	mean := sum / n
	sd := math.Sqrt(max(0, sq/n-mean*mean))
	return stats{mean: mean, ci95: 1.96 * sd / math.Sqrt(n), median: s[len(s)/2],
		p99: s[(99*len(s))/100], max: s[len(s)-1], min: s[0]}
}
