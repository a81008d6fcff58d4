package match

import (
	"context"
	"testing"
	"time"
)

// TestMoveDeadlineLeavesVacationsOut: a move's deadline is its start plus
// the clock, counting none of the time of the player's vacations inside
// the move: one under way when the move started, one in the middle,
// several; a vacation over before the move or starting after the
// deadline changes nothing.
func TestMoveDeadlineLeavesVacationsOut(t *testing.T) {
	day := 24 * time.Hour
	t0 := time.Date(2030, 6, 3, 9, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	span := func(from, until time.Duration) Span { return Span{From: at(from), Until: at(until)} }
	for _, c := range []struct {
		name string
		vs   []Span
		want time.Duration
	}{
		{"none", nil, 2 * day},
		{"over before the move", []Span{span(-5*day, -day)}, 2 * day},
		{"under way at the start", []Span{span(-day, day)}, 3 * day},
		{"in the middle", []Span{span(day, 4*day)}, 5 * day},
		{"two", []Span{span(12*time.Hour, day), span(2*day, 3*day)}, 3*day + 12*time.Hour},
		{"after the deadline", []Span{span(2*day, 5*day)}, 2 * day},
		{"ended early, at the start", []Span{span(-day, 0)}, 2 * day},
	} {
		if got := moveDeadline(t0, 2*day, c.vs); !got.Equal(at(c.want)) {
			t.Errorf("%s: deadline %v after the start, want %v", c.name, got.Sub(t0), c.want)
		}
	}
}

// TestRecoverGivesVacationsFirst: a correspondence match rebuilt after a
// restart has its players' vacations (Options.Vacations) from the start:
// its deadline is the one the vacation moved, even when the move's own
// deadline passed while the server was down, and nothing runs out.
func TestRecoverGivesVacationsFirst(t *testing.T) {
	e := newEnv(t)
	start := e.clock.Now()
	vacation := Span{From: start.Add(time.Hour), Until: start.Add(time.Hour + 3*24*time.Hour)}
	seats := []SeatSpec{{Kind: Human, UserID: 7}, {Kind: Human, UserID: 8}}
	mt := e.create(Spec{Game: "race", Seats: seats, Policy: Policy{MoveClock: 24 * time.Hour}})
	e.close()
	e.clock.Advance(2 * 24 * time.Hour)
	e.open()
	e.m.opts.Vacations = func(user int64) []Span {
		if user == 7 {
			return []Span{vacation}
		}
		return nil
	}
	if _, err := e.m.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	mt, _ = e.m.Get(mt.ID())
	want := start.Add(24*time.Hour + 3*24*time.Hour)
	if d := mt.Snapshot(0).Clocks.Deadline[0]; !d.Equal(want) {
		t.Fatalf("seat 0's deadline after the restart: %v, want %v (its day, moved by the vacation)", d, want)
	}
	e.clock.Advance(2*24*time.Hour - time.Second)
	if o := mt.Outcome(); o != nil {
		t.Fatalf("the match ended inside the vacation: %+v", o)
	}
	e.clock.Advance(time.Second)
	if o := mt.Outcome(); o == nil || o.Reason != "seat 0 ran out of time" {
		t.Fatalf("at the moved deadline: %+v", o)
	}
}

// TestTimeoutReadsVacationsAgain: a vacation stored where this match did
// not hear of it (another node took it) is read before the clock is let
// run out: the move's own deadline passes, and the seat loses only at
// the deadline the vacation moved.
func TestTimeoutReadsVacationsAgain(t *testing.T) {
	e := newEnv(t)
	start := e.clock.Now()
	var stored []Span
	e.m.opts.Vacations = func(user int64) []Span {
		if user == 7 {
			return stored
		}
		return nil
	}
	seats := []SeatSpec{{Kind: Human, UserID: 7}, {Kind: Human, UserID: 8}}
	mt := e.create(Spec{Game: "race", Seats: seats, Policy: Policy{MoveClock: 24 * time.Hour}})
	e.clock.Advance(time.Hour)
	stored = []Span{{From: start.Add(time.Hour), Until: start.Add(time.Hour + 2*24*time.Hour)}}
	e.clock.Advance(23 * time.Hour) // the move's own deadline
	if o := mt.Outcome(); o != nil {
		t.Fatalf("seat 0 lost inside a vacation the match was not told of: %+v", o)
	}
	e.clock.Advance(2*24*time.Hour - time.Second)
	if o := mt.Outcome(); o != nil {
		t.Fatalf("seat 0 lost before the moved deadline: %+v", o)
	}
	e.clock.Advance(time.Second)
	if o := mt.Outcome(); o == nil || o.Reason != "seat 0 ran out of time" {
		t.Fatalf("at the moved deadline: %+v", o)
	}
}
