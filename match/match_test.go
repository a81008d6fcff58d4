package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/parlor-games/parlor/clock/clocktest"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/store"
	"github.com/parlor-games/parlor/store/storetest"
)

var toyRegistry = game.NewRegistry(raceDef, secretDef)

type env struct {
	t     testing.TB
	path  string
	st    *store.Store
	m     *Manager
	clock *clocktest.Clock

	mu     sync.Mutex
	ended  map[string][]game.Outcome
	pauses map[string]int // OnPause calls by match
}

func newEnv(t testing.TB) *env {
	e := &env{t: t, path: storetest.Name(t, "parlor.db"), clock: newFakeClock()}
	e.open()
	t.Cleanup(e.close)
	return e
}

func (e *env) open() {
	st, err := store.Open(context.Background(), e.path)
	if err != nil {
		e.t.Fatal(err)
	}
	e.st = st
	e.ended = make(map[string][]game.Outcome)
	e.pauses = make(map[string]int)
	e.m = New(toyRegistry, st, nil, Options{
		Clock: e.clock,
		OnEnd: func(mt *Match, o game.Outcome) {
			e.mu.Lock()
			e.ended[mt.ID()] = append(e.ended[mt.ID()], o)
			e.mu.Unlock()
		},
		OnPause: func(mt *Match) {
			e.mu.Lock()
			e.pauses[mt.ID()]++
			e.mu.Unlock()
		},
	})
}

func (e *env) close() {
	if e.m != nil {
		e.m.Close(context.Background())
		e.st.Close()
		e.m = nil
	}
}

// restart is a crash and restart: a new manager over the reopened file.
func (e *env) restart() {
	e.close()
	e.open()
}

// endings returns the outcomes OnEnd was called with for match id. OnEnd
// runs after the final update has been delivered to subscribers, so a test
// that saw the final update may get here first: it waits (up to a hang
// limit, not a timing threshold) for the first call.
func (e *env) endings(id string) []game.Outcome {
	deadline := time.Now().Add(20 * time.Second)
	for {
		e.mu.Lock()
		got := append([]game.Outcome(nil), e.ended[id]...)
		e.mu.Unlock()
		if len(got) > 0 || time.Now().After(deadline) {
			return got
		}
		time.Sleep(time.Millisecond)
	}
}

func (e *env) create(spec Spec) *Match {
	e.t.Helper()
	mt, err := e.m.Create(context.Background(), spec)
	if err != nil {
		e.t.Fatal(err)
	}
	return mt
}

func humans(n int) []SeatSpec {
	s := make([]SeatSpec, n)
	for i := range s {
		s[i] = SeatSpec{Kind: Human}
	}
	return s
}

func play(t testing.TB, mt *Match, seat game.Seat, move string) Update {
	t.Helper()
	u, err := mt.Play(context.Background(), seat, []byte(move))
	if err != nil {
		t.Fatalf("seat %d plays %s: %v", seat, move, err)
	}
	return u
}

func TestPlayToTheEnd(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":5}`), Seats: humans(2)})
	if mt.Spec().Seed == 0 {
		t.Error("no seed was chosen")
	}
	moves := []string{`{"add":2}`, "1", `{"add":1}`, "1"} // totals 2, 3, 4, 5
	for i, mv := range moves {
		u := play(t, mt, game.Seat(i%2), mv)
		if u.Seq != int64(i+1) {
			t.Fatalf("move %d has seq %d", i+1, u.Seq)
		}
	}
	last := mt.Since(3)[0]
	if string(last.Move) != `{"add":1}` || last.Text != "1" {
		t.Errorf("notation was not stored in canonical form: move %s text %q", last.Move, last.Text)
	}
	if last.Outcome == nil || !reflect.DeepEqual(last.Outcome.Winners, []game.Seat{1}) || last.Turn != nil {
		t.Errorf("final update: outcome %+v turn %v; want seat 1 to win and no turn", last.Outcome, last.Turn)
	}
	if _, err := mt.Play(context.Background(), 0, []byte("1")); !errors.Is(err, ErrOver) {
		t.Errorf("a move after the end: %v, want ErrOver", err)
	}
	if got := e.endings(mt.ID()); len(got) != 1 || got[0].Winners[0] != 1 {
		t.Errorf("OnEnd calls: %+v, want one naming seat 1", got)
	}
	ml, err := e.st.LoadMatch(context.Background(), mt.ID())
	if err != nil {
		t.Fatal(err)
	}
	if !ml.Finished || ml.Reason != "reached the target" || len(ml.Records) != 4 {
		t.Errorf("stored: finished=%v reason=%q records=%d", ml.Finished, ml.Reason, len(ml.Records))
	}
	// The log replays to the same end.
	st, err := toyRegistry.Replay(logOf(t, mt))
	if err != nil {
		t.Fatal(err)
	}
	if o := st.Outcome(); o == nil || o.Winners[0] != 1 {
		t.Errorf("replayed log ends %+v", o)
	}
}

