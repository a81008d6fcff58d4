package buccaneer

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// FuzzParseMove: no input crashes the parser; whatever it accepts prints
// and reads back to the same move in both forms; Apply either refuses it
// with a code or plays it.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"sail 5,7", "sail 5 7", "face ne", "attack yes", "attack no", "done", "crew", "seat 2",
		"keep gold", "take diamond rum", "give R2 b1 take pearl", "play 23 take gold", "give pearl take john",
		`{"sail":[5,7]}`, `{"face":"SW"}`, `{"attack":false}`, `{"give":["R2"],"take":["rum"]}`, `{"play":21,"take":["R3"]}`,
		`{"seat":1}`, `{"done":true}`, `{"keep":["pearl"]}`, "sail 0,21", "give take", "{", "play 2 take"} {
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
		if err != nil || string(game.Canonical(again)) != string(game.Canonical(m)) {
			t.Fatalf("canonical form of %q does not read back: %v", s, err)
		}
		text, err := ParseMove([]byte(m.String()))
		if err != nil || string(game.Canonical(text)) != string(game.Canonical(m)) {
			t.Fatalf("notation %q of %q does not read back: %v", m.String(), s, err)
		}
		st := New4(t)
		if _, err := st.Apply(st.who, m); err != nil && game.ErrorCode(err) == "" {
			t.Fatalf("Apply(%v) error without a code: %v", m, err)
		}
		checkInvariants(t, st)
	})
}

// New4 is a default four-seat game.
func New4(t *testing.T) *State {
	s, err := New(DefaultOptions(), game.NewRand(7))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// FuzzScenario: any scenario is either refused with an error or gives a
// position where nothing is lost or doubled, and random play from it
// keeps it so.
func FuzzScenario(f *testing.F) {
	f.Add(`{"ships":[{"home":"London"},{"home":"Cadiz"}]}`, 2, uint64(1))
	f.Add(`{"ships":[{"home":"London","at":[8,10],"facing":"N","hand":["R1","B2"],"treasure":["gold"],"kept":[25]},{"home":"Genoa","at":[13,10]}],"chancePack":[20,1],"crewPack":["R3"],"ports":{"Venice":{"cards":["B1"],"longJohn":true}},"flatIsland":{"treasure":["rum"]}}`, 2, uint64(2))
	f.Add(`{"ships":[{"home":"London"},{"home":"London"}]}`, 2, uint64(3))
	f.Add(`{"ships":[{"home":"Cadiz","at":[10,10]}]}`, 1, uint64(4))
	f.Fuzz(func(t *testing.T, sc string, seats int, seed uint64) {
		opts := fmt.Sprintf(`{"seats":%d,"turns":60,"scenario":%s}`, seats, sc)
		st, err := Definition.New(json.RawMessage(opts), game.NewRand(seed))
		if err != nil {
			return
		}
		s := st.(*State)
		checkInvariants(t, s)
		rng := game.NewRand(seed)
		randomPlay(t, s, &rng, 300)
	})
}

func TestScenarioErrors(t *testing.T) {
	for _, c := range []struct{ sc, want string }{
		{`{"ships":[{"home":"London"}]}`, "1 ships for 2 seats"},
		{`{"ships":[{"home":"London"},{"home":"Venice"}]}`, "not a home port"},
		{`{"ships":[{"home":"London"},{"home":"london"}]}`, "already another captain's home"},
		{`{"ships":[{"home":"London","at":[10,10]},{"home":"Cadiz"}]}`, "not a sea square"},
		{`{"ships":[{"home":"London","facing":"up"},{"home":"Cadiz"}]}`, "not a direction"},
		{`{"ships":[{"home":"London","treasure":["gold","gold","rum"]},{"home":"Cadiz"}]}`, "at most two"},
		{`{"ships":[{"home":"London","treasure":["coal"]},{"home":"Cadiz"}]}`, "not a treasure"},
		{`{"ships":[{"home":"London","kept":[3]},{"home":"Cadiz"}]}`, "not one a captain keeps"},
		{`{"ships":[{"home":"London","kept":[25]},{"home":"Cadiz"}],"chancePack":[25]}`, "chance card 25 is both"},
		{`{"ships":[{"home":"London","hand":["R1","R1","R1","R1"]},{"home":"Cadiz","hand":["R1","R1","R1"]}]}`, "7 R1 cards"},
		{`{"ships":[{"home":"London"},{"home":"Cadiz"}],"ports":{"Paris":{}}}`, "no port called"},
		{`{"ships":[{"home":"London"},{"home":"Cadiz"}],"ports":{"Venice":{"safe":["gold"]},"Genoa":{"treasure":["gold","gold","gold","gold"]}}}`, "5 gold"},
		{`{"ships":[{"home":"London"},{"home":"Cadiz"}],"chancePack":[29]}`, "no chance card 29"},
		{`{"ships":[{"home":"London"},{"home":"Cadiz"}],"turn":2}`, "no seat 2"},
		{`{"ships":[{"home":"London","hand":["Q1"]},{"home":"Cadiz"}]}`, "not a crew card"},
		{`{"ships":[{"home":"London"},{"home":"Cadiz"}],"wind":3}`, "unknown"},
	} {
		_, err := Definition.New(json.RawMessage(`{"seats":2,"scenario":`+c.sc+`}`), game.NewRand(1))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("scenario %s: error %v, want it to mention %q", c.sc, err, c.want)
		}
	}
}

