package main

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// parlor runs the binary and returns its stdout, stderr and exit code.
func parlor(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(parlorBin, args...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestSolveDots(t *testing.T) {
	out, errs, code := parlor(t, "solve", "dots", "--rows", "3", "--cols", "3")
	if code != 0 || !regexp.MustCompile(`(?m)^value: 2$`).MatchString(out) {
		t.Fatalf("exit %d, stdout:\n%s\nstderr: %s", code, out, errs)
	}
	if !regexp.MustCompile(`(?m)^best move: [a-c][1-3]-[a-c][1-3] \{"from":\[\d,\d\],"to":\[\d,\d\]\}$`).MatchString(out) {
		t.Fatalf("no best move in notation and JSON:\n%s", out)
	}
	// After the first move the opponent is to move, and the value changes
	// sign with perfect play from both sides.
	out, errs, code = parlor(t, "solve", "dots", "--rows", "3", "--cols", "3", "--moves", "a1-b1")
	if code != 0 || !regexp.MustCompile(`(?m)^value: -2$`).MatchString(out) || !strings.Contains(out, "to move: seat 1") {
		t.Fatalf("after a1-b1: exit %d\n%s%s", code, out, errs)
	}
}

func TestSolveErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"solve"}, "name the game"},
		{[]string{"solve", "chess"}, `unknown game "chess"`},
		{[]string{"solve", "battleship"}, "has no solver"},
		{[]string{"solve", "dots", "--rows", "1"}, "rows"},
		{[]string{"solve", "dots", "--rows", "3", "--cols", "3", "--moves", "a1-c1"}, "move 1 (a1-c1)"},
		{[]string{"solve", "dots", "--depth", "3"}, "flag provided but not defined: -depth"},
	}
	for _, c := range cases {
		_, errs, code := parlor(t, c.args...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errs, c.want)
		}
	}
}

