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

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// runReview prints a game's analysis of a match (the lessons a replay
// shows in the web client, docs/replays.md) as text, in the words of the
// game's own review printer (a move's cost against best play, a shot
// beside the expert's), or as JSON for a game without one. The match comes from a plain save
// file, as the saves screen downloads it, or, with --server, is a
// finished match of that server, whose analysis the server makes.
func runReview(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	fs.SetOutput(stderr)
	step := fs.Int("step", -1, "also show what the analysis holds at this replay step, for a game whose review has more to show there (a map of chances)")
	server := fs.String("server", "", "read the analysis of a finished match from this server (http://host:port); the argument is then the match's id, as in its replay's address /replay/{match}")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: parlor review [flags] SAVEFILE (- reads standard input)\n       parlor review --server URL MATCH\n\nexample: parlor review midgame.json\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		if *server != "" {
			return errors.New("name one match")
		}
		return errors.New("name one save file")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var (
		name  string
		raw   json.RawMessage
		seats []string
		err   error
	)
	if *server != "" {
		name, raw, seats, err = serverReview(ctx, *server, fs.Arg(0))
	} else {
		name, raw, seats, err = fileReview(ctx, fs.Arg(0), stdin)
	}
	if err != nil {
		return err
	}
	who := func(seat int) string {
		if seat < len(seats) && seats[seat] != "" {
			return fmt.Sprintf("Player %d (%s)", seat+1, seats[seat])
		}
		return fmt.Sprintf("Player %d", seat+1)
	}
	def, _ := games.Registry().Lookup(name) // an unknown game's is printed as JSON
	if p, ok := game.Extra[reviewPrinter](def); ok {
		return p.PrintReview(stdout, raw, who, *step)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(raw)
}

// A reviewPrinter is a game's analysis as text: analysis is its JSON
// form, who names a seat, and step, when not negative, asks for what the
// analysis shows at that step of the replay where the game has more to
// show there (a map of chances).
type reviewPrinter interface {
	PrintReview(w io.Writer, analysis json.RawMessage, who func(seat int) string, step int) error
}

// fileReview analyses the match of a plain save file, and returns its
// game's name, the analysis in its JSON form and the seats' names.
func fileReview(ctx context.Context, name string, stdin io.Reader) (string, json.RawMessage, []string, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return "", nil, nil, err
		}
		defer f.Close()
		r = f
	}
	var file struct {
		Log   *game.Log `json:"log"`
		Seats []string  `json:"seats"`
	}
	if err := json.NewDecoder(r).Decode(&file); err != nil {
		return "", nil, nil, fmt.Errorf("not a save file: %v", err)
	}
	if file.Log == nil {
		return "", nil, nil, errors.New("not a plain save file: it has no log (a sealed save of an unfinished game cannot be reviewed)")
	}
	def, err := games.Registry().Lookup(file.Log.Game)
	if err != nil {
		return "", nil, nil, err
	}
	if def.Analyze == nil {
		return "", nil, nil, fmt.Errorf("%s has no review", def.Title)
	}
	steps, final, err := replaySteps(def, *file.Log)
	if err != nil {
		return "", nil, nil, err
	}
	a, err := def.Analyze(ctx, steps, final)
	if err != nil {
		return "", nil, nil, err
	}
	raw, err := json.Marshal(a)
	return def.Name, raw, file.Seats, err
}

// serverReview reads a finished match's analysis from a server, which
// makes it once and keeps it, with its game's name and the seats' names.
func serverReview(ctx context.Context, server, match string) (string, json.RawMessage, []string, error) {
	c, err := client.New(server)
	if err != nil {
		return "", nil, nil, err
	}
	info, err := c.Replay(ctx, match)
	if err != nil {
		return "", nil, nil, err
	}
	raw, err := c.Analysis(ctx, match)
	if err != nil {
		return "", nil, nil, err
	}
	names := make([]string, len(info.Seats))
	for i, seat := range info.Seats {
		names[i] = seat.Name
	}
	return info.Game, raw, names, nil
}

// replaySteps replays a log as a replay numbers its steps, for Analyze.
func replaySteps(def *game.Definition, l game.Log) ([]game.ReplayStep, game.State, error) {
	st, err := def.New(l.Options, game.NewRand(l.Seed))
	if err != nil {
		return nil, nil, err
	}
	steps := []game.ReplayStep{{Seat: game.Spectator, Before: st.Clone()}}
	for i, e := range l.Moves {
		before := st.Clone()
		if e.Decision != "" {
			if _, err := game.ApplyDecision(st, e.Seat, e.Decision); err != nil {
				return nil, nil, fmt.Errorf("step %d: %v", i+1, err)
			}
			steps = append(steps, game.ReplayStep{Seat: e.Seat, Before: before})
			continue
		}
		m, err := st.ParseMove(e.Seat, e.Move)
		if err == nil {
			_, err = st.Apply(e.Seat, m)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("move %d (%s): %v", i+1, e.Move, err)
		}
		steps = append(steps, game.ReplayStep{Seat: e.Seat, Move: m, Before: before})
	}
	return steps, st, nil
}
