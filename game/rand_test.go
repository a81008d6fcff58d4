package game_test

import (
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
)

func TestRandIsDeterministic(t *testing.T) {
	a, b := game.NewRand(2024), game.NewRand(2024)
	other := game.NewRand(2025)
	same := 0
	for range 1000 {
		x := a.Uint64()
		if x != b.Uint64() {
			t.Fatal("two generators with one seed diverged")
		}
		if x == other.Uint64() {
			same++
		}
	}
	if same > 0 {
		t.Fatalf("seeds 2024 and 2025 drew %d equal values in 1000", same)
	}
	// A copy continues exactly where the original is: this is what lets
	// State.Clone copy a match's generator.
	c := a
	for range 100 {
		if a.IntN(1000) != c.IntN(1000) {
			t.Fatal("a copied generator diverged")
		}
	}
}

func TestIntNRange(t *testing.T) {
	r := game.NewRand(1)
	for _, n := range []int{1, 2, 3, 7, 10, 1000, 1<<31 - 1, 1<<62 + 3} {
		for range 2000 {
			if v := r.IntN(n); v < 0 || v >= n {
				t.Fatalf("IntN(%d) = %d", n, v)
			}
		}
	}
	for _, n := range []int{0, -1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("IntN(%d) did not panic", n)
				}
			}()
			r.IntN(n)
		}()
	}
}

// chiSquare is Pearson's statistic of counts against a uniform expectation.
func chiSquare(counts []int, total int) float64 {
	exp := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		d := float64(c) - exp
		x += d * d / exp
	}
	return x
}

func TestIntNUniform(t *testing.T) {
	// Critical values of chi-square at p = 0.001: a fair generator fails
	// such a test one time in a thousand, and the seeds are fixed, so the
	// test is repeatable; a biased IntN (such as a plain modulo of a
	// narrow source) fails by far.
	crit := map[int]float64{6: 22.46, 9: 27.88, 12: 32.91}
	for _, n := range []int{7, 10, 13} {
		r := game.NewRand(uint64(n) * 977)
		counts := make([]int, n)
		const draws = 130000
		for range draws {
			counts[r.IntN(n)]++
		}
		if x := chiSquare(counts, draws); x > crit[n-1] {
			t.Errorf("IntN(%d): chi-square %.1f over %d draws, counts %v", n, x, draws, counts)
		}
	}
	// A huge range that does not divide 2^64, where a biased reduction
	// would favour small values: they must fall below n/2 half the time.
	r := game.NewRand(5)
	n := 3 << 61
	low := 0
	const draws = 40000
	for range draws {
		if r.IntN(n) < n/2 {
			low++
		}
	}
	if low < draws/2-600 || low > draws/2+600 {
		t.Errorf("IntN(%d): %d of %d draws in the lower half", n, low, draws)
	}
}

func TestFloat64Range(t *testing.T) {
	r := game.NewRand(8)
	sum := 0.0
	for range 10000 {
		f := r.Float64()
		if f < 0 || f >= 1 {
			t.Fatalf("Float64 = %v", f)
		}
		sum += f
	}
	if mean := sum / 10000; mean < 0.48 || mean > 0.52 {
		t.Fatalf("mean of Float64 is %v", mean)
	}
}

func TestShuffleIsUniformPermutation(t *testing.T) {
	r := game.NewRand(77)
	seen := map[[4]int]int{}
	const rounds = 48000
	for range rounds {
		p := [4]int{0, 1, 2, 3}
		r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		s := slices.Clone(p[:])
		slices.Sort(s)
		if !slices.Equal(s, []int{0, 1, 2, 3}) {
			t.Fatalf("Shuffle lost or repeated an element: %v", p)
		}
		seen[p]++
	}
	if len(seen) != 24 {
		t.Fatalf("Shuffle reached %d of the 24 orders of 4 elements", len(seen))
	}
	counts := make([]int, 0, 24)
	for _, c := range seen {
		counts = append(counts, c)
	}
	// chi-square, 23 degrees of freedom, p = 0.001.
	if x := chiSquare(counts, rounds); x > 49.73 {
		t.Fatalf("Shuffle orders not uniform: chi-square %.1f, counts %v", x, seen)
	}
	// Shuffling one or no element calls swap never.
	r.Shuffle(1, func(i, j int) { t.Fatal("swap called for one element") })
	r.Shuffle(0, func(i, j int) { t.Fatal("swap called for no element") })
}

func TestSplit(t *testing.T) {
	r := game.NewRand(3)
	before := r
	s := r.Split()
	if r == before {
		t.Fatal("Split did not advance the parent")
	}
	// The split's draws are not the parent's.
	rr := r
	equal := 0
	for range 100 {
		if s.Uint64() == rr.Uint64() {
			equal++
		}
	}
	if equal > 0 {
		t.Fatalf("split and parent drew %d equal values", equal)
	}
	// Split is itself deterministic.
	x, y := before, before
	if xs, ys := x.Split(), y.Split(); xs.Uint64() != ys.Uint64() {
		t.Fatal("Split from equal generators differs")
	}
}
