package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// dotsDuel opens a 3x3 Dots table for two players, starts it, and has
// both watch without views; it returns the table id.
func dotsDuel(t *testing.T, ca, cb *client, policy map[string]any) string {
	t.Helper()
	create := map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3}}
	if policy != nil {
		create["policy"] = policy
	}
	return openDuel(t, ca, cb, create, map[string]any{"views": false})
}

// profileStats returns a user's played and won counts and rating for a
// game, as the profile page shows them.
func profileStats(t *testing.T, u *user, name, game string) (played, won, rating float64) {
	t.Helper()
	code, body := u.do("GET", "/api/profile/"+name, nil)
	if code != 200 {
		t.Fatalf("profile %s: %d %s", name, code, body)
	}
	var p struct {
		Stats map[string]struct {
			Played, Won float64
			Rating      float64
		} `json:"stats"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatal(err)
	}
	s := p.Stats[game]
	return s.Played, s.Won, s.Rating
}

// waitStats waits until name's profile counts a played game: results are
// recorded just after the final push.
func waitStats(t *testing.T, u *user, name, game string) (played, won, rating float64) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		played, won, rating = profileStats(t, u, name, game)
		if played > 0 || time.Now().After(deadline) {
			return played, won, rating
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestResign: a player resigns while it is the other's turn. Only the
// holder of a seat may resign it; both players and a spectator get the
// end (a "resign" event, the other seat winning); ratings and stats count
// it; resigning again is refused; and the stored match and its replay show
// the resignation after a restart.
func TestResign(t *testing.T) {
	e := newEnv(t)
	ann, bob, cy := e.account("Ann", "password1"), e.account("Bob", "password2"), e.guest("Cy")
	ca, cb, cc := ann.dial(), bob.dial(), cy.dial()
	id := dotsDuel(t, ca, cb, nil)
	cc.ok("table.watch", map[string]any{"table": id, "views": false})
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"from": []int{0, 0}, "to": []int{0, 1}}})
	waitSeq(cb, id, 1)

	// Refused, each with a reason, and nothing changes.
	for _, c := range []struct {
		who    *client
		fields map[string]any
		want   string
	}{
		{cb, map[string]any{"table": id, "seat": 0}, "you do not hold seat 0"},
		{cc, map[string]any{"table": id, "seat": 1}, "you do not hold seat 1"},
		{ca, map[string]any{"table": id, "seat": 5}, "no seat 5"},
		{ca, map[string]any{"table": id}, "needs seat"},
		{ca, map[string]any{"table": "nope", "seat": 0}, "no table"},
		{ca, map[string]any{"table": id, "seat": 0, "extra": 1}, "unknown field"},
	} {
		if got := c.who.fail("match.resign", c.fields); !strings.Contains(got, c.want) {
			t.Errorf("resign %v: error %q, want %q", c.fields, got, c.want)
		}
	}

	rep := ca.ok("match.resign", map[string]any{"table": id, "seat": 0})
	if rep["seq"] != float64(2) {
		t.Fatalf("resign reply %v, want seq 2 (the refusals took no seq)", rep)
	}
	for _, c := range []*client{ca, cb, cc} {
		m := waitSeq(c, id, 2)
		evs, _ := m.m["events"].([]any)
		out, _ := m.m["outcome"].(map[string]any)
		if m.m["move"] != nil || m.m["seat"] != float64(0) || len(evs) != 1 ||
			evs[0].(map[string]any)["type"] != "resign" || out == nil ||
			!strings.Contains(string(mustMarshal(out["winners"])), "[1]") || out["reason"] != "seat 0 resigned" {
			t.Fatalf("%s got %s", c.u.name, m.raw)
		}
	}
	if got := cb.fail("match.resign", map[string]any{"table": id, "seat": 1}); !strings.Contains(got, "already over") {
		t.Errorf("resigning a finished match: %q", got)
	}
	if got := cb.fail("match.play", map[string]any{"table": id, "seat": 1, "move": map[string]any{"from": []int{1, 0}, "to": []int{1, 1}}}); got == "" {
		t.Error("a move after the resignation was accepted")
	}

	if played, won, rating := waitStats(t, bob, "Bob", "dots"); played != 1 || won != 1 || rating <= 1500 {
		t.Errorf("Bob's stats after Ann resigned: played %v won %v rating %v", played, won, rating)
	}
	if played, won, rating := waitStats(t, ann, "Ann", "dots"); played != 1 || won != 0 || rating >= 1500 {
		t.Errorf("Ann's stats after resigning: played %v won %v rating %v", played, won, rating)
	}

	mid := e.matchOf(t, ca, id)
	checkReplay := func(u *user) {
		t.Helper()
		code, body := u.do("GET", "/api/replays/"+mid, nil)
		if code != 200 {
			t.Fatalf("replay: %d %s", code, body)
		}
		var r struct {
			Outcome struct {
				Winners []int  `json:"winners"`
				Reason  string `json:"reason"`
			} `json:"outcome"`
			Steps []struct {
				Seq    int               `json:"seq"`
				Seat   int               `json:"seat"`
				Move   json.RawMessage   `json:"move"`
				Events []json.RawMessage `json:"events"`
			} `json:"steps"`
		}
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatal(err)
		}
		if len(r.Steps) != 3 || r.Outcome.Reason != "seat 0 resigned" || len(r.Outcome.Winners) != 1 || r.Outcome.Winners[0] != 1 {
			t.Fatalf("replay: %s", body)
		}
		last := r.Steps[2]
		if last.Seq != 2 || last.Seat != 0 || string(last.Move) != "null" || len(last.Events) != 1 || !strings.Contains(string(last.Events[0]), `"type":"resign"`) {
			t.Fatalf("replay's last step: %s", body)
		}
	}
	checkReplay(cy)

	// After a restart the store still holds the end and the replay shows it.
	e.stop()
	e2 := startEnv(t, e.dir)
	ml, err := e2.st.LoadMatch(context.Background(), mid)
	if err != nil || !ml.Finished || ml.Reason != "seat 0 resigned" {
		t.Fatalf("stored match after restart: %+v %v", ml, err)
	}
	cy.e = e2
	checkReplay(cy)
}
