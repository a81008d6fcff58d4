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
	"text/tabwriter"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/games/battleship"
	"github.com/parlor-games/parlor/games/dots"
)

// runReview prints a game's analysis of a match (the lessons a replay
// shows in the web client, docs/replays.md) as text: each Dots and Boxes
// move's cost against best play and the turning point, or each
// Battleship shot beside the expert's. The match comes from a plain save
// file, as the saves screen downloads it, or, with --server, is a
// finished match of that server, whose analysis the server makes.
func runReview(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	fs.SetOutput(stderr)
	step := fs.Int("step", -1, "Battleship: also draw the expert's map at this replay step")
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
		a     any
		seats []string
		err   error
	)
	if *server != "" {
		a, seats, err = serverReview(ctx, *server, fs.Arg(0))
	} else {
		a, seats, err = fileReview(ctx, fs.Arg(0), stdin)
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
	switch a := a.(type) {
	case dots.Analysis:
		printDotsReview(stdout, a, who)
	case battleship.Analysis:
		return printHeatReview(stdout, a, who, *step)
	default:
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(a)
	}
	return nil
}

// fileReview analyses the match of a plain save file.
func fileReview(ctx context.Context, name string, stdin io.Reader) (any, []string, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		r = f
	}
	var file struct {
		Log   *game.Log `json:"log"`
		Seats []string  `json:"seats"`
	}
	if err := json.NewDecoder(r).Decode(&file); err != nil {
		return nil, nil, fmt.Errorf("not a save file: %v", err)
	}
	if file.Log == nil {
		return nil, nil, errors.New("not a plain save file: it has no log (a sealed save of an unfinished game cannot be reviewed)")
	}
	def, err := games.Registry().Lookup(file.Log.Game)
	if err != nil {
		return nil, nil, err
	}
	if def.Analyze == nil {
		return nil, nil, fmt.Errorf("%s has no review", def.Title)
	}
	steps, final, err := replaySteps(def, *file.Log)
	if err != nil {
		return nil, nil, err
	}
	a, err := def.Analyze(ctx, steps, final)
	return a, file.Seats, err
}

// serverReview reads a finished match's analysis from a server, which
// makes it once and keeps it.
func serverReview(ctx context.Context, server, match string) (any, []string, error) {
	c, err := client.New(server)
	if err != nil {
		return nil, nil, err
	}
	info, err := c.Replay(ctx, match)
	if err != nil {
		return nil, nil, err
	}
	raw, err := c.Analysis(ctx, match)
	if err != nil {
		return nil, nil, err
	}
	var a any
	switch info.Game {
	case "dots":
		var d dots.Analysis
		err = json.Unmarshal(raw, &d)
		a = d
	case "battleship":
		var b battleship.Analysis
		err = json.Unmarshal(raw, &b)
		a = b
	default:
		a = raw
	}
	names := make([]string, len(info.Seats))
	for i, seat := range info.Seats {
		names[i] = seat.Name
	}
	return a, names, err
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

func printDotsReview(w io.Writer, a dots.Analysis, who func(int) string) {
	fmt.Fprintln(w, "What each move cost against best play, in boxes (exact: from the solver; estimate: the expert's):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "move\tplayer\tline\tcost\tbest\thow")
	for _, r := range a.Moves {
		how := "exact"
		if r.Source == dots.SourceExpert {
			how = "estimate"
		}
		cost := "0"
		if r.Cost > 0 {
			cost = fmt.Sprintf("-%d", r.Cost)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", r.Number, who(r.Seat), r.Played, cost, r.BestText, how)
	}
	tw.Flush()
	if a.TurningPoint != nil {
		fmt.Fprintln(w, "Turning point:", a.TurningPoint.Text)
	} else {
		fmt.Fprintln(w, "No move gave anything away.")
	}
}

func printHeatReview(w io.Writer, a battleship.Analysis, who func(int) string, step int) error {
	pct := func(h battleship.Heat, sq [2]int) string {
		return fmt.Sprintf("%d%%", (h.Heat[sq[0]*battleship.Size+sq[1]]+5)/10)
	}
	fmt.Fprintln(w, "Each shot beside the expert's, with each square's chance of a ship from what the shooter knew (exact: counted over every fleet consistent with it; +-: an estimate and its largest error, in points):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "step\tplayer\tshot\tchance\texpert\tchance\tmap")
	var shown *battleship.ShotReview
	for i, r := range a.Shots {
		ex := battleship.Square(r.Expert[0], r.Expert[1])
		if r.Planned {
			ex += " (planned)"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Step, who(r.Seat), battleship.Square(r.Shot[0], r.Shot[1]), pct(r.Heat, r.Shot), ex, pct(r.Heat, r.Expert), heatHow(r.Heat))
		if r.Step == step {
			shown = &a.Shots[i]
		}
	}
	tw.Flush()
	if step < 0 {
		return nil
	}
	if shown == nil {
		return fmt.Errorf("step %d is not a shot", step)
	}
	fmt.Fprintf(w, "\nThe expert's map before step %d, in percent (* the expert's square, . fired at or no ship possible; %s):\n", step, heatHow(shown.Heat))
	_, err := io.WriteString(w, heatGrid(shown.Heat))
	return err
}

// heatHow says whether a map's chances are exact or, if estimated, how far
// off they may be.
func heatHow(h battleship.Heat) string {
	if h.Exact {
		return "exact"
	}
	return fmt.Sprintf("+-%.1f", float64(h.Within)/10)
}

// heatGrid draws a map as a grid of percentages under the column letters,
// every column as wide as its widest cell plus a space, so that the columns
// stay apart and aligned whatever the figures ("100*" as well as ".").
func heatGrid(h battleship.Heat) string {
	const n = battleship.Size
	var cells [n][n]string
	width := 1
	for r := range n {
		for c := range n {
			v := h.Heat[r*n+c]
			cell := "."
			if v > 0 {
				cell = fmt.Sprint((v + 5) / 10)
			}
			if r == h.Expert[0] && c == h.Expert[1] {
				cell += "*"
			}
			cells[r][c] = cell
			width = max(width, len(cell))
		}
	}
	width++ // a space between columns
	var sb strings.Builder
	sb.WriteString("    ") // above the row numbers

	for c := range n {
		fmt.Fprintf(&sb, "%*c", width, 'A'+c)
	}
	sb.WriteByte('\n')
	for r := range n {
		fmt.Fprintf(&sb, "%3d ", r+1)
		for c := range n {
			fmt.Fprintf(&sb, "%*s", width, cells[r][c])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
