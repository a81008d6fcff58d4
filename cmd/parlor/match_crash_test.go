package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// account registers an account on the server and returns its browser.
func (p *serveProc) account(name, password string) *http.Client {
	p.t.Helper()
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, Timeout: serveWait}
	body := fmt.Sprintf(`{"name":%q,"password":%q}`, name, password)
	res, err := hc.Post(p.base+"/api/register", "application/json", strings.NewReader(body))
	if err != nil {
		p.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		p.t.Fatalf("register %s: %s", name, res.Status)
	}
	return hc
}

// getJSON fetches path and decodes its JSON body into v, returning the
// status code.
func (p *serveProc) getJSON(path string, v any) int {
	p.t.Helper()
	res, err := http.Get(p.base + path)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		p.t.Fatal(err)
	}
	if res.StatusCode == 200 && v != nil {
		if err := json.Unmarshal(body, v); err != nil {
			p.t.Fatalf("GET %s: %v: %s", path, err, body)
		}
	}
	return res.StatusCode
}

// dotsStats is a profile's counts for Dots and Boxes.
type dotsStats struct{ Played, Won int }

func (p *serveProc) dotsStats(name string) dotsStats {
	p.t.Helper()
	var prof struct {
		Stats map[string]dotsStats `json:"stats"`
	}
	if code := p.getJSON("/api/profile/"+name, &prof); code != 200 {
		p.t.Fatalf("profile of %s: %d", name, code)
	}
	return prof.Stats["dots"]
}

// waitPlayed waits until name's profile counts a played Dots match: a
// match's results are stored just after its end, and after a crash on
// start-up, so the profile is polled until it shows them.
func (p *serveProc) waitPlayed(name string) dotsStats {
	p.t.Helper()
	deadline := time.Now().Add(serveWait)
	for {
		st := p.dotsStats(name)
		if st.Played > 0 {
			return st
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s's result was never counted; log: %s", name, p.log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// replay is what GET /api/replays/{match} returns, in the parts these
// tests read.
type replay struct {
	Outcome *game.Outcome `json:"outcome"`
	Steps   []struct {
		Seq    int64           `json:"seq"`
		Seat   int             `json:"seat"`
		Move   json.RawMessage `json:"move"`
		Events []struct {
			Type string `json:"type"`
		} `json:"events"`
	} `json:"steps"`
}

func (p *serveProc) replay(matchID string) replay {
	p.t.Helper()
	var r replay
	if code := p.getJSON("/api/replays/"+matchID, &r); code != 200 {
		p.t.Fatalf("replay of %s: %d", matchID, code)
	}
	return r
}

// matchEvent returns the type of a match-level push's event ("takeover",
// "resign", ...), or "" for a move.
func matchEvent(m map[string]any) string {
	if m["move"] != nil {
		return ""
	}
	evs, _ := m["events"].([]any)
	if len(evs) != 1 {
		return ""
	}
	typ, _ := evs[0].(map[string]any)["type"].(string)
	return typ
}

func isMatch(m map[string]any) bool { return m["t"] == "match" }

// TestServeResignSurvivesSIGKILL: a player resigns, both players have the
// acknowledgement and the end, and the binary is killed with SIGKILL
// (whether or not it had counted the results yet). After a restart the
// match is over with the resignation, and the results are counted once:
// once after the restart, and not again after a second crash.
func TestServeResignSurvivesSIGKILL(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir)
	ha, hb := p.account("Quitter", "password1"), p.account("Stayer", "password2")
	a, b := p.dial(ha), p.dial(hb)
	rep := a.ok(nil, "table.create", `"game":"dots","options":{"rows":4,"cols":4},"seats":[{"kind":"me"},{"kind":"open"}]`)
	id := rep["table"].(map[string]any)["id"].(string)
	b.ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, id))
	rep = a.ok(nil, "table.start", fmt.Sprintf(`"table":%q`, id))
	mid := rep["table"].(map[string]any)["match"].(string)
	for _, c := range []*wsPeer{a, b} {
		c.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, id))
	}
	a.ok(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":0,"move":{"from":[0,0],"to":[0,1]}`, id))
	if ack := a.ok(nil, "match.resign", fmt.Sprintf(`"table":%q,"seat":0`, id)); ack["seq"] != float64(2) {
		t.Fatalf("resignation acknowledged as %v, want seq 2", ack)
	}
	end := b.next(func(m map[string]any) bool { return isMatch(m) && m["seq"] == float64(2) })
	if matchEvent(end) != "resign" || end["outcome"] == nil {
		t.Fatalf("the other player got %v", end)
	}
	p.cmd.Process.Kill() // SIGKILL: no chance to flush anything
	<-p.done

	p2 := startServe(t, dir)
	r := p2.replay(mid)
	if r.Outcome == nil || r.Outcome.Reason != "seat 0 resigned" || fmt.Sprint(r.Outcome.Winners) != "[1]" {
		t.Fatalf("outcome after the restart: %+v", r.Outcome)
	}
	if n := len(r.Steps); n != 3 || r.Steps[2].Seq != 2 || len(r.Steps[2].Events) != 1 || r.Steps[2].Events[0].Type != "resign" {
		t.Fatalf("replay after the restart: %+v", r.Steps)
	}
	check := func(p *serveProc, when string) {
		t.Helper()
		if st := p.waitPlayed("Stayer"); st != (dotsStats{Played: 1, Won: 1}) {
			t.Errorf("the winner %s: %+v", when, st)
		}
		if st := p.waitPlayed("Quitter"); st != (dotsStats{Played: 1, Won: 0}) {
			t.Errorf("the resigner %s: %+v", when, st)
		}
	}
	check(p2, "after the restart")

	// The results are stored with the table's row marked over: a second
	// crash leaves no table to count again.
	p2.cmd.Process.Kill()
	<-p2.done
	p3 := startServe(t, dir)
	if code := p3.getJSON("/api/tables/"+id, nil); code != 404 {
		t.Errorf("the finished table after a second restart: %d, want 404 (not loaded, nothing left to count)", code)
	}
	check(p3, "after a second restart")
}

