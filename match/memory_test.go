package match

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// playDotsToLastMove plays an 8x8 Dots match between two humans, drawing
// lines in order, until one line is left: the match at its last move.
func playDotsToLastMove(tb testing.TB, m *Manager) *Match {
	tb.Helper()
	ctx := context.Background()
	mt, err := m.Create(ctx, Spec{Game: "dots", Options: json.RawMessage(`{"rows":8,"cols":8}`), Seats: humans(2)})
	if err != nil {
		tb.Fatal(err)
	}
	for {
		mt.mu.Lock()
		st := mt.st
		turn := st.Turn()
		legal := st.Legal(turn[0])
		mt.mu.Unlock()
		if len(legal) == 1 {
			return mt
		}
		if _, err := mt.Play(ctx, turn[0], game.Canonical(legal[0])); err != nil {
			tb.Fatal(err)
		}
	}
}

// heapLive is the bytes of the heap's live objects after a forced GC
// (HeapAlloc): what the matches hold, without the free room of the spans
// they share with other objects.
func heapLive() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkLiveDotsMatch reports the live heap (after a forced GC) that
// an 8x8 Dots match holds at its last move (live-bytes/match), and once
// it is over and its server has let it go (Manager.Remove) while its
// table still holds it (finished-bytes/match). The moves are not stored
// (nullStore), so that the figures are the match's own and not the
// store's buffers; the server's whole figure per finished match is
// parlor bench server's.
func BenchmarkLiveDotsMatch(b *testing.B) {
	e := newEnv(b)
	m := New(games.Registry(), nullStore{e.st}, nil, Options{Clock: e.clock, BotTime: 200 * time.Millisecond})
	defer m.Close(context.Background())
	ctx := context.Background()
	const n = 200
	keep := make([]*Match, 0, n)
	for i := 0; i < b.N; i++ {
		clear(keep) // the last round's matches go before the count
		keep = keep[:0]
		before := heapLive()
		for j := 0; j < n; j++ {
			keep = append(keep, playDotsToLastMove(b, m))
		}
		live := heapLive()
		for _, mt := range keep {
			mt.mu.Lock()
			turn := mt.st.Turn()
			last := game.Canonical(mt.st.Legal(turn[0])[0])
			mt.mu.Unlock()
			if _, err := mt.Play(ctx, turn[0], last); err != nil {
				b.Fatal(err)
			}
			if !m.Remove(mt.ID()) {
				b.Fatal("a finished match was not removed")
			}
		}
		finished := heapLive()
		b.ReportMetric(float64(live-before)/n, "live-bytes/match")
		b.ReportMetric(float64(finished-before)/n, "finished-bytes/match")
	}
	runtime.KeepAlive(keep)
}

// newDotsEnv is an env whose manager plays the shipped games.
func newDotsEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	e.m.Close(context.Background())
	e.m = New(games.Registry(), e.st, nil, Options{Clock: e.clock, BotTime: 200 * time.Millisecond})
	return e
}

