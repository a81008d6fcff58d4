package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/parlor-games/parlor/store"
)

// recentReply is the reply of GET /api/profile/{name}/games.
type recentReply struct {
	Games []struct {
		Match    string    `json:"match"`
		Game     string    `json:"game"`
		Finished time.Time `json:"finished"`
		Seats    []struct {
			Kind string `json:"kind"`
			Name string `json:"name"`
		} `json:"seats"`
		Held    []int  `json:"held"`
		Winners []int  `json:"winners"`
		Reason  string `json:"reason"`
	} `json:"games"`
}

func recentOf(t *testing.T, u *user, name string) recentReply {
	t.Helper()
	code, body := u.do("GET", "/api/profile/"+name+"/games", nil)
	if code != 200 {
		t.Fatalf("games of %s: %d %s", name, code, body)
	}
	if bytes.Contains(body, []byte("userId")) {
		t.Errorf("games of %s name user ids: %s", name, body)
	}
	var r recentReply
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("games of %s: %v in %s", name, err, body)
	}
	return r
}

// A player finds their finished games on their profile: Ann's resigned
// duel with Bob is listed for both, with who held which seat and why it
// ended, while the duel they are still playing is not; Cy, who left a
// paused table against a bot, finds it there, closed after a week with
// no winner and the reason saying so, though the lobby has forgotten it.
func TestRecentGamesOnProfile(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		e, clock := newClockEnv(t)
		ann, bob, cy := e.guest("Ann"), e.guest("Bob"), e.guest("Cy")
		ca, cb, cc := ann.dial(), bob.dial(), cy.dial()

		done := dotsDuel(t, ca, cb, nil)
		ca.ok("match.resign", map[string]any{"table": done, "seat": 0})
		waitSeq(cb, done, 1)
		playing := dotsDuel(t, ca, cb, nil)
		doneMatch, playingMatch := e.matchOf(t, ca, done), e.matchOf(t, ca, playing)

		for _, c := range []struct {
			u    *user
			name string
			held int
		}{{cy, "Ann", 0}, {ann, "Bob", 1}} {
			r := recentOf(t, c.u, c.name)
			if len(r.Games) != 1 {
				t.Fatalf("%s's games: %+v, want the finished duel alone (not %s, still played)", c.name, r.Games, playingMatch)
			}
			g := r.Games[0]
			if g.Match != doneMatch || g.Game != "dots" || !slices.Equal(g.Held, []int{c.held}) || !slices.Equal(g.Winners, []int{1}) ||
				g.Reason != "seat 0 resigned" || g.Finished.IsZero() || len(g.Seats) != 2 || g.Seats[0].Name != "Ann" || g.Seats[1].Name != "Bob" {
				t.Errorf("%s's duel: %+v", c.name, g)
			}
		}
		// What the list names is what the replay of the match shows anyone.
		if code, body := cy.do("GET", "/api/replays/"+doneMatch, nil); code != 200 {
			t.Errorf("the listed match's replay: %d %s", code, body)
		}

		closed := tableID(cc.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
			"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "bot", "level": "easy"}}}))
		cc.ok("table.watch", map[string]any{"table": closed, "views": false})
		cb.ok("table.watch", map[string]any{"table": closed, "views": false})
		mark := len(cb.all())
		cc.close()
		tablePush(cb, mark, "Cy's countdown", func(tj map[string]any) bool {
			return tj["seats"].([]any)[0].(map[string]any)["goneUntil"] != nil
		})
		mark = len(cb.all())
		clock.Advance(60 * time.Second)
		tablePush(cb, mark, "the table paused", func(tj map[string]any) bool { return tj["paused"] == true })
		if r := recentOf(t, cy, "Cy"); len(r.Games) != 0 {
			t.Fatalf("Cy's games while the table is paused: %+v", r.Games)
		}
		clock.Advance(7 * 24 * time.Hour)
		waitAfter(cb, mark, "the close", func(m msg) bool { return m.t() == "match" && m.m["table"] == closed && m.m["outcome"] != nil })
		r := recentOf(t, ann, "Cy")
		if len(r.Games) != 1 {
			t.Fatalf("Cy's games after the close: %+v", r.Games)
		}
		if g := r.Games[0]; g.Match != e.matchOf(t, cb, closed) || len(g.Winners) != 0 || g.Winners == nil || !slices.Equal(g.Held, []int{0}) ||
			g.Reason != "the table was closed: nobody came back for 7 days" || g.Seats[1].Kind != "bot" {
			t.Errorf("Cy's closed table: %+v", g)
		}

		if code, _ := ann.do("GET", "/api/profile/Nobody/games", nil); code != 404 {
			t.Errorf("games of an unknown player: %d, want 404", code)
		}
	})
}

// A copy of a Battleship match made from a save by an earlier version
// keeps its replay closed (it would show the facts of the match it was
// copied from), so the list of its player's games leaves it out too,
// while a finished match of the same player beside it is listed.
func TestRecentGamesLeaveOutClosedReplays(t *testing.T) {
	e := newEnv(t)
	ann := e.guest("Ann")
	code, body := ann.do("GET", "/api/me", nil)
	var me struct {
		User struct {
			ID int64 `json:"id"`
		} `json:"user"`
	}
	if code != 200 || json.Unmarshal(body, &me) != nil || me.User.ID == 0 {
		t.Fatalf("me: %d %s", code, body)
	}
	ctx := context.Background()
	seats := json.RawMessage(fmt.Sprintf(`[{"kind":"human","userId":%d,"name":"Ann"},{"kind":"bot","level":"easy"}]`, me.User.ID))
	for _, m := range []struct{ id, game string }{{"m-legacy-copy", "battleship"}, {"abc123", "dots"}} {
		if err := e.st.CreateMatch(ctx, store.MatchHeader{ID: m.id, Game: m.game, Seats: seats, Holders: []int64{me.User.ID}}); err != nil {
			t.Fatal(err)
		}
		if err := e.st.FinishMatch(ctx, m.id, json.RawMessage(`{"winners":[0],"reason":"seat 1 resigned"}`), "seat 1 resigned"); err != nil {
			t.Fatal(err)
		}
	}
	if code, _ := ann.do("GET", "/api/replays/m-legacy-copy", nil); code != 403 {
		t.Fatalf("the legacy copy's replay: %d, want 403", code)
	}
	r := recentOf(t, ann, "Ann")
	if len(r.Games) != 1 || r.Games[0].Match != "abc123" || !slices.Equal(r.Games[0].Winners, []int{0}) {
		t.Fatalf("Ann's games: %+v, want abc123 alone", r.Games)
	}
}

// A game played at one screen is listed once, with every seat held by
// its player.
func TestRecentGamesAtOneScreen(t *testing.T) {
	e := newEnv(t)
	dan := e.guest("Dan")
	cd := dan.dial()
	id := tableID(cd.ok("table.create", map[string]any{"game": "dots", "options": map[string]any{"rows": 3, "cols": 3},
		"seats": []any{map[string]any{"kind": "me", "name": "Dan"}, map[string]any{"kind": "me", "name": "Eve"}}}))
	cd.ok("table.watch", map[string]any{"table": id, "views": false})
	cd.ok("match.resign", map[string]any{"table": id, "seat": 0})
	waitSeq(cd, id, 1)
	r := recentOf(t, dan, "Dan")
	if len(r.Games) != 1 || !slices.Equal(r.Games[0].Held, []int{0, 1}) || !slices.Equal(r.Games[0].Winners, []int{1}) {
		t.Fatalf("Dan's games: %+v, want the one game with both seats held", r.Games)
	}
}
