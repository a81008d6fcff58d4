package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"github.com/parlor-games/parlor/arena"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// runArena plays two bot levels against each other, or with --shots
// measures how many shots a bot needs to sink a fleet, for a game whose
// bots hunt one (a hunter among its Extras).
func runArena(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("game", "", "the game to play (required)")
	a := fs.String("a", "", "bot level A")
	b := fs.String("b", "", "bot level B")
	n := fs.Int("games", 100, "number of games (with --shots: number of fleets hunted)")
	options := fs.String("options", "", "the game's options as a JSON object, e.g. '{\"rows\":8,\"cols\":8}'")
	ms := fs.Int("ms", 1000, "budget per move, in milliseconds' worth of work: bots count samples, positions or playouts, never the clock, so a run repeats exactly on a busy machine too")
	seed := fs.Uint64("seed", 1, "base seed; game i's seed is derived from it, so a run repeats exactly")
	parallel := fs.Int("parallel", runtime.NumCPU(), "games played at once")
	shots := fs.Bool("shots", false, "count the shots a bot needs to sink a fleet, for a game whose bots hunt one ("+strings.Join(hunters(), ", ")+")")
	level := fs.String("level", "", "with --shots: the hunting bot's level")
	placer := fs.String("placer", "uniform", "with --shots: \"uniform\" (fleets drawn uniformly), \"sequential\" (ship by ship, as most published figures) or the bot level whose placement is used")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: parlor arena --game GAME --a LEVEL --b LEVEL [--games N] [--options JSON] [--ms T] [--seed S] [--parallel P]")
		fmt.Fprintln(stderr, "       parlor arena --game GAME --shots --level LEVEL [--placer uniform|sequential|LEVEL] [--games N] [--seed S]\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	reg := games.Registry()
	if *name == "" {
		return fmt.Errorf("--game is required (games: %s)", strings.Join(reg.Names(), ", "))
	}
	def, err := reg.Lookup(*name)
	if err != nil {
		return err
	}
	if *n <= 0 {
		return fmt.Errorf("--games must be positive, not %d", *n)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	if err := shotsFlagsApart(set, *shots); err != nil {
		return err
	}
	if *shots {
		return runShots(ctx, stdout, def, *level, *placer, *n, *seed)
	}
	if *a == "" || *b == "" {
		return fmt.Errorf("--a and --b name the two bot levels (%s: %s)", def.Name, levels(def))
	}
	if *ms <= 0 {
		return fmt.Errorf("--ms must be positive, not %d", *ms)
	}
	if *parallel <= 0 {
		return fmt.Errorf("--parallel must be positive, not %d", *parallel)
	}
	var opts json.RawMessage
	if strings.TrimSpace(*options) != "" {
		opts = json.RawMessage(*options)
	}
	budget := time.Duration(*ms) * time.Millisecond
	res, err := arena.Run(ctx, arena.Config{
		Game: def, Options: opts, A: *a, B: *b, Games: *n,
		Parallel: *parallel, Budget: budget, Seed: *seed,
	})
	if err != nil {
		return err
	}
	printArena(stdout, def, opts, *a, *b, *ms, *seed, res)
	return nil
}

// shotsFlagsApart refuses the flags of a match between levels with
// --shots, and those of --shots without it; set holds the flags given.
func shotsFlagsApart(set map[string]bool, shots bool) error {
	wrong, why := []string{"level", "placer"}, "applies only with --shots"
	if shots {
		wrong, why = []string{"a", "b", "options", "ms", "parallel"}, "does not apply with --shots"
	}
	for _, f := range wrong {
		if set[f] {
			return fmt.Errorf("--%s %s", f, why)
		}
	}
	return nil
}

// printArena writes the outcome of a run between levels a and b.
func printArena(stdout io.Writer, def *game.Definition, opts json.RawMessage, a, b string, ms int, seed uint64, res arena.Result) {
	shown := "defaults"
	if opts != nil {
		shown = string(opts)
	}
	lo, hi := res.Interval()
	fmt.Fprintf(stdout, "%s (options %s): A = %s, B = %s; %d ms per move, seed %d, %d games at once\n",
		def.Name, shown, a, b, ms, seed, res.Parallelism)
	fmt.Fprintf(stdout, "games          %d (A sits in seat i%%%d of game i)\n", res.Games, seatsOf(res))
	fmt.Fprintf(stdout, "A wins         %d\n", res.AWins)
	fmt.Fprintf(stdout, "B wins         %d\n", res.BWins)
	fmt.Fprintf(stdout, "ties           %d\n", res.Ties)
	fmt.Fprintf(stdout, "A score rate   %.3f  95%% CI [%.3f, %.3f] (Wilson score interval; a tie counts as half a win)\n",
		res.ScoreRate(), lo, hi)
	fmt.Fprintf(stdout, "moves per game A %.1f  B %.1f\n", res.MovesPerGame(0), res.MovesPerGame(1))
	fmt.Fprintf(stdout, "time per move  A %v  B %v\n", res.TimePerMove(0).Round(time.Microsecond), res.TimePerMove(1).Round(time.Microsecond))
	fmt.Fprintf(stdout, "wall time      %v\n", res.WallTime.Round(time.Millisecond))
	if res.Cut[0]+res.Cut[1] > 0 {
		// Every bot decides by a budget of work, so a run repeats
		// exactly, except for moves that the runaway limit cut short.
		fmt.Fprintf(stdout, "cut short      A %d  B %d moves stopped by the time limit; this run may not repeat exactly\n", res.Cut[0], res.Cut[1])
	}
}

// seatsOf is the number of seats in the games played (each game records
// its table, since a game without Scores says nothing of it there).
func seatsOf(r arena.Result) int {
	n := 0
	for _, g := range r.PerGame {
		n = max(n, g.Seats)
	}
	return n
}

func levels(def *game.Definition) string {
	if len(def.BotLevels) == 0 {
		return "no bots"
	}
	if len(def.ArenaBots) > 0 {
		return strings.Join(def.BotLevels, ", ") + "; for the arena only: " + strings.Join(def.ArenaBots, ", ")
	}
	return strings.Join(def.BotLevels, ", ")
}

func runShots(ctx context.Context, stdout io.Writer, def *game.Definition, level, placer string, n int, seed uint64) error {
	h, ok := game.Extra[hunter](def)
	if !ok {
		return fmt.Errorf("--shots is for games whose bots hunt a fleet (%s), not %s", strings.Join(hunters(), ", "), def.Name)
	}
	if level == "" {
		return fmt.Errorf("--shots needs --level (%s)", levels(def))
	}
	if !contains(def.BotLevels, level) {
		return fmt.Errorf("%s has no bot level %q (levels: %s)", def.Title, level, levels(def))
	}
	if placer != "uniform" && placer != "sequential" && !contains(def.BotLevels, placer) {
		return fmt.Errorf("--placer must be \"uniform\", \"sequential\" or a bot level (%s), not %q", levels(def), placer)
	}
	began := time.Now()
	shots, err := h.HuntShots(ctx, level, placer, n, seed)
	if err != nil {
		return err
	}
	if len(shots) != n {
		return errors.New("the hunt stopped early")
	}
	s := arena.Summarize(shots)
	fmt.Fprintf(stdout, "%s: %s hunting fleets placed by %s, seed %d\n", def.Name, level, placer, seed)
	fmt.Fprintf(stdout, "fleets         %d\n", s.N)
	fmt.Fprintf(stdout, "mean shots     %.2f  95%% CI [%.2f, %.2f] (normal approximation)\n", s.Mean, s.Low, s.High)
	fmt.Fprintf(stdout, "median         %g\n", s.Median)
	fmt.Fprintf(stdout, "99th pct       %g\n", s.P99)
	fmt.Fprintf(stdout, "maximum        %d\n", s.Max)
	fmt.Fprintf(stdout, "wall time      %v\n", time.Since(began).Round(time.Millisecond))
	return nil
}

// A hunter is a game whose bots hunt a hidden fleet: HuntShots counts
// the shots a bot of level takes to sink each of n fleets, placed by
// placer ("uniform", "sequential" or a bot level), from seed.
type hunter interface {
	HuntShots(ctx context.Context, level, placer string, n int, seed uint64) ([]int, error)
}

// hunters lists the games that have a hunter.
func hunters() []string {
	var names []string
	for _, d := range games.Registry().List() {
		if _, ok := game.Extra[hunter](d); ok {
			names = append(names, d.Name)
		}
	}
	return names
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
