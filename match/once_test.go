package match

import (
	"context"
	"testing"

	"github.com/parlor-games/parlor/game"
)

// A move sent again after its answer was lost gets the first answer and
// is not played twice, also after a restart; the same move chosen again
// later, knowing the first, is a new move.
func TestMoveSentAgainGetsTheFirstAnswer(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: []byte(`{"target":20}`), Seats: humans(2)})
	id := mt.ID()
	once := func(mt *Match, seat game.Seat, move string, after int64) (int64, error) {
		t.Helper()
		u, err := mt.PlayOnce(context.Background(), seat, []byte(move), after)
		return u.Seq, err
	}
	if seq, err := once(mt, 0, `{"add":1}`, 0); err != nil || seq != 1 {
		t.Fatalf("first move: seq %d, %v", seq, err)
	}
	// The same move again, by JSON or by notation: the first answer.
	for _, again := range []string{`{"add":1}`, `{ "add" : 1 }`, "1"} {
		if seq, err := once(mt, 0, again, 0); err != nil || seq != 1 {
			t.Fatalf("%s sent again: seq %d, %v; want the first answer, seq 1", again, seq, err)
		}
	}
	if n := len(mt.Since(0)); n != 1 {
		t.Fatalf("%d updates after a move sent four times, want 1", n)
	}
	// Untagged, the same text is a move like any other: refused here,
	// since it is not seat 0's turn.
	if _, err := mt.Play(context.Background(), 0, []byte(`{"add":1}`)); err == nil {
		t.Fatal("an untagged repeat out of turn was played")
	}
	if seq, err := once(mt, 1, `{"add":1}`, 1); err != nil || seq != 2 {
		t.Fatalf("seat 1: seq %d, %v", seq, err)
	}
	// Seat 0 chooses the same move again knowing update 2: a new move.
	if seq, err := once(mt, 0, `{"add":1}`, 2); err != nil || seq != 3 {
		t.Fatalf("the same move chosen again later: seq %d, %v, want a new move, seq 3", seq, err)
	}

	// After a crash the log gives the same answers.
	e.restart()
	if _, err := e.m.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	mt, ok := e.m.Get(id)
	if !ok {
		t.Fatal("match not recovered")
	}
	if seq, err := once(mt, 1, `{"add":1}`, 1); err != nil || seq != 2 {
		t.Fatalf("seat 1's move sent again after a restart: seq %d, %v, want 2", seq, err)
	}
	if n := len(mt.Since(0)); n != 3 {
		t.Fatalf("%d updates after the repeat, want 3", n)
	}
	// A different move after the same update is not a repeat.
	if seq, err := once(mt, 1, `{"add":2}`, 3); err != nil || seq != 4 {
		t.Fatalf("a new move of seat 1: seq %d, %v, want 4", seq, err)
	}
	if seq, err := once(mt, 1, `{"add":2}`, 1); err != nil || seq != 4 {
		t.Fatalf("that move sent again with an older tag: seq %d, %v, want 4", seq, err)
	}
}
