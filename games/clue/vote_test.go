package clue

import (
	"slices"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// Spec section 5: a carried vote passes the turn of the player to move.
func TestSpec5_PassedTurnEndsAsIfEnded(t *testing.T) {
	s := scenario3(t)
	play(t, s, "0: move hall-lounge") // moved, not ended
	ev, err := s.PassTurn(0)
	if err != nil {
		t.Fatal(err)
	}
	if s.turn != 1 || s.phase != phStart {
		t.Fatalf("after a passed turn Mustard starts his: turn %d phase %v", s.turn, s.phase)
	}
	if ev[0].Type != "turnpassed" || ev[len(ev)-1].Type != "turn" {
		t.Fatalf("events %+v", ev)
	}
	if s.pos[Scarlet] != hallwayOf(Hall, Lounge) {
		t.Fatal("Scarlet's token stays where her passed turn left it")
	}
	if !s.InGame(0) {
		t.Fatal("a passed turn does not put its player out")
	}
	// A turn owing a suggestion can be passed too: the suggestion is not made.
	play(t, s, "1: move lounge-dining-room")
	if _, err := s.PassTurn(1); err != nil || s.turn != 2 || len(s.suggestions) != 0 {
		t.Fatalf("pass while a suggestion was owed: %v, turn %d", err, s.turn)
	}
}

func TestSpec5_PassRefused(t *testing.T) {
	s := scenario3(t)
	if _, err := s.PassTurn(1); game.ErrorCode(err) != "not-your-turn" {
		t.Fatalf("passing a player who is not to move: %v", err)
	}
	s.pos[Scarlet] = hallwayOf(DiningRoom, Kitchen)
	play(t, s, "0: move dining-room", "0: suggest white wrench")
	before := s.Clone()
	if _, err := s.PassTurn(0); game.ErrorCode(err) != "show-owed" {
		t.Fatalf("passing while a card is owed: %v", err)
	}
	if _, err := s.PassTurn(1); game.ErrorCode(err) != "show-owed" {
		t.Fatalf("passing the player who owes a card: %v", err)
	}
	if d := gametest.Difference(before, s); d != "" {
		t.Fatalf("a refused pass changed the game: %s", d)
	}
}

// Spec section 5 with requirement 8: a removed player's cards still
// disprove, its token stays, and it gets no more turns.
func TestSpec5_RemovedPlayerStillDisproves(t *testing.T) {
	s := scenario3(t)
	s.pos[Scarlet] = hallwayOf(Hall, Lounge)
	play(t, s, "0: move lounge")
	// Mustard is removed while it is Scarlet's turn and she owes a suggestion.
	mustard := s.pos[Mustard]
	ev, err := s.RemoveSeat(1)
	if err != nil || ev[0].Type != "removed" || len(ev) != 1 {
		t.Fatalf("remove: %v %+v", err, ev)
	}
	if s.InGame(1) || !s.InGame(0) || !s.InGame(2) {
		t.Fatal("only the removed player is out")
	}
	if s.pos[Mustard] != mustard {
		t.Fatal("a removed player's token stays where it is")
	}
	if v := s.View(1).(*View); len(v.CaseFile) != 0 || !v.Players[1].Removed {
		t.Fatal("a removed player has not looked into the envelope, and everyone sees it removed")
	}
	// Scarlet suggests Mustard with the Candlestick in the Lounge: Mustard,
	// next on the left, holds both; the game shows the first, Mustard.
	ev = play(t, s, "0: suggest mustard candlestick")
	var card *game.Event
	for i := range ev {
		if ev[i].Type == "card" {
			card = &ev[i]
		}
	}
	if card == nil || card.Data.(CardData).Card != Mustard || !slices.Equal(card.To, []game.Seat{0, 1}) {
		t.Fatalf("the removed player's card is shown to the suggester only: %+v", card)
	}
	if s.phase != phSuggested || s.turn != 0 {
		t.Fatalf("the suggestion is answered at once: phase %v", s.phase)
	}
	if v := s.View(0).(*View); v.Notebook == nil {
		t.Fatal("Scarlet has a notebook")
	}
	play(t, s, "0: end")
	if s.turn != 2 {
		t.Fatalf("the removed player gets no turn: turn %d", s.turn)
	}
	play(t, s, "2: move ballroom-kitchen", "2: end")
	if s.turn != 0 {
		t.Fatalf("turn %d", s.turn)
	}
	if _, err := s.RemoveSeat(1); game.ErrorCode(err) != "already-removed" {
		t.Fatalf("removing twice: %v", err)
	}
}

func TestSpec5_RemovingTheOneWhoOwesACard(t *testing.T) {
	s := scenario3(t)
	s.pos[Scarlet] = hallwayOf(DiningRoom, Kitchen)
	play(t, s, "0: move dining-room", "0: suggest white wrench")
	// Mustard owes the Dining Room and stalls: he is removed, and the
	// game shows it for him.
	ev, err := s.RemoveSeat(1)
	if err != nil {
		t.Fatal(err)
	}
	if ev[len(ev)-1].Type != "card" || s.phase != phSuggested || s.turn != 0 {
		t.Fatalf("the owed card is shown at once: %+v phase %v", ev, s.phase)
	}
	if sg := s.suggestions[0]; sg.ShownBy != 1 || sg.Shown != firstRoom+Card(DiningRoom) {
		t.Fatalf("suggestion %+v", sg)
	}
}

func TestSpec5_RemovingTheSuggesterWaitingForACard(t *testing.T) {
	s := scenario3(t)
	s.pos[Scarlet] = hallwayOf(DiningRoom, Kitchen)
	play(t, s, "0: move dining-room", "0: suggest white wrench")
	if _, err := s.RemoveSeat(0); err != nil {
		t.Fatal(err)
	}
	if got := s.Turn(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("Mustard still owes his answer: %v", got)
	}
	play(t, s, "1: show dining-room")
	if s.turn != 1 || s.phase != phStart {
		t.Fatalf("once answered, the removed suggester's turn ends: turn %d phase %v", s.turn, s.phase)
	}
}

// Requirement 8 and section 5 together: when nobody who may still win is
// left, the game ends with no winner and the case file laid out.
func TestSpec5_RemovingTheLastContenderEndsTheGame(t *testing.T) {
	s := scenario3(t)
	play(t, s, "0: accuse green knife hall")
	if _, err := s.RemoveSeat(2); err != nil {
		t.Fatal(err)
	}
	ev, err := s.RemoveSeat(1)
	if err != nil {
		t.Fatal(err)
	}
	o := s.Outcome()
	if o == nil || len(o.Winners) != 0 || ev[len(ev)-1].Type != "over" {
		t.Fatalf("outcome %+v events %+v", o, ev)
	}
	if s.InGame(0) || s.InGame(1) {
		t.Fatal("nobody is in a game that is over")
	}
}

// A log with decisions replays to the same game (saves, replays, crash
// recovery).
func TestSpec5_DecisionsReplay(t *testing.T) {
	opts := `{"players":3,"scenario":` + deal3 + `}`
	l := game.Log{Game: "clue", Options: []byte(opts), Moves: []game.Entry{
		{Seat: 0, Move: game.Canonical(Move{Kind: VerbMove, To: hallwayOf(Hall, Lounge)})},
		{Seat: 0, Decision: game.DecisionPass},
		{Seat: 2, Decision: game.DecisionRemove},
	}}
	reg := game.NewRegistry(Definition)
	st, err := reg.Replay(l)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.turn != 1 || !s.removed[2] {
		t.Fatalf("replayed: turn %d removed %v", s.turn, s.removed)
	}
	l.Moves = append(l.Moves, game.Entry{Seat: 2, Decision: game.DecisionRemove})
	if _, err := reg.Replay(l); err == nil {
		t.Fatal("a log removing a seat twice replays")
	}
}
