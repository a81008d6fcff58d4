package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/clock/clocktest"
	"github.com/parlor-games/parlor/match"
)

// newClockEnv is a server whose matches run on a hand-moved clock, with
// quick bots.
func newClockEnv(t *testing.T) (*env, *clocktest.Clock) {
	t.Helper()
	clock := clocktest.New(time.Now().UTC())
	return startEnvWith(t, t.TempDir(), match.Options{Clock: clock, BotTime: 50 * time.Millisecond}), clock
}

// quiet checks, with a round trip, that c has received no match push for
// table with seq after seq.
func quiet(t *testing.T, c *client, table string, seq int, when string) {
	t.Helper()
	c.ok("chat.history", map[string]any{"channel": "table:" + table})
	for _, m := range pushesOf(c, table) {
		if m.m["seq"].(float64) > float64(seq) {
			t.Fatalf("%s: %s got %s", when, c.u.name, m.raw)
		}
	}
}

// timeoutPush checks that c got, as push seq, seat's timeout with action.
func timeoutPush(t *testing.T, c *client, table string, seq, seat int, action string) msg {
	t.Helper()
	m := waitSeq(c, table, seq)
	evs, _ := m.m["events"].([]any)
	if m.m["move"] != nil || m.m["seat"] != float64(seat) || len(evs) != 1 {
		t.Fatalf("%s: push %d is not a decision about seat %d: %s", c.u.name, seq, seat, m.raw)
	}
	ev := evs[0].(map[string]any)
	data, _ := ev["data"].(map[string]any)
	if ev["type"] != "timeout" || data["cause"] != "timeout" || data["action"] != action {
		t.Fatalf("%s: push %d is not a timeout with action %s: %s", c.u.name, seq, action, m.raw)
	}
	return m
}

// line is the Dots move joining (r,c1) and (r,c2).
func line(r, c1, c2 int) map[string]any {
	return map[string]any{"from": []int{r, c1}, "to": []int{r, c2}}
}

// TestMoveClockRunsOut: with a 30-second move clock, each move in time
// gets a fresh 30 seconds; when seat 0 then lets its clock run out, both
// players are told, and the table's choice applies: seat 0 forfeits, the
// game ends for both with no winner, or a bot takes seat 0 and moves.
func TestMoveClockRunsOut(t *testing.T) {
	for _, choice := range []string{"forfeit", "end", "bot"} {
		t.Run(choice, func(t *testing.T) {
			e, clock := newClockEnv(t)
			ca, cb := e.guest("Slow").dial(), e.guest("Quick").dial()
			id := dotsDuel(t, ca, cb, map[string]any{"moveClock": 30, "onTimeout": choice})
			clock.Advance(29 * time.Second)
			ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
			clock.Advance(29 * time.Second)
			cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": line(2, 0, 1)})
			clock.Advance(29 * time.Second)
			for _, c := range []*client{ca, cb} {
				quiet(t, c, id, 2, "29 s into a 30 s move")
			}
			clock.Advance(time.Second)
			for _, c := range []*client{ca, cb} {
				m := timeoutPush(t, c, id, 3, 0, choice)
				out, _ := m.m["outcome"].(map[string]any)
				switch choice {
				case "forfeit", "end":
					want := "[1]"
					if choice == "end" {
						want = "[]"
					}
					if out == nil || string(mustMarshal(out["winners"])) != want || out["reason"] != "seat 0 ran out of time" {
						t.Fatalf("%s: outcome %s, want winners %s", c.u.name, m.raw, want)
					}
				case "bot":
					if out != nil {
						t.Fatalf("%s: the match ended though a bot took over: %s", c.u.name, m.raw)
					}
					// The bot plays seat 0's move, and both see it.
					bot := waitSeq(c, id, 4)
					if bot.m["seat"] != float64(0) || bot.m["move"] == nil {
						t.Fatalf("%s: after the takeover: %s", c.u.name, bot.raw)
					}
				}
			}
			if choice != "bot" {
				if got := cb.fail("match.play", map[string]any{"table": id, "seat": 1, "move": line(1, 0, 1)}); got == "" {
					t.Fatal("a move after the timeout ended the match")
				}
			}
		})
	}
}

// TestGameClockRunsOut: a 60-second game clock is spent across moves:
// seat 0 uses 40 seconds on its first move, so it runs out 20 seconds into
// its second, not before; both players are told and seat 0 forfeits.
func TestGameClockRunsOut(t *testing.T) {
	e, clock := newClockEnv(t)
	ca, cb := e.guest("Spender").dial(), e.guest("Saver").dial()
	id := dotsDuel(t, ca, cb, map[string]any{"gameClock": 60, "onTimeout": "forfeit"})
	clock.Advance(40 * time.Second)
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": line(0, 0, 1)})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": line(2, 0, 1)})
	clock.Advance(19 * time.Second)
	for _, c := range []*client{ca, cb} {
		quiet(t, c, id, 2, "59 s of a 60 s game clock")
	}
	clock.Advance(time.Second)
	for _, c := range []*client{ca, cb} {
		m := timeoutPush(t, c, id, 3, 0, "forfeit")
		out, _ := m.m["outcome"].(map[string]any)
		if out == nil || fmt.Sprint(out["winners"]) != "[1]" || !strings.Contains(fmt.Sprint(out["reason"]), "ran out of time") {
			t.Fatalf("%s: %s", c.u.name, m.raw)
		}
	}
}
