package clue

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// deal3 is a three-player scenario: Scarlet (seat 0), Mustard (seat 1),
// White (seat 2); the case file is Plum, Rope, Study.
const deal3 = `{"caseFile":["plum","rope","study"],
 "hands":[["scarlet","knife","hall","lounge","library","kitchen"],
          ["mustard","candlestick","lead-pipe","billiard-room","dining-room","green"],
          ["white","revolver","wrench","conservatory","ballroom","peacock"]],
 "weapons":{"rope":"kitchen","knife":"hall","candlestick":"lounge","lead-pipe":"library","revolver":"dining-room","wrench":"ballroom"}}`

func newGame(t *testing.T, options string) *State {
	t.Helper()
	st, err := Definition.New(json.RawMessage(options), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

func scenario3(t *testing.T) *State {
	return newGame(t, `{"players":3,"scenario":`+deal3+`}`)
}

// play plays moves with gametest.Play, each written as its seat and its
// notation ("0: move hall-lounge"), and returns all their events.
func play(t *testing.T, s *State, moves ...string) []game.Event {
	t.Helper()
	var evs []game.Event
	for _, line := range moves {
		seat, text, ok := strings.Cut(line, ":")
		n, err := strconv.Atoi(seat)
		if !ok || err != nil {
			t.Fatalf("bad test move %q: write it as \"seat: move\"", line)
		}
		evs = append(evs, gametest.Play(t, s, game.Seat(n), strings.TrimSpace(text))...)
	}
	return evs
}

func TestRule3_2_SetupDealsByTheTable(t *testing.T) {
	for players, row := range faceUp {
		for d, diff := range []Difficulty{Easy, Medium, Hard} {
			s := newGame(t, fmt.Sprintf(`{"players":%d,"difficulty":%q}`, players, diff))
			if len(s.faceUp) != row[d] {
				t.Errorf("%d players, %s: %d face-up cards, the spec's table says %d", players, diff, len(s.faceUp), row[d])
			}
			dealt := 18 - row[d]
			seen := map[Card]bool{}
			for _, c := range append(append(slices.Clone(s.caseFile[:]), s.faceUp...), slices.Concat(s.hands...)...) {
				if seen[c] {
					t.Fatalf("%s dealt twice", c)
				}
				seen[c] = true
			}
			if len(seen) != numCards {
				t.Fatalf("%d cards dealt, want 21", len(seen))
			}
			// Clockwise from the first player: the first players get one
			// more when the count does not divide.
			for i, seat := range s.order {
				want := dealt / players
				if i < dealt%players {
					want++
				}
				if len(s.hands[seat]) != want {
					t.Errorf("%d players, %s: the %d-th player in turn order holds %d cards, want %d", players, diff, i+1, len(s.hands[seat]), want)
				}
			}
			for k, c := range s.caseFile {
				if c.Kind() != Kind(k) {
					t.Errorf("case file %v is not a suspect, a weapon and a room", s.caseFile)
				}
			}
			rooms := map[Place]bool{}
			for _, r := range s.weapon {
				if !r.IsRoom() || rooms[r] {
					t.Fatalf("weapons start at %v: each in a different room (3.2.2)", s.weapon)
				}
				rooms[r] = true
			}
		}
	}
}

func TestRule3_2_ScarletFirstThenToTheLeft(t *testing.T) {
	s := newGame(t, `{"players":3,"suspects":["plum","scarlet","white"]}`)
	if got := s.Turn(); got[0] != 1 {
		t.Fatalf("Scarlet is seat 1 and goes first; turn is %v", got)
	}
	if !slices.Equal(s.order, []game.Seat{1, 2, 0}) {
		t.Fatalf("turn order %v, want Scarlet, White, Plum: seats 1, 2, 0", s.order)
	}
	s = newGame(t, `{"players":3,"suspects":["plum","green","white"]}`)
	if got := s.Turn(); got[0] != 2 {
		t.Fatalf("without Scarlet, White (first in play in the order) starts; turn is %v", got)
	}
}

func TestRule3_3_FirstMoveIntoTheHomeHallway(t *testing.T) {
	s := scenario3(t)
	gametest.Refused(t, s, 0, "move hall", "first-move")
	play(t, s, "0: move hall-lounge")
	if s.pos[Scarlet] != hallwayOf(Hall, Lounge) {
		t.Fatalf("Scarlet at %v", s.pos[Scarlet])
	}
}

// answerAll lets every owed disprove show its first legal card.
func answerAll(t *testing.T, s *State) {
	t.Helper()
	for s.phase == phDisprove {
		seat := s.Turn()[0]
		if _, err := s.Apply(seat, s.Legal(seat)[0]); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRule3_3_HallwayHoldsOnePerson(t *testing.T) {
	s := scenario3(t)
	play(t, s, "0: move hall-lounge", "0: end", "1: move lounge-dining-room", "1: end", "2: move ballroom-kitchen", "2: end",
		"0: move lounge")
	gametest.Refused(t, s, 0, "move lounge-dining-room", "already-moved")
	play(t, s, "0: suggest scarlet knife")
	answerAll(t, s)
	play(t, s, "0: end", "1: move dining-room", "1: suggest mustard lead-pipe")
	answerAll(t, s)
	play(t, s, "1: end", "2: move kitchen", "2: suggest white wrench")
	answerAll(t, s)
	play(t, s, "2: end")
	// Mustard left the Lounge-Dining Room hallway; Scarlet takes it, and
	// then Mustard, in the Dining Room, may not.
	play(t, s, "0: move lounge-dining-room", "0: end")
	gametest.Refused(t, s, 1, "move lounge-dining-room", "hallway-occupied")
	if !slices.Contains(s.destinations(1), hallwayOf(DiningRoom, Kitchen)) {
		t.Fatalf("Mustard's free exits: %v", s.destinations(1))
	}
}

func TestRule3_3_BlockedAtHomeLosesTheMove(t *testing.T) {
	s := newGame(t, `{"players":3,"suspects":["scarlet","mustard","plum"],"scenario":`+deal3+`}`)
	// White (not in play) stands in Plum's home hallway, set up directly.
	s.pos[White] = hallwayOf(Study, Library)
	play(t, s, "0: move hall-lounge", "0: end", "1: move lounge-dining-room", "1: end")
	if got := s.Legal(2); !slices.ContainsFunc(got, func(m game.Move) bool { return m.(Move).Kind == VerbEnd }) {
		t.Fatal("Plum, blocked at home, may end (or accuse)")
	}
	gametest.Refused(t, s, 2, "move study-library", "hallway-occupied")
	ev := play(t, s, "2: end")
	if ev[0].Type != "blocked" {
		t.Fatalf("events %v: the lost move is announced", ev)
	}
}

func TestRule3_4_SecretPassage(t *testing.T) {
	s := scenario3(t)
	s.pos[Scarlet] = Lounge
	play(t, s, "0: move conservatory")
	if s.pos[Scarlet] != Conservatory || s.phase != phEntered {
		t.Fatalf("through the passage Scarlet is at %v, phase %v", s.pos[Scarlet], s.phase)
	}
	s2 := scenario3(t)
	s2.pos[Scarlet] = Hall
	gametest.Refused(t, s2, 0, "move kitchen", "not-adjacent")
}

func TestRule3_5_BlockedInARoomLosesTheMove(t *testing.T) {
	s := scenario3(t)
	// Scarlet in the Hall; tokens in all three of its hallways.
	s.pos[Scarlet] = Hall
	s.pos[Mustard] = hallwayOf(Study, Hall)
	s.pos[White] = hallwayOf(Hall, Lounge)
	s.pos[Plum] = hallwayOf(Hall, BilliardRoom)
	gametest.Refused(t, s, 0, "suggest plum rope", "move-first")
	play(t, s, "0: end")
	if s.turn != 1 {
		t.Fatal("the turn did not pass")
	}
}

func TestRule3_5_FromAHallwayIntoARoomAndSuggest(t *testing.T) {
	s := scenario3(t)
	play(t, s, "0: move hall-lounge", "0: end", "1: move lounge-dining-room", "1: end", "2: move ballroom-kitchen", "2: end")
	gametest.Refused(t, s, 0, "end", "must-move")
	play(t, s, "0: move hall")
	gametest.Refused(t, s, 0, "end", "suggestion-owed")
	play(t, s, "0: suggest plum rope")
}

func TestRule3_5_MovedBySuggestionMayStay(t *testing.T) {
	s := scenario3(t)
	play(t, s, "0: move hall-lounge", "0: end", "1: move lounge-dining-room", "1: end", "2: move ballroom-kitchen", "2: end",
		"0: move lounge", "0: suggest mustard rope")
	answerAll(t, s)
	if s.pos[Mustard] != Lounge {
		t.Fatalf("the suggestion did not bring Mustard to the Lounge: %v", s.pos[Mustard])
	}
	play(t, s, "0: end")
	if v := s.View(1).(*View); !v.CanStay {
		t.Fatal("Mustard, moved by a suggestion, may stay and suggest")
	}
	play(t, s, "1: suggest white candlestick")
	if s.pos[White] != Lounge {
		t.Fatal("White was not brought to the Lounge")
	}
}

func TestRule3_6_SuggestionBringsSuspectAndWeapon(t *testing.T) {
	s := scenario3(t)
	s.pos[Scarlet] = hallwayOf(Study, Hall)
	ev := play(t, s, "0: move study", "0: suggest green rope")
	if s.pos[Green] != Study || s.weapon[Rope-numSuspects] != Study {
		t.Fatalf("Green at %v, Rope at %v: both must come to the Study", s.pos[Green], s.weapon[Rope-numSuspects])
	}
	var types []string
	for _, e := range ev {
		types = append(types, e.Type)
	}
	if !slices.Contains(types, "summoned") || !slices.Contains(types, "weapon") {
		t.Fatalf("events %v", types)
	}
}

func TestRule3_6_OnlyInARoom(t *testing.T) {
	s := scenario3(t)
	play(t, s, "0: move hall-lounge")
	gametest.Refused(t, s, 0, "suggest plum rope", "not-in-room")
}

func TestRule3_7_DisproveGoesLeftAndTheFirstHolderChooses(t *testing.T) {
	s := scenario3(t)
	s.pos[Scarlet] = hallwayOf(DiningRoom, Kitchen)
	// Scarlet suggests White with the Wrench in the Dining Room: Mustard
	// (next on the left) holds the Dining Room; White, after him, holds
	// White and the Wrench.
	play(t, s, "0: move dining-room", "0: suggest white wrench")
	if got := s.Turn(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("Mustard owes the answer, turn is %v", got)
	}
	gametest.Refused(t, s, 1, "show wrench", "not-held")
	gametest.Refused(t, s, 0, "end", "not-your-turn")
	gametest.Refused(t, s, 2, "show white", "not-your-turn")
	ev := play(t, s, "1: show dining-room")
	var card *game.Event
	for i := range ev {
		if ev[i].Type == "card" {
			card = &ev[i]
		}
	}
	if card == nil || !slices.Equal(card.To, []game.Seat{0, 1}) {
		t.Fatalf("the shown card goes to the suggester and the shower only: %+v", card)
	}
	if v := s.View(2).(*View); v.Suggestions[0].Card != nil {
		t.Fatal("White's view shows the card Mustard showed Scarlet")
	}
	if v := s.View(0).(*View); v.Suggestions[0].Card == nil || *v.Suggestions[0].Card != firstRoom+Card(DiningRoom) {
		t.Fatal("Scarlet's view does not show the card she was shown")
	}
	// With several named cards the answerer chooses.
	s2 := scenario3(t)
	s2.pos[Scarlet] = hallwayOf(Conservatory, Ballroom)
	play(t, s2, "0: move ballroom", "0: suggest peacock revolver")
	if got := s2.Turn(); got[0] != 2 || len(s2.Legal(2)) != 3 {
		t.Fatalf("White holds Peacock, the Revolver and the Ballroom and chooses among them: %v", s2.Legal(2))
	}
}

func TestRule3_7_NobodyCanAnswer(t *testing.T) {
	s := scenario3(t)
	s.pos[Scarlet] = hallwayOf(Study, Hall)
	ev := play(t, s, "0: move study", "0: suggest plum rope")
	if s.phase != phSuggested || ev[len(ev)-1].Type != "unanswered" {
		t.Fatalf("nobody holds Plum, Rope, Study: phase %v", s.phase)
	}
	if v := s.View(2).(*View); !slices.Equal(v.Suggestions[0].Passed, []game.Seat{1, 2}) || v.Suggestions[0].ShownBy != -1 {
		t.Fatalf("everyone sees that nobody could: %+v", v.Suggestions[0])
	}
}

func TestRule3_8_OneSuggestionPerEntryAndOwnCards(t *testing.T) {
	s := scenario3(t)
	s.pos[Scarlet] = hallwayOf(Hall, Lounge)
	play(t, s, "0: move hall", "0: suggest scarlet knife") // all three are hers
	if s.phase != phSuggested {
		t.Fatalf("naming one's own cards: phase %v", s.phase)
	}
	gametest.Refused(t, s, 0, "suggest plum rope", "already-suggested")
}

func TestRule3_9_AccuseAnyRoomAnyTime(t *testing.T) {
	s := scenario3(t)
	ev := play(t, s, "0: accuse plum rope study")
	if s.phase != phOver || s.winner != 0 {
		t.Fatal("a right accusation at the start of the turn wins")
	}
	if ev[len(ev)-1].Type != "over" {
		t.Fatal("the end is announced to all (req. 7)")
	}
	if o := s.Outcome(); o == nil || !slices.Equal(o.Winners, []game.Seat{0}) {
		t.Fatalf("outcome %+v", o)
	}
}

func TestRule3_9_WrongAccuserIsInactiveButDisproves(t *testing.T) {
	s := scenario3(t)
	ev := play(t, s, "0: accuse green knife hall")
	if !s.inactive[0] || s.turn != 1 {
		t.Fatal("a wrong accuser sits out and the turn passes")
	}
	for _, e := range ev {
		if e.Type == "casefile" && !slices.Equal(e.To, []game.Seat{0}) {
			t.Fatal("only the accuser looks into the envelope")
		}
	}
	if v := s.View(0).(*View); len(v.CaseFile) != 3 {
		t.Fatal("the wrong accuser has seen the case file")
	}
	if v := s.View(1).(*View); len(v.CaseFile) != 0 {
		t.Fatal("another player sees the case file")
	}
	// Mustard suggests Scarlet with the Knife in the Lounge: inactive
	// Scarlet's token is moved, and, White holding none of the three, she
	// must answer.
	s.pos[Mustard] = hallwayOf(Lounge, DiningRoom)
	play(t, s, "1: move lounge", "1: suggest scarlet knife")
	if s.pos[Scarlet] != Lounge {
		t.Fatal("an inactive player's token can still be moved")
	}
	if got := s.Turn(); got[0] != 0 {
		t.Fatalf("inactive Scarlet owes the answer; turn %v", got)
	}
	play(t, s, "0: show knife")
}

func TestRule3_10_EveryoneWrongNobodyWins(t *testing.T) {
	s := scenario3(t)
	ev := play(t, s, "0: accuse green knife hall", "1: accuse green knife hall", "2: accuse green knife hall")
	o := s.Outcome()
	if o == nil || len(o.Winners) != 0 || !strings.Contains(o.Reason, "Professor Plum with the Rope in the Study") {
		t.Fatalf("outcome %+v", o)
	}
	if e := ev[len(ev)-1]; e.Type != "over" || e.To != nil {
		t.Fatal("the case file is revealed to everyone")
	}
}

func TestReq8_InactiveGetsNoTurn(t *testing.T) {
	s := scenario3(t)
	play(t, s, "0: accuse green knife hall", "1: move lounge-dining-room", "1: end", "2: move ballroom-kitchen", "2: end")
	if s.turn != 1 {
		t.Fatalf("after White comes Mustard, skipping inactive Scarlet: turn %d", s.turn)
	}
}

func TestOptionsRefusedWithReasons(t *testing.T) {
	for _, tc := range []struct{ opts, want string }{
		{`{"players":2}`, "from 3 to 6"},
		{`{"difficulty":"extreme"}`, "easy, medium or hard"},
		{`{"suspects":["scarlet","scarlet","plum"]}`, "chosen twice"},
		{`{"suspects":["scarlet","rope","plum"]}`, "not a suspect"},
		{`{"colour":"red"}`, "unknown option"},
		{`{"scenario":{"caseFile":["rope","plum","study"],"hands":[[],[],[]]}}`, "in that order"},
	} {
		_, err := Definition.New(json.RawMessage(tc.opts), game.NewRand(1))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.opts, err, tc.want)
		}
	}
}
