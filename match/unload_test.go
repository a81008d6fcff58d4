package match

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// A match whose table moves to another node is unloaded: it plays
// nothing more here (a move is refused with ErrClosed, as in a stop), it
// stays unfinished in the store, and rebuilt from its log (as the node
// taking the table does) it goes on from the same sequence number. A
// match that is over is not unloaded: its end is being recorded here.
func TestUnloadLeavesTheMatchToBeRebuilt(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":30}`),
		Seats: []SeatSpec{{Kind: Human}, {Kind: Human}}})
	play(t, mt, 0, "1")
	play(t, mt, 1, "2")
	if !e.m.Unload(mt.ID()) {
		t.Fatal("a live match was not unloaded")
	}
	if _, ok := e.m.Get(mt.ID()); ok {
		t.Fatal("an unloaded match is still the manager's")
	}
	if _, err := mt.Play(ctx, 0, []byte("1")); !errors.Is(err, ErrClosed) {
		t.Fatalf("a move to an unloaded match: %v, want ErrClosed", err)
	}
	if e.m.Unload(mt.ID()) {
		t.Fatal("a match unloaded twice")
	}
	ids, err := e.st.UnfinishedMatches(ctx)
	if err != nil || len(ids) != 1 || ids[0] != mt.ID() {
		t.Fatalf("unfinished matches after the unload: %v %v", ids, err)
	}
	if n, err := e.m.RecoverMatches(ctx, ids); err != nil || n != 1 {
		t.Fatalf("rebuilding the unloaded match: %d %v", n, err)
	}
	again, _ := e.m.Get(mt.ID())
	if again == nil || again.Seq() != 2 {
		t.Fatalf("the rebuilt match is at %v, want seq 2", again)
	}
	if u := play(t, again, 0, "1"); u.Seq != 3 {
		t.Fatalf("the rebuilt match's next move is %d, want 3", u.Seq)
	}

	over := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1}`),
		Seats: []SeatSpec{{Kind: Human}, {Kind: Human}}})
	if u := play(t, over, 0, "1"); u.Outcome == nil {
		t.Fatal("the race to 1 did not end")
	}
	if e.m.Unload(over.ID()) {
		t.Fatal("a match that is over was unloaded")
	}
}
