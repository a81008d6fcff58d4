package server_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parlor-games/parlor/clock/clocktest"
	"github.com/parlor-games/parlor/match"
	"github.com/parlor-games/parlor/server"
)

const day = 24 * time.Hour

// corrStart is where the correspondence tests' clock starts: mid-year,
// so that a few days on never cross into the next year's vacations.
var corrStart = time.Date(2030, 6, 3, 9, 0, 0, 0, time.UTC)

// startCorr starts a server over dir on clock, with quick bots.
func startCorr(t *testing.T, dir string, clock *clocktest.Clock, tweak func(*server.Config)) *env {
	t.Helper()
	return startEnvConfig(t, dir, match.Options{Clock: clock, BotTime: 50 * time.Millisecond}, tweak)
}

// myGames is a player's GET /api/my-games.
func myGames(t *testing.T, u *user) server.MyGamesJSON {
	t.Helper()
	code, body := u.do("GET", "/api/my-games", nil)
	if code != 200 {
		t.Fatalf("my-games of %s: %d %s", u.name, code, body)
	}
	var out server.MyGamesJSON
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// tableKind is the kind GET /api/tables/{id} gives the table.
func tableKind(t *testing.T, u *user, id string) string {
	t.Helper()
	code, body := u.do("GET", "/api/tables/"+id, nil)
	if code != 200 {
		t.Fatalf("table %s: %d %s", id, code, body)
	}
	var out struct {
		Table struct {
			Kind string `json:"kind"`
		} `json:"table"`
	}
	_ = json.Unmarshal(body, &out)
	return out.Table.Kind
}

// TestCorrespondenceDotsAcrossDays: a Dots game with two days per move is
// played over several days. The table is listed as correspondence; a
// player away for more than the leaving policy's grace loses nothing and
// the game does not pause; the player to move sees the game first in
// their list, waiting since the other's move, due two days after it; the
// deadline holds over a restart (the time the server was down counts),
// and when it passes the player who let it run out loses.
func TestCorrespondenceDotsAcrossDays(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		dir := t.TempDir()
		clock := clocktest.New(corrStart)
		e := startCorr(t, dir, clock, nil)
		ann, bob := e.guest("Ann"), e.guest("Bob")
		ca, cb := ann.dial(), bob.dial()
		id := dotsDuel(t, ca, cb, map[string]any{"moveClock": 2 * 86400, "onGone": "forfeit", "grace": 60})
		if k := tableKind(t, ann, id); k != "correspondence" {
			t.Fatalf("the table's kind is %q", k)
		}
		if g := myGames(t, ann); g.Waiting != 1 || len(g.Games) != 1 || !g.Games[0].MyTurn || g.Games[0].Kind != server.KindCorrespondence {
			t.Fatalf("Ann's list at the start: %+v", g)
		}

		// Bob leaves; a day later Ann moves.
		cb.close()
		clock.Advance(day)
		ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
		moved := clock.Now()
		clock.Advance(36 * time.Hour) // far past the 60 s grace
		g := myGames(t, bob)
		if g.Waiting != 1 || len(g.Games) != 1 {
			t.Fatalf("Bob's list while away: %+v", g)
		}
		mine := g.Games[0]
		if !mine.MyTurn || mine.Since == nil || !mine.Since.Equal(moved) || mine.Deadline == nil || !mine.Deadline.Equal(moved.Add(2*day)) {
			t.Fatalf("Bob's game: %+v, want his turn since %v, due %v", mine, moved, moved.Add(2*day))
		}
		if !g.Now.Equal(clock.Now()) {
			t.Errorf("the list's now is %v, the server's clock %v", g.Now, clock.Now())
		}
		if a := myGames(t, ann); a.Waiting != 0 || a.Games[0].MyTurn {
			t.Errorf("Ann's list while Bob is to move: %+v", a)
		}

		// Bob comes back and moves in time; Ann's two days start.
		cb = bob.dial()
		cb.ok("table.watch", map[string]any{"table": id, "views": false})
		cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": line(2, 0, 1)})
		clock.Advance(47 * time.Hour)
		quiet(t, cb, id, 2, "47 h into a two-day move")

		// A restart an hour before Ann's deadline: it still falls an
		// hour later.
		ca.close()
		cb.close()
		e.stop()
		e = startCorr(t, dir, clock, nil)
		bob = &user{e: e, name: bob.name, hc: bob.hc}
		cb = bob.dial()
		cb.ok("table.watch", map[string]any{"table": id, "views": false})
		quiet(t, cb, id, 2, "after the restart, before the deadline")
		clock.Advance(time.Hour)
		m := timeoutPush(t, cb, id, 3, 0, "forfeit")
		out, _ := m.m["outcome"].(map[string]any)
		if w, _ := json.Marshal(out["winners"]); string(w) != "[1]" {
			t.Fatalf("after Ann's time ran out: %s", m.raw)
		}
		if g := myGames(t, bob); len(g.Games) != 0 {
			t.Errorf("a finished game is still listed: %+v", g)
		}
	})
}