func TestRefusedMoveChangesNothing(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Seats: humans(2)})
	play(t, mt, 0, "2")
	before := mt.Snapshot(game.Spectator)
	logBefore := logOf(t, mt)
	for _, c := range []struct {
		seat game.Seat
		move string
		code string
	}{
		{0, "1", "not-your-turn"},  // seat 1 owes the move
		{1, "3", "bad-add"},        // illegal
		{1, `{"add":`, "bad-move"}, // malformed
		{5, "1", ""},               // no such seat
		{game.Spectator, "1", ""},  // a spectator
		{1, `{"add":"two"}`, "bad-move"},
	} {
		_, err := mt.Play(context.Background(), c.seat, []byte(c.move))
		if err == nil {
			t.Errorf("seat %d move %s was accepted", c.seat, c.move)
			continue
		}
		if c.code != "" && game.ErrorCode(err) != c.code {
			t.Errorf("seat %d move %s: %v (code %q), want code %q", c.seat, c.move, err, game.ErrorCode(err), c.code)
		}
	}
	after := mt.Snapshot(game.Spectator)
	if after.Seq != before.Seq || string(after.View) != string(before.View) || !reflect.DeepEqual(after.Turn, before.Turn) {
		t.Errorf("refused moves changed the match: %+v -> %+v", before, after)
	}
	if !reflect.DeepEqual(logOf(t, mt), logBefore) {
		t.Error("refused moves changed the log")
	}
	ml, _ := e.st.LoadMatch(context.Background(), mt.ID())
	if len(ml.Records) != 1 {
		t.Errorf("store holds %d records, want 1", len(ml.Records))
	}
	play(t, mt, 1, "1") // and the match goes on
}

// failingStore refuses appends when told to, like a full disk.
type failingStore struct {
	Store
	fail bool
}

func (f *failingStore) Append(ctx context.Context, r store.Record) error {
	if f.fail {
		return errors.New("disk full")
	}
	return f.Store.Append(ctx, r)
}

func TestUnstoredMoveChangesNothing(t *testing.T) {
	e := newEnv(t)
	fs := &failingStore{Store: e.st}
	m := New(toyRegistry, fs, nil, Options{Clock: e.clock})
	defer m.Close(context.Background())
	mt, err := m.Create(context.Background(), Spec{Game: "race", Seats: humans(2)})
	if err != nil {
		t.Fatal(err)
	}
	play(t, mt, 0, "2")
	before := mt.Snapshot(0)
	var got []int64
	mt.Subscribe(func(u Update) { got = append(got, u.Seq) })
	fs.fail = true
	_, err = mt.Play(context.Background(), 1, []byte("2"))
	if err == nil {
		t.Fatal("a move that could not be stored was accepted")
	}
	if !errors.Is(err, ErrNotStored) || err.Error() != "the move could not be stored: disk full" {
		t.Errorf("unstored move: %v (ErrNotStored in its chain: %v)", err, errors.Is(err, ErrNotStored))
	}
	if _, err := mt.Resign(context.Background(), 1); !errors.Is(err, ErrNotStored) || err.Error() != "the decision could not be stored: disk full" {
		t.Errorf("unstored resignation: %v (ErrNotStored in its chain: %v)", err, errors.Is(err, ErrNotStored))
	}
	if _, err := mt.Play(context.Background(), 1, []byte("9")); errors.Is(err, ErrNotStored) {
		t.Errorf("a move the game refuses is reported as not stored: %v", err)
	}
	after := mt.Snapshot(0)
	if after.Seq != 1 || string(after.View) != string(before.View) || !reflect.DeepEqual(after.Turn, before.Turn) || len(got) != 0 {
		t.Errorf("an unstored move left traces: view %s -> %s, turn %v, delivered %v", before.View, after.View, after.Turn, got)
	}
	fs.fail = false
	if u := play(t, mt, 1, "1"); u.Seq != 2 {
		t.Errorf("next move has seq %d, want 2", u.Seq)
	}
}

