package warfare

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// Moves: each kind has one canonical JSON form and a notation, and
// ParseMove reads both back to the same move.
func TestMoveForms(t *testing.T) {
	for _, c := range []struct {
		m        Move
		json     string
		notation string
	}{
		{Move{Kind: End}, `{"end":true}`, "end"},
		{Move{Kind: Go, From: 12, To: 40}, `{"move":{"from":12,"to":40}}`, "12-40"},
		{Move{Kind: Buy, From: 3, To: 4, Unit: Knight}, `{"buy":{"village":3,"unit":"knight","at":4}}`, "buy 3 knight 4"},
		{Move{Kind: Train, From: 5, Unit: Soldier}, `{"train":{"at":5,"unit":"soldier"}}`, "train 5 soldier"},
		{Move{Kind: Cultivate, From: 6}, `{"cultivate":6}`, "meadow 6"},
		{Move{Kind: Road, From: 7}, `{"road":7}`, "road 7"},
		{Move{Kind: Upgrade, From: 8}, `{"upgrade":8}`, "upgrade 8"},
		{Move{Kind: Tower, From: 9, To: 0}, `{"tower":{"village":9,"at":0}}`, "tower 9 0"},
	} {
		if got := string(game.Canonical(c.m)); got != c.json {
			t.Errorf("%v: JSON %s, want %s", c.m, got, c.json)
		}
		if got := c.m.String(); got != c.notation {
			t.Errorf("notation %q, want %q", got, c.notation)
		}
		for _, text := range []string{c.json, c.notation, strings.ToUpper(c.notation)} {
			m, err := ParseMove([]byte(text))
			if err != nil || m != c.m {
				t.Errorf("ParseMove(%q) = %v, %v", text, m, err)
			}
		}
	}
	for _, bad := range []string{"", "12", "12-", "-3", "buy 3 duke 4", "train 5", `{"end":false}`, `{"end":true,"road":3}`,
		`{}`, `{"road":-1}`, `{"road":99999}`, "end now", "12-40-3", `{"move":{"from":1,"to":2}} x`, "road 007"} {
		_, err := ParseMove([]byte(bad))
		if game.ErrorCode(err) != "bad-move" {
			t.Errorf("ParseMove(%q): %v, want a bad-move refusal", bad, err)
		}
	}
}

// Refusals name the problem: the seat not to move, a finished game.
func TestRefusalsOfTurn(t *testing.T) {
	s := scen{Map: []string{"0h 0 0s 1h 1 1"}}.load(t)
	if _, err := s.Apply(1, Move{Kind: End}); game.ErrorCode(err) != "not-your-turn" {
		t.Fatalf("seat 1 moved out of turn: %v", err)
	}
	gametest.Play(t, s, game.Seat(s.turn), "2-3")
	if s.Outcome() == nil || len(s.Turn()) != 0 {
		t.Fatal("the game did not end with seat 1 gone")
	}
	if _, err := s.Apply(0, Move{Kind: End}); game.ErrorCode(err) != "game-over" {
		t.Fatalf("a move after the end: %v", err)
	}
}

// FuzzParseMove: no input crashes the parser; what it accepts reads back
// from its canonical JSON and its notation; Apply refuses it cleanly or
// plays it.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"end", "12-40", "buy 3 knight 4", "train 5 soldier", "meadow 6", "road 7", "upgrade 8", "tower 9 0",
		`{"end":true}`, `{"move":{"from":1,"to":2}}`, `{"buy":{"village":0,"unit":"peasant","at":1}}`, "{", "buy"} {
		f.Add(s)
	}
	base := scen{Map: []string{"0h 0p 0 0* - 1 1 1h 1i"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 50, Wood: 10}}}.load(f)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove([]byte(text))
		if err != nil {
			if game.ErrorCode(err) == "" {
				t.Fatalf("ParseMove(%q) error without a code: %v", text, err)
			}
			return
		}
		again, err := ParseMove(game.Canonical(m))
		if err != nil || again != m {
			t.Fatalf("canonical form of %q does not read back: %v", text, err)
		}
		if back, err := ParseMove([]byte(m.String())); err != nil || back != m {
			t.Fatalf("notation %q of %q does not read back: %v", m.String(), text, err)
		}
		s := base.clone()
		if _, err := s.Apply(0, m); err != nil && game.ErrorCode(err) == "" {
			t.Fatalf("refusal without a code: %v", err)
		}
	})
}

// FuzzScenario: any scenario text is either refused with an error or
// loads into a position that keeps every invariant.
func FuzzScenario(f *testing.F) {
	f.Add(`{"players":2,"map":["0h 0p 0 - 1 1 1h"]}`)
	f.Add(`{"players":3,"map":["0h 0 0", "~ ~ ~ ~ 1t 1 1w 2f 2k 2"],"villages":[{"hex":0,"gold":5}]}`)
	f.Add(`{"players":2,"map":["0h 0p 0"],"work":[{"hex":1,"work":"road","left":1}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		opts, _ := json.Marshal(map[string]any{"scenario": json.RawMessage(text)})
		if !json.Valid([]byte(text)) {
			return
		}
		st, err := Definition.New(opts, game.NewRand(1))
		if err != nil {
			return
		}
		s := st.(*State)
		for _, rg := range s.regs {
			if rg.size < 3 || rg.vil < 0 {
				t.Fatalf("loaded a region of %d hexes, village %d", rg.size, rg.vil)
			}
		}
		for _, m := range s.Legal(s.Turn()[0]) {
			c := s.clone()
			if _, err := c.Apply(c.Turn()[0], m); err != nil {
				t.Fatalf("legal %v refused: %v", m, err)
			}
		}
	})
}

// LegalFor: per-piece queries, and a clear error for a malformed one.
func TestLegalFor(t *testing.T) {
	s := scen{Map: []string{"0h 0p 0 - 1h 1 1"}, Villages: []ScenarioVillage{{Hex: 0, Gold: 10}}}.load(t)
	unit, err := s.LegalFor(0, "unit:1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range unit {
		got = append(got, m.String())
	}
	// Walk to 2, take neutral 3 (from 2), start a meadow or a road here,
	// or be trained with the village's 10 gold.
	if strings.Join(got, ",") != "1-2,1-3,meadow 1,road 1,train 1 infantry" {
		t.Fatalf("unit:1 lists %v", got)
	}
	vil, _ := s.LegalFor(0, "village:0")
	got = got[:0]
	for _, m := range vil {
		got = append(got, m.String())
	}
	if strings.Join(got, ",") != "buy 0 peasant 2,buy 0 peasant 3" {
		t.Fatalf("village:0 lists %v", got)
	}
	if ms, _ := s.LegalFor(1, "unit:1"); len(ms) != 0 {
		t.Fatal("another seat's query listed moves")
	}
	if ms, _ := s.LegalFor(0, "unit:4"); len(ms) != 0 {
		t.Fatal("a village was listed as a villager")
	}
	if ms, _ := s.LegalFor(0, "end"); len(ms) != 1 {
		t.Fatal("end not listed")
	}
	for _, bad := range []string{"", "unit", "unit:x", "hex:3", "village:-"} {
		if _, err := s.LegalFor(0, bad); err == nil {
			t.Fatalf("query %q accepted", bad)
		}
	}
}