// FuzzScenarioBuilt draws scenarios from a seed, most of them valid: any
// ship square, facing, hand, treasure and kept cards, port and Flat Island
// stock, pack tops. Each is refused with an error or plays on with
// nothing lost or doubled.
func FuzzScenarioBuilt(f *testing.F) {
	for i := range uint64(8) {
		f.Add(i)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		rng := game.NewRand(seed)
		pick := func(n int) int { return rng.IntN(n) }
		cards := func(n int) string {
			var out []string
			for range n {
				out = append(out, fmt.Sprintf("%q", cardOfType(pick(6)).String()))
			}
			return "[" + strings.Join(out, ",") + "]"
		}
		treasure := func(n int) string {
			var out []string
			for range n {
				out = append(out, fmt.Sprintf("%q", kindNames[pick(numKinds)]))
			}
			return "[" + strings.Join(out, ",") + "]"
		}
		seats := 2 + pick(3)
		homes := []string{"London", "Genoa", "Marseilles", "Cadiz"}
		rng.Shuffle(4, func(i, j int) { homes[i], homes[j] = homes[j], homes[i] })
		keep := []int{21, 23, 24, 25, 26}
		var ships []string
		for i := range seats {
			sh := fmt.Sprintf(`{"home":%q,"at":[%d,%d],"facing":%q,"hand":%s,"treasure":%s`,
				homes[i], 1+pick(20), 1+pick(20), dirNames[pick(8)], cards(pick(8)), treasure(pick(3)))
			if pick(3) == 0 {
				sh += fmt.Sprintf(`,"kept":[%d]`, keep[pick(len(keep))])
			}
			ships = append(ships, sh+"}")
		}
		var ports []string
		for _, p := range Ports {
			if pick(2) == 0 {
				ports = append(ports, fmt.Sprintf(`%q:{"cards":%s,"treasure":%s,"longJohn":%v}`, p.Name, cards(pick(5)), treasure(pick(3)), pick(6) == 0))
			}
		}
		sc := fmt.Sprintf(`{"ships":[%s],"ports":{%s},"flatIsland":{"cards":%s,"treasure":%s},"crewPack":%s,"chancePack":[%d,%d],"turn":%d}`,
			strings.Join(ships, ","), strings.Join(ports, ","), cards(pick(3)), treasure(pick(2)), cards(pick(4)), 1+pick(28), 1+pick(28), pick(seats))
		st, err := Definition.New(json.RawMessage(fmt.Sprintf(`{"seats":%d,"turns":80,"scenario":%s}`, seats, sc)), game.NewRand(seed))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "scenario: ") {
				t.Fatalf("error without the scenario prefix: %v", err)
			}
			return
		}
		s := st.(*State)
		checkInvariants(t, s)
		randomPlay(t, s, &rng, 400)
	})
}