func TestSinceAndSubscribeDeliverEachUpdateOnceInOrder(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`), Seats: humans(2)})
	var mu sync.Mutex
	var early, late []int64
	cancelEarly := mt.Subscribe(func(u Update) {
		mu.Lock()
		early = append(early, u.Seq)
		mu.Unlock()
		// A subscriber may read the match from its callback.
		if sn := mt.Snapshot(game.Spectator); sn.Seq < u.Seq {
			t.Errorf("snapshot seq %d behind update %d", sn.Seq, u.Seq)
		}
	})
	// Both seats' players press keys at once, many times: only the owed
	// moves are accepted, and every accepted one is delivered once.
	var wg sync.WaitGroup
	for seat := range game.Seat(2) {
		wg.Go(func() {
			for accepted := 0; accepted < 50; {
				if _, err := mt.Play(context.Background(), seat, []byte("1")); err == nil {
					accepted++
				}
			}
		})
	}
	var cancelLate func()
	wg.Go(func() {
		// A client reconnecting mid-game after seeing update 3.
		for mt.Seq() < 5 {
			time.Sleep(time.Millisecond)
		}
		cancelLate = mt.SubscribeSince(3, func(u Update) { late = append(late, u.Seq) })
	})
	wg.Wait()
	cancelEarly()
	cancelLate()
	n := mt.Seq()
	if n < 5 {
		t.Fatalf("only %d moves were accepted", n)
	}
	play(t, mt, game.Seat(n%2), "1") // after cancel: no one hears it
	check := func(name string, got []int64, from int64) {
		if int64(len(got)) != n-from {
			t.Errorf("%s got %d updates, want %d", name, len(got), n-from)
			return
		}
		for i, s := range got {
			if s != from+int64(i)+1 {
				t.Errorf("%s: update %d has seq %d, want %d", name, i, s, from+int64(i)+1)
				return
			}
		}
	}
	check("subscriber", early, 0)
	check("reconnected subscriber", late, 3)
	since := mt.Since(n - 2)
	if len(since) != 3 || since[0].Seq != n-1 || since[2].Seq != n+1 {
		t.Errorf("Since(%d) = %d updates from %d", n-2, len(since), since[0].Seq)
	}
	if mt.Since(n+1) != nil {
		t.Error("Since(latest) is not empty")
	}
}

func TestRecoverResumesAfterLastMove(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "secret", Seats: humans(2), Policy: Policy{Grace: time.Minute, OnGone: Forfeit}})
	id := mt.ID()
	play(t, mt, 1, `{"pick":3}`)
	play(t, mt, 0, `{"pick":2}`)
	play(t, mt, 0, `{"guess":3}`)
	before := mt.Since(0)
	snap := mt.Snapshot(1)
	other := e.create(Spec{Game: "race", Seats: humans(2)})
	play(t, other, 0, "1")
	done := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1}`), Seats: humans(2)})
	play(t, done, 0, "1")

	e.restart()
	n, err := e.m.Recover(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("recovered %d matches, want 2 (the finished one stays finished)", n)
	}
	if _, ok := e.m.Get(done.ID()); ok {
		t.Error("a finished match was recovered")
	}
	mt, ok := e.m.Get(id)
	if !ok {
		t.Fatal("match not recovered")
	}
	after := mt.Since(0)
	if !reflect.DeepEqual(jsonOf(t, after), jsonOf(t, before)) {
		t.Errorf("updates after recovery differ:\n%s\n%s", jsonOf(t, after), jsonOf(t, before))
	}
	// Events with an audience are regenerated with it.
	if ev := after[1].For(1).Events; len(ev) != 1 {
		t.Errorf("seat 1 sees %d events of seat 0's pick, want 1", len(ev))
	}
	if s2 := mt.Snapshot(1); s2.Seq != snap.Seq || string(s2.View) != string(snap.View) || !reflect.DeepEqual(s2.Turn, []game.Seat{1}) {
		t.Errorf("snapshot after recovery %+v, before %+v", s2, snap)
	}
	mt.SetConnected(0, true)
	mt.SetConnected(1, true)
	u := play(t, mt, 1, `{"guess":2}`)
	if u.Seq != 4 || u.Outcome == nil || !reflect.DeepEqual(u.Outcome.Winners, []game.Seat{0, 1}) {
		t.Errorf("final update %+v", u)
	}
	if got := e.endings(id); len(got) != 1 {
		t.Errorf("OnEnd called %d times after recovery, want 1", len(got))
	}
	if e.m.Remove(other.ID()) {
		t.Error("a live match was removed")
	}
	if !e.m.Remove(id) {
		t.Error("a finished match was not removed")
	}
	if _, ok := e.m.Get(id); ok {
		t.Error("a removed match is still there")
	}
	// Recovering twice does not duplicate.
	if n, _ := e.m.Recover(context.Background()); n != 0 {
		t.Errorf("second Recover resumed %d matches", n)
	}
}