// TestCorrespondenceOutlastsAWeekAway: at a table with 14 days a move,
// both players gone for eight days is no reason to close it (a live
// table would be closed after seven); the clock alone ends it.
func TestCorrespondenceOutlastsAWeekAway(t *testing.T) {
	clock := clocktest.New(corrStart)
	e := startCorr(t, t.TempDir(), clock, nil)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := dotsDuel(t, ca, cb, map[string]any{"moveClock": 14 * 86400, "onGone": "pause", "grace": 60})
	ca.close()
	cb.close()
	clock.Advance(8 * day)
	cb = bob.dial()
	tb := cb.ok("table.watch", map[string]any{"table": id, "views": false})
	tj, _ := tb["table"].(map[string]any)
	if tj["status"] != "playing" || tj["paused"] == true {
		t.Fatalf("after eight days away: %v", tj)
	}
	clock.Advance(6 * day)
	m := timeoutPush(t, cb, id, 1, 0, "forfeit")
	out, _ := m.m["outcome"].(map[string]any)
	if w, _ := json.Marshal(out["winners"]); string(w) != "[1]" {
		t.Fatalf("after 14 days: %s", m.raw)
	}
}

// TestVacationStopsTheClock: a player on vacation keeps their move for
// its length on top of the clock, sees the later deadline in their
// list, and loses on time only once both have passed. Vacations are
// rationed: three a year, 1 to 14 days each, one at a time; one ended
// early still counts.
func TestVacationStopsTheClock(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		clock := clocktest.New(corrStart)
		e := startCorr(t, t.TempDir(), clock, nil)
		ann, bob := e.guest("Ann"), e.guest("Bob")
		ca, cb := ann.dial(), bob.dial()
		id := dotsDuel(t, ca, cb, map[string]any{"moveClock": 86400, "onGone": "forfeit", "grace": 60})
		ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
		moved := clock.Now()

		clock.Advance(12 * time.Hour)
		var vac server.VacationJSON
		_ = json.Unmarshal(bob.mustPost("/api/vacation", map[string]any{"days": 3}, 200), &vac)
		if vac.Until == nil || !vac.Until.Equal(clock.Now().Add(3*day)) || vac.Left != 2 {
			t.Fatalf("vacation started: %+v", vac)
		}
		if code, body := bob.do("POST", "/api/vacation", map[string]any{"days": 2}); code != 409 {
			t.Errorf("a second vacation during the first: %d %s", code, body)
		}
		g := myGames(t, bob)
		if d := g.Games[0].Deadline; d == nil || !d.Equal(moved.Add(4*day)) {
			t.Fatalf("Bob's deadline on vacation: %v, want %v", d, moved.Add(4*day))
		}
		if g.Vacation.Until == nil {
			t.Errorf("the list does not say Bob is on vacation: %+v", g.Vacation)
		}
		clock.Advance(4*day - 12*time.Hour - time.Second)
		quiet(t, cb, id, 1, "a second before the deadline moved by the vacation")
		clock.Advance(time.Second)
		timeoutPush(t, cb, id, 2, 1, "forfeit")

		// The ration: the first counts; two more, then no more.
		for i := 0; i < 2; i++ {
			bob.mustPost("/api/vacation", map[string]any{"days": 1}, 200)
			if code, body := bob.do("DELETE", "/api/vacation", nil); code != 200 {
				t.Fatalf("ending a vacation: %d %s", code, body)
			}
		}
		code, body := bob.do("POST", "/api/vacation", map[string]any{"days": 1})
		if code != 409 {
			t.Errorf("a fourth vacation in a year: %d %s", code, body)
		}
		for _, days := range []int{0, 15} {
			if code, _ := ann.do("POST", "/api/vacation", map[string]any{"days": days}); code != 400 {
				t.Errorf("a vacation of %d days: %d", days, code)
			}
		}
	})
}

