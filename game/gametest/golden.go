package gametest

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// update rewrites the golden playthroughs instead of checking them:
// go test -run TestGoldenPlaythrough ./games/NAME/ -update
var update = flag.Bool("update", false, "rewrite golden playthrough files (testdata/playthrough.json) instead of comparing with them")

// GoldenFile is where a game keeps its golden playthrough, beside its
// tests.
const GoldenFile = "testdata/playthrough.json"

// Golden says which match a game's golden playthrough plays: its options
// and seed, and at most how many moves. The moves themselves are chosen
// once, at random among the legal ones with a generator of Seed, and kept
// in the file; a check replays the kept moves.
type Golden struct {
	Options  json.RawMessage
	Seed     uint64
	MaxMoves int
}

// goldenHead and goldenStep are the file's form: a head, then one line
// per step, so that a difference shows as the lines of the steps it
// touches.
type goldenHead struct {
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options"`
	Seed    uint64          `json:"seed"`
}

type goldenStep struct {
	Seat     game.Seat         `json:"seat"`
	Move     json.RawMessage   `json:"move,omitempty"`
	Notation string            `json:"notation,omitempty"`
	Text     string            `json:"text,omitempty"`
	Events   []goldenEvent     `json:"events,omitempty"`
	Turn     []game.Seat       `json:"turn"`
	Scores   []int             `json:"scores,omitempty"`
	Outcome  *game.Outcome     `json:"outcome,omitempty"`
	Views    []json.RawMessage `json:"views"`
}

// goldenEvent is an event with its audience, which game.Event leaves out
// of its JSON.
type goldenEvent struct {
	game.Event
	To []game.Seat `json:"to,omitempty"`
}

// GoldenPlaythrough pins, in def's testdata/playthrough.json, what the
// clients read from a match: for each move its canonical JSON, notation
// and sentence (Describe), its events with their audiences, the seats
// owing a decision, the scores and outcome, and every seat's view and
// the spectator's after it (step 0 is the start). It replays the moves
// kept in the file and fails on any difference, naming the step; with
// -update it plays and writes the file afresh.
func GoldenPlaythrough(t *testing.T, def *game.Definition, g Golden) {
	t.Helper()
	var moves []json.RawMessage
	if !*update {
		b, err := os.ReadFile(GoldenFile)
		if err != nil {
			t.Fatalf("%v: write it with go test -run %s -update", err, t.Name())
		}
		lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
		for i, line := range lines[1:] {
			if i == len(lines)-2 {
				line = strings.TrimSuffix(line, "]}")
			} else {
				line = strings.TrimSuffix(line, ",")
			}
			var s goldenStep
			if err := json.Unmarshal([]byte(line), &s); err != nil {
				t.Fatalf("%s: a step that does not read: %v", GoldenFile, err)
			}
			if s.Move != nil {
				moves = append(moves, s.Move)
			}
		}
	}
	got := playGolden(t, def, g, moves)
	if *update {
		if err := os.MkdirAll(filepath.Dir(GoldenFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(GoldenFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, _ := os.ReadFile(GoldenFile)
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gl), len(wl)) {
		a, b := at(gl, i), at(wl, i)
		if a == b {
			continue
		}
		j := 0
		for j < len(a) && j < len(b) && a[j] == b[j] {
			j++
		}
		t.Fatalf("%s, step %d differs from the replay at byte %d:\n file:   %s\n replay: %s\nif the change is meant, rewrite the file: go test -run %s -update",
			GoldenFile, i-1, j, around(b, j), around(a, j), t.Name())
	}
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(nothing)"
}

// around shows s near byte j.
func around(s string, j int) string {
	lo, hi := max(0, j-60), min(len(s), j+60)
	return "…" + s[lo:hi] + "…"
}

// playGolden plays the playthrough, the moves given or, with none,
// moves chosen at random among the legal ones, and returns the file.
func playGolden(t *testing.T, def *game.Definition, g Golden, moves []json.RawMessage) []byte {
	t.Helper()
	st, err := def.New(g.Options, game.NewRand(g.Seed))
	if err != nil {
		t.Fatalf("options %s: %v", g.Options, err)
	}
	head, err := json.Marshal(goldenHead{Game: def.Name, Options: g.Options, Seed: g.Seed})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	out.Write(head[:len(head)-1])
	out.WriteString(`,"steps":[` + "\n")
	pick := game.NewRand(g.Seed ^ 0x9e3779b97f4a7c15)
	n := g.MaxMoves
	if moves != nil {
		n = len(moves)
	}
	// A step is written when the next move is about to be played, or at
	// the end, so that its views are those after its move.
	pending := goldenStep{Seat: game.Spectator}
	for i := range n {
		turn := st.Turn()
		if len(turn) == 0 || st.Outcome() != nil {
			if moves != nil {
				t.Fatalf("%s: move %d of the file, but the match is over", GoldenFile, i+1)
			}
			break
		}
		writeGoldenStep(t, &out, st, pending, false)
		var mv json.RawMessage
		if moves != nil {
			mv = moves[i]
		}
		pending = playGoldenMove(t, st, turn[0], i, mv, &pick)
	}
	writeGoldenStep(t, &out, st, pending, true)
	return out.Bytes()
}

// writeGoldenStep writes step s with st's turn, scores, outcome and every
// view, followed by the end of the file if last.
func writeGoldenStep(t *testing.T, out *bytes.Buffer, st game.State, s goldenStep, last bool) {
	t.Helper()
	s.Turn, s.Scores, s.Outcome = st.Turn(), st.Scores(), st.Outcome()
	for seat := range st.Seats() + 1 {
		who := game.Seat(seat)
		if seat == st.Seats() {
			who = game.Spectator
		}
		v, err := json.Marshal(st.View(who))
		if err != nil {
			t.Fatalf("view of seat %d: %v", who, err)
		}
		s.Views = append(s.Views, v)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	out.Write(b)
	if last {
		out.WriteString("]}\n")
	} else {
		out.WriteString(",\n")
	}
}

// playGoldenMove plays seat's move i: mv, read from the file, or with
// none one of seat's legal moves drawn from pick. It returns the step the
// move makes, its views not yet filled in.
func playGoldenMove(t *testing.T, st game.State, seat game.Seat, i int, mv json.RawMessage, pick *game.Rand) goldenStep {
	t.Helper()
	var m game.Move
	var err error
	if mv != nil {
		m, err = st.ParseMove(seat, mv)
		if err != nil {
			t.Fatalf("%s: move %d (%s) of seat %d does not read: %v", GoldenFile, i+1, mv, seat, err)
		}
	} else {
		legal := st.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("seat %d owes a move and has none", seat)
		}
		m = legal[pick.IntN(len(legal))]
	}
	evs, err := st.Apply(seat, m)
	if err != nil {
		t.Fatalf("%s: move %d (%v) of seat %d is refused: %v", GoldenFile, i+1, m, seat, err)
	}
	mj, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	s := goldenStep{Seat: seat, Move: mj, Notation: m.String(), Text: game.Describe(st, seat, m, evs)}
	for _, e := range evs {
		s.Events = append(s.Events, goldenEvent{Event: e, To: e.To})
	}
	return s
}
