package dots

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
)

// plainValue is a reference minimax with no pruning rule at all, to check
// the solver's shortcuts (greedy captures, double-dealing candidates,
// symmetries) against.
func plainValue(b *board, memo map[lineSet]int) int {
	if b.left == 0 {
		return 0
	}
	if v, ok := memo[b.drawn]; ok {
		return v
	}
	best := -1 << 30
	b.undrawn(func(l int) {
		c := *b
		k := c.draw(l)
		var v int
		if k > 0 {
			v = k + plainValue(&c, memo)
		} else {
			v = -plainValue(&c, memo)
		}
		best = max(best, v)
	})
	memo[b.drawn] = best
	return best
}

func TestSolverMatchesPlainMinimax(t *testing.T) {
	rng := game.NewRand(12)
	n := 40
	if raceEnabled {
		n = 10
	}
	for _, size := range [][2]int{{3, 3}, {2, 4}, {3, 4}, {2, 6}} {
		for i := 0; i < n; i++ {
			s := randomPosition(t, size[0], size[1], rng.IntN(17), &rng)
			want := plainValue(&s.b, map[lineSet]int{})
			got, m, err := Solve(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%dx%d position with %d lines left: solver %d, plain minimax %d", size[0], size[1], s.b.left, got, want)
			}
			if s.Outcome() == nil {
				if mv := moveValue(t, s, m); mv != want {
					t.Fatalf("solver's best move %v is worth %d, not %d", m, mv, want)
				}
			}
		}
	}
}

func BenchmarkRandomGame8x8(b *testing.B) {
	g := geoms[8][8]
	rng := game.NewRand(1)
	b.ReportAllocs()
	start := time.Now()
	sum := 0
	for i := 0; i < b.N; i++ {
		a, _ := g.randomGame(&rng)
		sum += a
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "games/s")
	if sum < 0 {
		b.Fatal(sum)
	}
}

func BenchmarkSolve3x3Boxes(b *testing.B) {
	s := mustNew(b, 4, 4)
	var nodes int64
	for i := 0; i < b.N; i++ {
		v, _, n, err := SolveStats(context.Background(), s)
		if err != nil || v != -3 {
			b.Fatal(v, err)
		}
		nodes = n
	}
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkExpertMove8x8 times expert moves from mid-game positions (40 to
// 70 lines left, no box on offer) under a one-second budget.
func BenchmarkExpertMove8x8(b *testing.B) {
	rng := game.NewRand(3)
	var pos []*State
	for len(pos) < 20 {
		s := randomMidgame(b, &rng, 40+rng.IntN(31))
		if s != nil {
			pos = append(pos, s)
		}
	}
	bt := bot(b, "expert", 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := pos[i%len(pos)]
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		if _, err := bt.Choose(ctx, s, s.turn); err != nil {
			b.Fatal(err)
		}
		cancel()
	}
}

// randomMidgame draws random safe lines (as reasonable players do early on)
// until left lines remain; nil if the safe lines run out first.
func randomMidgame(t testing.TB, rng *game.Rand, left int) *State {
	s := mustNew(t, 8, 8)
	for s.b.left > left {
		safe := s.b.safeLines()
		if len(safe) == 0 {
			return nil
		}
		s.play(safe[rng.IntN(len(safe))])
	}
	return s
}

// TestSolve5x5Reach is a measurement: PARLOR_DOTS_5X5=seconds tries the
// empty 5x5-dot board (4x4 boxes) and positions with some random safe
// lines already drawn, each within the time given, and logs how far the
// solver gets.
func TestSolve5x5Reach(t *testing.T) {
	spec := os.Getenv("PARLOR_DOTS_5X5")
	if spec == "" {
		t.Skip("set PARLOR_DOTS_5X5=seconds to measure")
	}
	secs, _ := strconv.Atoi(spec)
	rng := game.NewRand(9)
	for _, drawn := range []int{20, 18, 16, 14, 12, 10, 8, 6, 4, 0} {
		for trial := 0; trial < 2; trial++ {
			s := mustNew(t, 5, 5)
			for i := 0; i < drawn; i++ {
				safe := s.b.safeLines()
				if len(safe) == 0 {
					break
				}
				s.play(safe[rng.IntN(len(safe))])
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Duration(secs)*time.Second)
			start := time.Now()
			v, m, nodes, err := SolveStats(ctx, s)
			cancel()
			t.Logf("5x5 dots, %d lines drawn (%d left): value %d move %v, %d nodes, %v, err %v",
				40-s.b.left, s.b.left, v, m, nodes, time.Since(start).Round(time.Millisecond), err)
		}
	}
}

// The fast playout behind BenchmarkRandomGame8x8 must be a real game: fed
// the same random choices, the rules (State.Apply, with extra moves after a
// box) must reach the same final scores. Otherwise the games/s figure
// would measure something other than Dots and Boxes.
func TestRandomGameMatchesRules(t *testing.T) {
	for _, size := range [][2]int{{2, 2}, {3, 5}, {8, 8}, {16, 16}} {
		g := geoms[size[0]][size[1]]
		for seed := uint64(1); seed <= 20; seed++ {
			rng := game.NewRand(seed)
			fast0, fast1 := g.randomGame(&rng)

			// Replay the same draws through the rules.
			s := mustNew(t, size[0], size[1])
			rng = game.NewRand(seed)
			perm := append([]int16(nil), g.order...)
			for i := range perm {
				j := i + rng.IntN(len(perm)-i)
				perm[i], perm[j] = perm[j], perm[i]
				if _, err := s.Apply(s.turn, s.lineMove(int(perm[i]))); err != nil {
					t.Fatalf("%dx%d seed %d move %d: %v", size[0], size[1], seed, i, err)
				}
			}
			if s.Outcome() == nil {
				t.Fatalf("%dx%d seed %d: rules say the game is not over after every line", size[0], size[1], seed)
			}
			if got := s.Scores(); got[0] != fast0 || got[1] != fast1 {
				t.Fatalf("%dx%d seed %d: playout scores %d-%d, rules %d-%d", size[0], size[1], seed, fast0, fast1, got[0], got[1])
			}
		}
	}
}
