package loadtest

import "testing"

// TestReadPushFollowsTheBoard: the bench's players follow a match from
// its pushes without decoding them. A push as the server writes it and
// the same push with its fields in another order (which only the
// decoder reads) must tell a seat the same thing: the update's sequence
// number, the line drawn, whether it owes the next move and whether the
// match is over. A wrong answer here would have the bench send moves out
// of turn and count refusals instead of moves.
func TestReadPushFollowsTheBoard(t *testing.T) {
	bd := newBoard(3, 3) // 6 horizontal lines, then 6 vertical ones
	cases := []struct {
		name     string
		push     string
		seat     int
		seq      int64
		line     int
		mine     bool
		over     bool
		scanned  bool // the fast scan reads it, without the decoder
		wantRead bool
	}{
		{
			name: "the server's order, the other seat's turn",
			push: `{"t":"match","table":"t1","seq":7,"seat":0,"move":{"from":[0,1],"to":[0,2]},"text":"","events":[],"turn":[1],"scores":[0,0],"outcome":null}`,
			seat: 1, seq: 7, line: 1, mine: true, scanned: true, wantRead: true,
		},
		{
			name: "the server's order, read by the seat that moved",
			push: `{"t":"match","table":"t1","seq":7,"seat":0,"move":{"from":[0,1],"to":[0,2]},"text":"","events":[],"turn":[1],"scores":[0,0],"outcome":null}`,
			seat: 0, seq: 7, line: 1, scanned: true, wantRead: true,
		},
		{
			name: "a vertical line, drawn backwards, ends the match",
			push: `{"t":"match","table":"t1","seq":12,"seat":1,"move":{"from":[2,2],"to":[1,2]},"text":"","events":[],"turn":[],"scores":[2,2],"outcome":{"draw":true}}`,
			seat: 0, seq: 12, line: 6 + 1*3 + 2, over: true, scanned: true, wantRead: true,
		},
		{
			name: "fields in another order go to the decoder",
			push: `{"t":"match","seq":3,"turn":[0],"move":{"to":[1,0],"from":[0,0]},"table":"t1","outcome":null}`,
			seat: 0, seq: 3, line: 6, mine: true, wantRead: true,
		},
		{
			name: "not JSON",
			push: `{"t":"match","seq":`,
			seat: 0, line: -1,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seq, line, mine, over, ok := bd.readPush([]byte(c.push), c.seat)
			if ok != c.wantRead || seq != c.seq || line != c.line || mine != c.mine || over != c.over {
				t.Errorf("readPush = seq %d line %d mine %v over %v ok %v; want seq %d line %d mine %v over %v ok %v",
					seq, line, mine, over, ok, c.seq, c.line, c.mine, c.over, c.wantRead)
			}
			if _, _, _, _, ok := bd.scanPush([]byte(c.push), c.seat); ok != c.scanned {
				t.Errorf("the fast scan read it: %v, want %v", ok, c.scanned)
			}
		})
	}
}

// TestBoardLines: every line between neighbouring dots has its own
// number, the numbers cover the board's moves exactly, and dots that are
// not neighbours have none (such a move is never sent).
func TestBoardLines(t *testing.T) {
	bd := newBoard(4, 5)
	seen := map[int]bool{}
	for r := range 4 {
		for c := range 5 {
			for _, d := range [][2]int{{0, 1}, {1, 0}} {
				to := [2]int{r + d[0], c + d[1]}
				l := bd.line([2]int{r, c}, to)
				if to[0] >= 4 || to[1] >= 5 {
					if l != -1 {
						t.Errorf("line off the board %v-%v numbered %d", [2]int{r, c}, to, l)
					}
					continue
				}
				if l < 0 || l >= len(bd.moves) || seen[l] {
					t.Errorf("line %v-%v numbered %d (of %d, seen %v)", [2]int{r, c}, to, l, len(bd.moves), seen[l])
				}
				seen[l] = true
			}
		}
	}
	if len(seen) != len(bd.moves) {
		t.Errorf("%d lines numbered, the board has %d moves", len(seen), len(bd.moves))
	}
	if l := bd.line([2]int{0, 0}, [2]int{1, 1}); l != -1 {
		t.Errorf("a diagonal numbered %d", l)
	}
}