// TestVacationEndedEarlyRestartsTheClock: a player back early from a
// vacation has the time of the move before it plus the time after it.
func TestVacationEndedEarlyRestartsTheClock(t *testing.T) {
	clock := clocktest.New(corrStart)
	e := startCorr(t, t.TempDir(), clock, nil)
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	id := dotsDuel(t, ca, cb, map[string]any{"moveClock": 2 * 86400})
	clock.Advance(day)
	ann.mustPost("/api/vacation", map[string]any{"days": 5}, 200)
	clock.Advance(2 * day)
	ann.mustPost("/api/vacation", nil, 400) // no days: refused
	if code, _ := ann.do("DELETE", "/api/vacation", nil); code != 200 {
		t.Fatal("the vacation did not end")
	}
	// A day used before the vacation, two days off: one day left.
	if d := myGames(t, ann).Games[0].Deadline; d == nil || !d.Equal(clock.Now().Add(day)) {
		t.Fatalf("deadline after an early return: %v, want %v", d, clock.Now().Add(day))
	}
	clock.Advance(day)
	timeoutPush(t, cb, id, 1, 0, "forfeit")
}

// TestTurnHook: the hook a notifier subscribes with hears each turn as
// it comes (the first at the start) and, at a correspondence table, that
// a move's deadline is near: six hours before the end of a one-day clock.
func TestTurnHook(t *testing.T) {
	var mu sync.Mutex
	var got []server.TurnNotice
	clock := clocktest.New(corrStart)
	e := startCorr(t, t.TempDir(), clock, func(c *server.Config) {
		c.OnTurn = func(n server.TurnNotice) {
			mu.Lock()
			got = append(got, n)
			mu.Unlock()
		}
	})
	notices := func() []server.TurnNotice {
		mu.Lock()
		defer mu.Unlock()
		return append([]server.TurnNotice(nil), got...)
	}
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca := ann.dial()
	id := dotsDuel(t, ca, bob.dial(), map[string]any{"moveClock": 86400})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
	n := notices()
	if len(n) != 2 || n[0].Kind != server.TurnCame || n[0].Seat != 0 || n[1].Kind != server.TurnCame || n[1].Seat != 1 || n[1].Table != id {
		t.Fatalf("notices after the first move: %+v", n)
	}
	if !n[1].Deadline.Equal(clock.Now().Add(day)) || n[1].TableKind != server.KindCorrespondence {
		t.Errorf("Bob's turn notice: %+v", n[1])
	}
	clock.Advance(18*time.Hour - time.Second)
	if n := notices(); len(n) != 2 {
		t.Fatalf("a notice before the deadline was near: %+v", n[2:])
	}
	clock.Advance(time.Second)
	n = notices()
	if len(n) != 3 || n[2].Kind != server.DeadlineNear || n[2].Seat != 1 {
		t.Fatalf("notices 6 h before Bob's deadline: %+v", n)
	}
}

