package match

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// A Dots position is a game.Copier, so the position a move keeps comes
// from a pool and may hold an older position of another match. A move
// that cannot be stored must still put back exactly the position before
// it, and the match must go on from there.
func TestUnstoredDotsMoveRestoresThePositionBeforeIt(t *testing.T) {
	e := newEnv(t)
	fs := &failingStore{Store: e.st}
	m := New(games.Registry(), fs, nil, Options{Clock: e.clock})
	defer m.Close(context.Background())
	ctx := context.Background()
	spec := Spec{Game: "dots", Options: json.RawMessage(`{"rows":3,"cols":3}`), Seats: humans(2)}
	// Another match's moves leave copies of its positions in the pool.
	other, err := m.Create(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	mt, err := m.Create(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	// Lines that close no box, each passing the turn.
	lines := []string{
		`{"from":[0,0],"to":[0,1]}`,
		`{"from":[2,0],"to":[2,1]}`,
		`{"from":[0,1],"to":[0,2]}`,
		`{"from":[2,1],"to":[2,2]}`,
	}
	for i, l := range lines[:3] {
		play(t, other, game.Seat(i%2), l)
	}
	play(t, mt, 0, lines[0])
	before := mt.Snapshot(0)
	fs.fail = true
	if _, err := mt.Play(ctx, 1, []byte(lines[1])); !errors.Is(err, ErrNotStored) {
		t.Fatalf("a move that could not be stored: %v, want ErrNotStored", err)
	}
	// The failed move's own copy, and a refused move's, go back only when
	// nothing refers to them: more moves must not disturb the match.
	fs.fail = false
	if _, err := mt.Play(ctx, 1, []byte(`{"from":[0,0],"to":[0,1]}`)); err == nil {
		t.Fatal("a line drawn twice was accepted")
	}
	play(t, other, 1, lines[3])
	after := mt.Snapshot(0)
	if after.Seq != 1 || string(after.View) != string(before.View) {
		t.Fatalf("an unstored move left traces: view %s -> %s, seq %d", before.View, after.View, after.Seq)
	}
	if u := play(t, mt, 1, lines[1]); u.Seq != 2 || len(u.Turn) != 1 || u.Turn[0] != 0 {
		t.Fatalf("the move again: seq %d turn %v, want seq 2 and seat 0 to move", u.Seq, u.Turn)
	}
	play(t, mt, 0, lines[2])
	if s := mt.Snapshot(0); s.Seq != 3 {
		t.Fatalf("seq %d after three moves", s.Seq)
	}
	// The other match was not touched by the copies it shared a pool with.
	if s := other.Snapshot(0); s.Seq != 4 {
		t.Fatalf("the other match is at seq %d, want 4", s.Seq)
	}
}
