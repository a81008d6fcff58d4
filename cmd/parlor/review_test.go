package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/games/dots"
	"github.com/parlor-games/parlor/server/servertest"
)

// saveFile writes a plain save file of l, as the saves screen downloads
// it, and returns its path.
func saveFile(t *testing.T, l game.Log) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"parlor": "save", "v": 1, "name": "lesson", "seats": []string{"Ann", "Bob"}, "log": l})
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "lesson.json")
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestReviewDotsSaveFile: `parlor review` prints one line per move with
// the cost the replay shows, and the turning point.
func TestReviewDotsSaveFile(t *testing.T) {
	def, err := games.Registry().Lookup("dots")
	if err != nil {
		t.Fatal(err)
	}
	l, played := firstLinesGame(t, def)
	var out, errs strings.Builder
	if err := runReview([]string{saveFile(t, l)}, strings.NewReader(""), &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	steps, final := gametest.ReplaySteps(t, def, l)
	want, err := def.Analyze(context.Background(), steps, final)
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^(\d+) +Player (\d) \((Ann|Bob)\) +([a-d]\d-[a-d]\d) +(-?\d+) `)
	rows := row.FindAllStringSubmatch(out.String(), -1)
	if len(rows) != len(played) {
		t.Fatalf("%d rows for %d moves:\n%s", len(rows), len(played), out.String())
	}
	a := want.(dots.Analysis)
	for i, r := range rows {
		cost, _ := strconv.Atoi(strings.TrimPrefix(r[5], "-"))
		if r[4] != played[i] || cost != a.Moves[i].Cost {
			t.Fatalf("row %d %q, want %s costing %d", i+1, r[0], played[i], a.Moves[i].Cost)
		}
	}
	if a.TurningPoint == nil || !strings.Contains(out.String(), "Turning point: "+a.TurningPoint.Text) {
		t.Fatalf("no turning point in:\n%s", out.String())
	}
}

// TestReviewBattleshipMap: the review of a Battleship match lists each
// shot beside the expert's, and draws the map of a shot's step with the
// expert's square marked and the squares fired at cold.
func TestReviewBattleshipMap(t *testing.T) {
	def, err := games.Registry().Lookup("battleship")
	if err != nil {
		t.Fatal(err)
	}
	l := game.Log{Game: "battleship", Seed: 5}
	st, err := def.New(nil, game.NewRand(l.Seed))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []struct {
		seat game.Seat
		move string
	}{{0, "random"}, {1, "random"}, {0, "E5"}, {1, "A1"}, {0, "F5"}} {
		m, err := st.ParseMove(e.seat, []byte(e.move))
		if err == nil {
			_, err = st.Apply(e.seat, m)
		}
		if err != nil {
			t.Fatal(err)
		}
		l.Moves = append(l.Moves, game.Entry{Seat: e.seat, Move: game.Canonical(m)})
	}
	var out, errs strings.Builder
	if err := runReview([]string{"--step", "5", saveFile(t, l)}, strings.NewReader(""), &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	text := out.String()
	if n := len(regexp.MustCompile(`(?m)^[345] +Player [12] \((Ann|Bob)\) +[A-J]\d+ +\d+%`).FindAllString(text, -1)); n != 3 {
		t.Fatalf("%d shot rows, want 3:\n%s", n, text)
	}
	grid := text[strings.Index(text, "\nThe expert's map"):]
	grid = grid[strings.Index(grid[1:], "\n")+1:] // the grid below its title
	if strings.Count(grid, "*") != 1 {
		t.Fatalf("the map marks %d expert squares:\n%s", strings.Count(grid, "*"), grid)
	}
	row5 := regexp.MustCompile(`(?m)^  5 .*$`).FindString(grid)
	if f := strings.Fields(row5); len(f) != 11 || strings.TrimSuffix(f[5], "*") != "." {
		t.Fatalf("E5, fired at before step 5, is not cold in row %q", row5)
	}
}

// TestReviewFromAServer: `parlor review --server URL MATCH` prints the
// server's analysis of a finished match with its seats' names.
func TestReviewFromAServer(t *testing.T) {
	srv := servertest.Start(t)
	ctx := context.Background()
	c, err := client.New(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Guest(ctx, "Ann"); err != nil {
		t.Fatal(err)
	}
	conn, err := c.Dial(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	tb, err := conn.CreateTable(ctx, client.CreateTable{Game: "dots", Options: map[string]int{"rows": 3, "cols": 4},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseMe}}})
	if err != nil {
		t.Fatal(err)
	}
	def, err := games.Registry().Lookup("dots")
	if err != nil {
		t.Fatal(err)
	}
	l, played := firstLinesGame(t, def)
	for _, e := range l.Moves {
		if _, err := conn.Play(ctx, tb.ID, int(e.Seat), e.Move); err != nil {
			t.Fatal(err)
		}
	}
	var out, errs strings.Builder
	if err := runReview([]string{"--server", srv.URL, tb.Match}, strings.NewReader(""), &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	rows := regexp.MustCompile(`(?m)^\d+ +Player [12] \(Ann\) +[a-d]\d-[a-d]\d +-?\d+ `).FindAllString(out.String(), -1)
	if len(rows) != len(played) || !strings.Contains(out.String(), "Turning point: ") {
		t.Fatalf("%d rows for %d moves:\n%s", len(rows), len(played), out.String())
	}
	if err := runReview([]string{"--server", srv.URL, "nosuch"}, strings.NewReader(""), &out, &errs); err == nil {
		t.Fatal("a review of no match succeeded")
	}
}
