package battleship

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"pgregory.net/rapid"
)

// randomGame draws options, two fleets and a sequence of moves, each legal
// in turn, up to the end or a drawn length.
type randomGame struct {
	options string
	touch   bool
	fleets  [2][]Placement
	moves   []game.Entry // placements first, then shots
}

func drawGame(t *rapid.T) randomGame {
	var g randomGame
	g.touch = rapid.Bool().Draw(t, "touch")
	first := rapid.IntRange(0, 1).Draw(t, "first")
	salvo := rapid.Bool().Draw(t, "salvo")
	g.options = fmt.Sprintf(`{"touch":%v,"first":%d,"salvo":%v}`, g.touch, first, salvo)
	for i := range 2 {
		rng := game.NewRand(rapid.Uint64().Draw(t, fmt.Sprintf("fleet%d", i)))
		g.fleets[i] = RandomFleet(&rng, g.touch)
	}
	st, err := Definition.New(json.RawMessage(g.options), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	order := []game.Seat{0, 1}
	if rapid.Bool().Draw(t, "seat 1 places first") {
		order = []game.Seat{1, 0}
	}
	for _, seat := range order {
		m := Move{Fleet: g.fleets[seat]}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatalf("placing %v: %v", m, err)
		}
		g.moves = append(g.moves, game.Entry{Seat: seat, Move: game.Canonical(m)})
	}
	n := rapid.IntRange(0, 200).Draw(t, "shots")
	for range n {
		turn := st.Turn()
		if len(turn) == 0 {
			break
		}
		legal := st.Legal(turn[0])
		m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "shot")]
		if _, err := st.Apply(turn[0], m); err != nil {
			t.Fatalf("legal shot %v refused: %v", m, err)
		}
		g.moves = append(g.moves, game.Entry{Seat: turn[0], Move: game.Canonical(m)})
	}
	return g
}

// relocate moves one ship of fleet that no shot in fired touches to a new
// place that no shot touches either, keeping the fleet legal. Seen from the
// other side, nothing observable changes. It reports false when no ship can
// move.
func relocate(t *rapid.T, fleet []Placement, fired board, touch bool) ([]Placement, bool) {
	var movable []int
	for k, p := range fleet {
		sqs, _ := p.squares(Fleet[k].Len)
		if !slices.ContainsFunc(sqs, fired.has) {
			movable = append(movable, k)
		}
	}
	if len(movable) == 0 {
		return nil, false
	}
	k := movable[rapid.IntRange(0, len(movable)-1).Draw(t, "ship to move")]
	var options []Placement
	for _, pos := range positions[Fleet[k].Len] {
		if pos.mask.and(fired).any() {
			continue
		}
		alt := slices.Clone(fleet)
		alt[k] = Placement{Ship: Fleet[k].Name, Row: pos.row, Col: pos.col, Dir: pos.dir}
		if alt[k] == fleet[k] {
			continue
		}
		if _, err := ValidateFleet(alt, touch); err == nil {
			options = append(options, alt[k])
		}
	}
	if len(options) == 0 {
		return nil, false
	}
	alt := slices.Clone(fleet)
	alt[k] = options[rapid.IntRange(0, len(options)-1).Draw(t, "new place")]
	return alt, true
}

func visible(t *rapid.T, evs []game.Event, seat game.Seat) string {
	var out []any
	for _, e := range evs {
		if e.VisibleTo(seat) {
			out = append(out, e)
		}
	}
	j, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(j)
}

func viewJSON(t *rapid.T, st game.State, seat game.Seat) string {
	j, err := json.Marshal(st.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(j)
}

// TestViewSecrecy: changing only the other fleet, in a way its shots cannot
// have noticed, leaves a seat's view, the spectator's view and the events
// they see equal at every point of random games.
func TestViewSecrecy(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGame(t)
		observer := game.Seat(rapid.IntRange(0, 1).Draw(t, "observer"))
		hidden := 1 - observer
		var fired board
		for _, e := range g.moves {
			if e.Seat == observer {
				if m, _ := ParseMove(e.Move); m.Shot != nil {
					fired = fired.or(bit(m.Shot[0]*Size + m.Shot[1]))
				}
			}
		}
		alt, ok := relocate(t, g.fleets[hidden], fired, g.touch)
		if !ok {
			t.Skip("every ship of the hidden fleet has been shot at")
		}
		a, _ := Definition.New(json.RawMessage(g.options), game.NewRand(1))
		b, _ := Definition.New(json.RawMessage(g.options), game.NewRand(1))
		for i, e := range g.moves {
			mb := e.Move
			if e.Seat == hidden && i < 2 {
				mb = game.Canonical(Move{Fleet: alt})
			}
			ea, err := game.PlayEvents(a, e.Seat, e.Move)
			if err != nil {
				t.Fatal(err)
			}
			eb, err := game.PlayEvents(b, e.Seat, mb)
			if err != nil {
				t.Fatalf("move %d in the altered game: %v", i, err)
			}
			if a.Outcome() != nil {
				break // the end reveals both fleets
			}
			for _, seat := range []game.Seat{observer, game.Spectator} {
				if va, vb := viewJSON(t, a, seat), viewJSON(t, b, seat); va != vb {
					t.Fatalf("after move %d, seat %d's view depends on the hidden fleet:\n%s\n%s", i+1, seat, va, vb)
				}
				if va, vb := visible(t, ea, seat), visible(t, eb, seat); va != vb {
					t.Fatalf("move %d's events seen by %d depend on the hidden fleet:\n%s\n%s", i+1, seat, va, vb)
				}
			}
		}
	})
}

// TestReplay: replaying a match's log gives the same state.
func TestReplay(t *testing.T) {
	reg := game.NewRegistry(Definition)
	rapid.Check(t, func(t *rapid.T) {
		g := drawGame(t)
		seed := rapid.Uint64().Draw(t, "seed")
		st, _ := Definition.New(json.RawMessage(g.options), game.NewRand(seed))
		moves := slices.Clone(g.moves)
		if rapid.Bool().Draw(t, "random placement") {
			// A random fleet draws from the match's generator; the replay
			// must draw the same fleet. Keep only placements then.
			moves = []game.Entry{{Seat: 0, Move: json.RawMessage(`{"random":true}`)}, {Seat: 1, Move: json.RawMessage(`{"random":true}`)}}
		}
		for _, e := range moves {
			if err := game.Play(st, e.Seat, e.Move); err != nil {
				t.Fatal(err)
			}
		}
		log := game.Log{Game: "battleship", Options: json.RawMessage(g.options), Seed: seed, Moves: moves}
		re, err := reg.Replay(log)
		if err != nil {
			t.Fatal(err)
		}
		for _, seat := range []game.Seat{0, 1, game.Spectator} {
			if a, b := viewJSON(t, st, seat), viewJSON(t, re, seat); a != b {
				t.Fatalf("replay differs for %d:\n%s\n%s", seat, a, b)
			}
		}
		if !slices.Equal(st.Scores(), re.Scores()) || (st.Outcome() == nil) != (re.Outcome() == nil) {
			t.Fatalf("replay differs in scores or outcome")
		}
	})
}
