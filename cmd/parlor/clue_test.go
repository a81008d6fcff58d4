package main

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestServeClueQuestionSurvivesSIGKILL: in a Clue-Less match at three
// seats, a suggestion leaves an answer owed by the third player; the
// binary is killed with SIGKILL. After a restart the same question is
// still owed by the same seat, only that seat may answer, only the
// suggester learns the card, and play goes on.
func TestServeClueQuestionSurvivesSIGKILL(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir)
	hcs := []*http.Client{p.account("Scarlet", "password1"), p.account("Mustard", "password2"), p.account("White", "password3")}
	peers := []*wsPeer{p.dial(hcs[0]), p.dial(hcs[1]), p.dial(hcs[2])}
	const deal = `{"caseFile":["plum","rope","study"],"hands":[["scarlet","knife","hall","lounge","library","kitchen"],["mustard","candlestick","lead-pipe","billiard-room","dining-room","green"],["white","revolver","wrench","conservatory","ballroom","peacock"]]}`
	rep := peers[0].ok(nil, "table.create", `"game":"clue","options":{"players":3,"scenario":`+deal+`},"seats":[{"kind":"me"},{"kind":"open"},{"kind":"open"}]`)
	id := rep["table"].(map[string]any)["id"].(string)
	peers[1].ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, id))
	peers[2].ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":2`, id))
	peers[0].ok(nil, "table.start", fmt.Sprintf(`"table":%q`, id))
	play := func(seat int, move string) {
		t.Helper()
		peers[seat].ok(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":%d,"move":%q`, id, seat, move))
	}
	play(0, "move hall-lounge")
	play(0, "end")
	play(1, "move lounge-dining-room")
	play(1, "end")
	play(2, "move ballroom-kitchen")
	play(2, "end")
	play(0, "move lounge")
	play(0, "suggest white knife") // Mustard holds none of them; White holds White
	p.cmd.Process.Kill()
	<-p.done

	p2 := startServe(t, dir)
	peers = []*wsPeer{p2.dial(hcs[0]), p2.dial(hcs[1]), p2.dial(hcs[2])}
	snap := func(seat int) map[string]any {
		t.Helper()
		w := peers[seat].ok(nil, "table.watch", fmt.Sprintf(`"table":%q`, id))
		s, _ := w["snapshot"].(map[string]any)
		if s == nil {
			t.Fatalf("seat %d: no snapshot after the restart: %v", seat, w)
		}
		return s
	}
	s := snap(2)
	if fmt.Sprint(s["turn"]) != "[2]" {
		t.Fatalf("after the restart the turn is %v, want White (seat 2) still owing the answer", s["turn"])
	}
	view := s["views"].(map[string]any)["2"].(map[string]any)
	if view["phase"] != "disprove" {
		t.Fatalf("White's view after the restart: phase %v", view["phase"])
	}
	snap(0)
	snap(1)
	if r := peers[1].call(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":1,"move":"show white"`, id)); r["ok"] == true {
		t.Fatal("Mustard answered a question owed by White")
	}
	peers[2].ok(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":2,"move":"show white"`, id))
	got := func(seat int) string {
		m := peers[seat].next(func(m map[string]any) bool { return isMatch(m) && m["seq"] == float64(9) })
		var types []string
		for _, e := range m["events"].([]any) {
			ev := e.(map[string]any)
			types = append(types, fmt.Sprint(ev["type"]))
		}
		return fmt.Sprint(types)
	}
	if ev := got(0); ev != "[shown card]" {
		t.Fatalf("the suggester was sent %s, want the card", ev)
	}
	if ev := got(1); ev != "[shown]" {
		t.Fatalf("a third player was sent %s, want only that a card was shown", ev)
	}
	peers[0].ok(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":0,"move":"end"`, id))
}

// TestServeClueDifficultyArgument: requirement 13, the server's default
// Clue difficulty is a program argument. The server lists it as the
// option's default, which the clients' create forms start from; a table
// whose creator chooses none takes it; a creator's choice wins; a bad
// value stops the server with a sentence.
func TestServeClueDifficultyArgument(t *testing.T) {
	p := startServe(t, t.TempDir(), "-clue-difficulty", "hard")
	var list struct {
		Games []struct {
			Name    string
			Options []struct {
				Name    string
				Default any
			}
		}
	}
	if code := p.getJSON("/api/games", &list); code != 200 {
		t.Fatalf("games: %d", code)
	}
	var listed any
	for _, g := range list.Games {
		for _, o := range g.Options {
			if g.Name == "clue" && o.Name == "difficulty" {
				listed = o.Default
			}
		}
	}
	if listed != "hard" {
		t.Errorf("/api/games lists the difficulty's default as %v on a server started with hard", listed)
	}
	a := p.dial(p.guest("Host"))
	for _, tc := range []struct{ options, want string }{
		{`{"players":4}`, "hard"},
		{`{"players":4,"difficulty":"easy"}`, "easy"},
	} {
		rep := a.ok(nil, "table.create", `"game":"clue","options":`+tc.options+`,"seats":[{"kind":"me"},{"kind":"bot","level":"easy"},{"kind":"bot","level":"easy"},{"kind":"bot","level":"easy"}]`)
		opts := rep["table"].(map[string]any)["options"].(map[string]any)
		if opts["difficulty"] != tc.want {
			t.Errorf("options %s: the table's difficulty is %v, want %s", tc.options, opts["difficulty"], tc.want)
		}
	}
	_, err := parseServeFlags([]string{"-clue-difficulty", "extreme"}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "easy, medium or hard") {
		t.Fatalf("a bad difficulty: %v", err)
	}
}