func jsonOf(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestForFiltersEventsByAudience(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "secret", Seats: humans(2)})
	u := play(t, mt, 0, `{"pick":1}`)
	if len(u.Events) != 2 {
		t.Fatalf("got %d events, want 2", len(u.Events))
	}
	for _, c := range []struct {
		seats []game.Seat
		want  []string
	}{
		{[]game.Seat{0}, []string{"picked", "your-pick"}},
		{[]game.Seat{1}, []string{"picked"}},
		{[]game.Seat{game.Spectator}, []string{"picked"}},
		{[]game.Seat{1, 0}, []string{"picked", "your-pick"}}, // hot-seat: both seats on one screen
		{nil, nil},
	} {
		var got []string
		for _, ev := range u.For(c.seats...).Events {
			got = append(got, ev.Type)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("For(%v) = %v, want %v", c.seats, got, c.want)
		}
	}
	if len(u.Events) != 2 {
		t.Error("For changed the update's own events")
	}
	// Views are per seat too.
	if v0, v1 := mt.Snapshot(0).View, mt.Snapshot(1).View; string(v0) == string(v1) {
		t.Errorf("seat 1 sees seat 0's pick: %s", v1)
	}
}

// waitEnd waits for a match to end by itself (bots).
func waitEnd(t *testing.T, mt *Match) {
	t.Helper()
	done := make(chan struct{})
	var once sync.Once
	cancel := mt.SubscribeSince(0, func(u Update) {
		if u.Outcome != nil {
			once.Do(func() { close(done) })
		}
	})
	defer cancel()
	select {
	case <-done:
	case <-time.After(20 * time.Second): // a hang, not a timing threshold
		t.Fatalf("match did not end; seq %d", mt.Seq())
	}
}

func TestBotSeatPlaysByItself(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":30}`),
		Seats: []SeatSpec{{Kind: Human}, {Kind: Bot, Level: "easy"}}})
	replies := make(chan Update, 100)
	mt.Subscribe(func(u Update) {
		if u.Seat == 1 {
			replies <- u
		}
	})
	for {
		u := play(t, mt, 0, "1")
		if u.Outcome != nil {
			break
		}
		var r Update
		select {
		case r = <-replies:
		case <-time.After(20 * time.Second): // a hang, not a timing threshold
			t.Fatal("the bot did not answer")
		}
		if r.Seq != u.Seq+1 || r.Move == nil {
			t.Fatalf("after move %d the bot played %+v", u.Seq, r)
		}
		if r.Outcome != nil {
			break
		}
	}
}

// humanPlaysUntilEnd plays "1" for seat whenever it owes a move, until the
// match ends.
func humanPlaysUntilEnd(t *testing.T, mt *Match, seat game.Seat) {
	t.Helper()
	turn := make(chan Update, 1000)
	mt.SubscribeSince(0, func(u Update) { turn <- u })
	for mt.Outcome() == nil {
		if slices.Contains(mt.Snapshot(seat).Turn, seat) {
			mt.Play(context.Background(), seat, []byte("1"))
			continue
		}
		select {
		case <-turn:
		case <-time.After(20 * time.Second): // a hang, not a timing threshold
			t.Fatalf("match stalled at seq %d", mt.Seq())
		}
	}
}

func TestTwoBotsFinishAlone(t *testing.T) {
	e := newEnv(t)
	for _, g := range []string{"race", "secret"} {
		level := "easy"
		if g == "secret" {
			level = "random" // simultaneous picks: both bots owe at once
		}
		mt := e.create(Spec{Game: g, Seats: []SeatSpec{{Kind: Bot, Level: level}, {Kind: Bot, Level: level}}})
		waitEnd(t, mt)
		if got := e.endings(mt.ID()); len(got) != 1 {
			t.Errorf("%s: OnEnd called %d times", g, len(got))
		}
		if _, err := toyRegistry.Replay(logOf(t, mt)); err != nil {
			t.Errorf("%s: log does not replay: %v", g, err)
		}
	}
}

