package match

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/parlor-games/parlor/store"
)

// newSQLiteEnv is newEnv on an SQLite file whatever the test store, for
// the faults only SQLite's writer takes.
func newSQLiteEnv(t *testing.T) *env {
	e := &env{t: t, path: filepath.Join(t.TempDir(), "parlor.db"), clock: newFakeClock()}
	e.open()
	t.Cleanup(e.close)
	return e
}

func failOnce() func() error {
	var n atomic.Int32
	return func() error {
		if n.Add(1) == 1 {
			return errors.New("disk I/O error")
		}
		return nil
	}
}

// A move whose commit was interrupted, and whose outcome the store could
// not tell, is acknowledged when the log read back holds it: the player
// is not told "not stored" of a stored move, and the match is not left a
// move behind its log (the other seat's next move is taken).
func TestMoveWhoseCommitOutcomeWasUnknownIsFoundStored(t *testing.T) {
	e := newSQLiteEnv(t)
	mt := e.create(Spec{Game: "race", Seats: humans(2)})
	e.st.InjectCommitFaults(store.CommitFaults{AfterCommit: failOnce(), Check: failOnce()})
	u, err := mt.Play(context.Background(), 0, []byte("2"))
	if err != nil {
		t.Fatalf("a move in the log was refused: %v", err)
	}
	if u.Seq != 1 {
		t.Fatalf("the move is seq %d, want 1", u.Seq)
	}
	if u := play(t, mt, 1, "1"); u.Seq != 2 {
		t.Fatalf("the next move is seq %d, want 2", u.Seq)
	}
	ml, err := e.st.LoadMatch(context.Background(), mt.ID())
	if err != nil {
		t.Fatal(err)
	}
	if len(ml.Records) != 2 || string(ml.Records[0].Move) != string(u.Move) || ml.Records[1].Seat != 1 {
		t.Errorf("the log holds %+v, want the two moves played", ml.Records)
	}
	// A restart rebuilds the same match from the log.
	e.restart()
	if _, err := e.m.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	again, ok := e.m.Get(mt.ID())
	if !ok {
		t.Fatal("the match was not rebuilt")
	}
	if again.Seq() != 2 {
		t.Errorf("rebuilt from its log the match is at seq %d, want 2", again.Seq())
	}
}
