package server_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// endedGames reads an ended push: the match ids of its list, in order.
func endedGames(t *testing.T, m msg) []string {
	t.Helper()
	list, ok := m.m["games"].([]any)
	if !ok {
		t.Fatalf("ended push without a list of games: %s", m.raw)
	}
	var ids []string
	for _, g := range list {
		ids = append(ids, g.(map[string]any)["match"].(string))
	}
	return ids
}

// isEnded matches an ended push.
func isEnded(m msg) bool { return m.t() == "ended" }

// noEndedPush fails the test if c got an ended push after mark. A reply
// to a request sent now comes after any push the server had queued.
func noEndedPush(t *testing.T, c *client, mark int, why string) {
	t.Helper()
	c.ok("lobby.leave", nil)
	for _, m := range c.all()[mark:] {
		if isEnded(m) {
			t.Fatalf("%s: %s got %s", why, c.u.name, m.raw)
		}
	}
}

// annAwayWhenBobResigns plays the story most of these tests start from:
// Ann and Bob start a Dots and Boxes duel, Ann leaves its table for the
// lobby, and Bob resigns. It returns their connections, the table, its
// match, the ended push Ann got, and where Bob's messages stood before
// the resignation.
func annAwayWhenBobResigns(t *testing.T, e *env) (ann *user, ca, cb *client, table, matchID string, news msg, markB int) {
	t.Helper()
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb = ann.dial(), bob.dial()
	table = dotsDuel(t, ca, cb, nil)
	matchID = e.matchOf(t, ca, table)
	ca.ok("table.unwatch", map[string]any{"table": table})
	ca.ok("lobby.join", nil)
	markA := len(ca.all())
	markB = len(cb.all())
	cb.ok("match.resign", map[string]any{"table": table, "seat": 1})
	news = waitAfter(ca, markA, "Ann's news of the end", isEnded)
	return ann, ca, cb, table, matchID, news, markB
}

// A game that ends while a player is not at its table is kept for them
// until they have read of it (protocol v7): Ann, gone to the lobby, is
// told at once that Bob resigned; Bob, who saw it, is told nothing. A
// new connection of Ann's (another device) gets the list after hello, a
// dismissal there clears it on both, and a connection after that gets no
// list at all. The list names the seats and why it ended, and carries no
// user id.
func TestEndedWhileAwayIsTold(t *testing.T) {
	eachStore(t, func(t *testing.T) {
		ann, ca, cb, id, matchID, m, markB := annAwayWhenBobResigns(t, newEnv(t))
		if got := endedGames(t, m); !slices.Equal(got, []string{matchID}) {
			t.Fatalf("Ann's ended list %v, want [%s]", got, matchID)
		}
		g := m.m["games"].([]any)[0].(map[string]any)
		seats := g["seats"].([]any)
		if g["game"] != "dots" || g["reason"] != "seat 1 resigned" || len(seats) != 2 ||
			seats[0].(map[string]any)["name"] != "Ann" || seats[1].(map[string]any)["name"] != "Bob" ||
			!slices.Equal(g["held"].([]any), []any{0.0}) || !slices.Equal(g["winners"].([]any), []any{0.0}) {
			t.Errorf("Ann's ended game: %s", m.raw)
		}
		if bytes.Contains(m.raw, []byte("userId")) || bytes.Contains(m.raw, []byte(`"user"`)) {
			t.Errorf("the ended push names a user id: %s", m.raw)
		}
		waitSeq(cb, id, 1)
		noEndedPush(t, cb, markB, "Bob watched the end")

		ca2 := ann.dial()
		m = ca2.waitFor("the list on Ann's second connection", isEnded)
		if got := endedGames(t, m); !slices.Equal(got, []string{matchID}) {
			t.Fatalf("Ann's list on a new connection %v, want [%s]", got, matchID)
		}
		markA, markA2 := len(ca.all()), len(ca2.all())
		ca2.ok("ended.dismiss", map[string]any{"matches": []string{matchID}})
		for _, c := range []struct {
			c    *client
			mark int
		}{{ca, markA}, {ca2, markA2}} {
			if got := endedGames(t, waitAfter(c.c, c.mark, "the emptied list", isEnded)); len(got) != 0 {
				t.Fatalf("after the dismissal the list is %v, want empty", got)
			}
		}
		ca3 := ann.dial()
		noEndedPush(t, ca3, 0, "a connection after the dismissal")
		// Dismissing again changes nothing, and still answers.
		ca3.ok("ended.dismiss", map[string]any{"matches": []string{matchID, "no-such-match"}})
	})
}

