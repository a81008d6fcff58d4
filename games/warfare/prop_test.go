package warfare

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"pgregory.net/rapid"
)

// TestPropertiesOfPlay drives random matches on the small ready island,
// mixing legal moves with arbitrary ones, and checks after every step the
// invariants the rules promise; at the end the log must replay to the
// same state.
func TestPropertiesOfPlay(t *testing.T) {
	reg := game.NewRegistry(Definition)
	rapid.Check(t, func(t *rapid.T) {
		players := rapid.IntRange(2, 4).Draw(t, "players")
		opts, _ := json.Marshal(map[string]any{"players": players, "island": "pebble", "rounds": 30})
		l := game.Log{Game: "warfare", Options: opts, Seed: rapid.Uint64().Draw(t, "seed")}
		_, st, err := reg.Start(l)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		checkInvariants(t, s)
		steps := rapid.IntRange(0, 150).Draw(t, "steps")
		for i := 0; i < steps && s.Outcome() == nil; i++ {
			seat := s.Turn()[0]
			var m Move
			if rapid.IntRange(0, 5).Draw(t, "junk") == 0 {
				m = Move{Kind: Kind(rapid.IntRange(0, 7).Draw(t, "kind")), From: rapid.IntRange(0, s.isl.Size()-1).Draw(t, "from"),
					To: rapid.IntRange(0, s.isl.Size()-1).Draw(t, "to"), Unit: Rank(rapid.IntRange(1, 4).Draw(t, "unit"))}
				if m.Kind == End {
					continue
				}
			} else {
				legal := s.Legal(seat)
				checkLegalFor(t, s, seat, legal)
				// Prefer acting to ending so that games go somewhere.
				m = legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")].(Move)
				if m.Kind == End && len(legal) > 1 && rapid.Bool().Draw(t, "skip-end") {
					m = legal[0].(Move)
				}
			}
			before := s.clone()
			// Moves are the same when their notation is (a walk's unused
			// Unit field, say, does not matter).
			wasLegal := slices.ContainsFunc(s.Legal(seat), func(l game.Move) bool { return l.String() == m.String() })
			if _, err := s.Apply(seat, m); err != nil {
				if game.ErrorCode(err) == "" {
					t.Fatalf("refusal without a code: %v", err)
				}
				if wasLegal {
					t.Fatalf("legal %v refused: %v", m, err)
				}
				if !equalStates(before, s) {
					t.Fatalf("refused %v changed the state", m)
				}
				continue
			}
			if !wasLegal {
				t.Fatalf("%v was accepted but not listed as legal", m)
			}
			if !equalStates(before, before.clone()) {
				t.Fatal("clone differs")
			}
			l.Moves = append(l.Moves, game.Entry{Seat: seat, Move: game.Canonical(m)})
			checkInvariants(t, s)
		}
		re, err := reg.Replay(l)
		if err != nil {
			t.Fatal(err)
		}
		if !equalStates(re.(*State), s) || !reflect.DeepEqual(re.View(0), s.View(0)) {
			t.Fatal("replaying the log gives another state")
		}
	})
}

// checkLegalFor: the per-piece queries together list exactly Legal.
func checkLegalFor(t *rapid.T, s *State, seat game.Seat, legal []game.Move) {
	var all []game.Move
	for h := range s.cells {
		for _, q := range []string{"unit:", "village:"} {
			ms, err := s.LegalFor(seat, q+itoa(h))
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, ms...)
		}
	}
	end, _ := s.LegalFor(seat, "end")
	all = append(all, end...)
	key := func(ms []game.Move) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = m.String()
		}
		slices.Sort(out)
		return out
	}
	if !slices.Equal(key(all), key(legal)) {
		t.Fatalf("LegalFor lists %d moves, Legal %d", len(all), len(legal))
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// checkInvariants checks what must hold between moves.
func checkInvariants(t *rapid.T, s *State) {
	n := len(s.cells)
	// Components of each colour, found afresh.
	comp := make([]int, n)
	for i := range comp {
		comp[i] = -1
	}
	for h := range n {
		o := s.cells[h].owner
		if o < 0 || comp[h] >= 0 {
			if o < 0 {
				c := s.cells[h]
				if c.thing.isUnit() || c.thing == village || c.thing == tower {
					t.Fatalf("hex %d is neutral but holds a %s", h, s.thingName(h))
				}
			}
			continue
		}
		size, villages := 0, 0
		stack := []int{h}
		comp[h] = h
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			if s.cells[x].thing == village {
				villages++
				v := s.vils[s.cells[x].vil]
				if int(v.hex) != x {
					t.Fatalf("village index of hex %d points at hex %d", x, v.hex)
				}
			}
			if int(s.regs[s.regOf[x]].first) != h {
				t.Fatalf("hex %d is labelled with the wrong region", x)
			}
			for _, y := range s.isl.nbr[x] {
				if y >= 0 && comp[y] < 0 && s.cells[y].owner == o {
					comp[y] = h
					stack = append(stack, int(y))
				}
			}
		}
		if size < 3 || villages != 1 {
			t.Fatalf("seat %d's region at hex %d: %d hexes, %d villages", o, h, size, villages)
		}
	}
	count := 0
	for h := range s.cells {
		if s.cells[h].thing == village {
			count++
		}
	}
	if count != len(s.vils) {
		t.Fatalf("%d village hexes, %d villages", count, len(s.vils))
	}
	for _, v := range s.vils {
		if v.gold < 0 || v.wood < 0 {
			t.Fatalf("village on %d has gold %d, wood %d", v.hex, v.gold, v.wood)
		}
	}
	for p := range s.players {
		has := slices.ContainsFunc(s.cells, func(c cell) bool { return int(c.owner) == p })
		if has == s.out[p] {
			t.Fatalf("seat %d: holds land %v, out %v", p, has, s.out[p])
		}
	}
}
