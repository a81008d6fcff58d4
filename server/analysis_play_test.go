package server_test

import (
	"encoding/json"
	"testing"
)

// TestAnalysisOfADotsReplayAndPlayingOn: a finished Dots match's replay
// has its review, a move for each step, exact on a small board; and a
// position of the replay opens as a new unrated table where the asker
// holds the seat to move and a bot the other, which continues from that
// step.
func TestAnalysisOfADotsReplayAndPlayingOn(t *testing.T) {
	e := newEnv(t)
	u := e.guest("Learner")
	c := u.dial()
	id, seq := playDotsVsBot(t, c, -1)
	m := e.matchOf(t, c, id)
	code, body := u.do("GET", "/api/replays/"+m+"/analysis", nil)
	if code != 200 {
		t.Fatalf("analysis: %d %s", code, body)
	}
	var a struct {
		Moves []struct {
			Step   int    `json:"step"`
			Source string `json:"source"`
			Cost   int    `json:"cost"`
			Best   any    `json:"best"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(body, &a); err != nil || len(a.Moves) != seq {
		t.Fatalf("analysis has %d moves for %d steps (%v): %s", len(a.Moves), seq, err, body)
	}
	for i, r := range a.Moves {
		if r.Step != i+1 || r.Source != "solver" || r.Best == nil {
			t.Fatalf("move %d: %+v, want step %d solved exactly with a best move", i+1, r, i+1)
		}
	}

	// Play on from step 3 against the strongest bot.
	rep := c.ok("replay.play", map[string]any{"match": m, "step": 3})
	tbl := rep["table"].(map[string]any)
	if tbl["rated"] != false || tbl["status"] != "playing" {
		t.Fatalf("the new table is %v", tbl)
	}
	nid := tableID(rep)
	w := c.ok("table.watch", map[string]any{"table": nid})
	snap := w["snapshot"].(map[string]any)
	if snap["seq"] != float64(3) {
		t.Fatalf("the new match starts at seq %v, want 3", snap["seq"])
	}
	held := w["seats"].([]any)
	turn := snap["turn"].([]any)
	if len(held) != 1 || len(turn) != 1 || held[0] != turn[0] {
		t.Fatalf("held %v, turn %v: the asker should hold the seat to move, alone", held, turn)
	}
	seats := tbl["seats"].([]any)
	other := 1 - int(held[0].(float64))
	if s := seats[other].(map[string]any); s["kind"] != "bot" || s["level"] != "expert" {
		t.Fatalf("the other seat is %v, want the expert bot", s)
	}

	refusedWith(t, c, "replay.play", map[string]any{"match": m, "step": seq + 1}, "bad-request")
	refusedWith(t, c, "replay.play", map[string]any{"match": m, "step": seq}, "conflict")
	refusedWith(t, c, "replay.play", map[string]any{"match": "nosuch", "step": 0}, "not-found")
}

// TestAnalysisAidOnlyUnratedAgainstBots: match.aid gives a Battleship
// player the expert's map at an unrated table against the computer, and
// is refused at a rated one and at a table of people.
func TestAnalysisAidOnlyUnratedAgainstBots(t *testing.T) {
	e := newEnv(t)
	u := e.guest("Cadet")
	c := u.dial()
	start := func(rated bool, seat1 map[string]any) string {
		id := tableID(c.ok("table.create", map[string]any{"game": "battleship", "rated": rated,
			"seats": []any{map[string]any{"kind": "me"}, seat1}}))
		c.ok("table.watch", map[string]any{"table": id, "views": false})
		return id
	}
	id := start(false, map[string]any{"kind": "bot", "level": "easy"})
	refusedWith(t, c, "match.aid", map[string]any{"table": id, "seat": 0}, "conflict") // still placing
	c.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "random"})
	waitSeq(c, id, 2)
	c.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "E5"})
	waitSeq(c, id, 4) // the bot's answer
	rep := c.ok("match.aid", map[string]any{"table": id, "seat": 0})
	aid := rep["aid"].(map[string]any)
	heat := aid["heat"].([]any)
	if len(heat) != 100 || heat[4*10+4] != float64(0) {
		t.Fatalf("the map has %d squares and E5, fired at, is %v: %v", len(heat), heat[44], aid)
	}
	refusedWith(t, c, "match.aid", map[string]any{"table": id, "seat": 1}, "forbidden")

	rated := start(true, map[string]any{"kind": "bot", "level": "easy"})
	c.ok("match.play", map[string]any{"table": rated, "seat": 0, "move": "random"})
	waitSeq(c, rated, 2)
	refusedWith(t, c, "match.aid", map[string]any{"table": rated, "seat": 0}, "forbidden")

	people := tableID(c.ok("table.create", map[string]any{"game": "battleship", "rated": false,
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}}))
	b := e.guest("Rival").dial()
	b.ok("table.sit", map[string]any{"table": people, "seat": 1})
	c.ok("table.start", map[string]any{"table": people})
	c.ok("table.watch", map[string]any{"table": people, "views": false})
	refusedWith(t, c, "match.aid", map[string]any{"table": people, "seat": 0}, "forbidden")
}

// TestAnalysisOfABattleshipReplay: a finished Battleship match's replay
// has a heat map for each shot, and none of its positions can be played
// on: a new match would have to make up the hidden fleets.
func TestAnalysisOfABattleshipReplay(t *testing.T) {
	e := newEnv(t)
	u := e.guest("Gunner")
	c := u.dial()
	id := tableID(c.ok("table.create", map[string]any{"game": "battleship",
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}}))
	c.ok("table.watch", map[string]any{"table": id, "views": false})
	c.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "random"})
	waitSeq(c, id, 2)
	c.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "E5"})
	waitSeq(c, id, 4)
	c.ok("match.resign", map[string]any{"table": id, "seat": 0})
	m := e.matchOf(t, c, id)
	code, body := u.do("GET", "/api/replays/"+m+"/analysis", nil)
	var a struct {
		Shots []struct {
			Step int   `json:"step"`
			Seat int   `json:"seat"`
			Heat []int `json:"heat"`
		} `json:"shots"`
	}
	if code != 200 || json.Unmarshal(body, &a) != nil || len(a.Shots) != 2 || a.Shots[0].Step != 3 || len(a.Shots[0].Heat) != 100 {
		t.Fatalf("analysis %d: %s", code, body)
	}
	refusedWith(t, c, "replay.play", map[string]any{"match": m, "step": 3}, "forbidden")
}
