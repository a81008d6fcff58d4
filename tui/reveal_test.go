package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games/battleship"
	"github.com/parlor-games/parlor/games/buccaneer"
	"github.com/parlor-games/parlor/games/clue"
)

// TestBuccaneerResignationShowsEveryHand: Buccaneer shows every hand after
// the end, and a resignation is an end; the terminal board lists the
// other captain's crew beside the sea.
func TestBuccaneerResignationShowsEveryHand(t *testing.T) {
	sc := `{"ships":[{"home":"London","hand":["R3","B1"]},{"home":"Genoa","hand":["B2","R2","R1"]}],"turn":0}`
	st := bucScenarioState(t, 2, sc)
	if out := plain(bucBoardFor(t, st, 0).render(100)); strings.Contains(out, "Bob (Genoa): ") {
		t.Fatalf("before the end Ann's board shows Genoa's crew:\n%s", out)
	}
	game.Conclude(st, game.Outcome{Winners: []game.Seat{0}, Reason: "seat 1 resigned"})
	out := plain(bucBoardFor(t, st, 0).render(100))
	if !strings.Contains(out, "The game is over.") || !strings.Contains(out, "Bob (Genoa): ") {
		t.Fatalf("after the resignation Ann's board does not list Genoa's crew:\n%s", out)
	}
}

// TestResultShowsTheScore: the result line gives the real score whatever
// ended the match, and none for a game that keeps no score.
func TestResultShowsTheScore(t *testing.T) {
	ts := &tableState{t: client.Table{Seats: []client.Seat{{Kind: client.SeatHuman, Name: "Ann"}, {Kind: client.SeatHuman, Name: "Bob"}}},
		outcome: &client.Outcome{Winners: []int{0}, Reason: "seat 1 resigned"}, scores: []int{2, 1}}
	if got := ts.result(); got != "Ann wins 2–1 (Bob resigned)" {
		t.Errorf("result %q", got)
	}
	// The winner's score comes first, as the sentence reads (issue #32,
	// point 2: "Bob wins 1–0 (Ann resigned)" was Ann's 1, Bob's 0).
	ts.outcome = &client.Outcome{Winners: []int{1}, Reason: "seat 0 resigned"}
	ts.scores = []int{1, 0}
	if got := ts.result(); got != "Bob wins 0–1 (Ann resigned)" {
		t.Errorf("result %q, want Bob's 0 first", got)
	}
	ts.t.Seats = append(ts.t.Seats, client.Seat{Kind: client.SeatHuman, Name: "Cy"})
	ts.outcome = &client.Outcome{Winners: []int{2}, Reason: "most land"}
	ts.scores = []int{3, 1, 5}
	if got := ts.result(); got != "Cy wins: Cy 5, Ann 3, Bob 1 (most land)" {
		t.Errorf("result %q, want every score named, the winner's first", got)
	}
	ts.outcome = &client.Outcome{Winners: []int{0}, Reason: "seat 1 resigned"}
	ts.t.Seats = ts.t.Seats[:2]
	ts.scores = nil
	if got := ts.result(); got != "Ann wins (Bob resigned)" {
		t.Errorf("result without scores %q", got)
	}
}

// TestBattleshipResignationShowsTheEnemyFleet: "at the end the enemy's
// fleet is revealed", and a resignation is an end: the terminal target
// grid marks every square of the enemy fleet.
func TestBattleshipResignationShowsTheEnemyFleet(t *testing.T) {
	st, err := battleship.Definition.New(nil, game.NewRand(5))
	if err != nil {
		t.Fatal(err)
	}
	for seat, fleet := range []string{
		"carrier A1 h, battleship A3 h, cruiser A5 h, submarine A7 h, destroyer A9 h",
		"carrier J1 v, battleship H1 v, cruiser F1 v, submarine D6 v, destroyer J9 v",
	} {
		if err := game.Play(st, game.Seat(seat), []byte(fleet)); err != nil {
			t.Fatal(err)
		}
	}
	ships := func() int {
		t.Helper()
		v, err := json.Marshal(st.View(0))
		if err != nil {
			t.Fatal(err)
		}
		b := newBattleship(nil, newStyles(true))
		if err := b.set(v, 0, false); err != nil {
			t.Fatal(err)
		}
		// Every "#" but the legend's is a ship's square.
		return strings.Count(plain(b.render(80)), "#") - 1
	}
	if n := ships(); n != 17 {
		t.Fatalf("before the end Ann's screen marks %d ship squares, want her own 17", n)
	}
	game.Conclude(st, game.Outcome{Winners: []game.Seat{0}, Reason: "seat 1 resigned"})
	if n := ships(); n != 34 {
		t.Fatalf("after the resignation Ann's screen marks %d ship squares, want both fleets' 34", n)
	}
}