// The list outlives a restart, and watching the table of an ended game
// again shows its end, so it leaves the list: Ann closes her only
// connection, Bob resigns while she is gone, the server restarts, and
// Ann, back, is told of it. Then a second game ends while she is in the
// lobby, and opening its table takes that one, and only it, off her
// list.
func TestEndedListOutlivesARestartAndClearsAtTheTable(t *testing.T) {
	e := startEnv(t, t.TempDir())
	ann, bob := e.guest("Ann"), e.guest("Bob")
	ca, cb := ann.dial(), bob.dial()
	first := dotsDuel(t, ca, cb, nil)
	firstMatch := e.matchOf(t, ca, first)
	mark := len(cb.all())
	ca.close()
	// Once Bob's table shows Ann's countdown, the server knows she is gone.
	tablePush(cb, mark, "Ann's countdown", func(tj map[string]any) bool {
		return tj["seats"].([]any)[0].(map[string]any)["goneUntil"] != nil
	})
	cb.ok("match.resign", map[string]any{"table": first, "seat": 1})
	waitSeq(cb, first, 1)

	e.stop()
	e2 := startEnv(t, e.dir)
	ann.e, bob.e = e2, e2
	ca, cb = ann.dial(), bob.dial()
	if got := endedGames(t, ca.waitFor("Ann's list after the restart", isEnded)); !slices.Equal(got, []string{firstMatch}) {
		t.Fatalf("Ann's list after the restart %v, want [%s]", got, firstMatch)
	}

	second := dotsDuel(t, ca, cb, nil)
	secondMatch := e2.matchOf(t, ca, second)
	ca.ok("table.unwatch", map[string]any{"table": second})
	mark = len(ca.all())
	cb.ok("match.resign", map[string]any{"table": second, "seat": 1})
	if got := endedGames(t, waitAfter(ca, mark, "news of the second end", isEnded)); !slices.Equal(got, []string{secondMatch, firstMatch}) {
		t.Fatalf("Ann's list %v, want [%s %s], the newest first", got, secondMatch, firstMatch)
	}
	mark = len(ca.all())
	ca.ok("table.watch", map[string]any{"table": second, "views": false})
	if got := endedGames(t, waitAfter(ca, mark, "the list after watching the table", isEnded)); !slices.Equal(got, []string{firstMatch}) {
		t.Fatalf("after Ann watched the second table her list is %v, want [%s]", got, firstMatch)
	}
	// Watching it again is no news: the list is not pushed again.
	ca.ok("table.unwatch", map[string]any{"table": second})
	mark = len(ca.all())
	ca.ok("table.watch", map[string]any{"table": second, "views": false})
	noEndedPush(t, ca, mark, "a second look at an end already seen")
}

// ended.dismiss is checked strictly: no ids, too many, an empty id or an
// unknown field is refused with a reason and clears nothing.
func TestEndedDismissRefusesBadInput(t *testing.T) {
	ann, ca, _, _, matchID, _, _ := annAwayWhenBobResigns(t, newEnv(t))

	many := make([]string, 51)
	for i := range many {
		many[i] = matchID
	}
	for _, c := range []struct {
		fields map[string]any
		want   string
	}{
		{map[string]any{}, "1 to 50 match ids"},
		{map[string]any{"matches": []string{}}, "1 to 50 match ids"},
		{map[string]any{"matches": many}, "1 to 50 match ids"},
		{map[string]any{"matches": []string{""}}, "not a match id"},
		{map[string]any{"matches": matchID}, "matches"},
		{map[string]any{"matches": []string{matchID}, "all": true}, "all"},
	} {
		if got := ca.fail("ended.dismiss", c.fields); !strings.Contains(got, c.want) {
			t.Errorf("ended.dismiss %v: %q, want it to say %q", c.fields, got, c.want)
		}
	}
	if got := endedGames(t, ann.dial().waitFor("the list, unchanged", isEnded)); !slices.Equal(got, []string{matchID}) {
		t.Fatalf("after refused dismissals the list is %v, want [%s]", got, matchID)
	}
}

// Across nodes the list follows the player: Bob's table is on node 0,
// Ann plays it from node 1 and goes to the lobby there; Bob resigns, and
// Ann's connection on node 1 is told at once. Ann dismisses the end from
// a connection on node 0, and her list on node 1 empties too.
func TestEndedListAcrossNodes(t *testing.T) {
	nodes := startNodes(t, 2, nil)
	bob := nodes[0].guest("Bob")
	ann := nodes[0].guest("Ann").at(nodes[1])
	cb, ca := bob.dial(), ann.dial()
	id := dotsBetween(cb, ca, []*client{cb, ca})
	matchID := nodes[0].matchOf(t, cb, id)
	ca.ok("table.unwatch", map[string]any{"table": id})
	ca.ok("lobby.join", nil)
	mark := len(ca.all())
	cb.ok("match.resign", map[string]any{"table": id, "seat": 0})
	if got := endedGames(t, waitAfter(ca, mark, "Ann's news on node 1", isEnded)); !slices.Equal(got, []string{matchID}) {
		t.Fatalf("Ann's list on node 1: %v, want [%s]", got, matchID)
	}
	ca0 := ann.at(nodes[0]).dial()
	if got := endedGames(t, ca0.waitFor("Ann's list on node 0", isEnded)); !slices.Equal(got, []string{matchID}) {
		t.Fatalf("Ann's list on node 0: %v, want [%s]", got, matchID)
	}
	mark = len(ca.all())
	ca0.ok("ended.dismiss", map[string]any{"matches": []string{matchID}})
	if got := endedGames(t, waitAfter(ca, mark, "the emptied list on node 1", isEnded)); len(got) != 0 {
		t.Fatalf("after the dismissal on node 0, Ann's list on node 1 is %v, want empty", got)
	}
}
