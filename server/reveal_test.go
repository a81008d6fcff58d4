package server_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestResignationRevealsFleets: Battleship's end shows the enemy fleet
// ("at the end the enemy's fleet is revealed"), and a resignation is an
// end. Before it, the spectator's and Ann's traffic never holds Bob's
// fleet; the push of the resignation gives Ann and the spectator Bob's
// fleet and the hits as scores; the replay's last step shows the same
// views as the live end, and its steps before it show both fleets too.
func TestResignationRevealsFleets(t *testing.T) {
	e := newEnv(t)
	ann, bob, cat := e.guest("Ann"), e.guest("Bob"), e.guest("Cat")
	ca, cb, cc := ann.dial(), bob.dial(), cat.dial()
	id := battleshipAgainstBob(ca, cb)
	cc.ok("table.watch", map[string]any{"table": id})
	// Ann hits Bob's carrier (row 9, col 5); Bob misses.
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"shot": []int{9, 5}}})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": map[string]any{"shot": []int{9, 9}}})
	waitSeq(cc, id, 4)
	for who, c := range map[string]*client{"Ann": ca, "Cat": cc} {
		if got := fleetIn(rawAll(c), plantedFleet); len(got) > 0 {
			t.Fatalf("before the end %s's traffic shows Bob's ships %v", who, got)
		}
	}

	cb.ok("match.resign", map[string]any{"table": id, "seat": 1})
	for who, c := range map[string]*client{"Ann": ca, "Cat": cc} {
		m := waitSeq(c, id, 5)
		if got := fleetIn(string(m.raw), plantedFleet); len(got) != len(plantedFleet) {
			t.Errorf("the resignation's push to %s shows %d of Bob's %d ships: %s", who, len(got), len(plantedFleet), m.raw)
		}
		if sc := string(mustMarshal(m.m["scores"])); sc != "[1,0]" {
			t.Errorf("the resignation's push to %s has scores %s, want the hits [1,0]", who, sc)
		}
	}
	live := waitSeq(cc, id, 5).m["views"].(map[string]any)["-1"]

	mid := e.matchOf(t, ca, id)
	code, body := cat.do("GET", "/api/replays/"+mid, nil)
	if code != 200 {
		t.Fatalf("replay: %d %s", code, body)
	}
	var r struct {
		Steps []struct {
			Seq    int                        `json:"seq"`
			Views  map[string]json.RawMessage `json:"views"`
			Scores []int                      `json:"scores"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatal(err)
	}
	last := r.Steps[len(r.Steps)-1]
	var replayed any
	if err := json.Unmarshal(last.Views["-1"], &replayed); err != nil {
		t.Fatal(err)
	}
	if last.Seq != 5 || string(mustMarshal(replayed)) != string(mustMarshal(live)) {
		t.Errorf("the replay's last step (seq %d) shows the spectator\n%s\nbut the live end showed\n%s", last.Seq, last.Views["-1"], mustMarshal(live))
	}
	if string(mustMarshal(last.Scores)) != "[1,0]" {
		t.Errorf("the replay's last step has scores %v, want the hits [1 0]", last.Scores)
	}
	if !strings.Contains(string(last.Views["-1"]), `"phase":"over"`) {
		t.Errorf("the replay's last spectator view is not over: %s", last.Views["-1"])
	}
	// The match is over, so its replay shows both fleets at every step
	// after they were placed (issue #32, point 8: the replay hid them
	// until the last step), though that step's phase is still the battle.
	before := string(r.Steps[len(r.Steps)-2].Views["-1"])
	if got := fleetIn(before, plantedFleet); len(got) != len(plantedFleet) || !strings.Contains(before, `"phase":"battle"`) {
		t.Errorf("the replay's spectator sees %d of Bob's %d ships in the battle before the resignation: %s", len(got), len(plantedFleet), before)
	}
}
