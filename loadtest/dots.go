package loadtest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// board is a Dots and Boxes board of rows x cols dots as the bench
// clients see it: its lines numbered, horizontal ones first, each with
// its move as canonical JSON.
type board struct {
	rows, cols int
	moves      [][]byte
}

func newBoard(rows, cols int) *board {
	bd := &board{rows: rows, cols: cols}
	dot := func(r, c int) string { return "[" + strconv.Itoa(r) + "," + strconv.Itoa(c) + "]" }
	for r := range rows {
		for c := range cols - 1 {
			bd.moves = append(bd.moves, []byte(`{"from":`+dot(r, c)+`,"to":`+dot(r, c+1)+`}`))
		}
	}
	for r := range rows - 1 {
		for c := range cols {
			bd.moves = append(bd.moves, []byte(`{"from":`+dot(r, c)+`,"to":`+dot(r+1, c)+`}`))
		}
	}
	return bd
}

// line numbers the line between two neighbouring dots, or returns -1.
func (bd *board) line(a, b [2]int) int {
	if b[0] < a[0] || b[0] == a[0] && b[1] < a[1] {
		a, b = b, a
	}
	switch {
	case a[0] < 0 || a[1] < 0 || b[0] >= bd.rows || b[1] >= bd.cols:
		return -1
	case a[0] == b[0] && b[1] == a[1]+1:
		return a[0]*(bd.cols-1) + a[1]
	case a[1] == b[1] && b[0] == a[0]+1:
		return bd.rows*(bd.cols-1) + a[0]*bd.cols + a[1]
	}
	return -1
}

// pairGame is one match between two bench players, each following it from
// pushes and choosing random legal moves.
type pairGame struct {
	b     *bench
	table string
	match string
	bd    *board
	// progress counts the pushes the seats have taken, for the watchdog.
	progress atomic.Int64
	stop     *atomic.Bool
	done     chan struct{} // closed when a seat has seen the end or the stop
	once     sync.Once
	seats    [2]*seatPlay
	pair     int // the pair's number (see bench.onLat)
}

func (g *pairGame) finish() { g.once.Do(func() { close(g.done) }) }

// seatPlay is one player's side of a pairGame: its copy of the lines not
// yet drawn, whether it owes a move, and its move in flight.
type seatPlay struct {
	g    *pairGame
	p    *player
	seat int
	rng  *rand.Rand

	mu   sync.Mutex
	free []int // lines not drawn
	pos  []int // pos[line]: its index in free, -1 once drawn
	mine bool  // the seat owes the next move
	over bool
	busy bool // a move is sent and not yet acknowledged, or the seat is thinking
	// resuming: the connection broke and the seat has not watched again
	// yet, so what it knows of the match may be behind; it does not move.
	resuming bool
	upTo     int64 // after a resumed watch: the seq to take before moving again
	thought  bool  // the seat has paused (-think) before its next move
	pending  int64
	line     int // the line of the move in flight
	// flying: the move of line, tagged after, is sent and its answer has
	// not come; a lost connection leaves it to be sent again (resend).
	flying bool
	after  int64
	seq    int64         // the last update taken, so a resumed watch repeats none
	acked  map[int64]int // seq -> line of each acknowledged move (with -verify)
	sent   time.Time
	lats   []time.Duration
	buf    []byte
}

func newSeatPlay(g *pairGame, p *player, seat int, seed uint64) *seatPlay {
	n := len(g.bd.moves)
	sp := &seatPlay{g: g, p: p, seat: seat, rng: rand.New(rand.NewPCG(seed, uint64(seat))), free: make([]int, n), pos: make([]int, n), mine: seat == 0}
	if g.b.f.Verify {
		sp.acked = make(map[int64]int)
	}
	for i := range n {
		sp.free[i], sp.pos[i] = i, i
	}
	return sp
}

var (
	matchPrefix = []byte(`{"t":"match",`)
	replyPrefix = []byte(`{"t":"reply","id":`)
)

