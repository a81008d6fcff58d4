package clue

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/game/gametest"
)

// analysisDeal leaves Scarlet (seat 0) in doubt only about the suspect:
// the case file is Plum, Rope, Study; Mustard (seat 1) holds Green and
// White (seat 2) holds White; every other card is Scarlet's or face up.
const analysisDeal = `{"caseFile":["plum","rope","study"],
 "hands":[["scarlet","mustard","peacock","knife","candlestick","lead-pipe","hall","lounge"],["green"],["white"]],
 "faceUp":["revolver","wrench","library","billiard-room","dining-room","conservatory","ballroom","kitchen"]}`

// analysisGame plays the game the analysis tests read: Scarlet suggests
// Green with the Rope in the Lounge and Mustard shows her Green; Mustard
// suggests White with the Knife in the Dining Room and White is asked, so
// White holds White (the Knife is Scarlet's, the Dining Room face up):
// Scarlet now knows it was Plum, and accuses on her next turn.
func analysisGame(t testing.TB) (*gametest.Recorder, map[string]int) {
	st, err := Definition.New(json.RawMessage(`{"players":3,"scenario":`+analysisDeal+`}`), game.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	r := gametest.Record(t, st)
	at := map[string]int{}
	for _, mv := range []struct {
		seat game.Seat
		text string
	}{
		{0, "move hall-lounge"}, {0, "end"}, {1, "move lounge-dining-room"}, {1, "end"}, {2, "move ballroom-kitchen"}, {2, "end"},
		{0, "move lounge"}, {0, "suggest green rope"}, {1, "show green"}, {0, "end"},
		{1, "move dining-room"}, {1, "suggest white knife"}, {2, "show white"}, {1, "end"},
		{2, "suggest mustard knife"}, {0, "show knife"}, {2, "end"},
		{0, "accuse plum rope study"},
	} {
		r.PlayText(mv.seat, mv.text)
		at[mv.text] = len(r.Steps) - 1
	}
	return r, at
}

func analyze(t testing.TB, r *gametest.Recorder) *Analysis {
	t.Helper()
	return r.Analyze(Analyze).(*Analysis)
}

// cell is seat sa's mark for card c and holder (a seat, or -1 for the
// case file) at replay step i.
func (sa *SeatAnalysis) cell(i int, c Card, holder int) byte {
	var marks []string
	for _, nb := range sa.Notebooks {
		if nb.From <= i {
			marks = nb.Marks
		}
	}
	if holder < 0 {
		holder = len(marks[c]) - 1
	}
	return marks[c][holder]
}

// A card shown to the suggester is marked shown in the asker's notebook
// from the showing on, and not in a bystander's: White saw that Mustard
// showed a card, not which (spec 3.7: only the suggester sees it).
func TestAnalysisNotebookMarksTheShownCardForTheAskerOnly(t *testing.T) {
	r, at := analysisGame(t)
	a := analyze(t, r)
	shown := at["show green"]
	if got := a.Seats[0].cell(at["suggest green rope"]-1, Green, 1); got != cellMaybe {
		t.Errorf("before her suggestion Scarlet's notebook marks Green for Mustard %q, want %q", got, cellMaybe)
	}
	// Asked, Mustard holds one of Green, the Rope and the Lounge; the
	// Lounge is Scarlet's and the Rope, the only weapon she has not seen,
	// is in the case file: so Green is his before he shows it.
	if got := a.Seats[0].cell(at["suggest green rope"], Green, 1); got != cellDeduced {
		t.Errorf("once Mustard is asked Scarlet's notebook marks Green for him %q, want %q (deduced)", got, cellDeduced)
	}
	if got := a.Seats[0].cell(shown, Green, 1); got != cellShown {
		t.Errorf("after the showing Scarlet's notebook marks Green for Mustard %q, want %q (shown)", got, cellShown)
	}
	if got := a.Seats[2].cell(shown, Green, 1); got != cellMaybe {
		t.Errorf("White, a bystander, marks Green for Mustard %q, want %q: she did not see the card", got, cellMaybe)
	}
	if got := a.Seats[1].cell(shown, Green, 1); got != cellOwn {
		t.Errorf("Mustard marks his own Green %q, want %q", got, cellOwn)
	}
	if got := a.Seats[0].cell(0, Knife, 0); got != cellOwn {
		t.Errorf("Scarlet marks her own Knife %q at the start, want %q", got, cellOwn)
	}
	if got := a.Seats[0].cell(0, Revolver, -1); got != cellFaceUp {
		t.Errorf("Scarlet marks the face-up Revolver %q, want %q", got, cellFaceUp)
	}
}

// Scarlet is certain from the step White is asked to answer Mustard's
// suggestion (White then holds White, so Plum is in the case file), and
// she accuses, rightly, on her next turn. White never is: the game ends
// before she learns who holds Plum; and the laid-out case file at the
// end does not count as her deduction.
func TestAnalysisCertaintyStep(t *testing.T) {
	r, at := analysisGame(t)
	a := analyze(t, r)
	sc := a.Seats[0]
	if sc.CertainAt != at["suggest white knife"] {
		t.Errorf("Scarlet certain at step %d, want %d (White asked about White with the Knife in the Dining Room)", sc.CertainAt, at["suggest white knife"])
	}
	if want := []Card{Plum, Rope, roomCard(Study)}; len(sc.Solution) != 3 || sc.Solution[0] != want[0] || sc.Solution[1] != want[1] || sc.Solution[2] != want[2] {
		t.Errorf("Scarlet's solution %v, want %v", sc.Solution, want)
	}
	if sc.AccusedAt != at["accuse plum rope study"] || !sc.AccusedRight {
		t.Errorf("Scarlet accused at step %d (right %v), want step %d, right", sc.AccusedAt, sc.AccusedRight, at["accuse plum rope study"])
	}
	if w := a.Seats[2]; w.CertainAt != -1 || w.AccusedAt != -1 {
		t.Errorf("White certain at %d, accused at %d; she never was nor did", w.CertainAt, w.AccusedAt)
	}
	last := len(r.Steps) - 1
	if got := a.Seats[2].cell(last, Plum, -1); got != cellMaybe {
		t.Errorf("at the end White's notebook marks Plum in the case file %q, want %q: the laid-out case file is not her deduction", got, cellMaybe)
	}
}

// The analysis marshals to the JSON form the package documents.
func TestAnalysisJSON(t *testing.T) {
	r, _ := analysisGame(t)
	b, err := json.Marshal(analyze(t, r))
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Cards []string `json:"cards"`
		Seats []struct {
			Suspect   string `json:"suspect"`
			Notebooks []struct {
				From  int      `json:"from"`
				Marks []string `json:"marks"`
			} `json:"notebooks"`
		} `json:"seats"`
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Cards) != numCards || back.Cards[0] != "scarlet" || back.Seats[0].Suspect != "scarlet" || len(back.Seats[0].Notebooks[0].Marks[0]) != 4 {
		t.Errorf("the JSON form reads %s", b)
	}
}
