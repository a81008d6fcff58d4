package tui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parlor-games/parlor/client"
)

// TestOlderSeatListDoesNotUndoANewerOne: as a match starts, both players
// watch the table again. Ann's answer to her watch was worked out while
// Bob was between his unwatch and his watch (Bob away), but the push of
// Bob's watch (Bob back), worked out later, reached her first. Before
// tables carried a rev, the answer applied last and her terminal showed
// Bob away for the rest of the game; the same holds for a push that
// comes after a newer one.
func TestOlderSeatListDoesNotUndoANewerOne(t *testing.T) {
	seats := func(bobHere bool) []client.Seat {
		return []client.Seat{{Kind: client.SeatHuman, Name: "Ann", Mine: true, Connected: true},
			{Kind: client.SeatHuman, Name: "Bob", Connected: bobHere}}
	}
	table := func(rev int64, bobHere bool) client.Table {
		return client.Table{ID: "t1", Game: "dots", Status: client.StatusPlaying, Seats: seats(bobHere), Rev: rev}
	}
	push := func(tb client.Table) client.Push {
		raw, _ := json.Marshal(map[string]any{"t": "table", "table": tb})
		return client.Push{T: "table", Raw: raw}
	}
	bobAway := func(ts *tableState) bool { return !ts.t.Seats[1].Connected }

	m := New(Config{NoColor: true})
	ts := newTableState("t1")
	m.table, m.screen = ts, screenTable
	ts.answering = true
	ts.t = table(100, true)
	ts.push(m, push(table(300, true)))
	ts.watched(m, client.Watching{Table: table(200, false), Seats: []int{0}, Snapshot: &client.Snapshot{Seq: 0}}, nil)
	if bobAway(ts) {
		t.Fatalf("an answer worked out before the last push undid it: Bob shows away (%+v)", ts.t)
	}
	ts.push(m, push(table(250, false)))
	if bobAway(ts) {
		t.Fatal("a push worked out before the last one undid it: Bob shows away")
	}
	if line := strings.Join(ts.seatItems(m), " "); strings.Contains(line, "(away)") {
		t.Fatalf("the seat line reads %q", line)
	}
	// A newer description still applies, and a server that sends no rev
	// (an older one) is followed as it always was.
	ts.push(m, push(table(400, false)))
	if !bobAway(ts) {
		t.Fatal("a newer seat list with Bob gone was not applied")
	}
	ts.push(m, push(table(0, true)))
	if bobAway(ts) {
		t.Fatal("a seat list without a rev was not applied")
	}
}

// TestSeatListPushedBeforeTheFirstAnswerIsKept: Bob opens a table and
// watches it; the server works out his answer before Ann begins to
// watch (Ann away), and the push of Ann's watch (Ann there) reaches his
// terminal before that answer does, while it knows nothing of the table
// yet. That push was dropped, as of another table, and the answer left
// Ann shown away until the table next changed: for good at a table
// waiting for her move (TestModelEndedWhileAway failed so, now and then).
func TestSeatListPushedBeforeTheFirstAnswerIsKept(t *testing.T) {
	table := func(rev int64, annHere bool) client.Table {
		return client.Table{ID: "t1", Game: "dots", Status: client.StatusPlaying, Rev: rev,
			Seats: []client.Seat{{Kind: client.SeatHuman, Name: "Ann", Connected: annHere},
				{Kind: client.SeatHuman, Name: "Bob", Mine: true, Connected: true}}}
	}
	push := func(tb client.Table) client.Push {
		raw, _ := json.Marshal(map[string]any{"t": "table", "table": tb})
		return client.Push{T: "table", Raw: raw}
	}
	m := New(Config{NoColor: true})
	ts := newTableState("t1")
	m.table, m.screen = ts, screenTable
	ts.answering = true
	ts.push(m, push(table(300, true)))
	ts.watched(m, client.Watching{Table: table(200, false), Seats: []int{1}, Snapshot: &client.Snapshot{Seq: 0}}, nil)
	if !ts.t.Seats[0].Connected {
		t.Fatalf("the answer undid the newer push: Ann shows away (%+v)", ts.t)
	}
	if line := strings.Join(ts.seatItems(m), " "); strings.Contains(line, "(away)") {
		t.Fatalf("the seat line reads %q", line)
	}
	// A push of another table is still no business of this one.
	ts.push(m, push(client.Table{ID: "t2", Game: "dots", Rev: 900}))
	if ts.t.ID != "t1" {
		t.Fatalf("a push of table t2 was taken for t1's: %+v", ts.t)
	}
}