// handle takes the messages of a match in play: pushes of moves and the
// acknowledgement of the seat's own move. It returns false for anything
// else.
func (sp *seatPlay) handle(data []byte) bool {
	switch {
	case bytes.HasPrefix(data, matchPrefix):
		seq, line, turn, over, ok := sp.g.bd.readPush(data, sp.seat)
		if !ok {
			return false
		}
		sp.mu.Lock()
		if seq <= sp.seq {
			// Already taken: a resumed watch may repeat what a lost
			// connection had delivered.
			sp.mu.Unlock()
			return true
		}
		sp.seq = seq
		sp.g.progress.Add(1)
		if line >= 0 && sp.pos[line] >= 0 {
			// Swap-remove the drawn line from the free list.
			i, last := sp.pos[line], sp.free[len(sp.free)-1]
			sp.free[i], sp.pos[last] = last, i
			sp.free = sp.free[:len(sp.free)-1]
			sp.pos[line] = -1
		}
		sp.mine, sp.over = turn, sp.over || over
		sp.next()
		sp.mu.Unlock()
		return true
	case bytes.HasPrefix(data, replyPrefix):
		id, rest, ok := readInt(data[len(replyPrefix):])
		if !ok {
			return false
		}
		sp.mu.Lock()
		defer sp.mu.Unlock()
		if !sp.busy || id != sp.pending {
			return false
		}
		sp.busy, sp.flying = false, false
		if rest, ok := cut(rest, `,"ok":true`); ok {
			lat := time.Since(sp.sent)
			sp.lats = append(sp.lats, lat)
			if f := sp.g.b.onLat; f != nil {
				f(sp.g.pair, lat)
			}
			if m := sp.g.b.f.Moves; sp.g.b.moves.Add(1) >= m && m > 0 {
				sp.g.stop.Store(true)
			}
			if sp.acked != nil {
				if rest, ok := cut(rest, `,"seq":`); ok {
					if seq, _, ok := readInt(rest); ok {
						sp.acked[seq] = sp.line
					}
				}
			}
		} else if sp.g.b.resume && bytes.Contains(rest, []byte(`"code":"unavailable"`)) {
			// The table's node is gone and no other has taken it yet:
			// try again shortly rather than at once.
			sp.g.b.nodeLoss.unavailable.Add(1)
			sp.busy, sp.pending = true, 0
			time.AfterFunc(100*time.Millisecond, func() {
				sp.mu.Lock()
				defer sp.mu.Unlock()
				if sp.pending == 0 {
					sp.busy = false
					sp.next()
				}
			})
			return true
		} else {
			sp.g.b.refused.Add(1)
			sp.g.b.lastRefusal.Store(string(rest))
		}
		sp.next()
		return true
	}
	return false
}

// next sends a random free line if the seat owes a move and has none in
// flight, and reports the end of play. Callers hold sp.mu.
func (sp *seatPlay) next() {
	if sp.busy || sp.resuming || sp.seq < sp.upTo {
		return
	}
	if sp.over || sp.g.stop.Load() {
		sp.g.finish()
		return
	}
	if !sp.mine || len(sp.free) == 0 {
		return
	}
	if think := sp.g.b.f.Think; think > 0 && !sp.thought {
		sp.busy, sp.pending = true, 0
		time.AfterFunc(time.Duration(sp.rng.Int64N(int64(2*think))), func() {
			sp.mu.Lock()
			defer sp.mu.Unlock()
			sp.busy, sp.thought = false, true
			sp.next()
		})
		return
	}
	sp.thought = false
	sp.send(sp.free[sp.rng.IntN(len(sp.free))], sp.seq)
}

// send sends the move drawing line, tagged with after, the last update the
// seat took when it chose the move: sent again after a lost answer
// (resend), the server gives the first answer if it played it. Callers
// hold sp.mu.
func (sp *seatPlay) send(line int, after int64) {
	sp.p.mu.Lock()
	sp.p.nextID++
	id := sp.p.nextID
	sp.p.mu.Unlock()
	b := append(sp.buf[:0], `{"t":"match.play","id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"table":"`...)
	b = append(b, sp.g.table...)
	b = append(b, `","seat":`...)
	b = strconv.AppendInt(b, int64(sp.seat), 10)
	b = append(b, `,"after":`...)
	b = strconv.AppendInt(b, after, 10)
	b = append(b, `,"move":`...)
	b = append(b, sp.g.bd.moves[line]...)
	b = append(b, '}')
	sp.buf = b
	sp.busy, sp.pending, sp.line, sp.sent = true, id, line, time.Now()
	sp.flying, sp.after = true, after
	if err := sp.p.ws.Load().WriteText(b); err != nil {
		sp.busy, sp.pending = false, 0
		if !sp.g.b.resume {
			sp.g.finish()
		} // else the player reconnects and resumes, then moves again
	}
}

