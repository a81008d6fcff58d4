package buccaneer

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"pgregory.net/rapid"
)

// drawPlayed plays a random number of random legal moves from a random
// start, and returns the state (never finished).
func drawPlayed(t *rapid.T) *State {
	seats := rapid.IntRange(2, 4).Draw(t, "seats")
	seed := rapid.Uint64().Draw(t, "seed")
	st, err := Definition.New(json.RawMessage(fmt.Sprintf(`{"seats":%d}`, seats)), game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rng := game.NewRand(seed ^ 0x5eed)
	n := rapid.IntRange(0, 300).Draw(t, "moves")
	for range n {
		if s.phase == phOver {
			break
		}
		legal := s.Legal(s.who)
		c := s.Clone().(*State)
		if _, err := c.Apply(c.who, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		if c.phase == phOver {
			break
		}
		s = c
	}
	return s
}

// hideDifferently returns a copy of s that differs from it only in facts
// seat obs may not know: the colours of crew cards in other captains'
// hands and in the pack are shuffled among cards of equal value (so every
// count and total stays), and, with decks, the order of both packs and
// the generator's state.
func hideDifferently(t *rapid.T, s *State, obs game.Seat, decks bool) *State {
	c := s.Clone().(*State)
	type slot struct {
		hand []Card
		i    int
	}
	var slots [4][]slot
	for i := range c.players {
		if game.Seat(i) == obs {
			continue
		}
		for j, k := range c.players[i].hand {
			slots[k.Value] = append(slots[k.Value], slot{c.players[i].hand, j})
		}
	}
	for j, k := range c.crew {
		slots[k.Value] = append(slots[k.Value], slot{c.crew, j})
	}
	for v := 1; v <= 3; v++ {
		var reds []bool
		for _, sl := range slots[v] {
			reds = append(reds, sl.hand[sl.i].Red)
		}
		perm := rapid.Permutation(reds).Draw(t, fmt.Sprintf("colours %d", v))
		for j, sl := range slots[v] {
			sl.hand[sl.i].Red = perm[j]
		}
	}
	for i := range c.players {
		sortHand(c.players[i].hand)
	}
	if decks {
		c.crew = rapid.Permutation(c.crew).Draw(t, "crew pack")
		c.chance = rapid.Permutation(c.chance).Draw(t, "chance pack")
		c.rng = game.NewRand(rapid.Uint64().Draw(t, "rng"))
	}
	return c
}

func viewJSON(t *rapid.T, s *State, seat game.Seat) string {
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func publicEvents(t *rapid.T, ev []game.Event, seat game.Seat) string {
	var vis []game.Event
	for _, e := range ev {
		if e.VisibleTo(seat) {
			vis = append(vis, e)
		}
	}
	b, err := json.Marshal(vis)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSecretsStayHidden: two positions that differ only in what a seat
// may not know (other hands' colours, both packs' order, the generator)
// give that seat, and spectators, the same view and the same String.
func TestSecretsStayHidden(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawPlayed(t)
		obs := game.Seat(rapid.IntRange(-1, s.n-1).Draw(t, "observer"))
		twin := hideDifferently(t, s, obs, true)
		checkInvariants(t, twin)
		if a, b := viewJSON(t, s, obs), viewJSON(t, twin, obs); a != b {
			t.Fatalf("seat %d's view depends on hidden facts:\n%s\n%s", obs, a, b)
		}
		if a, b := viewJSON(t, s, game.Spectator), viewJSON(t, twin, game.Spectator); a != b {
			t.Fatalf("the spectator's view depends on hidden facts")
		}
		if s.String() != twin.String() {
			t.Fatal("String depends on hidden facts")
		}
	})
}

// TestSecretsEventsAndErrors: after a change of hidden colours, the same
// move gives everyone the same public events (unless a fight, whose
// result the rules announce, happens), and a refused move the same
// sentence. Private events go only to the captains who held the cards.
func TestSecretsEventsAndErrors(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawPlayed(t)
		if s.phase == phOver {
			return
		}
		mover := s.who
		twin := hideDifferently(t, s, mover, false)
		legal := s.Legal(mover)
		if a, b := fmt.Sprint(legal), fmt.Sprint(twin.Legal(mover)); a != b {
			t.Fatalf("the mover's legal moves depend on others' secrets:\n%s\n%s", a, b)
		}
		m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")].(Move)
		ea, err1 := s.Clone().Apply(mover, m)
		eb, err2 := twin.Clone().Apply(mover, m)
		if err1 != nil || err2 != nil {
			t.Fatalf("legal move refused: %v %v", err1, err2)
		}
		for _, e := range ea {
			if e.Type == "crew-cards" {
				d := e.Data.(CrewData)
				for _, to := range e.To {
					if d.From != seatPlace(to) && d.To != seatPlace(to) {
						t.Fatalf("seat %d was told of cards moving from %s to %s", to, d.From, d.To)
					}
				}
			}
			if e.To == nil && e.Type == "crew" && e.Data.(CrewData).Cards != nil {
				d := e.Data.(CrewData)
				if strings.HasPrefix(d.From, "seat") && strings.HasPrefix(d.To, "seat") || d.From == placePirate || d.To == placePirate {
					t.Fatalf("a public event shows the cards moving from %s to %s", d.From, d.To)
				}
			}
		}
		if !hasType(ea, "fight") && !hasType(eb, "fight") {
			if pa, pb := publicEvents(t, ea, game.Spectator), publicEvents(t, eb, game.Spectator); pa != pb {
				t.Fatalf("public events depend on hidden facts:\n%s\n%s", pa, pb)
			}
		}
		// A refused move: another seat's sentence must not depend on
		// anything hidden, nor may the mover's on others' secrets.
		bad := []Move{SailTo(rapid.IntRange(1, 20).Draw(t, "x"), rapid.IntRange(1, 20).Draw(t, "y")),
			FaceTo(Dir(rapid.IntRange(0, 7).Draw(t, "d"))), {Give: []string{"R3", "B3"}, Take: []string{"diamond"}},
			{Take: []string{"diamond", "diamond"}}, {Keep: []string{"gold"}}, SeatMove(rapid.IntRange(0, 3).Draw(t, "seat")), {Crew: true}}
		for _, b := range bad {
			_, e1 := s.Clone().Apply(mover, b)
			_, e2 := twin.Clone().Apply(mover, b)
			if fmt.Sprint(e1) != fmt.Sprint(e2) {
				t.Fatalf("move %v: answers differ: %v / %v", b, e1, e2)
			}
			if e1 != nil && game.ErrorCode(e1) == "" {
				t.Fatalf("move %v refused without a code: %v", b, e1)
			}
			other := game.Seat((int(mover) + 1) % s.n)
			if _, e := s.Clone().Apply(other, b); game.ErrorCode(e) != "not-your-turn" {
				t.Fatalf("seat %d moved out of turn: %v", other, e)
			}
		}
	})
}

