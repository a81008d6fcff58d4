package main

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/games/dots"
)

// TestAnalysisAgreesWithSolve: the value a Dots and Boxes replay shows
// before each move is what `parlor solve` prints for the same position
// (the same options and the moves before it).
func TestAnalysisAgreesWithSolve(t *testing.T) {
	def, err := games.Registry().Lookup("dots")
	if err != nil {
		t.Fatal(err)
	}
	l, played := firstLinesGame(t, def)
	steps, final := gametest.ReplaySteps(t, def, l)
	got, err := def.Analyze(context.Background(), steps, final)
	if err != nil {
		t.Fatal(err)
	}
	value := regexp.MustCompile(`(?m)^value: (-?\d+)$`)
	for _, r := range got.(dots.Analysis).Moves {
		if r.Value == nil {
			t.Fatalf("move %d is not solved exactly on a 3 x 4 board", r.Number)
		}
		args := []string{"dots", "--rows", "3", "--cols", "4"}
		if r.Number > 1 {
			args = append(args, "--moves", strings.Join(played[:r.Number-1], ","))
		}
		var out, errs strings.Builder
		if err := runSolve(args, strings.NewReader(""), &out, &errs); err != nil {
			t.Fatalf("parlor solve %s: %v\n%s", strings.Join(args, " "), err, errs.String())
		}
		m := value.FindStringSubmatch(out.String())
		if m == nil || m[1] != strconv.Itoa(*r.Value) {
			t.Fatalf("before move %d the replay says %d, parlor solve %s says:\n%s", r.Number, *r.Value, strings.Join(args, " "), out.String())
		}
	}
}

// firstLinesGame is a finished game on 3 x 4 dots in which each seat
// draws its first legal line; it returns the log and the lines in
// notation.
func firstLinesGame(t *testing.T, def *game.Definition) (game.Log, []string) {
	t.Helper()
	l := game.Log{Game: "dots", Options: json.RawMessage(`{"rows":3,"cols":4}`)}
	st, err := def.New(l.Options, game.NewRand(0))
	if err != nil {
		t.Fatal(err)
	}
	var played []string
	for len(st.Turn()) > 0 {
		seat := st.Turn()[0]
		m := st.Legal(seat)[0]
		played = append(played, m.String())
		l.Moves = append(l.Moves, game.Entry{Seat: seat, Move: game.Canonical(m)})
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	}
	return l, played
}