// dotsLine is a Dots and Boxes move as the protocol writes it.
type dotsLine struct {
	From [2]int `json:"from"`
	To   [2]int `json:"to"`
}

// readPush reads what a seat needs from a match push: its sequence
// number, the line drawn (-1 for none), whether the seat owes the next
// move, and whether the match is over. It scans for the fields the server
// writes, which come in the order of docs/protocol.md, and falls back on
// the decoder for anything unexpected.
func (bd *board) readPush(data []byte, seat int) (seq int64, line int, mine, over, ok bool) {
	if seq, line, mine, over, ok = bd.scanPush(data, seat); ok {
		return seq, line, mine, over, true
	}
	var m struct {
		Seq     int64           `json:"seq"`
		Move    *dotsLine       `json:"move"`
		Turn    []int           `json:"turn"`
		Outcome json.RawMessage `json:"outcome"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return 0, -1, false, false, false
	}
	line = -1
	if m.Move != nil {
		line = bd.line(m.Move.From, m.Move.To)
	}
	return m.Seq, line, slices.Contains(m.Turn, seat), len(m.Outcome) > 0 && string(m.Outcome) != "null", true
}

func (bd *board) scanPush(data []byte, seat int) (seq int64, line int, mine, over, ok bool) {
	i := bytes.Index(data, []byte(`","seq":`))
	if i < 0 {
		return
	}
	if seq, _, ok = readInt(data[i+len(`","seq":`):]); !ok {
		return
	}
	i = bytes.Index(data, []byte(`,"move":`))
	if i < 0 {
		return 0, 0, false, false, false
	}
	rest := data[i+len(`,"move":`):]
	line = -1
	if !bytes.HasPrefix(rest, []byte("null")) {
		var from, to [2]int
		rest, ok = cut(rest, `{"from":[`)
		from[0], rest, ok = readIntIf(ok, rest)
		rest, ok = cutIf(ok, rest, `,`)
		from[1], rest, ok = readIntIf(ok, rest)
		rest, ok = cutIf(ok, rest, `],"to":[`)
		to[0], rest, ok = readIntIf(ok, rest)
		rest, ok = cutIf(ok, rest, `,`)
		to[1], rest, ok = readIntIf(ok, rest)
		if !ok {
			return
		}
		if line = bd.line(from, to); line < 0 {
			return seq, line, false, false, false
		}
	}
	j := bytes.Index(rest, []byte(`,"turn":[`))
	if j < 0 {
		return seq, line, false, false, false
	}
	rest = rest[j+len(`,"turn":[`):]
	for len(rest) > 0 && rest[0] != ']' {
		var s int64
		s, rest, ok = readInt(rest)
		if !ok {
			return seq, line, false, false, false
		}
		mine = mine || s == int64(seat)
		rest, _ = cut(rest, ",")
	}
	k := bytes.Index(rest, []byte(`,"outcome":`))
	if k < 0 {
		return seq, line, false, false, false
	}
	return seq, line, mine, !bytes.HasPrefix(rest[k+len(`,"outcome":`):], []byte("null")), true
}

func cut(b []byte, p string) ([]byte, bool) {
	if !bytes.HasPrefix(b, []byte(p)) {
		return b, false
	}
	return b[len(p):], true
}

func cutIf(ok bool, b []byte, p string) ([]byte, bool) {
	if !ok {
		return b, false
	}
	return cut(b, p)
}

// readInt reads a decimal integer of at most nine digits.
func readInt(b []byte) (int64, []byte, bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	var n int64
	i := 0
	for i < len(b) && i < 10 && b[i] >= '0' && b[i] <= '9' {
		n = n*10 + int64(b[i]-'0')
		i++
	}
	if i == 0 || i > 9 {
		return 0, b, false
	}
	if neg {
		n = -n
	}
	return n, b[i:], true
}

func readIntIf(ok bool, b []byte) (int, []byte, bool) {
	if !ok {
		return 0, b, false
	}
	n, rest, ok := readInt(b)
	return int(n), rest, ok
}