// matchFollower follows a Dots match from its pushes: the position, the
// seats a bot plays for, and the takeovers and returns.
type matchFollower struct {
	t       *testing.T
	local   game.State
	seq     int64
	bot     []bool   // seats a bot plays for, from takeover and return events
	events  []string // takeovers and returns, as "takeover 1"
	outcome map[string]any
}

func newFollower(t *testing.T, options string) *matchFollower {
	_, local, err := games.Registry().Start(game.Log{Game: "dots", Options: json.RawMessage(options)})
	if err != nil {
		t.Fatal(err)
	}
	return &matchFollower{t: t, local: local, bot: make([]bool, local.Seats())}
}

// apply takes the next push: it must be the next seq.
func (f *matchFollower) apply(m map[string]any) {
	f.t.Helper()
	if m["seq"] != float64(f.seq+1) {
		f.t.Fatalf("push %v after seq %d", m, f.seq)
	}
	f.seq++
	seat := int(m["seat"].(float64))
	switch typ := matchEvent(m); typ {
	case "":
		mv, _ := json.Marshal(m["move"])
		if err := game.Play(f.local, game.Seat(seat), mv); err != nil {
			f.t.Fatalf("push %d does not apply: %v", f.seq, err)
		}
	case "takeover", "return":
		f.bot[seat] = typ == "takeover"
		f.events = append(f.events, fmt.Sprintf("%s %d", typ, seat))
	default:
		f.t.Fatalf("unexpected push %v", m)
	}
	if o, _ := m["outcome"].(map[string]any); o != nil {
		f.outcome = o
	}
}

// owes reports whether seat is to move and its holder, not a bot, plays it.
func (f *matchFollower) owes(seat int) bool {
	turn := f.local.Turn()
	return f.outcome == nil && !f.bot[seat] && len(turn) == 1 && int(turn[0]) == seat
}

