package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// plusOne is a tally that adds a played game to each user's statistics.
func plusOne(calls *int) func(*Tally) (Result, error) {
	return func(t *Tally) (Result, error) {
		*calls++
		var r Result
		for id, row := range t.Stats {
			st := row.Stats
			st.Played++
			r.Stats = append(r.Stats, StatsWrite{UserID: id, Game: "dots", Stats: st, Exists: row.Exists})
		}
		return r, nil
	}
}

// A match with an id is counted once; a tally that fails stores nothing,
// not even the caller's statements; ClearResults forgets which matches
// were counted along with the statistics.
func TestCountResultOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, _ := b.openTemp(t)
		ann, bob := mustUser(t, s, "ann", false), mustUser(t, s, "bob", false)
		played := func() int64 {
			t.Helper()
			got, err := s.StatsInGame(ctx, "dots", []int64{ann})
			if err != nil {
				t.Fatal(err)
			}
			return got[ann].Stats.Played
		}
		var calls int
		c := Count{Match: "m1", Game: "dots", Users: []int64{bob, ann}, At: t0}
		if err := s.CountResult(ctx, c, plusOne(&calls)); err != nil {
			t.Fatal(err)
		}
		if err := s.CountResult(ctx, c, plusOne(&calls)); !errors.Is(err, ErrCounted) {
			t.Fatalf("counting m1 again: %v, want ErrCounted", err)
		}
		if p := played(); p != 1 {
			t.Fatalf("ann played %d after counting m1 twice, want 1", p)
		}

		// A match without an id counts every time.
		if err := s.CountResult(ctx, Count{Game: "dots", Users: []int64{ann}, At: t0}, plusOne(&calls)); err != nil {
			t.Fatal(err)
		}
		if p := played(); p != 2 {
			t.Fatalf("ann played %d, want 2", p)
		}

		table := TableRow{ID: "t1", Game: "dots", Options: []byte(`{}`), Seats: []byte(`[]`), Policy: []byte(`{}`), Status: TableOver, Created: t0}
		refused := errors.New("refused")
		err := s.CountResult(ctx, Count{Match: "m2", Game: "dots", Users: []int64{ann}, At: t0},
			func(*Tally) (Result, error) { return Result{}, refused }, s.SaveTableStmt(table))
		if !errors.Is(err, refused) {
			t.Fatalf("a failing tally: %v", err)
		}
		if _, err := s.Table(ctx, "t1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the table of a failed count was stored: %v", err)
		}
		if err := s.CountResult(ctx, Count{Match: "m2", Game: "dots", Users: []int64{ann}, At: t0}, plusOne(&calls), s.SaveTableStmt(table)); err != nil {
			t.Fatalf("m2 after its failed count: %v", err)
		}
		if row, err := s.Table(ctx, "t1"); err != nil || row.Status != TableOver {
			t.Fatalf("the table stored with m2: %+v %v", row, err)
		}
		if got, err := s.CountedMatches(ctx); err != nil || !slices.Equal(got, []string{"m1", "m2"}) {
			t.Fatalf("counted: %v %v, want m1 m2", got, err)
		}

		if err := s.ClearResults(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.CountResult(ctx, c, plusOne(&calls)); err != nil {
			t.Fatalf("m1 after ClearResults: %v", err)
		}
		if p := played(); p != 1 {
			t.Fatalf("ann played %d after ClearResults and m1, want 1", p)
		}
		if err := s.CountResult(ctx, Count{Game: "dots", Users: []int64{ann, ann}}, plusOne(&calls)); err == nil {
			t.Fatal("a count naming a user twice was accepted")
		}
	})
}

// A node whose lease another node took can no longer count a match, as it
// can no longer write anything: the node that took its tables counts it.
func TestCountFencedByLease(t *testing.T) {
	ctx := context.Background()
	_, url := postgresBackend.openTemp(t)
	a := joinNode(t, url, "a", time.Minute)
	b := joinNode(t, url, "b", time.Minute)
	ann, bob := mustUser(t, a, "ann", false), mustUser(t, a, "bob", false)
	var calls int
	c := Count{Match: "m1", Game: "dots", Users: []int64{ann, bob}, At: t0}
	if err := a.CountResult(ctx, c, plusOne(&calls)); err != nil {
		t.Fatal(err)
	}
	expire(t, b, "a")
	if _, err := b.Heartbeat(ctx); err != nil {
		t.Fatal(err)
	}
	c.Match = "m2"
	if err := a.CountResult(ctx, c, plusOne(&calls), a.SaveTableStmt(tableRow("ta", "m2", TableOver))); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("a fenced node's count: %v, want ErrLeaseLost", err)
	}
	if err := b.CountResult(ctx, c, plusOne(&calls)); err != nil {
		t.Fatalf("the count on the node that took over: %v", err)
	}
	if got, err := b.CountedMatches(ctx); err != nil || !slices.Equal(got, []string{"m1", "m2"}) {
		t.Fatalf("counted: %v %v, want m1 m2", got, err)
	}
	if got, _ := b.StatsInGame(ctx, "dots", []int64{ann}); got[ann].Stats.Played != 2 {
		t.Fatalf("ann: %+v, want 2 played", got[ann])
	}
	if _, err := b.Table(ctx, "ta"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the fenced count's table row was stored: %v", err)
	}
}