// A live match keeps only its last few updates however long its game
// runs, and still gives every client what it asks for: a subscriber from
// the start, a client resuming from any point and a move repeated long
// after it was made get the same updates, rebuilt from the stored log.
func TestLiveMatchKeepsNoHistory(t *testing.T) {
	e := newDotsEnv(t)
	ctx := context.Background()
	mt, err := e.m.Create(ctx, Spec{Game: "dots", Options: json.RawMessage(`{"rows":8,"cols":8}`), Seats: humans(2)})
	if err != nil {
		t.Fatal(err)
	}
	var heard []Update
	cancel := mt.Subscribe(func(u Update) { heard = append(heard, u) })
	defer cancel()
	var first []byte
	keptAt := 0 // the updates held after move 20
	for mt.Outcome() == nil {
		mt.mu.Lock()
		turn := mt.st.Turn()
		move := game.Canonical(mt.st.Legal(turn[0])[0])
		mt.mu.Unlock()
		if first == nil {
			first = move
		}
		play(t, mt, turn[0], string(move))
		mt.mu.Lock()
		kept := len(mt.updates)
		mt.mu.Unlock()
		switch {
		case len(heard) == 20:
			keptAt = kept
		case len(heard) > 20 && kept > keptAt:
			t.Fatalf("the updates in memory grow with the game: %d after 20 moves, %d after %d", keptAt, kept, len(heard))
		}
	}
	if len(heard) != 112 {
		t.Fatalf("heard %d updates of a whole 8x8 game, want 112", len(heard))
	}
	for _, from := range []int64{0, 1, 50, 108, 111} {
		if got, want := jsonOf(t, mt.Since(from)), jsonOf(t, heard[from:]); got != want {
			t.Fatalf("Since(%d):\n%s\nwant\n%s", from, got, want)
		}
	}
	var again []Update
	mt.SubscribeSince(0, func(u Update) { again = append(again, u) })()
	if jsonOf(t, again) != jsonOf(t, heard) {
		t.Fatalf("SubscribeSince(0) gave %d updates, not those heard live", len(again))
	}
	// The first move, sent again after update 0 as a client that lost
	// its answer does: the match answers with the update it made.
	if u, err := mt.PlayOnce(ctx, 0, first, 0); err != nil || u.Seq != 1 {
		t.Fatalf("the first move repeated: update %d, %v; want update 1", u.Seq, err)
	}
	l := logOf(t, mt)
	if len(l.Moves) != 112 || string(l.Moves[0].Move) != string(first) {
		t.Fatalf("the log has %d moves, starting %s", len(l.Moves), l.Moves[0].Move)
	}
}

// Once its server has recorded its end (Manager.Remove), a finished match
// holds no position and no updates, and yet answers as before: the same
// snapshot for every seat, the same updates, the same log, read back from
// the store.
func TestRemovedMatchAnswersFromTheStore(t *testing.T) {
	e := newDotsEnv(t)
	ctx := context.Background()
	mt, err := e.m.Create(ctx, Spec{Game: "dots", Options: json.RawMessage(`{"rows":3,"cols":3}`), Seats: humans(2)})
	if err != nil {
		t.Fatal(err)
	}
	for mt.Outcome() == nil {
		mt.mu.Lock()
		turn := mt.st.Turn()
		move := game.Canonical(mt.st.Legal(turn[0])[0])
		mt.mu.Unlock()
		play(t, mt, turn[0], string(move))
	}
	seats := []game.Seat{game.Spectator, 0, 1}
	snaps := map[game.Seat]string{}
	for _, s := range seats {
		snaps[s] = jsonOf(t, mt.Snapshot(s))
	}
	updates, log := jsonOf(t, mt.Since(0)), jsonOf(t, logOf(t, mt))
	if !e.m.Remove(mt.ID()) {
		t.Fatal("the finished match was not removed")
	}
	mt.mu.Lock()
	st, kept := mt.st, len(mt.updates)
	mt.mu.Unlock()
	if st != nil || kept != 0 {
		t.Fatalf("the removed match still holds its position (%v) and %d updates", st != nil, kept)
	}
	for _, s := range seats {
		if got := jsonOf(t, mt.Snapshot(s)); got != snaps[s] {
			t.Errorf("seat %d's snapshot after the release:\n%s\nwant\n%s", s, got, snaps[s])
		}
	}
	if got := jsonOf(t, mt.Since(0)); got != updates {
		t.Errorf("updates after the release:\n%s\nwant\n%s", got, updates)
	}
	if got := jsonOf(t, logOf(t, mt)); got != log {
		t.Errorf("log after the release:\n%s\nwant\n%s", got, log)
	}
	if _, err := mt.Play(ctx, 0, []byte(`{"from":[0,0],"to":[0,1]}`)); !errors.Is(err, ErrOver) {
		t.Errorf("a move after the release: %v, want ErrOver", err)
	}
}
