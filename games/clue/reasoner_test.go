package clue

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// viewOnly is a game.State that answers View and nothing else: any other
// method call panics (the embedded State is nil), so a bot given it can
// only have read its seat's view.
type viewOnly struct {
	game.State
	s *State
}

func (v viewOnly) View(seat game.Seat) any { return v.s.View(seat) }

// reasonerMove asks a fresh reasoner with generator seed for seat's move,
// showing it nothing but seat's view.
func reasonerMove(t *testing.T, s *State, seat game.Seat, seed uint64) Move {
	t.Helper()
	b, err := Definition.ArenaBot(LevelReasoner, game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	m, err := b.Choose(context.Background(), viewOnly{s: s}, seat)
	if err != nil {
		t.Fatal(err)
	}
	return m.(Move)
}

// shownTo records that seat shower showed card c to seat 0, as the game
// logs an answered suggestion naming it.
func shownTo(s *State, shower game.Seat, c Card) {
	sg := Suggestion{Seat: 0, Suspect: Scarlet, Weapon: Candlestick, Room: roomCard(Hall),
		Passed: []game.Seat{}, ShownBy: shower, Shown: c, Answered: true}
	switch c.Kind() {
	case SuspectCard:
		sg.Suspect = c
	case WeaponCard:
		sg.Weapon = c
	default:
		sg.Room = c
	}
	s.suggestions = append(s.suggestions, sg)
}

func expertScenarioState(t *testing.T) *State {
	t.Helper()
	st, err := Definition.New(json.RawMessage(expertScenario), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// The rule of the reasoner (reasoner.go, after Neller's SAT approach): it
// accuses exactly when what its seat saw entails the whole case file, at
// once, and never before. Positions made by hand, from expertScenario:
// seat 0 does not know Plum, Mustard, White, the rope, knife and lead
// pipe, and five rooms; seats 1 and 2 hold four cards each.
func TestReasonerRuleAccusesExactlyWhenTheCaseFileIsEntailed(t *testing.T) {
	accuse := Move{Kind: VerbAccuse, Suspect: Plum, Weapon: Rope, Room: roomCard(Study)}

	// By who could not answer: nobody else holds Plum, the rope or the
	// Study, so the envelope does.
	s := expertScenarioState(t)
	s.suggestions = append(s.suggestions, Suggestion{Seat: 0, Suspect: Plum, Weapon: Rope, Room: roomCard(Study),
		Passed: []game.Seat{1, 2}, ShownBy: -1, Answered: true})
	if m := reasonerMove(t, s, 0, 1); m != accuse {
		t.Fatalf("nobody could answer Plum, rope, Study: the reasoner plays %v, not %v", m, accuse)
	}

	// By the size of hands: every card of seat 1's hand and three of seat
	// 2's four were shown; the last one is the Study or the Conservatory,
	// so the case file is not yet settled.
	s = expertScenarioState(t)
	for _, c := range s.hands[1] {
		shownTo(s, 1, c)
	}
	for _, c := range []Card{White, LeadPipe, roomCard(DiningRoom)} {
		shownTo(s, 2, c)
	}
	if nb := deduce(s.knowledgeOf(0)); func() bool { _, ok := nb.Solution(); return ok }() {
		t.Fatal("the position is meant to leave the room open, yet the notebook settles the case")
	}
	if m := reasonerMove(t, s, 0, 1); m.Kind == VerbAccuse {
		t.Fatalf("with the Study or the Conservatory still open the reasoner accuses: %v", m)
	}
	// The Conservatory shown: seat 2's hand is complete, the rest is the
	// case file.
	shownTo(s, 2, roomCard(Conservatory))
	if m := reasonerMove(t, s, 0, 1); m != accuse {
		t.Fatalf("every rival card known: the reasoner plays %v, not %v", m, accuse)
	}

	// By one rival's showing to another, unseen: seat 2 showed seat 1 one
	// of Plum, the rope and the Conservatory. With seat 1's hand and seat
	// 2's lead pipe and Dining Room shown to seat 0, seat 2's other two
	// cards are one of three pairs (White and the Conservatory, Plum and
	// the Conservatory, Plum and the Study): open.
	s = expertScenarioState(t)
	for _, c := range s.hands[1] {
		shownTo(s, 1, c)
	}
	for _, c := range []Card{LeadPipe, roomCard(DiningRoom)} {
		shownTo(s, 2, c)
	}
	s.suggestions = append(s.suggestions, Suggestion{Seat: 1, Suspect: Plum, Weapon: Rope, Room: roomCard(Conservatory),
		Passed: []game.Seat{}, ShownBy: 2, Shown: roomCard(Conservatory), Answered: true})
	if m := reasonerMove(t, s, 0, 1); m.Kind == VerbAccuse {
		t.Fatalf("three case files are still possible, yet the reasoner accuses %v", m)
	}
	// White shown too: seat 2's last card must be the one it showed seat
	// 1, and it cannot be Plum or the rope, which the case file needs;
	// so it is the Conservatory, and the Study is the scene.
	shownTo(s, 2, White)
	if m := reasonerMove(t, s, 0, 1); m != accuse {
		t.Fatalf("the showing seat 0 did not see settles the case: the reasoner plays %v, not %v", m, accuse)
	}
}

// What the reasoner reads from a view is what the seat knows: its
// knowledge gives the same notebook as the state's own gathering, for
// every seat of random games, wrong accusers and owed answers included.
func TestReasonerKnowledgeFromViewEqualsTheSeats(t *testing.T) {
	checked := 0
	for g := range 12 {
		opts := []string{`{"players":3}`, `{"players":4,"difficulty":"easy"}`, `{"players":5,"difficulty":"hard"}`, `{"players":6}`}[g%4]
		st, err := Definition.New(json.RawMessage(opts), game.NewRand(uint64(g)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := game.NewRand(uint64(500 + g))
		for i := 0; i < 150 && s.phase != phOver; i++ {
			if i%5 == 0 {
				for seat := range game.Seat(s.n) {
					raw, err := json.Marshal(s.View(seat))
					if err != nil {
						t.Fatal(err)
					}
					var v View
					if err := json.Unmarshal(raw, &v); err != nil {
						t.Fatal(err)
					}
					k, err := knowledgeFromView(&v)
					if err != nil {
						t.Fatalf("game %d step %d seat %d: %v", g, i, seat, err)
					}
					got, want := deduce(k), deduce(s.knowledgeOf(seat))
					if got.possible != want.possible {
						t.Fatalf("game %d step %d seat %d: the notebook from the view differs from the seat's", g, i, seat)
					}
					checked++
				}
			}
			seat := s.Turn()[0]
			legal := s.Legal(seat)
			m := legal[rng.IntN(len(legal))]
			if m.(Move).Kind == VerbAccuse && rng.IntN(8) != 0 {
				continue
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d views read", checked)
}

// reasonerGame plays a four-seat game, the expert in seat expertSeat and
// reasoners elsewhere, the reasoners seeing only their views; it returns
// the moves and the final state.
func reasonerGame(t *testing.T, seed uint64, expertSeat game.Seat) ([]Move, *State) {
	t.Helper()
	st, err := Definition.New(json.RawMessage(`{"players":4}`), game.NewRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	bots := make([]game.Bot, 4)
	for i := range bots {
		level := LevelReasoner
		if game.Seat(i) == expertSeat {
			level = "expert"
		}
		if bots[i], err = Definition.ArenaBot(level, game.NewRand(seed*11+uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	var moves []Move
	for s.phase != phOver {
		if len(moves) > 5000 {
			t.Fatalf("seed %d: no end after 5000 moves", seed)
		}
		seat := s.Turn()[0]
		var view game.State = viewOnly{s: s}
		if game.Seat(seat) == expertSeat {
			view = s.Clone()
		}
		m, err := bots[seat].Choose(context.Background(), view, seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("seed %d: seat %d chose %v: %v", seed, seat, m, err)
		}
		moves = append(moves, m.(Move))
	}
	return moves, s
}

// The same seed gives the same game, move for move; reasoners never
// accuse wrongly; and a reasoner shown nothing but its seat's view (any
// other call on the state would panic) plays whole games.
func TestReasonerIsDeterministicAndAccusesOnlyRightly(t *testing.T) {
	games := 6
	if raceEnabled {
		games = 2
	}
	for g := range games {
		seed := uint64(40 + g)
		first, s := reasonerGame(t, seed, game.Seat(g%4))
		again, _ := reasonerGame(t, seed, game.Seat(g%4))
		if !slices.Equal(first, again) {
			t.Fatalf("seed %d: two runs differ (%d and %d moves)", seed, len(first), len(again))
		}
		for _, a := range s.accusations {
			if !a.Correct {
				t.Fatalf("seed %d: seat %d accused wrongly: %+v", seed, a.Seat, a)
			}
		}
		if s.Outcome() == nil || len(s.Outcome().Winners) != 1 {
			t.Fatalf("seed %d: the game ended without a solver", seed)
		}
	}
}

// The reasoner's move depends on its seat's view alone: two deals that
// differ only in cards the seat has not seen (the case file's suspect
// swapped with one in a rival's hand) give the same move, with the same
// generator, at every decision of the seat's first turns.
func TestReasonerReadsOnlyItsView(t *testing.T) {
	other := `{"players":3,"scenario":{"caseFile":["mustard","rope","study"],
 "hands":[["scarlet","candlestick","hall","lounge"],["plum","knife","library","billiard-room"],["white","lead-pipe","dining-room","conservatory"]],
 "faceUp":["green","peacock","revolver","wrench","ballroom","kitchen"]}}`
	a := expertScenarioState(t)
	st, err := Definition.New(json.RawMessage(other), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	b := st.(*State)
	// Seat 0 stands in the hallway beside the Hall and the Lounge, its own
	// rooms, and the Library hallway is one step further: it walks, then
	// suggests.
	a.pos[Scarlet], b.pos[Scarlet] = hallwayOf(Hall, Lounge), hallwayOf(Hall, Lounge)
	for step := 0; step < 3 && a.phase != phOver && a.Turn()[0] == 0; step++ {
		va, _ := json.Marshal(a.View(0))
		vb, _ := json.Marshal(b.View(0))
		if string(va) != string(vb) {
			t.Fatalf("step %d: the two deals look different to seat 0; the test needs them alike", step)
		}
		ma, mb := reasonerMove(t, a, 0, 9), reasonerMove(t, b, 0, 9)
		if ma != mb {
			t.Fatalf("step %d: the same view gives %v in one deal and %v in the other", step, ma, mb)
		}
		if ma.Kind == VerbSuggest {
			return // the answers differ from here on
		}
		for _, s := range []*State{a, b} {
			if _, err := s.Apply(0, ma); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("seat 0 never came to suggest")
}

// The reasoner is a yardstick for the arena: tables are never offered it
// (Definition.Bot, which tables and the engine use, refuses it), while the
// arena makes it.
func TestReasonerIsForTheArenaOnly(t *testing.T) {
	if slices.Contains(Definition.BotLevels, LevelReasoner) {
		t.Fatalf("the levels offered at tables include the reasoner: %v", Definition.BotLevels)
	}
	if _, err := Definition.Bot(LevelReasoner, game.NewRand(1)); err == nil {
		t.Fatal("a table may ask for the reasoner")
	}
	if _, err := Definition.ArenaBot(LevelReasoner, game.NewRand(1)); err != nil {
		t.Fatalf("the arena cannot make the reasoner: %v", err)
	}
	if _, err := Definition.ArenaBot("grandmaster", game.NewRand(1)); err == nil || !strings.Contains(err.Error(), "for the arena only: reasoner") {
		t.Fatalf("an unknown level's error does not name the arena's own: %v", err)
	}
}