// endAt80x24 ends the match of g's table, shown at 80x24 with each seat
// named as in a real game (Clue-Less's characters make three lines of
// seats), as the server's last push does: seat 0 resigned and the others
// share the win. It returns the screen.
func endAt80x24(t *testing.T, g screenGame, roles []string, st game.State, m *Model) string {
	t.Helper()
	for i := range m.table.t.Seats {
		if i < len(roles) {
			m.table.t.Seats[i].Role = roles[i]
		}
	}
	var winners []game.Seat
	var won []int
	for i := 1; i < g.seats; i++ {
		winners, won = append(winners, game.Seat(i)), append(won, i)
	}
	game.Conclude(st, game.Outcome{Winners: winners, Reason: "seat 0 resigned"})
	v, err := json.Marshal(st.View(0))
	if err != nil {
		t.Fatal(err)
	}
	m.table.f.Table = m.table.t.ID
	m.table.apply(m, client.Update{Table: m.table.t.ID, Seq: m.table.f.Seq + 1, Seat: 0, Text: "resign",
		Outcome: &client.Outcome{Winners: won, Reason: "seat 0 resigned"}, Views: map[string]json.RawMessage{"0": v}})
	return plain(m.View().Content)
}

// TestEndRevealWholeAt80x24 (issue 32, point 11): at 80x24 the end of a
// six-player Clue-Less game shows the case file, and the result is said
// once: it was said on the hint and again on the status line, and the
// case file was cut off the screen.
func TestEndRevealWholeAt80x24(t *testing.T) {
	g := screenGames[2] // Clue-Less, six players
	m, st := tableModel(t, g, 80, 24)
	out := endAt80x24(t, g, []string{"Miss Scarlet", "Colonel Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock", "Professor Plum"}, st, m)
	lines := strings.Split(out, "\n")
	if len(lines) > 24 {
		t.Fatalf("%d lines at 80x24:\n%s", len(lines), out)
	}
	cf := st.View(0).(*clue.View).CaseFile
	want := fmt.Sprintf("Case file: %s, %s, %s", cf[0], cf[1], cf[2])
	if !strings.Contains(out, want) {
		t.Fatalf("the end of Clue-Less at 80x24 does not show %q:\n%s", want, out)
	}
	if n := strings.Count(out, "Game over:"); n != 1 {
		t.Fatalf("the result is said %d times:\n%s", n, out)
	}
}

// TestBuccaneerEndRevealWholeAt80x24 (issue 32, point 11): at 80x24 the
// end of a four-captain Buccaneer game shows every other captain's whole
// crew beside the sea, each card, where long hands were cut to "~".
func TestBuccaneerEndRevealWholeAt80x24(t *testing.T) {
	g := screenGame{"buccaneer", buccaneer.Definition, `{"seats":4,"scenario":{"ships":[` +
		`{"home":"London","hand":["R1","B1"]},` +
		`{"home":"Genoa","hand":["R1","R2","R3","B1","B2","B3","R1","R2","R3","B1","B2","B3"]},` +
		`{"home":"Cadiz","hand":["B3","B3","B3","B3","R3","R3","R3","R3"]},` +
		`{"home":"Marseilles","hand":["R2","R2","R2","R2","B2","B2","B2","B2"]}],"turn":0}}`, 4}
	m, st := tableModel(t, g, 80, 24)
	out := endAt80x24(t, g, nil, st, m)
	if lines := strings.Split(out, "\n"); len(lines) > 24 {
		t.Fatalf("%d lines at 80x24:\n%s", len(lines), out)
	}
	// The panel beside the sea, read on its own.
	var side string
	for _, l := range strings.Split(out, "\n") {
		// The sea's lines start with a row number, or the column numbers.
		if r := []rune(l); len(r) > seaWidth+2 && (r[0] == ' ' || unicode.IsDigit(r[0])) {
			side += string(r[seaWidth+2:]) + "\n"
		}
	}
	view := st.View(0).(buccaneer.View)
	// A bot captain is named by its home port ("Genoa: R1 ...").
	b := m.table.board.(*bucBoard)
	for i, p := range view.Players[1:] {
		var want []string
		for _, c := range p.Hand {
			want = append(want, c.String())
		}
		if !strings.Contains(flat(side), b.captain(i+1)+": "+strings.Join(want, " ")) {
			t.Fatalf("the end at 80x24 does not show %s's crew %v:\n%s", p.Home, want, out)
		}
	}
}