// TestLegalMatchesApply: every legal move is accepted, and a move Apply
// accepts is in the legal list.
func TestLegalMatchesApply(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawPlayed(t)
		if s.phase == phOver {
			return
		}
		legal := map[string]bool{}
		for _, m := range s.Legal(s.who) {
			legal[string(game.Canonical(m))] = true
		}
		cands := []Move{SailTo(rapid.IntRange(1, 20).Draw(t, "x"), rapid.IntRange(1, 20).Draw(t, "y")),
			FaceTo(Dir(rapid.IntRange(0, 7).Draw(t, "d"))), AttackMove(true), Done, {Crew: true},
			SeatMove(rapid.IntRange(0, 3).Draw(t, "seat"))}
		items := []string{"diamond", "ruby", "gold", "pearl", "rum", "R1", "R2", "R3", "B1", "B2", "B3", "john"}
		pick := func(label string) []string {
			n := rapid.IntRange(1, 3).Draw(t, label+" n")
			var out []string
			for i := range n {
				out = append(out, rapid.SampledFrom(items).Draw(t, fmt.Sprintf("%s %d", label, i)))
			}
			return out
		}
		cands = append(cands, Move{Give: pick("give"), Take: pick("take")}, Move{Take: pick("t")}, Move{Keep: pick("k")},
			Move{Play: rapid.SampledFrom([]int{21, 23, 24}).Draw(t, "play"), Take: pick("pt")})
		for _, m := range cands {
			if checkForm(&m) != nil {
				continue
			}
			_, err := s.Clone().Apply(s.who, m)
			if (err == nil) != legal[string(game.Canonical(m))] {
				t.Fatalf("%v: Apply says %v but legal list says %v", m, err, legal[string(game.Canonical(m))])
			}
		}
		for m := range legal {
			mv, err := ParseMove([]byte(m))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Clone().Apply(s.who, mv); err != nil {
				t.Fatalf("legal %s refused: %v", m, err)
			}
		}
	})
}