func TestSlowBotStopsOnClose(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Seats: []SeatSpec{{Kind: Bot, Level: "slow"}, {Kind: Human}}, BotTime: time.Hour})
	fast := e.create(Spec{Game: "race", Seats: humans(2)})
	play(t, fast, 0, "1") // another match is not held up by the slow bot
	if err := e.m.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if mt.Seq() != 0 {
		t.Error("the slow bot moved although the manager closed")
	}
	if _, err := fast.Play(context.Background(), 1, []byte("1")); err == nil {
		t.Error("a move was accepted after Close")
	}
}

func TestBadSpecsRefused(t *testing.T) {
	e := newEnv(t)
	for _, s := range []Spec{
		{Game: "chess", Seats: humans(2)},
		{Game: "race", Seats: humans(3)},
		{Game: "race", Options: json.RawMessage(`{"target":0}`), Seats: humans(2)},
		{Game: "race", Seats: []SeatSpec{{Kind: Human}, {Kind: Bot, Level: "godlike"}}},
		{Game: "race", Seats: []SeatSpec{{Kind: Human}, {Kind: "alien"}}},
		{Game: "race", Seats: humans(2), Policy: Policy{OnGone: "explode"}},
	} {
		if _, err := e.m.Create(context.Background(), s); err == nil {
			t.Errorf("spec %+v was accepted", s)
		}
	}
	if ids, _ := e.st.UnfinishedMatches(context.Background()); len(ids) != 0 {
		t.Errorf("refused specs stored %d matches", len(ids))
	}
}

func TestGonePolicy(t *testing.T) {
	for _, c := range []struct {
		onGone      Action
		event       string
		winners     []game.Seat
		goesOn      bool
		reasonEnded string
	}{
		{Forfeit, EventForfeit, []game.Seat{0}, false, "seat 1 forfeited"},
		{End, EventAbandoned, []game.Seat{}, false, "seat 1 left; the game ends for all"},
		{BotTakes, EventTakeover, nil, true, ""},
	} {
		t.Run(string(c.onGone), func(t *testing.T) {
			e := newEnv(t)
			mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":30}`), Seats: humans(2),
				Policy: Policy{Grace: 30 * time.Second, OnGone: c.onGone, BotLevel: "easy"}})
			play(t, mt, 0, "1")
			mt.SetConnected(1, false)
			e.clock.Advance(29 * time.Second)
			mt.SetConnected(1, true) // back in time: nothing happens
			e.clock.Advance(time.Hour)
			if mt.Seq() != 1 {
				t.Fatalf("a player who came back in time was acted on: seq %d", mt.Seq())
			}
			mt.SetConnected(1, false)
			e.clock.Advance(29 * time.Second)
			if mt.Seq() != 1 {
				t.Fatal("acted before the grace period ended")
			}
			e.clock.Advance(time.Second)
			u := mt.Since(1)
			if len(u) == 0 || u[0].Move != nil || u[0].Seat != 1 || len(u[0].Events) != 1 || u[0].Events[0].Type != c.event {
				t.Fatalf("after grace: %+v", u)
			}
			if c.goesOn {
				if mt.Outcome() != nil {
					t.Fatal("the match ended though a bot took over")
				}
				humanPlaysUntilEnd(t, mt, 0) // the bot plays seat 1 by itself
			} else {
				o := mt.Outcome()
				if o == nil || !reflect.DeepEqual(o.Winners, c.winners) || o.Reason != c.reasonEnded {
					t.Fatalf("outcome %+v, want winners %v reason %q", o, c.winners, c.reasonEnded)
				}
				if got := e.endings(mt.ID()); len(got) != 1 {
					t.Errorf("OnEnd called %d times", len(got))
				}
			}
			// The decision survives a restart.
			seq := mt.Seq()
			e.restart()
			e.m.Recover(context.Background())
			ml, _ := e.st.LoadMatch(context.Background(), mt.ID())
			if !c.goesOn && (!ml.Finished || ml.Reason != c.reasonEnded) {
				t.Errorf("stored end: finished=%v reason=%q", ml.Finished, ml.Reason)
			}
			if int64(len(ml.Records)) < seq {
				t.Errorf("store holds %d records, match had %d", len(ml.Records), seq)
			}
		})
	}
}

