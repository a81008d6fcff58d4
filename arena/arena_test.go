package arena_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/arena"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

func TestPerfectBeatsRandomFromAWinningStart(t *testing.T) {
	// From 9 stones the first mover wins with perfect play; the perfect
	// bot wins every game it starts, and any game where the random bot
	// leaves it a pile that is not a multiple of four.
	cfg := arena.Config{
		Game: gametest.Definition, Options: json.RawMessage(`{"stones":9}`),
		A: "perfect", B: "random", Games: 40, Parallel: 2, Budget: time.Second, Seed: 7,
	}
	res, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 40 || res.AWins+res.BWins+res.Ties != 40 || res.Ties != 0 {
		t.Fatalf("tally: %+v", res)
	}
	for _, g := range res.PerGame {
		if want := game.Seat(g.Index % 2); g.SeatA != want {
			t.Fatalf("game %d: A in seat %d, want %d", g.Index, g.SeatA, want)
		}
		if g.SeatA == 0 && (len(g.Winners) != 1 || g.Winners[0] != 0) {
			t.Fatalf("perfect bot lost a game it started: %+v", g)
		}
	}
	if res.AWins < 20 || res.ScoreRate() < 0.5 {
		t.Fatalf("perfect bot won %d of 40", res.AWins)
	}
	lo, hi := res.Interval()
	if !(lo <= res.ScoreRate() && res.ScoreRate() <= hi) || lo < 0 || hi > 1 {
		t.Fatalf("interval [%v, %v] does not hold the rate %v", lo, hi, res.ScoreRate())
	}
	if res.Moves[0] == 0 || res.Moves[1] == 0 || res.MovesPerGame(0) <= 0 {
		t.Fatalf("moves not counted: %+v", res.Moves)
	}
}

func TestSameSeedSameGamesWhateverTheWorkers(t *testing.T) {
	cfg := arena.Config{Game: gametest.Definition, Options: json.RawMessage(`{"stones":21,"setup":true}`),
		A: "random", B: "random", Games: 30, Seed: 99}
	cfg.Parallel = 1
	one, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Parallel = 3
	three, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range one.PerGame {
		a, b := one.PerGame[i], three.PerGame[i]
		if a.Seed != b.Seed || a.Moves != b.Moves || a.Winners[0] != b.Winners[0] || a.Scores[0] != b.Scores[0] {
			t.Fatalf("game %d differs: %+v vs %+v", i, a, b)
		}
	}
	// The set-up turn owes both seats at once; both bots were asked.
	for _, g := range one.PerGame {
		if g.Moves[0] < 1 || g.Moves[1] < 1 {
			t.Fatalf("a bot was never asked: %+v", g)
		}
	}
	cfg.Seed = 100
	other, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if other.PerGame[0].Seed == one.PerGame[0].Seed {
		t.Fatal("a different base seed gave the same game seeds")
	}
}

func TestErrors(t *testing.T) {
	base := arena.Config{Game: gametest.Definition, A: "perfect", B: "random", Games: 2}
	cases := []struct {
		edit func(*arena.Config)
		want string
	}{
		{func(c *arena.Config) { c.A = "grandmaster" }, `no bot level "grandmaster"`},
		{func(c *arena.Config) { c.Games = 0 }, "must be positive"},
		{func(c *arena.Config) { c.Options = json.RawMessage(`{"pebbles":1}`) }, `unknown option "pebbles"`},
		{func(c *arena.Config) { c.Game = nil }, "no game"},
	}
	for _, c := range cases {
		cfg := base
		c.edit(&cfg)
		if _, err := arena.Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
	bad := *gametest.Definition
	bad.NewBot = func(level string, rng game.Rand) (game.Bot, error) { return cheat{}, nil }
	base.Game = &bad
	if _, err := arena.Run(context.Background(), base); err == nil || !strings.Contains(err.Error(), "chose t4") {
		t.Errorf("illegal bot move: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	base.Game = gametest.Definition
	if _, err := arena.Run(ctx, base); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
}

type cheat struct{}

func (cheat) Choose(context.Context, game.State, game.Seat) (game.Move, error) {
	return gametest.Move{Take: 4}, nil
}

func TestWilson(t *testing.T) {
	// Known values: 8 successes in 10 at z=1.96 is [0.4902, 0.9433].
	lo, hi := arena.Wilson(8, 10, 1.959964)
	if math.Abs(lo-0.4902) > 1e-3 || math.Abs(hi-0.9433) > 1e-3 {
		t.Fatalf("Wilson(8,10) = [%.4f, %.4f]", lo, hi)
	}
	// All successes: the interval still leaves room below 1.
	lo, hi = arena.Wilson(20, 20, 1.959964)
	if hi != 1 || lo >= 1 || lo < 0.8 {
		t.Fatalf("Wilson(20,20) = [%v, %v]", lo, hi)
	}
	if lo, hi := arena.Wilson(0, 0, 1.96); lo != 0 || hi != 1 {
		t.Fatalf("no trials: [%v, %v]", lo, hi)
	}
}

func TestTiesCountHalf(t *testing.T) {
	r := arena.Result{Games: 4, AWins: 1, BWins: 1, Ties: 2}
	if r.ScoreRate() != 0.5 {
		t.Fatalf("score rate %v, want 0.5", r.ScoreRate())
	}
}

func TestSummarize(t *testing.T) {
	xs := make([]int, 0, 200)
	for i := 200; i >= 1; i-- {
		xs = append(xs, i)
	}
	s := arena.Summarize(xs)
	if s.N != 200 || s.Mean != 100.5 || s.Median != 100.5 || s.Max != 200 || s.Min != 1 || s.P99 != 198 {
		t.Fatalf("summary of 1..200: %+v", s)
	}
	if !(s.Low < s.Mean && s.Mean < s.High) || math.Abs((s.High-s.Mean)-1.96*s.StdDev/math.Sqrt(200)) > 1e-3 {
		t.Fatalf("interval of the mean: %+v", s)
	}
	if s := arena.Summarize([]int{5, 1, 3}); s.Median != 3 || s.StdDev != 2 || s.P99 != 5 {
		t.Fatalf("odd sample: %+v", s)
	}
	if s := arena.Summarize(nil); s.N != 0 {
		t.Fatalf("empty: %+v", s)
	}
}
