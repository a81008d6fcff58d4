package battleship

import (
	"testing"

	"github.com/parlor-games/parlor/game"
)

// FuzzParseMove: no input crashes the parser, and whatever it accepts
// prints and reads back to the same move, and Apply either refuses it
// cleanly or plays it.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"B7", "j10", "random", westFleet, eastFleet, `{"shot":[3,4]}`, `{"random":true}`,
		`{"fleet":[{"ship":"carrier","row":0,"col":0,"dir":"h"}]}`, "carrier A1 h; destroyer Z9 v", "A", "{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove([]byte(s))
		if err != nil {
			if game.ErrorCode(err) == "" {
				t.Fatalf("ParseMove(%q) error without a code: %v", s, err)
			}
			return
		}
		again, err := ParseMove(game.Canonical(m))
		if err != nil {
			t.Fatalf("canonical form of %q does not parse: %v", s, err)
		}
		if string(game.Canonical(again)) != string(game.Canonical(m)) {
			t.Fatalf("canonical round trip of %q changed the move", s)
		}
		if text, err := ParseMove([]byte(m.String())); err != nil || string(game.Canonical(text)) != string(game.Canonical(m)) {
			t.Fatalf("notation %q of %q does not read back: %v", m.String(), s, err)
		}
		st := New(DefaultOptions(), game.NewRand(1))
		_, _ = st.Apply(0, m)
	})
}

// FuzzValidateFleet: any fleet is either refused with a code or legal by
// construction (five ships, inside the grid, no overlap).
func FuzzValidateFleet(f *testing.F) {
	f.Add(uint64(1), false)
	f.Fuzz(func(t *testing.T, seed uint64, touch bool) {
		rng := game.NewRand(seed)
		fleet := make([]Placement, 1+rng.IntN(6))
		for i := range fleet {
			fleet[i] = Placement{Ship: Fleet[rng.IntN(numShips)].Name, Row: rng.IntN(12) - 1, Col: rng.IntN(12) - 1, Dir: []string{"h", "v"}[rng.IntN(2)]}
		}
		owner, err := ValidateFleet(fleet, touch)
		if err != nil {
			if game.ErrorCode(err) == "" {
				t.Fatalf("error without code: %v", err)
			}
			return
		}
		n := 0
		for _, o := range owner {
			if o >= 0 {
				n++
			}
		}
		if n != 17 {
			t.Fatalf("accepted fleet covers %d squares, want 17", n)
		}
	})
}