// arenaCount reads "label   N" from arena output.
func arenaCount(t *testing.T, out, label string) int {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + label + `\s+(\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no %q line in:\n%s", label, out)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func TestArenaDots(t *testing.T) {
	out, errs, code := parlor(t, "arena", "--game", "dots", "--a", "expert", "--b", "easy",
		"--games", "6", "--options", `{"rows":3,"cols":3}`, "--ms", "100", "--seed", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	a, b, ties := arenaCount(t, out, "A wins"), arenaCount(t, out, "B wins"), arenaCount(t, out, "ties")
	if arenaCount(t, out, "games") != 6 || a+b+ties != 6 {
		t.Fatalf("tally does not add up:\n%s", out)
	}
	if !strings.Contains(out, "95% CI [") || !strings.Contains(out, "a tie counts as half a win") {
		t.Fatalf("no interval:\n%s", out)
	}
	// The same seed replays the same games, whatever the number of
	// workers. (Bots that search to a time budget, like expert on a large
	// board, need not repeat exactly, so this uses two that do not.)
	args := []string{"arena", "--game", "dots", "--a", "medium", "--b", "easy",
		"--games", "8", "--options", `{"rows":4,"cols":3}`, "--seed", "11"}
	one, _, _ := parlor(t, append(args, "--parallel", "1")...)
	two, _, _ := parlor(t, append(args, "--parallel", "2")...)
	for _, label := range []string{"A wins", "B wins", "ties"} {
		if arenaCount(t, one, label) != arenaCount(t, two, label) {
			t.Fatalf("same seed, different result:\n%s\n%s", one, two)
		}
	}
}

// TestArenaSeatsOfTable: the header names the table's seats, also for a
// game whose Scores are nil (Clue) and for four captains (Buccaneer); the
// arena plays Clue-Less's reasoner, which tables do not offer.
func TestArenaSeatsOfTable(t *testing.T) {
	for _, c := range []struct{ game, a, b, options string }{
		{"clue", "medium", "easy", `{"players":4}`},
		{"clue", "expert", "reasoner", `{"players":4}`}, // an opponent for the arena only
		{"buccaneer", "hard", "easy", ""},
		{"dots", "medium", "easy", `{"rows":3,"cols":3}`},
	} {
		args := []string{"arena", "--game", c.game, "--a", c.a, "--b", c.b, "--games", "2", "--ms", "100"}
		if c.options != "" {
			args = append(args, "--options", c.options)
		}
		out, errs, code := parlor(t, args...)
		want := "(A sits in seat i%4 of game i)"
		if c.game == "dots" {
			want = "(A sits in seat i%2 of game i)"
		}
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("%s: exit %d, want %q in:\n%s%s", c.game, code, want, out, errs)
		}
	}
}

func TestArenaBattleship(t *testing.T) {
	out, errs, code := parlor(t, "arena", "--game", "battleship", "--a", "expert", "--b", "easy", "--games", "4", "--ms", "200")
	if code != 0 || arenaCount(t, out, "games") != 4 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	out, errs, code = parlor(t, "arena", "--game", "battleship", "--shots", "--level", "easy", "--games", "20", "--seed", "2")
	if code != 0 || arenaCount(t, out, "fleets") != 20 {
		t.Fatalf("shots: exit %d: %s\n%s", code, errs, out)
	}
	mean := regexp.MustCompile(`(?m)^mean shots\s+([\d.]+)\s+95% CI \[([\d.]+), ([\d.]+)\]`).FindStringSubmatch(out)
	if mean == nil {
		t.Fatalf("no mean line:\n%s", out)
	}
	m, _ := strconv.ParseFloat(mean[1], 64)
	lo, _ := strconv.ParseFloat(mean[2], 64)
	hi, _ := strconv.ParseFloat(mean[3], 64)
	maxShots := arenaCount(t, out, "maximum")
	// 17 ship cells on 100 squares: every hunt takes 17 to 100 shots.
	if !(17 <= lo && lo <= m && m <= hi) || maxShots > 100 || float64(maxShots) < m {
		t.Fatalf("implausible shot figures:\n%s", out)
	}
	out, errs, code = parlor(t, "arena", "--game", "battleship", "--shots", "--level", "easy", "--placer", "sequential", "--games", "10")
	if code != 0 || arenaCount(t, out, "fleets") != 10 || !strings.Contains(out, "placed by sequential") {
		t.Fatalf("--placer sequential: exit %d: %s\n%s", code, errs, out)
	}
}

func TestArenaErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"arena"}, "--game is required"},
		{[]string{"arena", "--game", "go"}, `unknown game "go"`},
		{[]string{"arena", "--game", "dots", "--a", "expert"}, "--a and --b"},
		{[]string{"arena", "--game", "dots", "--a", "expert", "--b", "god"}, `no bot level "god"`},
		{[]string{"arena", "--game", "dots", "--a", "easy", "--b", "easy", "--games", "0"}, "--games must be positive"},
		{[]string{"arena", "--game", "dots", "--a", "easy", "--b", "easy", "--ms", "0"}, "--ms must be positive"},
		{[]string{"arena", "--game", "dots", "--a", "easy", "--b", "easy", "--options", `{"size":3}`}, `unknown option "size"`},
		{[]string{"arena", "--game", "dots", "--shots", "--level", "easy"}, "bots hunt a fleet (battleship), not dots"},
		{[]string{"arena", "--game", "battleship", "--shots"}, "--shots needs --level"},
		{[]string{"arena", "--game", "battleship", "--shots", "--level", "ace"}, `no bot level "ace"`},
		{[]string{"arena", "--game", "battleship", "--shots", "--level", "easy", "--placer", "x"}, "--placer must be"},
		{[]string{"arena", "--game", "battleship", "--shots", "--level", "easy", "--a", "easy"}, "--a does not apply"},
		{[]string{"arena", "--game", "dots", "--level", "easy"}, "--level applies only with --shots"},
		{[]string{"arena", "--speed", "9"}, "flag provided but not defined: -speed"},
	}
	for _, c := range cases {
		_, errs, code := parlor(t, c.args...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errs, c.want)
		}
	}
}
