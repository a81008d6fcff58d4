package server_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// A fleet nobody would place at random: its notation and its squares are
// what the opponent's traffic must never contain before the end.
var plantedFleet = []map[string]any{
	{"ship": "carrier", "row": 9, "col": 5, "dir": "h"},
	{"ship": "battleship", "row": 2, "col": 8, "dir": "v"},
	{"ship": "cruiser", "row": 6, "col": 1, "dir": "v"},
	{"ship": "submarine", "row": 0, "col": 3, "dir": "h"},
	{"ship": "destroyer", "row": 4, "col": 6, "dir": "h"},
}

// otherFleet is seat 1's fleet in the leak test: no placement in common
// with plantedFleet.
var otherFleet = []map[string]any{
	{"ship": "carrier", "row": 0, "col": 0, "dir": "v"},
	{"ship": "battleship", "row": 9, "col": 0, "dir": "h"},
	{"ship": "cruiser", "row": 5, "col": 5, "dir": "h"},
	{"ship": "submarine", "row": 7, "col": 7, "dir": "h"},
	{"ship": "destroyer", "row": 2, "col": 3, "dir": "v"},
}

// TestBattleshipNoLeaks: two players and a spectator at a Battleship table.
// Until the end, nothing sent to seat 1 or the spectator carries seat 0's
// fleet (in any form), and nothing sent to anyone ever carries the seed.
func TestBattleshipNoLeaks(t *testing.T) {
	e := newEnv(t)
	ann, bob, eve := e.guest("Ann"), e.guest("Bob"), e.guest("Eve")
	ca, cb, ce := ann.dial(), bob.dial(), eve.dial()
	rep := ca.ok("table.create", map[string]any{"game": "battleship",
		"seats": []any{map[string]any{"kind": "me"}, map[string]any{"kind": "open"}}})
	id := tableID(rep)
	cb.ok("table.sit", map[string]any{"table": id, "seat": 1})
	ca.ok("table.start", map[string]any{"table": id})
	for _, c := range []*client{ca, cb, ce} {
		c.ok("table.watch", map[string]any{"table": id})
	}
	ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": map[string]any{"fleet": plantedFleet}})
	cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": map[string]any{"fleet": otherFleet}})
	waitSeq(cb, id, 2)
	waitSeq(ce, id, 2)

	// Ann's own traffic does carry her fleet (the test would be vacuous
	// otherwise).
	if !strings.Contains(rawAll(ca), `"ship":"carrier","row":9,"col":5`) {
		t.Fatalf("Ann never saw her own fleet")
	}
	// Every placement of Ann's fleet, as JSON and in notation; Bob's own
	// fleet shares none of them.
	var secret []string
	for _, p := range plantedFleet {
		secret = append(secret, string(mustMarshal(p)))
	}
	secret = append(secret, "carrier F10", "battleship I3", "cruiser B7", "submarine D1", "destroyer G5")
	checkNoSecrets := func(who string, c *client) {
		t.Helper()
		s := rawAll(c)
		for _, x := range secret {
			if strings.Contains(s, x) {
				t.Fatalf("%s's traffic contains %q before the end", who, x)
			}
		}
	}
	checkNoSecrets("Bob", cb)
	checkNoSecrets("Eve", ce)

	// Bob fires at Ann's squares that are water first, then a few hits:
	// hits reveal squares one by one, never the rest of the fleet.
	seq := 2
	shots := []string{"A1", "B1", "C1", "A2"}
	for _, sq := range shots {
		turn := whoseTurn(t, cb, id, seq)
		if turn == 0 {
			ca.ok("match.play", map[string]any{"table": id, "seat": 0, "move": "J1"[:1] + strconv.Itoa(seq)})
		} else {
			cb.ok("match.play", map[string]any{"table": id, "seat": 1, "move": sq})
		}
		seq++
		waitSeq(cb, id, seq)
		waitSeq(ce, id, seq)
	}
	checkNoSecrets("Bob", cb)
	checkNoSecrets("Eve", ce)

	ml, err := e.st.LoadMatch(context.Background(), e.matchOf(t, ca, id))
	if err != nil {
		t.Fatal(err)
	}
	seed := strconv.FormatUint(ml.Seed, 10)
	for who, c := range map[string]*client{"Ann": ca, "Bob": cb, "Eve": ce} {
		if strings.Contains(rawAll(c), seed) {
			t.Fatalf("%s received the seed %s", who, seed)
		}
	}
}

func rawAll(c *client) string {
	var b strings.Builder
	for _, m := range c.all() {
		b.Write(m.raw)
		b.WriteByte('\n')
	}
	return b.String()
}

// whoseTurn reads the turn from the push of seq.
func whoseTurn(t *testing.T, c *client, table string, seq int) int {
	t.Helper()
	m := waitSeq(c, table, seq)
	turn := m.m["turn"].([]any)
	if len(turn) != 1 {
		t.Fatalf("turn %v after seq %d", turn, seq)
	}
	return int(turn[0].(float64))
}

func (e *env) matchOf(t *testing.T, c *client, table string) string {
	t.Helper()
	code, body := c.u.do("GET", "/api/tables/"+table, nil)
	if code != 200 {
		t.Fatalf("table %s: %d", table, code)
	}
	i := strings.Index(string(body), `"match":"`)
	rest := string(body)[i+9:]
	return rest[:strings.IndexByte(rest, '"')]
}
