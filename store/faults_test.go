package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

// once returns a fault that fails the first call only.
func once(err error) func() error {
	var n atomic.Int32
	return func() error {
		if n.Add(1) == 1 {
			return err
		}
		return nil
	}
}

func moveAt(id string, i int64) Record {
	return Record{Match: id, Index: i, Seat: 0, Move: json.RawMessage(fmt.Sprintf(`"m%d"`, i))}
}

// A commit that reports failure but happened (a sync that fails after
// the write reached the disk) is found out by the writer: the caller is
// told the move is stored, as it is, and the next move goes on from it.
func TestCommitFailedYetStoredIsAcknowledged(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	if err := s.CreateMatch(ctx, header("m1")); err != nil {
		t.Fatal(err)
	}
	s.InjectCommitFaults(CommitFaults{AfterCommit: once(errors.New("disk I/O error"))})
	if err := s.Append(ctx, moveAt("m1", 1)); err != nil {
		t.Fatalf("a move that was stored was refused: %v", err)
	}
	if err := s.Append(ctx, moveAt("m1", 2)); err != nil {
		t.Fatalf("the next move was refused: %v", err)
	}
	checkLog(t, s, "m1", 2)
}

// When the writer cannot find out either, the caller is told that the
// outcome is unknown, never that the write failed; and the writer goes
// on from what the database holds, refusing a second record at the
// stored index.
func TestCommitOutcomeUnknownIsSaid(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	if err := s.CreateMatch(ctx, header("m1")); err != nil {
		t.Fatal(err)
	}
	s.InjectCommitFaults(CommitFaults{AfterCommit: once(errors.New("disk I/O error")), Check: once(errors.New("disk I/O error"))})
	err := s.Append(ctx, moveAt("m1", 1))
	if !errors.Is(err, ErrOutcomeUnknown) {
		t.Fatalf("append whose outcome is unknown answered %v, want ErrOutcomeUnknown", err)
	}
	if err := s.Append(ctx, Record{Match: "m1", Index: 1, Seat: 1, Move: json.RawMessage(`"other"`)}); err == nil {
		t.Error("a second record at an index already stored was accepted")
	}
	if err := s.Append(ctx, moveAt("m1", 2)); err != nil {
		t.Fatalf("the next move was refused: %v", err)
	}
	checkLog(t, s, "m1", 2)
}

// checkLog checks that match id's log holds moveAt(id, 1..n), each once.
func checkLog(t *testing.T, s *Store, id string, n int) {
	t.Helper()
	ml, err := s.LoadMatch(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(ml.Records) != n {
		t.Fatalf("the log holds %d records, want %d: %+v", len(ml.Records), n, ml.Records)
	}
	for i, r := range ml.Records {
		if want := moveAt(id, int64(i+1)); r.Index != want.Index || string(r.Move) != string(want.Move) {
			t.Errorf("record %d is %d %s, want %s", i+1, r.Index, r.Move, want.Move)
		}
	}
}
