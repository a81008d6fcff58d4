package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/server/servertest"
)

// open has the driver follow table id, as choosing it in the lobby does.
func (d *driver) open(id string) {
	d.m.table = newTableState(id)
	d.m.screen = screenTable
	d.run(d.m.watch(d.m.table.f))
}

// TestModelVote: three players at a Clue-Less table in the terminal. Bob
// presses V and p to call a vote to pass Ann's turn; everyone sees the
// vote with its tally; Ann, the subject, has no ballot; Cy presses V and
// y, which carries it, and the log says so (Clue-Less spec section 5).
func TestModelVote(t *testing.T) {
	srv := servertest.Start(t)
	ds := []*driver{drive(t, srv, "Ann"), drive(t, srv, "Bob"), drive(t, srv, "Cy")}
	ds[0].waitFor("Cy*")
	ds[1].waitFor("Cy*")
	ds[2].waitFor("Bob*")
	ctx := context.Background()
	tb, err := ds[0].m.conn.CreateTable(ctx, client.CreateTable{Game: "clue", Options: map[string]int{"players": 3},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}, {Kind: client.ChooseOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < 3; i++ {
		if _, err := ds[i].m.conn.Sit(ctx, tb.ID, i); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ds[0].m.conn.Start(ctx, tb.ID); err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		d.m.w, d.m.h = 80, 24
		d.open(tb.ID)
		d.waitFor("V vote")
	}
	ds[1].keys("V")
	ds[1].waitFor("Call a vote: p pass Ann's turn   1-3 remove that player")
	if testing.Verbose() {
		t.Log("\n" + ds[1].screen())
	}
	ds[1].keys("p")
	for _, d := range ds {
		d.waitFor("Vote: pass Ann's turn? yes 1, no 0 of 2; 2 carry it")
	}
	ds[2].waitFor("V to vote")
	if testing.Verbose() {
		t.Log("\n" + ds[2].screen())
	}
	if s := ds[0].screen(); strings.Contains(s, "V to vote") {
		t.Fatalf("the subject is offered a ballot:\n%s", s)
	}
	ds[0].keys("V")
	ds[0].waitFor("a vote is open and you have no ballot in it")
	ds[2].keys("V")
	ds[2].waitFor("Your vote: y yes   n no")
	ds[2].keys("y")
	for i, d := range ds {
		d.waitFor("the vote to pass Ann's turn carried")
		if i == 1 {
			d.waitFor("Your turn")
		} else {
			d.waitFor("Waiting for Bob")
		}
	}
	if s := ds[1].screen(); strings.Contains(s, "Vote: pass") {
		t.Fatalf("the vote is still shown after it carried:\n%s", s)
	}

	// At a table of three, the question before a resignation says that
	// it ends the game for everyone, and who shares the win.
	ds[2].keys("R")
	ds[2].waitFor("Really resign? y / n")
	if want := "If you resign, the game ends for everyone: you lose and Ann and Bob share the win. This cannot be undone."; ds[2].m.status != want {
		t.Fatalf("Cy's question before resigning: %q, want %q", ds[2].m.status, want)
	}
	ds[2].waitFor("the game ends for everyone")
	ds[2].keys("n")
	ds[2].waitFor("not done")
}
