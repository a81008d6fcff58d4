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
	"strings"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// runSolve builds a position of a game that has an exact solver (the
// empty board, or the board after --moves) and prints its value for the
// seat to move and a best move.
func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	options := fs.String("options", "", "the game's options as a JSON object, e.g. '{\"rows\":4,\"cols\":4}'")
	rows := fs.Int("rows", 0, "shorthand for the option \"rows\"")
	cols := fs.Int("cols", 0, "shorthand for the option \"cols\"")
	moves := fs.String("moves", "", "moves to play first, in notation, separated by commas (\"a1-b1,b2-b3\")")
	seed := fs.Uint64("seed", 0, "the match seed, for games that draw at random")
	ms := fs.Int("ms", 0, "give up after this many milliseconds (0: no limit)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: parlor solve GAME [flags]\n\ngames with an exact solver: %s\n\nexample: parlor solve GAME --rows 3 --cols 3 --moves a1-b1\n\nflags:\n", solvable(games.Registry()))
		fs.PrintDefaults()
	}
	name, rest := "", args
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, rest = args[0], args[1:]
	}
	if err := fs.Parse(rest); err != nil {
		return err
	}
	if name == "" && fs.NArg() > 0 {
		name, rest = fs.Arg(0), fs.Args()[1:]
		if err := fs.Parse(rest); err != nil {
			return err
		}
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	reg := games.Registry()
	if name == "" {
		return fmt.Errorf("name the game to solve: parlor solve GAME (games with a solver: %s)", solvable(reg))
	}
	def, err := reg.Lookup(name)
	if err != nil {
		return err
	}
	if def.Solve == nil {
		return fmt.Errorf("%s has no solver (games with a solver: %s)", def.Title, solvable(reg))
	}
	if *ms < 0 {
		return errors.New("--ms must not be negative")
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	opts, err := mergeOptions(*options, set["rows"], *rows, set["cols"], *cols)
	if err != nil {
		return err
	}
	st, err := def.New(opts, game.NewRand(*seed))
	if err != nil {
		return err
	}
	played, err := playNotation(st, *moves)
	if err != nil {
		return err
	}
	turn := st.Turn()
	if len(turn) == 0 {
		return errors.New("the match is over: nothing to solve")
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *ms > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(*ms)*time.Millisecond)
		defer cancel()
	}
	shown := "defaults"
	if len(opts) > 0 {
		shown = string(opts)
	}
	fmt.Fprintf(stdout, "game: %s, options %s, %d moves played\n", def.Name, shown, played)
	fmt.Fprintf(stdout, "to move: seat %d\n", turn[0])
	return solveAndShow(ctx, def, st, *ms, stdout)
}

// playNotation plays moves, in notation separated by commas, for the
// seats to move in turn, and says how many it played.
func playNotation(st game.State, moves string) (played int, _ error) {
	if strings.TrimSpace(moves) == "" {
		return 0, nil
	}
	for i, text := range strings.Split(moves, ",") {
		text = strings.TrimSpace(text)
		turn := st.Turn()
		if len(turn) == 0 {
			return played, fmt.Errorf("move %d (%s): the match is already over", i+1, text)
		}
		m, err := st.ParseMove(turn[0], []byte(text))
		if err == nil {
			_, err = st.Apply(turn[0], m)
		}
		if err != nil {
			return played, fmt.Errorf("move %d (%s): %v", i+1, text, err)
		}
		played++
	}
	return played, nil
}

// solveAndShow solves st and writes its value, its best move and the time
// the solver took; ms is the limit the context carries, for the message
// when it runs out.
func solveAndShow(ctx context.Context, def *game.Definition, st game.State, ms int, stdout io.Writer) error {
	began := time.Now()
	value, best, err := def.Solve(ctx, st.Clone())
	elapsed := time.Since(began)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("no answer within %d ms: %v", ms, err)
		}
		return err
	}
	fmt.Fprintf(stdout, "value: %d\n", value)
	if w, ok := game.Extra[solvedValue](def); ok {
		fmt.Fprintf(stdout, "  (%s, with perfect play)\n", w.SolvedValue())
	} else {
		fmt.Fprintln(stdout, "  (for the seat to move, with perfect play)")
	}
	if best != nil {
		fmt.Fprintf(stdout, "best move: %s %s\n", best, game.Canonical(best))
	}
	fmt.Fprintf(stdout, "elapsed: %v\n", elapsed.Round(time.Microsecond))
	return nil
}

// A solvedValue says what a game's solved value counts, for the seat to
// move ("margin of the boxes still to be taken, seat to move minus
// opponent").
type solvedValue interface {
	SolvedValue() string
}

// mergeOptions sets "rows" and "cols", when given as flags, in the JSON
// object of --options.
func mergeOptions(raw string, hasRows bool, rows int, hasCols bool, cols int) (json.RawMessage, error) {
	if !hasRows && !hasCols {
		if strings.TrimSpace(raw) == "" {
			return nil, nil
		}
		return json.RawMessage(raw), nil
	}
	m := map[string]json.RawMessage{}
	if strings.TrimSpace(raw) != "" {
		if err := json.Unmarshal([]byte(raw), &m); err != nil || m == nil {
			return nil, errors.New("--options must be a JSON object")
		}
	}
	if hasRows {
		m["rows"] = json.RawMessage(fmt.Sprint(rows))
	}
	if hasCols {
		m["cols"] = json.RawMessage(fmt.Sprint(cols))
	}
	return json.Marshal(m)
}

// solvable lists the games of reg that have an exact solver.
func solvable(reg *game.Registry) string {
	var names []string
	for _, d := range reg.List() {
		if d.Solve != nil {
			names = append(names, d.Name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