func TestTakeoverSurvivesRestart(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`), Seats: humans(2),
		Policy: Policy{Grace: time.Second, OnGone: BotTakes, BotLevel: "slow"}, BotTime: time.Hour})
	play(t, mt, 0, "1")
	mt.SetConnected(1, false)
	e.clock.Advance(time.Second)
	if k := mt.Snapshot(1).Seats[1].Kind; k != Bot {
		t.Fatalf("seat 1 is %q after takeover", k)
	}
	e.restart()
	if _, err := e.m.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	mt, _ = e.m.Get(mt.ID())
	sn := mt.Snapshot(0)
	if sn.Seq != 2 || sn.Seats[1].Kind != Bot || sn.Seats[1].Level != "slow" {
		t.Errorf("after restart: seq %d seat 1 %+v", sn.Seq, sn.Seats[1])
	}
}

func TestMoveClock(t *testing.T) {
	for _, c := range []struct {
		onTimeout Action
		winners   []game.Seat
	}{{"", []game.Seat{1}}, {End, []game.Seat{}}} {
		e := newEnv(t)
		mt := e.create(Spec{Game: "race", Seats: humans(2), Policy: Policy{MoveClock: 10 * time.Second, OnTimeout: c.onTimeout}})
		e.clock.Advance(9 * time.Second)
		play(t, mt, 0, "1") // in time
		e.clock.Advance(9 * time.Second)
		play(t, mt, 1, "1") // in time: each move has its own 10 s
		if d := mt.Snapshot(0).Clocks.Deadline[0]; !d.Equal(e.clock.Now().Add(10 * time.Second)) {
			t.Errorf("seat 0's deadline %v, want 10 s from now", d)
		}
		e.clock.Advance(10 * time.Second)
		o := mt.Outcome()
		if o == nil || !reflect.DeepEqual(o.Winners, c.winners) || o.Reason != "seat 0 ran out of time" {
			t.Fatalf("onTimeout %q: outcome %+v", c.onTimeout, o)
		}
		u := mt.Since(2)
		if len(u) != 1 || u[0].Events[0].Type != EventTimeout || u[0].Seq != 3 {
			t.Errorf("timeout update %+v", u)
		}
	}
}

func TestGameClock(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":100}`), Seats: humans(2), Policy: Policy{GameClock: time.Minute}})
	// Seat 0 spends 40 s, seat 1 spends 50 s, seat 0 another 15 s.
	e.clock.Advance(40 * time.Second)
	play(t, mt, 0, "1")
	e.clock.Advance(50 * time.Second)
	play(t, mt, 1, "1")
	e.clock.Advance(15 * time.Second)
	play(t, mt, 0, "1")
	c := mt.Snapshot(game.Spectator).Clocks
	if c.Remaining[0] != 5*time.Second || c.Remaining[1] != 10*time.Second {
		t.Errorf("remaining %v, want [5s 10s]", c.Remaining)
	}
	e.clock.Advance(10 * time.Second)
	if o := mt.Outcome(); o == nil || !reflect.DeepEqual(o.Winners, []game.Seat{0}) {
		t.Errorf("seat 1's flag fell but outcome is %+v", o)
	}
}

func TestConcurrentMatchesRaceFree(t *testing.T) {
	e := newEnv(t)
	var wg sync.WaitGroup
	for i := range 8 {
		mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":40}`), Seats: humans(2)})
		var seen []int64
		mt.Subscribe(func(u Update) { seen = append(seen, u.Seq) })
		for seat := range game.Seat(2) {
			wg.Go(func() {
				for mt.Outcome() == nil {
					mt.Play(context.Background(), seat, []byte(fmt.Sprint(1+i%2)))
					mt.Snapshot(seat)
				}
			})
		}
		t.Cleanup(func() {
			if int64(len(seen)) != mt.Seq() {
				t.Errorf("match %d: %d updates delivered of %d", i, len(seen), mt.Seq())
			}
		})
	}
	wg.Wait()
}

// logOf is mt's game log, read from the store.
func logOf(tb testing.TB, mt *Match) game.Log {
	tb.Helper()
	l, err := mt.Log(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return l
}
