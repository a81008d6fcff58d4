package battleship

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// botLog plays a whole match between two hard bots and returns its log.
func botLog(t testing.TB, seed uint64) game.Log {
	t.Helper()
	l := game.Log{Game: "battleship", Options: json.RawMessage(`{}`), Seed: seed}
	st, err := Definition.New(l.Options, game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(seed)
	var bots [2]game.Bot
	for i := range bots {
		if bots[i], err = Definition.Bot("hard", rng.Split()); err != nil {
			t.Fatal(err)
		}
	}
	for st.Outcome() == nil {
		seat := st.Turn()[0]
		m, err := bots[seat].Choose(context.Background(), st, seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		l.Moves = append(l.Moves, game.Entry{Seat: seat, Move: game.Canonical(m)})
	}
	return l
}

// TestAnalyzeHeatMapsEveryShot: each shot of a replay gets the expert's
// map from the shooter's knowledge just before it; the expert's shot is
// the hottest square (except where it plans its last shots), the one it
// would fire at from that knowledge, and squares already fired at are
// cold.
func TestAnalyzeHeatMapsEveryShot(t *testing.T) {
	// The first shots of the match are replay enough: the maps of the
	// middle game, with scattered hits to explain and too many fleets to
	// count, take up to seconds each (posterior.go), and the race detector
	// slows that work many times over.
	l := botLog(t, 7)
	if raceEnabled {
		l.Moves = l.Moves[:4]
	} else {
		l.Moves = l.Moves[:10]
	}
	steps, final := gametest.ReplaySteps(t, Definition, l)
	got, err := Definition.Analyze(context.Background(), steps, final)
	if err != nil {
		t.Fatal(err)
	}
	a := got.(Analysis)
	shots := 0
	for _, e := range l.Moves {
		if m, _ := ParseMove(e.Move); m.Shot != nil {
			shots++
		}
	}
	if len(a.Shots) != shots {
		t.Fatalf("%d maps for %d shots", len(a.Shots), shots)
	}
	planned := 0
	for _, r := range a.Shots {
		v := steps[r.Step].Before.View(game.Seat(r.Seat)).(*View)
		for _, f := range v.Shots[r.Seat] {
			if r.Heat.Heat[f.Row*Size+f.Col] != 0 {
				t.Fatalf("step %d: %s was fired at already but is warm", r.Step, f.Square)
			}
		}
		ex := r.Expert[0]*Size + r.Expert[1]
		if r.Planned {
			planned++
			if r.Heat.Heat[ex] == 0 && slices.Max(r.Heat.Heat) > 0 {
				t.Fatalf("step %d: the planned shot %v is on a square where no ship can be", r.Step, r.Expert)
			}
			continue
		}
		if hot := slices.Max(r.Heat.Heat); r.Heat.Heat[ex] != hot {
			t.Fatalf("step %d: the expert fires at %v (%d‰) but the hottest square has %d‰", r.Step, r.Expert, r.Heat.Heat[ex], hot)
		}
		o := observe(v, game.Seat(r.Seat))
		rng := game.NewRand(uint64(len(v.Shots[r.Seat])))
		if s := (expertHunter{bound: reviewBound, maxDraws: reviewDraws}).shoot(context.Background(), &o, &rng); s != ex {
			t.Fatalf("step %d: the map's shot %v is not the expert's %d", r.Step, r.Expert, s)
		}
	}
	t.Logf("%d shots mapped, %d planned", len(a.Shots), planned)
}

// TestAidUsesTheSeatsView: the aid answers from the asking seat's view
// only, once the battle is on, and refuses during placement.
func TestAidUsesTheSeatsView(t *testing.T) {
	st, err := Definition.New(json.RawMessage(`{}`), game.NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Definition.Aid(context.Background(), viewJSON(t, st, 0)); err == nil {
		t.Fatal("the aid answered during placement")
	}
	for seat := range 2 {
		if err := game.Play(st, game.Seat(seat), []byte("random")); err != nil {
			t.Fatal(err)
		}
	}
	if err := game.Play(st, 0, []byte("E5")); err != nil {
		t.Fatal(err)
	}
	got, err := Definition.Aid(context.Background(), viewJSON(t, st, 1))
	if err != nil {
		t.Fatal(err)
	}
	h := got.(Heat)
	if len(h.Heat) != numSquares || slices.Max(h.Heat) == 0 {
		t.Fatalf("no map: %+v", h)
	}
	// Seat 1 has not fired: its map is the same whatever seat 0 did.
	if h.Heat[4*Size+4] == 0 {
		t.Fatal("seat 1's map knows of seat 0's shot at E5")
	}
}

// viewJSON is seat's view as the seat receives it.
func viewJSON(t *testing.T, st game.State, seat game.Seat) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(st.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
