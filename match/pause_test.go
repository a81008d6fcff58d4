package match

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// pauseCalls waits (up to a hang limit, not a timing threshold) until
// OnPause was called n times for mt: a resume tells the server from a
// goroutine of its own.
func (e *env) pauseCalls(t *testing.T, mt *Match, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		e.mu.Lock()
		got := e.pauses[mt.ID()]
		e.mu.Unlock()
		if got == n {
			return
		}
		if got > n || time.Now().After(deadline) {
			t.Fatalf("OnPause called %d times, want %d", got, n)
		}
		time.Sleep(time.Millisecond)
	}
}

func paused(mt *Match) bool {
	_, ps := mt.Away()
	return ps.Paused
}

// A friends' table that chose "pause": after the grace the match waits,
// moves are refused and nothing runs out, until the player returns.
func TestPauseWaitsForThePlayer(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`), Seats: humans(2),
		Policy: Policy{Grace: time.Minute, OnGone: Pause, MoveClock: 10 * time.Minute}})
	mt.SetConnected(0, false) // seat 0 owes the first move
	away, _ := mt.Away()
	if len(away) != 1 || away[0].Seat != 0 || away[0].Then != Pause || !away[0].Until.Equal(e.clock.Now().Add(time.Minute)) {
		t.Fatalf("away %+v, want seat 0 pausing a minute from now", away)
	}
	e.clock.Advance(time.Minute)
	if !paused(mt) {
		t.Fatal("not paused after the grace")
	}
	e.pauseCalls(t, mt, 1)
	if _, err := mt.Play(context.Background(), 1, []byte("1")); !errors.Is(err, ErrPaused) {
		t.Fatalf("a move while paused: %v, want ErrPaused", err)
	}
	e.clock.Advance(24 * time.Hour) // the move clock does not run while paused
	if mt.Seq() != 0 || mt.Outcome() != nil {
		t.Fatalf("something happened while paused: seq %d outcome %v", mt.Seq(), mt.Outcome())
	}
	mt.SetConnected(0, true)
	if paused(mt) {
		t.Fatal("still paused after the player came back")
	}
	e.pauseCalls(t, mt, 2)
	// A minute of the move clock went by before the pause, none during it.
	if d := mt.Snapshot(0).Clocks.Deadline[0]; !d.Equal(e.clock.Now().Add(9 * time.Minute)) {
		t.Errorf("seat 0's move is due at %v, want 9 minutes from now", d)
	}
	play(t, mt, 0, "1")
}

// Issue 21: a game against bots only waits for its player instead of
// forfeiting, resumes when they return, and is closed after ClosePaused.
func TestEveryoneGonePausesAndIsClosedAfterAWeek(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`),
		Seats:  []SeatSpec{{Kind: Human}, {Kind: Bot, Level: "easy"}},
		Policy: Policy{Grace: time.Minute, OnGone: Forfeit}})
	mt.SetConnected(0, false)
	if away, _ := mt.Away(); len(away) != 1 || away[0].Then != Pause {
		t.Fatalf("away %+v: a table of bots only must pause, not forfeit", away)
	}
	e.clock.Advance(time.Minute)
	if !paused(mt) || mt.Outcome() != nil {
		t.Fatalf("paused %v outcome %v: want a pause", paused(mt), mt.Outcome())
	}
	e.clock.Advance(6 * 24 * time.Hour)
	mt.SetConnected(0, true) // back within the week: the game goes on
	if paused(mt) {
		t.Fatal("still paused after the player came back")
	}
	next := nextUpdate(t, mt)
	play(t, mt, 0, "1")
	next()
	if u := next(); u.Seat != 1 { // the bot plays again
		t.Fatalf("after the return, update %+v; want the bot's move", u)
	}
	mt.SetConnected(0, false)
	e.clock.Advance(time.Minute)
	if !paused(mt) {
		t.Fatal("not paused the second time")
	}
	e.clock.Advance(ClosePaused - time.Second)
	if mt.Outcome() != nil {
		t.Fatal("closed before a week")
	}
	e.clock.Advance(time.Second)
	o := mt.Outcome()
	if o == nil || len(o.Winners) != 0 || o.Reason != "the table was closed: nobody came back for 7 days" {
		t.Fatalf("outcome %+v, want the table closed with no winner", o)
	}
	if got := e.endings(mt.ID()); len(got) != 1 {
		t.Errorf("OnEnd called %d times", len(got))
	}
	if u := mt.Since(mt.Seq() - 1); len(u) != 1 || u[0].Events[0].Type != EventAbandoned {
		t.Errorf("the close is not an abandoned update: %+v", u)
	}
}

