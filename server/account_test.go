package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// exportDoc is the part of GET /api/account/export the tests read.
type exportDoc struct {
	Account struct {
		Name string `json:"name"`
	} `json:"account"`
	Matches []struct {
		ID       string `json:"id"`
		Game     string `json:"game"`
		Held     []int  `json:"held"`
		Finished bool   `json:"finished"`
		Log      *struct {
			Seed  uint64            `json:"seed"`
			Moves []json.RawMessage `json:"moves"`
		} `json:"log"`
		MyMoves []struct {
			Seat int             `json:"seat"`
			Move json.RawMessage `json:"move"`
		} `json:"myMoves"`
	} `json:"matches"`
	Chat []struct {
		Channel string `json:"channel"`
		Text    string `json:"text"`
	} `json:"chat"`
	Stats map[string]json.RawMessage `json:"stats"`
	Saves []struct {
		Name   string          `json:"name"`
		Log    json.RawMessage `json:"log"`
		Sealed bool            `json:"sealed"`
	} `json:"saves"`
}

func exportOf(t *testing.T, u *user) (exportDoc, string) {
	t.Helper()
	code, body := u.do("GET", "/api/account/export", nil)
	if code != 200 {
		t.Fatalf("export of %s: %d %s", u.name, code, body)
	}
	var d exportDoc
	if err := json.Unmarshal(body, &d); err != nil {
		t.Fatalf("export of %s: %v in %s", u.name, err, body)
	}
	return d, string(body)
}

// An export holds a person's matches, chat lines and statistics, and
// nothing of another seat's secrets: of a Battleship match under way,
// Bob finds his own fleet and shots but not Ann's fleet nor the seed;
// the finished duel is there whole.
func TestExportWithoutSecrets(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.account("Ann", "ann's password"), e.account("Bob", "bob's password")
	ca, cb := ann.dial(), bob.dial()

	duel := dotsDuel(t, ca, cb, nil)
	ca.ok("match.resign", map[string]any{"table": duel, "seat": 0})
	waitSeq(cb, duel, 1)
	duelMatch := e.matchOf(t, ca, duel)

	bs := openDuel(t, ca, cb, map[string]any{"game": "battleship"}, nil)
	ca.ok("match.play", map[string]any{"table": bs, "seat": 0, "move": map[string]any{"fleet": plantedFleet}})
	cb.ok("match.play", map[string]any{"table": bs, "seat": 1, "move": map[string]any{"fleet": otherFleet}})
	waitSeq(cb, bs, 2)
	shooter := whoseTurn(t, cb, bs, 2)
	[]*client{ca, cb}[shooter].ok("match.play", map[string]any{"table": bs, "seat": shooter, "move": "E5"})
	waitSeq(cb, bs, 3)
	bsMatch := e.matchOf(t, ca, bs)

	cb.ok("match.save", map[string]any{"table": bs, "name": "fleet mid-game"})
	ca.ok("chat.send", map[string]any{"channel": "lobby", "text": "ann says hello"})
	cb.ok("chat.send", map[string]any{"channel": "lobby", "text": "bob says hello"})

	ml, err := e.st.LoadMatch(context.Background(), bsMatch)
	if err != nil {
		t.Fatal(err)
	}
	secretsOf := func(fleet []map[string]any) []string {
		var out []string
		for _, p := range fleet {
			out = append(out, fmt.Sprintf(`"ship":%q,"row":%v,"col":%v,"dir":%q`, p["ship"], p["row"], p["col"], p["dir"]))
		}
		return out
	}
	for _, c := range []struct {
		u            *user
		seat         int
		mine, theirs []map[string]any
		said, heard  string
	}{{bob, 1, otherFleet, plantedFleet, "bob says hello", "ann says hello"}, {ann, 0, plantedFleet, otherFleet, "ann says hello", "bob says hello"}} {
		d, raw := exportOf(t, c.u)
		if d.Account.Name != c.u.name || len(d.Matches) != 2 || d.Stats["dots"] == nil {
			t.Fatalf("%s's export: %s", c.u.name, raw)
		}
		for _, x := range secretsOf(c.theirs) {
			if strings.Contains(raw, x) {
				t.Fatalf("%s's export holds the other fleet's %s", c.u.name, x)
			}
		}
		if strings.Contains(raw, strconv.FormatUint(ml.Seed, 10)) {
			t.Fatalf("%s's export holds the seed of the Battleship match under way", c.u.name)
		}
		for _, x := range secretsOf(c.mine) {
			if !strings.Contains(raw, x) {
				t.Fatalf("%s's export lacks their own fleet's %s", c.u.name, x)
			}
		}
		for _, m := range d.Matches {
			switch m.ID {
			case duelMatch:
				if !m.Finished || m.Log == nil || len(m.Held) != 1 || m.Held[0] != c.seat {
					t.Fatalf("%s's finished duel: %+v", c.u.name, m)
				}
			case bsMatch:
				if m.Finished || m.Log != nil || len(m.MyMoves) == 0 {
					t.Fatalf("%s's Battleship match: %+v", c.u.name, m)
				}
				for _, mv := range m.MyMoves {
					if mv.Seat != c.seat {
						t.Fatalf("%s's export has a move of seat %d", c.u.name, mv.Seat)
					}
				}
			default:
				t.Fatalf("%s's export has a match %s not theirs", c.u.name, m.ID)
			}
		}
		wantSaves := map[string]int{"Bob": 1, "Ann": 0}[c.u.name]
		if len(d.Saves) != wantSaves || (wantSaves == 1 && (d.Saves[0].Name != "fleet mid-game" || !d.Saves[0].Sealed || d.Saves[0].Log != nil)) {
			t.Fatalf("%s's saves: %+v", c.u.name, d.Saves)
		}
		if len(d.Chat) != 1 || d.Chat[0].Text != c.said || strings.Contains(raw, c.heard) {
			t.Fatalf("%s's chat lines: %+v", c.u.name, d.Chat)
		}
	}
	if code, _ := e.newUser("nobody").do("GET", "/api/account/export", nil); code != 401 {
		t.Fatalf("export without a session: %d", code)
	}
}