// TestServeTakeoverSurvivesSIGKILL: with "bot takes over" a bot takes a
// player's seat when they leave; a spectator has the takeover, and the
// binary is killed with SIGKILL. After a restart the bot still plays that
// seat, with no new takeover, and the match goes on to its end.
//
// A grace of 0 makes the takeover immediate, so the test waits for no
// clock. After the restart every human seat counts as gone until its
// holder watches the table again: the other player, who does not come
// back, has their seat taken over too, and the two bots finish the match
// while the spectator follows it. Nothing in the test depends on how fast
// anything happens.
func TestServeTakeoverSurvivesSIGKILL(t *testing.T) {
	const options = `{"rows":4,"cols":4}`
	dir := t.TempDir()
	p := startServe(t, dir)
	ha, hb, hc := p.guest("Stays"), p.guest("Leaves"), p.guest("Looks")
	a, b, c := p.dial(ha), p.dial(hb), p.dial(hc)
	rep := a.ok(nil, "table.create", `"game":"dots","options":`+options+`,"seats":[{"kind":"me"},{"kind":"open"}],"policy":{"grace":0,"onGone":"bot"}`)
	id := rep["table"].(map[string]any)["id"].(string)
	b.ok(nil, "table.sit", fmt.Sprintf(`"table":%q,"seat":1`, id))
	// The players watch before the start: with no grace, a seat whose
	// holder is not watching when the match starts is taken over at once.
	for _, w := range []*wsPeer{a, b, c} {
		w.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"views":false`, id))
	}
	rep = a.ok(nil, "table.start", fmt.Sprintf(`"table":%q`, id))
	mid := rep["table"].(map[string]any)["match"].(string)

	f := newFollower(t, options)
	if !f.owes(0) {
		t.Fatalf("seat 0 does not move first: turn %v", f.local.Turn())
	}
	a.ok(nil, "match.play", fmt.Sprintf(`"table":%q,"seat":0,"move":%s`, id, game.Canonical(f.local.Legal(0)[0])))
	f.apply(c.next(isMatch))
	b.conn.CloseNow() // the player of seat 1 leaves
	takeover := c.next(isMatch)
	f.apply(takeover)
	if matchEvent(takeover) != "takeover" || takeover["seat"] != float64(1) {
		t.Fatalf("after seat 1 left: %v", takeover)
	}
	p.cmd.Process.Kill() // SIGKILL: the bot may or may not have moved yet
	<-p.done
	crash := f.seq

	p2 := startServe(t, dir)
	c2 := p2.dial(rehome(hc, p, p2))
	c2.ok(nil, "table.watch", fmt.Sprintf(`"table":%q,"since":%d,"views":false`, id, crash))
	for f.outcome == nil {
		f.apply(c2.next(isMatch))
	}

	// After the restart seat 1 stayed the bot's, with no event about it,
	// and the bot moved for it; seat 0, whose player did not come back,
	// was taken over once.
	if got := fmt.Sprint(f.events); got != "[takeover 1 takeover 0]" {
		t.Errorf("takeovers and returns: %s, want seat 1's before the crash and seat 0's after", got)
	}
	// The stored match says the same: one takeover of seat 1, moves for
	// it after the crash, and the game's own end, as pushed.
	r := p2.replay(mid)
	var events []string
	botMoves := 0
	for _, s := range r.Steps[1:] {
		switch {
		case string(s.Move) == "null" && s.Seat == 1:
			events = append(events, fmt.Sprintf("%s at %d", s.Events[0].Type, s.Seq))
		case string(s.Move) != "null" && s.Seat == 1 && s.Seq > crash:
			botMoves++
		}
	}
	if fmt.Sprint(events) != "[takeover at 2]" || botMoves == 0 {
		t.Errorf("seat 1 in the stored match: events %v, %d moves after the crash", events, botMoves)
	}
	if r.Outcome == nil || r.Outcome.Reason != f.outcome["reason"] || int64(len(r.Steps)-1) != f.seq {
		t.Errorf("stored end %+v after %d steps, pushed %v after %d", r.Outcome, len(r.Steps)-1, f.outcome, f.seq)
	}
}