// Two people who both left: the table pauses; the first back resumes it,
// and the other gets a fresh grace, then the table's own action.
func TestEveryoneGoneThenOneReturns(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`), Seats: humans(2),
		Policy: Policy{Grace: time.Minute, OnGone: Forfeit}})
	mt.SetConnected(0, false)
	if away, _ := mt.Away(); away[0].Then != Forfeit {
		t.Fatalf("one of two gone: %+v, want forfeit", away)
	}
	mt.SetConnected(1, false)
	e.clock.Advance(time.Minute)
	if !paused(mt) || mt.Outcome() != nil {
		t.Fatal("both gone: not paused")
	}
	e.clock.Advance(time.Hour)
	mt.SetConnected(1, true)
	away, _ := mt.Away()
	if paused(mt) || len(away) != 1 || away[0].Then != Forfeit || !away[0].Until.Equal(e.clock.Now().Add(time.Minute)) {
		t.Fatalf("after one came back: paused %v away %+v", paused(mt), away)
	}
	e.clock.Advance(time.Minute)
	if o := mt.Outcome(); o == nil || o.Reason != "seat 0 forfeited" {
		t.Fatalf("outcome %+v, want seat 0 to forfeit", o)
	}
}

// A table that waits for ever for a gone player (OnGone "") still waits
// while one player is there; once everyone is gone it pauses after the
// grace, shows the countdown, and is closed after a week, rather than
// stay in play in the lobby for good. Without a grace (a match with no
// policy at all) it keeps waiting.
func TestWaitingForEverPausesWhenEveryoneIsGone(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`), Seats: humans(2),
		Policy: Policy{Grace: time.Minute}})
	mt.SetConnected(0, false)
	if away, _ := mt.Away(); len(away) != 1 || away[0].Then != "" || !away[0].Until.IsZero() {
		t.Fatalf("one of two gone from a table that waits for ever: %+v, want no countdown", away)
	}
	e.clock.Advance(30 * 24 * time.Hour)
	if paused(mt) || mt.Outcome() != nil {
		t.Fatal("a table that waits for ever did something while one player was there")
	}
	mt.SetConnected(1, false)
	away, _ := mt.Away()
	if len(away) != 2 || away[1].Then != Pause || !away[1].Until.Equal(e.clock.Now().Add(time.Minute)) {
		t.Fatalf("both gone: %+v, want both pausing a minute from now", away)
	}
	e.clock.Advance(time.Minute)
	if !paused(mt) {
		t.Fatal("both gone: not paused after the grace")
	}
	e.clock.Advance(ClosePaused)
	if o := mt.Outcome(); o == nil || o.Reason != "the table was closed: nobody came back for 7 days" {
		t.Fatalf("outcome %+v, want the table closed", o)
	}

	still := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`), Seats: humans(2)})
	still.SetConnected(0, false)
	still.SetConnected(1, false)
	e.clock.Advance(ClosePaused + time.Hour)
	if paused(still) || still.Outcome() != nil {
		t.Fatal("a match with no policy at all paused or ended when everyone left")
	}
}

// A pause cannot be the action of a clock: everyone would be there,
// waiting for ever.
func TestPauseIsNotATimeoutAction(t *testing.T) {
	e := newEnv(t)
	if _, err := e.m.Create(context.Background(), Spec{Game: "race", Seats: humans(2), Policy: Policy{MoveClock: time.Minute, OnTimeout: Pause}}); err == nil {
		t.Fatal("onTimeout pause accepted")
	}
}

// A paused match stays paused across a restart: since when it paused,
// waiting for the same player, and a move clock shorter than the grace
// does not run out on the player the table was waiting for. Before
// pauses were stored, the rebuilt match counted everyone gone from the
// restart on, and seat 0 lost on time three minutes after it.
func TestPauseSurvivesARestart(t *testing.T) {
	e := newEnv(t)
	mt := e.create(Spec{Game: "race", Options: json.RawMessage(`{"target":1000}`), Seats: humans(2),
		Policy: Policy{Grace: 5 * time.Minute, OnGone: Pause, MoveClock: 3 * time.Minute, OnTimeout: Forfeit}})
	id := mt.ID()
	play(t, mt, 0, "1")
	mt.SetConnected(0, false) // seat 0 leaves
	e.clock.Advance(150 * time.Second)
	play(t, mt, 1, "1") // seat 0 owes now, due in 3 minutes
	e.clock.Advance(150 * time.Second)
	if !paused(mt) {
		t.Fatal("not paused after the grace")
	}
	_, before := mt.Away()

	e.clock.Advance(time.Hour)
	e.restart()
	if _, err := e.m.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	mt, ok := e.m.Get(id)
	if !ok {
		t.Fatal("the paused match was not recovered")
	}
	away, after := mt.Away()
	if !after.Paused || !after.Since.Equal(before.Since) || !after.CloseAt.Equal(before.CloseAt) {
		t.Fatalf("after the restart the pause is %+v, want %+v", after, before)
	}
	for _, a := range away {
		if a.Until.After(after.Since) {
			t.Errorf("after the restart seat %d is given until %v, past the pause at %v", a.Seat, a.Until, after.Since)
		}
	}
	if _, err := mt.Play(context.Background(), 0, []byte("1")); !errors.Is(err, ErrPaused) {
		t.Fatalf("a move while paused after the restart: %v, want ErrPaused", err)
	}
	e.clock.Advance(24 * time.Hour)
	if mt.Outcome() != nil {
		t.Fatalf("the match ended while paused after the restart: %+v", mt.Outcome())
	}
	mt.SetConnected(1, true) // the other player alone does not end the pause
	if !paused(mt) {
		t.Fatal("the pause ended when a player other than the one it waits for came back")
	}
	mt.SetConnected(0, true)
	if paused(mt) {
		t.Fatal("still paused after the player it waited for came back")
	}
	play(t, mt, 0, "1")

	// Its end is stored too: a restart now finds the match not paused.
	e.restart()
	if _, err := e.m.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	mt, _ = e.m.Get(id)
	if _, ps := mt.Away(); ps.Paused {
		t.Fatalf("a resumed match came back paused: %+v", ps)
	}
}
