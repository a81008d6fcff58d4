// Package arena plays bots against each other and measures the result, so
// that claims such as "expert beats hard" rest on numbers with an honest
// margin of error rather than on a few games watched by eye.
//
// Bot A takes seat i%n in game i (n seats), so with two seats A moves first
// in every other game and neither bot profits from the first move; B takes
// every other seat. Each game has its own seed, drawn from the base seed, so
// a run is repeatable game by game whatever the number of workers.
package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/parlor-games/parlor/game"
)

// MaxMoves bounds one game, so that a pair of bots that never finish is
// reported instead of running forever.
const MaxMoves = 100000

// Config is one arena run.
type Config struct {
	Game     *game.Definition
	Options  json.RawMessage // nil: the game's defaults
	A, B     string          // bot levels
	Games    int
	Parallel int           // workers; 0 means runtime.NumCPU()
	Budget   time.Duration // per move; 0 means one second
	Seed     uint64
}

// Game is the result of one game.
type Game struct {
	Index   int
	Seed    uint64
	SeatA   game.Seat
	Seats   int // at the table; A sits in seat Index%Seats
	Winners []game.Seat
	Reason  string // the Outcome's, such as a turn limit reached
	Scores  []int
	Moves   [2]int           // moves made by A and by B
	Time    [2]time.Duration // time A and B spent choosing
	// Cut counts the moves of A and of B whose search the runaway time
	// limit stopped (game.Runaway): those alone may differ from one run
	// to the next, since every bot decides by its budget of work.
	Cut [2]int
}

// Result is a whole run. A tie counts as half a win for each bot in the
// score rate and in its interval.
type Result struct {
	Games       int
	AWins       int
	BWins       int
	Ties        int
	Moves       [2]int           // total moves by A and by B
	Time        [2]time.Duration // total thinking time of A and of B
	Cut         [2]int           // moves cut short by the runaway limit (Game.Cut)
	PerGame     []Game           // in game order
	WallTime    time.Duration
	Parallelism int
}

// ScoreRate is A's points per game: a win is 1, a tie 1/2.
func (r Result) ScoreRate() float64 {
	if r.Games == 0 {
		return 0
	}
	return (float64(r.AWins) + float64(r.Ties)/2) / float64(r.Games)
}

// Interval is the 95% Wilson score interval for A's score rate.
func (r Result) Interval() (lo, hi float64) {
	return Wilson(float64(r.AWins)+float64(r.Ties)/2, r.Games, 1.959964)
}

// MovesPerGame is the mean number of moves bot b (0 for A, 1 for B) made
// per game.
func (r Result) MovesPerGame(b int) float64 {
	if r.Games == 0 {
		return 0
	}
	return float64(r.Moves[b]) / float64(r.Games)
}

// TimePerMove is bot b's mean thinking time per move.
func (r Result) TimePerMove(b int) time.Duration {
	if r.Moves[b] == 0 {
		return 0
	}
	return r.Time[b] / time.Duration(r.Moves[b])
}

// Wilson is the Wilson score interval for a proportion of successes out of
// n trials at normal quantile z (1.96 for 95%). Unlike the plain normal
// interval it stays inside [0, 1] and behaves at rates near 0 or 1, which
// is exactly where a strong bot against a weak one lands.
func Wilson(successes float64, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := successes / nf
	z2 := z * z
	den := 1 + z2/nf
	mid := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// Run plays cfg.Games games on cfg.Parallel workers. It stops at the first
// error (a bot that fails or chooses an illegal move is a bug worth seeing)
// or when ctx ends.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if cfg.Game == nil {
		return Result{}, errors.New("arena: no game")
	}
	if cfg.Games <= 0 {
		return Result{}, errors.New("arena: the number of games must be positive")
	}
	rng := game.NewRand(0)
	for _, level := range []string{cfg.A, cfg.B} {
		if _, err := cfg.Game.ArenaBot(level, rng); err != nil {
			return Result{}, err
		}
	}
	if _, err := cfg.Game.New(cfg.Options, game.NewRand(cfg.Seed)); err != nil {
		return Result{}, err
	}
	workers := cfg.Parallel
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, cfg.Games)
	if cfg.Budget <= 0 {
		cfg.Budget = time.Second
	}

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	type job struct {
		index int
		seed  uint64
	}
	jobs := make(chan job)
	games := make([]Game, cfg.Games)
	var wg sync.WaitGroup
	began := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				g, err := playOne(ctx, cfg, j.index, j.seed)
				if err != nil {
					cancel(err)
					continue
				}
				games[j.index] = g
			}
		}()
	}
	seeds := game.NewRand(cfg.Seed)
feed:
	for i := range cfg.Games {
		select {
		case jobs <- job{i, seeds.Uint64()}:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return Result{}, err
	}
	res := Result{Games: cfg.Games, PerGame: games, WallTime: time.Since(began), Parallelism: workers}
	for _, g := range games {
		switch tally(g) {
		case 1:
			res.AWins++
		case -1:
			res.BWins++
		default:
			res.Ties++
		}
		for b := range 2 {
			res.Moves[b] += g.Moves[b]
			res.Time[b] += g.Time[b]
			res.Cut[b] += g.Cut[b]
		}
	}
	return res, nil
}

