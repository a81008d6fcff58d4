package tui

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/client"
)

// botHistory is a Dots table's history where a bot took Bob's seat (1)
// at seq 2, played three lines for him and gave the seat back at seq 7.
func botHistory() []client.Update {
	move := json.RawMessage(`"a1-b1"`)
	ev := func(typ, action string) []client.Event {
		return []client.Event{{Type: typ, Seat: 1, Data: json.RawMessage(`{"cause":"gone","action":"` + action + `"}`)}}
	}
	return []client.Update{
		{Seq: 1, Seat: 0, Move: move, Text: "drew the line a1 to b1"},
		{Seq: 2, Seat: 1, Events: ev("takeover", "bot")},
		{Seq: 3, Seat: 1, Move: move, Text: "drew the line b1 to c1"},
		{Seq: 4, Seat: 1, Move: move, Text: "drew the line c1 to d1 and closed the box at c1, taking it from seat 0"},
		{Seq: 5, Seat: 0, Move: move, Text: "drew the line a2 to b2"},
		{Seq: 6, Seat: 1, Move: move, Text: "drew the line b2 to c2"},
		{Seq: 7, Seat: 1, Events: ev("return", "return")},
	}
}

// TestBackNoteSaysWhatTheComputerPlayed (issue 32, point 5): coming back
// to a seat a bot played, the player reads that it is theirs again and
// the computer's last three moves in the game's words, seats named; a
// history in which they have played since says nothing.
func TestBackNoteSaysWhatTheComputerPlayed(t *testing.T) {
	m := New(Config{NoColor: true})
	ts := newTableState("t1")
	ts.t.Seats = []client.Seat{{Kind: client.SeatHuman, Name: "Ann"}, {Kind: client.SeatHuman, Name: "Bob"}}
	ts.mine = []int{1}
	ts.trackHistory(m, botHistory())
	want := "Your seat is yours again. The computer played 3 moves for you: drew the line b1 to c1; " +
		"drew the line c1 to d1 and closed the box at c1, taking it from Ann; drew the line b2 to c2."
	if m.status != want {
		t.Fatalf("coming back, the status reads\n%q, want\n%q", m.status, want)
	}

	// Ann, whose seat the bot never played, is told nothing.
	m = New(Config{NoColor: true})
	ann := newTableState("t1")
	ann.t.Seats = ts.t.Seats
	ann.mine = []int{0}
	ann.trackHistory(m, botHistory())
	if m.status != "" {
		t.Fatalf("Ann is told %q of a seat not hers", m.status)
	}

	// Bob played since he came back: the note is old news.
	m = New(Config{NoColor: true})
	later := newTableState("t1")
	later.t.Seats = ts.t.Seats
	later.mine = []int{1}
	later.trackHistory(m, append(botHistory(), client.Update{Seq: 8, Seat: 1, Move: json.RawMessage(`"d2-d3"`), Text: "drew the line d2 to d3"}))
	if m.status != "" {
		t.Fatalf("a player who played since coming back is told %q", m.status)
	}
}
