package e2e

import (
	"encoding/json"
	"reflect"
)

// keptBoardIsServers checks the promise of protocol v4's kept boards and
// v5's view patches from the browser's side: the views the table kept by
// applying pushes (their events, for a game with an applier, or their
// view patches) equal the views the server itself draws for the match's
// last step, seat by seat, and the client never had to ask for a fresh
// snapshot on the way. It runs once the match is over, when its replay
// opens.
func keptBoardIsServers(p *page) {
	p.t.Helper()
	kept := evalAs[string](p, `JSON.stringify(window.parlorTable.state().views)`)
	server := evalAs[string](p, `fetch("/api/replays/" + document.querySelector(".table-screen").dataset.match)
		.then(r => r.json()).then(r => JSON.stringify(r.steps[r.steps.length - 1].views))`)
	var k, s map[string]any
	if err := json.Unmarshal([]byte(kept), &k); err != nil {
		p.fail("kept views do not decode: %v", err)
	}
	if err := json.Unmarshal([]byte(server), &s); err != nil {
		p.fail("the replay's views do not decode: %v (%.200s)", err, server)
	}
	if len(k) == 0 {
		p.fail("the table kept no views")
	}
	for seat, v := range k {
		if !reflect.DeepEqual(v, s[seat]) {
			want, _ := json.Marshal(s[seat])
			got, _ := json.Marshal(v)
			p.fail("seat %s: the board kept from pushes differs from the server's\n got %s\nwant %s", seat, got, want)
		}
	}
	if n := evalAs[int](p, `window.parlorTable.resyncs()`); n != 0 {
		p.fail("the table asked for %d fresh snapshots in a match without gaps", n)
	}
}
