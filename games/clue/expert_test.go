package clue

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// A question whose answer may settle the case file is worth more than
// what it teaches on average: the game is a race, and settling it lets
// the expert accuse at once. Here the suspect is one of three, the two
// others in the left-hand player's hand; naming one of them ends the
// game when nobody can answer, a chance of a third.
func TestQuestionWorthCountsTheChanceToSettle(t *testing.T) {
	var ds deals
	for _, cf := range []Card{Scarlet, Mustard, White} {
		var d [numCards]int8
		for c := range d {
			d[c] = -1
		}
		for _, c := range []Card{Scarlet, Mustard, White} {
			d[c] = 1
		}
		d[cf] = caseBit
		d[Candlestick] = caseBit
		d[roomCard(Study)] = caseBit
		ds.holder = append(ds.holder, d)
	}
	ds.index([]game.Seat{0, 1, 2}, 0)
	settling := questionWorth(&ds, [3]Card{Scarlet, Knife, roomCard(Hall)})
	if settling < solveWorth/3 {
		t.Errorf("naming a suspect that may end the game is worth %.2f bits, less than the chance of settling counts (%.2f)", settling, float64(solveWorth)/3)
	}
	// Naming only cards nobody else can show teaches nothing and settles
	// nothing, even though every deal's answer is the same.
	if idle := questionWorth(&ds, [3]Card{Green, Knife, roomCard(Hall)}); idle > 1e-9 {
		t.Errorf("a question nobody can answer is worth %.2f bits", idle)
	}
}

// expertScenario is a three-player deal: the case file is Plum with the
// rope in the Study; seat 0 holds Scarlet, the candlestick, the Hall and
// the Lounge.
const expertScenario = `{"players":3,"scenario":{"caseFile":["plum","rope","study"],
 "hands":[["scarlet","candlestick","hall","lounge"],["mustard","knife","library","billiard-room"],["white","lead-pipe","dining-room","conservatory"]],
 "faceUp":["green","peacock","revolver","wrench","ballroom","kitchen"]}}`

// The expert accuses the moment its notebook is certain, at the start of
// its turn before walking anywhere: a turn spent walking is a turn a
// rival may use to accuse first.
func TestExpertAccusesAtOnceWhenCertain(t *testing.T) {
	st, err := Definition.New(json.RawMessage(expertScenario), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	// Seat 0 has been shown every card of the other two hands.
	for seat, hand := range map[game.Seat][]Card{1: s.hands[1], 2: s.hands[2]} {
		for _, c := range hand {
			sg := Suggestion{Seat: 0, Suspect: Scarlet, Weapon: Candlestick, Room: roomCard(Hall),
				Passed: []game.Seat{}, ShownBy: seat, Shown: c, Answered: true}
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
	}
	bot, _ := newBot("expert", game.NewRand(2))
	m, err := bot.Choose(context.Background(), s.Clone(), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := Move{Kind: VerbAccuse, Suspect: Plum, Weapon: Rope, Room: roomCard(Study)}
	if m != want {
		t.Fatalf("certain of the case file at the start of its turn, the expert plays %v, not %v", m, want)
	}
}

// Out of time, the expert still moves, by the plain rules.
func TestExpertOutOfTimeStillMoves(t *testing.T) {
	st, err := Definition.New(json.RawMessage(expertScenario), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	bot, _ := newBot("expert", game.NewRand(2))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for range 6 {
		seat := s.Turn()[0]
		m, err := bot.Choose(ctx, s.Clone(), seat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("out of time, the expert in seat %d chose %v: %v", seat, m, err)
		}
	}
}
