package dots

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/parlor-games/parlor/game"
	"pgregory.net/rapid"
)

// TestPropertiesOfPlay drives random matches, including refused moves, and
// checks the invariants a player relies on after every step.
func TestPropertiesOfPlay(t *testing.T) {
	reg := game.NewRegistry(Definition)
	rapid.Check(t, func(t *rapid.T) {
		rows := rapid.IntRange(2, 7).Draw(t, "rows")
		cols := rapid.IntRange(2, 7).Draw(t, "cols")
		opts, _ := json.Marshal(Options{Rows: rows, Cols: cols})
		l := game.Log{Game: "dots", Options: opts, Seed: 1}
		_, st, err := reg.Start(l)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		steps := rapid.IntRange(0, 2*rows*cols).Draw(t, "steps")
		for i := 0; i < steps && s.Outcome() == nil; i++ {
			if rapid.IntRange(0, 4).Draw(t, "refuse") == 0 {
				// Any pair of dots near the board, from any seat.
				m := Move{
					From: [2]int{rapid.IntRange(-1, rows).Draw(t, "r1"), rapid.IntRange(-1, cols).Draw(t, "c1")},
					To:   [2]int{rapid.IntRange(-1, rows).Draw(t, "r2"), rapid.IntRange(-1, cols).Draw(t, "c2")},
				}
				seat := game.Seat(rapid.IntRange(0, 1).Draw(t, "seat"))
				before := *s
				if _, err := s.Apply(seat, m); err != nil {
					if game.ErrorCode(err) == "" {
						t.Fatalf("refusal without a code: %v", err)
					}
					if !reflect.DeepEqual(before, *s) {
						t.Fatalf("refused %v changed the state", m)
					}
					continue
				}
				l.Moves = append(l.Moves, game.Entry{Seat: seat, Move: game.Canonical(m)})
				checkStep(t, &before, s)
				continue
			}
			legal := s.Legal(s.turn)
			m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
			before := *s
			seat := s.turn
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatalf("legal move %v refused: %v", m, err)
			}
			l.Moves = append(l.Moves, game.Entry{Seat: seat, Move: game.Canonical(m)})
			checkStep(t, &before, s)
		}
		re, err := reg.Replay(l)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*re.(*State), *s) || !reflect.DeepEqual(re.View(0), s.View(0)) {
			t.Fatal("replaying the log gives another state")
		}
	})
}

// checkStep checks one accepted move from before to after.
func checkStep(t *rapid.T, before, after *State) {
	g := after.b.g
	owned, open := 0, 0
	for x := 0; x < g.nBoxes; x++ {
		if after.owner[x] >= 0 {
			owned++
			if after.b.sides[x] != 4 {
				t.Fatalf("box %d owned with %d sides", x, after.b.sides[x])
			}
		} else {
			open++
		}
	}
	if owned+open != g.nBoxes || owned != after.score[0]+after.score[1] {
		t.Fatalf("owned %d + open %d boxes, scores %v, board %d boxes", owned, open, after.score, g.nBoxes)
	}
	closed := after.score[0] + after.score[1] - before.score[0] - before.score[1]
	if closed < 0 || closed > 2 {
		t.Fatalf("one line closed %d boxes", closed)
	}
	if after.Outcome() == nil {
		if closed > 0 && after.turn != before.turn {
			t.Fatal("the mover lost the turn after closing a box")
		}
		if closed == 0 && after.turn == before.turn {
			t.Fatal("the turn did not pass after a quiet line")
		}
	}
	if after.b.left != before.b.left-1 {
		t.Fatal("an accepted move did not draw exactly one line")
	}
}