// tally is +1 when A alone holds first place, -1 when only B's seats do,
// and 0 for a tie (first place shared between A and B, or nobody winning).
func tally(g Game) int {
	a := slices.Contains(g.Winners, g.SeatA)
	b := slices.ContainsFunc(g.Winners, func(s game.Seat) bool { return s != g.SeatA })
	switch {
	case a && !b:
		return 1
	case b && !a:
		return -1
	}
	return 0
}

// playOne plays game index with its own seed: A in seat index%n, B in the
// rest, each seat's bot asked in turn, every owing seat asked when a turn
// lists several.
func playOne(ctx context.Context, cfg Config, index int, seed uint64) (Game, error) {
	rng := game.NewRand(seed)
	st, err := cfg.Game.New(cfg.Options, rng)
	if err != nil {
		return Game{}, err
	}
	n := st.Seats()
	g := Game{Index: index, Seed: seed, SeatA: game.Seat(index % n), Seats: n}
	bots := make([]game.Bot, n)
	botRng := game.NewRand(seed ^ 0xa0761d6478bd642f)
	for s := range n {
		level := cfg.B
		if game.Seat(s) == g.SeatA {
			level = cfg.A
		}
		if bots[s], err = cfg.Game.ArenaBot(level, botRng.Split()); err != nil {
			return Game{}, err
		}
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("game %d (seed %d, A in seat %d): %s", index+1, seed, g.SeatA, fmt.Sprintf(format, args...))
	}
	moves := 0
	for len(st.Turn()) > 0 {
		for _, seat := range st.Turn() {
			if !game.OwesMove(st, seat) {
				continue // an earlier move of this turn settled it
			}
			if err := context.Cause(ctx); err != nil {
				return Game{}, err
			}
			who := 1
			if seat == g.SeatA {
				who = 0
			}
			// The budget is work, the same on a busy machine as on an
			// idle one, so a run repeats exactly; the clock only
			// measures, and stops a runaway search.
			began := time.Now()
			m, cut, err := game.ChooseWithin(ctx, bots[seat], st.Clone(), seat, cfg.Budget)
			g.Time[who] += time.Since(began)
			if cut {
				g.Cut[who]++
			}
			if err != nil {
				if ctx.Err() != nil {
					return Game{}, context.Cause(ctx)
				}
				return Game{}, fail("bot in seat %d: %v", seat, err)
			}
			if _, err := st.Apply(seat, m); err != nil {
				return Game{}, fail("bot in seat %d chose %s: %v", seat, m, err)
			}
			g.Moves[who]++
			if moves++; moves > MaxMoves {
				return Game{}, fail("no end after %d moves", MaxMoves)
			}
		}
	}
	o := st.Outcome()
	if o == nil {
		return Game{}, fail("no seat owes a move but there is no outcome")
	}
	g.Winners, g.Reason = o.Winners, o.Reason
	g.Scores = st.Scores()
	return g, nil
}

// Summary describes a sample of counts, such as the shots a hunt for a
// hidden fleet takes.
type Summary struct {
	N         int
	Mean      float64
	StdDev    float64 // sample standard deviation
	Low, High float64 // 95% confidence interval of the mean
	Median    float64
	P99       float64 // nearest-rank 99th percentile
	Min, Max  int
}

// Summarize computes a Summary. The interval of the mean uses the normal
// approximation (mean ± 1.96 standard errors), sound for the thousands of
// samples this is meant for. Percentiles are nearest-rank.
func Summarize(xs []int) Summary {
	s := Summary{N: len(xs)}
	if len(xs) == 0 {
		return s
	}
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	sum := 0.0
	for _, x := range sorted {
		sum += float64(x)
	}
	s.Mean = sum / float64(len(xs))
	if len(xs) > 1 {
		ss := 0.0
		for _, x := range sorted {
			d := float64(x) - s.Mean
			ss += d * d
		}
		s.StdDev = math.Sqrt(ss / float64(len(xs)-1))
	}
	half := 1.959964 * s.StdDev / math.Sqrt(float64(len(xs)))
	s.Low, s.High = s.Mean-half, s.Mean+half
	mid := len(sorted) / 2
	if len(sorted)%2 == 1 {
		s.Median = float64(sorted[mid])
	} else {
		s.Median = float64(sorted[mid-1]+sorted[mid]) / 2
	}
	s.P99 = float64(sorted[rank(0.99, len(sorted))])
	s.Min, s.Max = sorted[0], sorted[len(sorted)-1]
	return s
}

// rank is the 0-based index of the nearest-rank p-th percentile of n values.
func rank(p float64, n int) int {
	r := int(math.Ceil(p*float64(n))) - 1
	return max(0, min(n-1, r))
}