// Deleting an account waits for its games under way to end; then its
// finished games stay, under "deleted player", for the other players;
// its connections close, its name is free, and its profile is gone.
func TestDeleteAccountKeepsGames(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e := newEnv(t)
		ann, bob := e.account("Ann", "ann's password"), e.account("Bob", "bob's password")
		ca, cb := ann.dial(), bob.dial()
		duel := dotsDuel(t, ca, cb, nil)
		ca.ok("match.resign", map[string]any{"table": duel, "seat": 0})
		waitSeq(cb, duel, 1)
		duelMatch := e.matchOf(t, ca, duel)
		ca.ok("chat.send", map[string]any{"channel": "lobby", "text": "ann was here"})

		playing := dotsDuel(t, ca, cb, nil)
		if code, body := ann.do("POST", "/api/account/delete", map[string]string{"password": "ann's password"}); code != 409 || !strings.Contains(string(body), "not over") {
			t.Fatalf("deleting with a game under way: %d %s", code, body)
		}
		ca.ok("match.resign", map[string]any{"table": playing, "seat": 0})
		waitSeq(cb, playing, 1)

		if code, _ := ann.do("POST", "/api/account/delete", map[string]string{"password": "not it"}); code != 403 {
			t.Fatalf("deleting with a wrong password: %d", code)
		}
		if code, body := ann.do("POST", "/api/account/delete", map[string]string{"password": "ann's password"}); code != 204 {
			t.Fatalf("delete: %d %s", code, body)
		}
		select {
		case <-ca.done:
		case <-time.After(wait):
			t.Fatal("the deleted account's connection stays open")
		}
		if code, _ := ann.do("GET", "/api/me", nil); code != 401 {
			t.Fatalf("the deleted account's session: %d", code)
		}
		if code, _ := bob.do("GET", "/api/profile/Ann", nil); code != 404 {
			t.Fatalf("the deleted account's profile: %d", code)
		}
		r := recentOf(t, bob, "Bob")
		if len(r.Games) != 2 {
			t.Fatalf("Bob's games after Ann left: %+v", r.Games)
		}
		for _, g := range r.Games {
			if g.Seats[0].Name != "deleted player" || g.Seats[1].Name != "Bob" || len(g.Winners) != 1 || g.Winners[0] != 1 {
				t.Fatalf("a game with Ann after she left: %+v", g)
			}
		}
		code, body := bob.do("GET", "/api/replays/"+duelMatch, nil)
		if code != 200 || strings.Contains(string(body), `"Ann"`) || !strings.Contains(string(body), "deleted player") {
			t.Fatalf("the replay after Ann left: %d %s", code, body)
		}
		lines, err := e.st.ChatLines(context.Background(), "lobby", 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			if l.Text == "ann was here" {
				t.Fatalf("the deleted account's chat line is kept: %+v", l)
			}
		}
		newAnn := e.account("ann", "a new ann's password")
		if r := recentOf(t, newAnn, "ann"); len(r.Games) != 0 {
			t.Fatalf("the new ann inherits games: %+v", r.Games)
		}
		if played, _, _ := profileStats(t, bob, "Bob", "dots"); played != 2 {
			t.Fatalf("Bob's statistics after Ann left: played %v", played)
		}
	})
}

// A change of password closes the connections of the account's other
// sessions, and keeps the one of the session that asked.
func TestPasswordChangeClosesOtherConnections(t *testing.T) {
	e := newEnv(t)
	here := e.account("Ann", "ann's password")
	there := e.newUser("Ann")
	there.mustPost("/api/login", map[string]string{"name": "Ann", "password": "ann's password"}, 200)
	ch, ct := here.dial(), there.dial()
	here.mustPost("/api/account/password", map[string]string{"current": "ann's password", "password": "a better password"}, 204)
	select {
	case <-ct.done:
	case <-time.After(wait):
		t.Fatal("the other session's connection stays open")
	}
	ch.ok("chat.send", map[string]any{"channel": "lobby", "text": "still here"})
}

// Across nodes too: the connections Ann's other session holds on another
// node close when she changes her password on this one, and the one of
// the session that asked, also on the other node, stays.
func TestPasswordChangeClosesConnectionsOnEveryNode(t *testing.T) {
	nodes := startNodes(t, 2, nil)
	here := nodes[0].account("Ann", "ann's password")
	there := nodes[1].newUser("Ann")
	there.mustPost("/api/login", map[string]string{"name": "Ann", "password": "ann's password"}, 200)
	ct := there.dial()
	ch := here.at(nodes[1]).dial()
	here.mustPost("/api/account/password", map[string]string{"current": "ann's password", "password": "a better password"}, 204)
	select {
	case <-ct.done:
	case <-time.After(wait):
		t.Fatal("the other session's connection on the other node stays open")
	}
	ch.ok("chat.send", map[string]any{"channel": "lobby", "text": "still here"})
	ch.still("after the change")
}
