package dots

import (
	"context"
	"fmt"
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

// BenchmarkSolve5x5 measures how far the exact solver reaches on 5x5 dots
// (4x4 boxes, 40 lines): positions with 28, 30 and 32 lines left, reached
// by drawing random safe lines (the same positions every run). The empty
// board is out of reach; parlor solve dots --rows 5 --cols 5 --ms N shows
// it giving up.
func BenchmarkSolve5x5(b *testing.B) {
	for _, left := range []int{28, 30, 32} {
		rng := game.NewRand(9)
		s := mustNew(b, 5, 5)
		for s.b.left > left {
			safe := s.b.safeLines()
			if len(safe) == 0 {
				b.Fatalf("no safe line left with %d lines undrawn", s.b.left)
			}
			s.play(safe[rng.IntN(len(safe))])
		}
		b.Run(fmt.Sprintf("left=%d", left), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				_, _, n, err := SolveStats(context.Background(), s)
				if err != nil {
					b.Fatal(err)
				}
				nodes = n
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
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