// TestCorrespondenceTimeoutAmongThree: at a correspondence Clue-Less
// table of three, a player who leaves is not waited for (no countdown,
// nothing at the grace's end), and the seat whose day runs out meets the
// table's leaving policy rather than ending the game: with pause chosen,
// a bot takes it and the others play on.
func TestCorrespondenceTimeoutAmongThree(t *testing.T) {
	clock := clocktest.New(corrStart)
	e := startCorr(t, t.TempDir(), clock, nil)
	cs := []*client{e.guest("Ann").dial(), e.guest("Bob").dial(), e.guest("Cy").dial()}
	id := tableID(cs[0].ok("table.create", map[string]any{"game": "clue", "options": map[string]any{"players": 3},
		"seats":  []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}, map[string]any{"kind": "open"}},
		"policy": map[string]any{"moveClock": 86400, "grace": 60, "onGone": "pause"}}))
	cs[1].ok("table.sit", map[string]any{"table": id, "seat": 1})
	cs[2].ok("table.sit", map[string]any{"table": id, "seat": 2})
	cs[0].ok("table.start", map[string]any{"table": id})
	for _, c := range cs {
		c.ok("table.watch", map[string]any{"table": id, "views": false})
	}
	var turn []any
	for _, c := range cs {
		if g := myGames(t, c.u); len(g.Games) == 1 && g.Games[0].MyTurn {
			for _, s := range g.Games[0].Turn {
				turn = append(turn, float64(s))
			}
		}
	}
	if len(turn) != 1 {
		t.Fatalf("the seats owing the first move: %v", turn)
	}
	mover := int(turn[0].(float64))
	cs[mover].close()
	clock.Advance(time.Hour) // far past the 60 s grace
	other := cs[(mover+1)%3]
	quiet(t, other, id, 0, "an hour after the player to move left")
	code, body := other.u.do("GET", "/api/tables/"+id, nil)
	if code != 200 || strings.Contains(string(body), "goneUntil") || strings.Contains(string(body), `"paused":true`) {
		t.Fatalf("the table an hour after its player to move left: %d %s", code, body)
	}
	clock.Advance(23 * time.Hour)
	m := timeoutPush(t, other, id, 1, mover, "bot")
	if m.m["outcome"] != nil {
		t.Fatalf("the game ended when one of three ran out of time: %s", m.raw)
	}
}

// TestTurnHookFollowsAVacation: a vacation taken before the deadline is
// near moves the warning with the deadline: none at the old time, one a
// quarter of the clock before the new deadline.
func TestTurnHookFollowsAVacation(t *testing.T) {
	var mu sync.Mutex
	var near []server.TurnNotice
	clock := clocktest.New(corrStart)
	e := startCorr(t, t.TempDir(), clock, func(c *server.Config) {
		c.OnTurn = func(n server.TurnNotice) {
			if n.Kind == server.DeadlineNear {
				mu.Lock()
				near = append(near, n)
				mu.Unlock()
			}
		}
	})
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(near)
	}
	ann, bob := e.guest("Ann"), e.guest("Bob")
	dotsDuel(t, ann.dial(), bob.dial(), map[string]any{"moveClock": 86400})
	clock.Advance(time.Hour)
	ann.mustPost("/api/vacation", map[string]any{"days": 2}, 200)
	clock.Advance(17 * time.Hour) // the old warning's time, 18 h in
	if n := count(); n != 0 {
		t.Fatalf("a warning at the old time, during the vacation: %+v", near)
	}
	clock.Advance(2*day - time.Second) // a second before the new warning
	if n := count(); n != 0 {
		t.Fatalf("a warning before the new deadline was near: %+v", near)
	}
	clock.Advance(time.Second)
	if n := count(); n != 1 || !near[0].Deadline.Equal(corrStart.Add(3*day)) {
		t.Fatalf("the warning of the moved deadline: %+v", near)
	}
}

// TestVacationHoldsOverARestart: a server restarted after a move's own
// deadline has passed but while its player is on vacation does not let
// the clock run out on them: the vacation is the match's from the
// moment it is rebuilt.
func TestVacationHoldsOverARestart(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		dir := t.TempDir()
		clock := clocktest.New(corrStart)
		e := startCorr(t, dir, clock, nil)
		ann, bob := e.guest("Ann"), e.guest("Bob")
		ca, cb := ann.dial(), bob.dial()
		id := dotsDuel(t, ca, cb, map[string]any{"moveClock": 86400})
		ann.mustPost("/api/vacation", map[string]any{"days": 3}, 200)
		ca.close()
		cb.close()
		e.stop()
		clock.Advance(2 * day) // past the one day, inside the vacation
		e = startCorr(t, dir, clock, nil)
		bob = &user{e: e, name: bob.name, hc: bob.hc}
		cb = bob.dial()
		cb.ok("table.watch", map[string]any{"table": id, "views": false})
		quiet(t, cb, id, 0, "two days into Ann's three-day vacation, after a restart")
		clock.Advance(2*day - time.Second)
		quiet(t, cb, id, 0, "a second before the deadline the vacation moved")
		clock.Advance(time.Second)
		timeoutPush(t, cb, id, 1, 0, "forfeit")
	})
}
