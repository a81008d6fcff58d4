package tui

import (
	"context"
	"strings"
	"testing"
	"time"
)

// waitUntil handles messages until ok holds.
func (d *driver) waitUntil(what string, ok func() bool) {
	d.t.Helper()
	deadline := time.After(20 * time.Second)
	for !ok() {
		select {
		case msg := <-d.msgs:
			d.handle(msg)
		case <-deadline:
			d.t.Fatalf("never %s:\n%s", what, d.screen())
		}
	}
}

// TestModelRematchOffer (protocol v8) against a real server, in two
// terminals: Bob leaves his Dots and Boxes game with Ann for the lobby
// and resigns it from there; Ann, on the result screen, presses m. Bob is
// not seated: his lobby shows Ann's offer with its keys and Ann's screen
// says she waits for him. Bob declines with d and Ann is told; Ann asks
// again, Bob accepts with m, and both are taken to the same new table.
func TestModelRematchOffer(t *testing.T) {
	ann, bob := annAndBobDriven(t)
	ctx := context.Background()
	tb := annStartsDotsWithBob(t, ann, bob)
	ann.m.w, ann.m.h = 80, 24
	bob.m.w, bob.m.h = 80, 24
	ann.open(tb.ID)
	bob.open(tb.ID)
	ann.waitFor("Your move")
	bob.waitFor("1 Ann")
	// The board comes with the watch's answer, which tells Bob his
	// seat: a table push may show the seats before it.
	bob.waitFor("Cursor on")
	bob.keys("q")
	bob.waitFor("Really leave the table? y / n")
	bob.keys("y")
	bob.waitFor("Tables (")
	if _, err := bob.m.conn.Resign(ctx, tb.ID, 1); err != nil {
		t.Fatal(err)
	}
	ann.waitFor("m rematch")

	ann.keys("m")
	ann.waitFor("Rematch of Dots and Boxes: waiting for Bob")
	out := bob.waitFor("Ann offers a rematch of Dots and Boxes")
	if !strings.Contains(out, "m accepts, d declines") || !strings.Contains(out, "m/d rematch   ") {
		t.Fatalf("Bob's lobby shows no way to answer the offer:\n%s", out)
	}
	checkWhole(t, "Bob's lobby with the offer", bob.m, []string{"m/d rematch", "q quit"}, "Ann offers a rematch of Dots and Boxes")
	if bob.m.screen != screenLobby {
		t.Fatalf("Bob was taken from the lobby before he answered:\n%s", out)
	}
	if testing.Verbose() {
		t.Log("\n" + out)
	}
	bob.keys("d")
	ann.waitFor("no rematch of Dots and Boxes: Bob declined")
	bob.waitGone("offers a rematch")

	ann.keys("m")
	bob.waitFor("Ann offers a rematch of Dots and Boxes")
	bob.keys("m")
	for _, d := range []*driver{ann, bob} {
		d.waitUntil("at the rematch's table", func() bool {
			return d.m.screen == screenTable && d.m.table != nil && d.m.table.f.Table != tb.ID
		})
	}
	if ann.m.table.f.Table != bob.m.table.f.Table {
		t.Fatalf("Ann went to %s, Bob to %s", ann.m.table.f.Table, bob.m.table.f.Table)
	}
	ann.waitFor("Your move")
}

// TestModelRematchLapsesWhenBobQuits (protocol v9): after their game,
// Ann offers a rematch; Bob, on the result screen, quits the table with q
// instead of answering. The offer lapses at once, and both terminals say
// why in words: Ann's that Bob left the table, Bob's that he did.
func TestModelRematchLapsesWhenBobQuits(t *testing.T) {
	ann, bob := annAndBobDriven(t)
	ctx := context.Background()
	tb := annStartsDotsWithBob(t, ann, bob)
	ann.m.w, ann.m.h = 80, 24
	bob.m.w, bob.m.h = 80, 24
	ann.open(tb.ID)
	bob.open(tb.ID)
	ann.waitFor("Your move")
	bob.waitFor("1 Ann")
	if _, err := bob.m.conn.Resign(ctx, tb.ID, 1); err != nil {
		t.Fatal(err)
	}
	ann.waitFor("m rematch")
	ann.keys("m")
	bob.waitFor("Ann offers a rematch of Dots and Boxes")
	bob.keys("q")
	bob.waitFor("Tables (")
	ann.waitFor("Bob left the table: the rematch offer of Dots and Boxes lapsed")
	bob.waitFor("you left the table: the rematch offer of Dots and Boxes lapsed")
	ann.waitGone("waiting for Bob")
}
