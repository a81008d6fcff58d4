package server

import (
	"encoding/json"
	"testing"

	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
	"github.com/parlor-games/parlor/match"
)

// BenchmarkNoticeAfter is what the turn notices cost every move at a
// two-player table whose players are both looking, as in a game played
// live: nothing is to be sent, so nothing should be built.
func BenchmarkNoticeAfter(b *testing.B) {
	s := &Server{
		reg: games.Registry(),
		hub: &hub{conns: make(map[*conn]struct{}), online: map[int64]*presence{
			1: {user: Identity{ID: 1}, conns: 1},
			2: {user: Identity{ID: 2}, conns: 1},
		}},
		notices: &notices{store: idleNoticeStore{}, turns: make(map[string][]int64)},
	}
	t := &table{s: s, id: "t1", matchID: "m1", game: "dots", seats: []seat{
		{Kind: match.Human, UserID: 1, Name: "ann"},
		{Kind: match.Human, UserID: 2, Name: "bob"},
	}}
	u := match.Update{Move: json.RawMessage(`{"from":[0,0],"to":[0,1]}`), Text: "drew a1-b1, and seat 2 is next"}
	turns := [2][]game.Seat{{1}, {0}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		u.Seq = int64(i + 1)
		u.Seat = game.Seat(i % 2)
		u.Turn = turns[i%2]
		t.noticeAfter(u)
	}
}

// idleNoticeStore stands for a store with notices on; a benchmark whose
// players are all looking never reaches it.
type idleNoticeStore struct{ noticeStore }
