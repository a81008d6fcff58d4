package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/parlor-games/parlor/client"
	"github.com/parlor-games/parlor/game"
)

// runBench dispatches parlor bench's measurements: "server", the load
// test, "floor", what the least possible server costs per move on the
// same machine ("floor-serve" is the floor's child process), and
// "lobby", what the lobby's pushes cost while people come.
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "server":
			return benchServer(args[1:], stdout, stderr)
		case "floor":
			return benchFloor(args[1:], stdout, stderr)
		case "lobby":
			return benchLobby(args[1:], stdout, stderr)
		case "floor-serve":
			return floorServe(args[1:], stdout)
		}
	}
	fmt.Fprintln(stderr, "usage: parlor bench server|floor|lobby [flags]  (parlor bench server -h for the flags)")
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		return flag.ErrHelp
	}
	return errors.New("unknown or missing benchmark")
}

type benchFlags struct {
	matches  int
	duration time.Duration
	moves    int64
	views    bool
	addr     string
	pid      int
	idle     int
	size     int
	hold     time.Duration
	think    time.Duration
	// games, when positive, is how many whole games each pair plays
	// before the bench stops (instead of -duration or -moves).
	games int
	// verify checks every finished match against its stored replay.
	verify bool
	// commitDelay is passed to the child server (parlor serve -commit-delay).
	commitDelay time.Duration
}

func benchServer(args []string, stdout, stderr io.Writer) error {
	var f benchFlags
	fs := flag.NewFlagSet("bench server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&f.matches, "matches", 200, "concurrent Dots and Boxes matches (two WebSocket clients each)")
	fs.DurationVar(&f.duration, "duration", 10*time.Second, "how long to play (ignored with -moves)")
	fs.Int64Var(&f.moves, "moves", 0, "stop after this many accepted moves instead of after -duration")
	fs.BoolVar(&f.views, "views", false, "watch with views: the server sends each seat's full view with every move")
	fs.StringVar(&f.addr, "addr", "", "host:port of a running server, or several nodes' host:port separated by commas: players are spread over them, and one whose node fails reconnects to another and resumes its match by sequence number (default: start 'parlor serve' as a child on a temporary data directory)")
	fs.IntVar(&f.pid, "pid", 0, "with -addr: the server's process id, to read its CPU time and memory")
	fs.IntVar(&f.idle, "idle", 0, "instead of playing, hold this many idle live matches (2 connections each) and report the server's memory")
	fs.IntVar(&f.size, "size", 8, "board size in dots (8 is 8x8 dots, 49 boxes)")
	fs.DurationVar(&f.hold, "hold", 3*time.Second, "with -idle: how long to hold the matches before measuring")
	fs.IntVar(&f.games, "games", 0, "play this many whole games per pair, then stop (instead of -duration)")
	fs.BoolVar(&f.verify, "verify", false, "at the end, check each finished match against its stored replay: every acknowledged move stored at its sequence number, none stored twice, no push missed")
	fs.DurationVar(&f.think, "think", 0, "mean pause before each move (uniform from 0 to twice this): 0 plays flat out; with a pause the clients offer a load the machine can carry, and the latency is the server's rather than a queue's")
	fs.DurationVar(&f.commitDelay, "commit-delay", defaultCommitDelay, "the child server's commit delay (parlor serve -commit-delay), to compare paced figures with and without one; ignored with -addr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if f.matches <= 0 && f.idle <= 0 {
		return errors.New("-matches must be positive")
	}
	raiseFileLimit(stderr)

	addr, pid := f.addr, f.pid
	if addr == "" {
		child, a, err := startChildServer(stderr, f.commitDelay)
		if err != nil {
			return err
		}
		defer child.stop()
		addr, pid = a, child.cmd.Process.Pid
	}
	if p := os.Getenv("PARLOR_BENCH_CLIENT_PROFILE"); p != "" {
		// The clients' own CPU profile: they share the machine with the
		// server, so what they cost matters to its latency.
		pf, err := os.Create(p)
		if err != nil {
			return err
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	b := &bench{f: f, pid: pid, out: stdout, board: newBoard(f.size, f.size)}
	for _, a := range strings.Split(addr, ",") {
		if a = strings.TrimSpace(a); a != "" {
			b.bases = append(b.bases, "http://"+a)
		}
	}
	if len(b.bases) == 0 {
		return errors.New("-addr names no server")
	}
	b.base = b.bases[0]
	b.resume = len(b.bases) > 1
	if f.idle > 0 {
		return b.runIdle()
	}
	return b.runPlay()
}

type childServer struct {
	cmd *exec.Cmd
	dir string
}

// startChildServer runs 'parlor serve' from this binary on a temporary
// data directory, so that its CPU time and memory are its own.
func startChildServer(stderr io.Writer, commitDelay time.Duration) (*childServer, string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	dir, err := os.MkdirTemp("", "parlor-bench-")
	if err != nil {
		return nil, "", err
	}
	args := []string{"serve", "-addr", "127.0.0.1:0", "-data", dir, "-no-web", "-ws-rate", "0", "-ws-per-address", "0", "-commit-delay", commitDelay.String()}
	if p := os.Getenv("PARLOR_BENCH_SERVER_PROFILE"); p != "" {
		args = append(args, "-cpuprofile", p, "-pprof")
	}
	cmd := exec.Command(exe, args...)
	logf, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return nil, "", err
	}
	cmd.Stderr = logf
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	c := &childServer{cmd: cmd, dir: dir}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		c.stop()
		return nil, "", fmt.Errorf("server did not start (log in %s): %v", dir, err)
	}
	addr := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "parlor serving on http://"))
	go io.Copy(io.Discard, out)
	fmt.Fprintf(stderr, "server pid %d on %s, data in %s\n", cmd.Process.Pid, addr, dir)
	return c, addr, nil
}

func (c *childServer) stop() {
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
	if os.Getenv("PARLOR_BENCH_KEEP") == "" {
		os.RemoveAll(c.dir)
	}
}

// procCPU returns a process's user+system CPU time from /proc/<pid>/stat.
func procCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// Fields after the command name, which is in parentheses and may
	// contain spaces.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	fields := strings.Fields(s[i+1:])
	if len(fields) < 13 {
		return 0, false
	}
	ut, _ := strconv.ParseInt(fields[11], 10, 64)
	st, _ := strconv.ParseInt(fields[12], 10, 64)
	const hz = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / hz, true
}

// procSyscalls returns a process's read and write system calls so far,
// from /proc/<pid>/io: a figure that, unlike CPU time, the machine's load
// does not blur.
func procSyscalls(pid int) (reads, writes int64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/io")
	if err != nil {
		return 0, 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, found := strings.Cut(line, ": ")
		if !found {
			continue
		}
		n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		switch k {
		case "syscr":
			reads = n
		case "syscw":
			writes = n
		}
	}
	return reads, writes, true
}

// histogram is the server's parlor_move_seconds at one moment.
type histogram struct {
	bounds []float64
	counts []int64 // cumulative, as exposed
	sum    float64
	count  int64
}

// moveHistogram reads parlor_move_seconds from the server's /metrics; the
// zero histogram if it cannot.
func (b *bench) moveHistogram() histogram {
	var h histogram
	res, err := http.Get(b.base + "/metrics")
	if err != nil {
		return h
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		line := sc.Text()
		name, val, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		switch {
		case strings.HasPrefix(name, `parlor_move_seconds_bucket{le="`):
			le := strings.TrimSuffix(strings.TrimPrefix(name, `parlor_move_seconds_bucket{le="`), `"}`)
			bound, err := strconv.ParseFloat(le, 64)
			if err != nil {
				continue // +Inf
			}
			n, _ := strconv.ParseFloat(val, 64)
			h.bounds = append(h.bounds, bound)
			h.counts = append(h.counts, int64(n))
		case name == "parlor_move_seconds_sum":
			h.sum, _ = strconv.ParseFloat(val, 64)
		case name == "parlor_move_seconds_count":
			n, _ := strconv.ParseFloat(val, 64)
			h.count = int64(n)
		}
	}
	return h
}

func (h histogram) minus(o histogram) histogram {
	d := histogram{bounds: h.bounds, sum: h.sum - o.sum, count: h.count - o.count}
	for i, n := range h.counts {
		if i < len(o.counts) {
			n -= o.counts[i]
		}
		d.counts = append(d.counts, n)
	}
	return d
}

// quantile is the upper bound of the bucket holding quantile q, or "more"
// past the last bound.
func (h histogram) quantile(q float64) string {
	want := int64(q * float64(h.count))
	for i, n := range h.counts {
		if n >= want {
			return (time.Duration(h.bounds[i] * float64(time.Second))).String()
		}
	}
	return "more than the last bucket"
}

// procMem returns VmRSS and VmHWM (peak) of a process, in bytes.
func procMem(pid int) (rss, hwm int64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		v, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			rss = v << 10
		case "VmHWM:":
			hwm = v << 10
		}
	}
	return rss, hwm, true
}

type bench struct {
	f     benchFlags
	base  string   // the first server's base URL
	bases []string // every node's base URL, players spread over them
	pid   int
	out   io.Writer

	// resume makes a player whose connection fails reconnect, to another
	// node if it can, and resume its match (several nodes were given).
	resume   bool
	nodeLoss nodeLoss

	board *board // the board every match is played on

	nextUser    atomic.Int64
	lastRefusal atomic.Value // the last refusal of a move, as the server wrote it
	moves       atomic.Int64
	refused     atomic.Int64
	games       atomic.Int64
	lobbyBytes  atomic.Int64 // bytes of lobby list pushes received (bench lobby)

	mu       sync.Mutex
	lats     []time.Duration
	finished []finishedMatch // with -verify: what the seats saw of each match played to its end
}

// player is one bench client: a guest with its own cookie and source
// address (loopback has many; spreading clients over them keeps the
// server's per-address sign-up limit and the port range out of the way).
//
// Its reader goroutine does all of a match's work itself: it reads the
// server's messages, follows the board, and sends the next move when its
// seat owes one, without a goroutine or a channel per move. Setting up
// and leaving a table go through call and the general decoder.
type player struct {
	b      *bench
	name   string
	ws     atomic.Pointer[client.Lean]
	src    net.IP
	cl     *client.Client // the player's session, for connecting again
	dialer *net.Dialer
	at     int // index in b.bases of the node connected to
	quit   atomic.Bool
	// trouble is the last thing that went wrong on resuming, for the
	// error of a match that stops moving.
	trouble atomic.Value

	mu      sync.Mutex
	nextID  int64
	waiting map[int64]chan benchMsg
	closed  chan struct{}

	play atomic.Pointer[seatPlay] // the seat being played, if any
}

type benchMsg struct {
	T       string          `json:"t"`
	ID      int64           `json:"id"`
	OK      bool            `json:"ok"`
	Error   string          `json:"error"`
	Seq     int64           `json:"seq"`
	Seat    game.Seat       `json:"seat"`
	Move    json.RawMessage `json:"move"`
	Outcome json.RawMessage `json:"outcome"`
	Code    string          `json:"code"`
	Table   json.RawMessage `json:"table"`
	Snap    *struct {
		Seq int64 `json:"seq"`
	} `json:"snapshot"`

	lost bool // not from the server: the connection failed before a reply
}

func (b *bench) newPlayer(ctx context.Context) (*player, error) {
	n := b.nextUser.Add(1)
	// 127.x.y.z: 20 sign-ups per address stay within the server's limit.
	k := n / 20
	src := net.IPv4(127, byte(1+k/60000), byte(k/250%240+1), byte(k%250+1))
	p := &player{b: b, name: fmt.Sprintf("bench-%d-%d", os.Getpid()%10000, n), src: src, waiting: map[int64]chan benchMsg{}, closed: make(chan struct{})}
	p.at = int(n) % len(b.bases)
	if u, _ := url.Parse(b.bases[p.at]); !net.ParseIP(u.Hostname()).IsLoopback() {
		p.src = nil // a remote server: use the default route
	}
	p.dialer = &net.Dialer{Timeout: 10 * time.Second}
	if p.src != nil {
		p.dialer.LocalAddr = &net.TCPAddr{IP: p.src}
	}
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: p.dialer.DialContext, MaxIdleConnsPerHost: 1}}
	cl, err := client.NewWithHTTP(b.bases[p.at], hc)
	if err != nil {
		return nil, err
	}
	if _, err := cl.Guest(ctx, p.name); err != nil {
		return nil, fmt.Errorf("guest sign-up: %w", err)
	}
	hc.CloseIdleConnections()
	p.cl = cl
	ws, err := p.dial(ctx, p.at)
	if err != nil {
		return nil, err
	}
	p.ws.Store(ws)
	go p.readLoop(ws)
	return p, nil
}

// dial opens a lean connection to node k with the player's session: the
// moves go over a lean connection, which costs the machine the server
// shares with the bench far less than a Conn.
func (p *player) dial(ctx context.Context, k int) (*client.Lean, error) {
	u, _ := url.Parse(p.b.bases[k])
	nc, err := p.dialer.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	cl, err := client.New(p.b.bases[k])
	if err != nil {
		nc.Close()
		return nil, err
	}
	cl.SetSession(p.cl.Session())
	ws, err := cl.DialLean(ctx, nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	return ws, nil
}

func (p *player) readLoop(ws *client.Lean) {
	for {
		data, err := ws.Read()
		if err != nil {
			if p.b.resume && !p.quit.Load() {
				p.lost()
				go p.resume()
			} else {
				close(p.closed)
			}
			return
		}
		if sp := p.play.Load(); sp != nil && sp.handle(data) {
			continue
		}
		if isLobbyPush(data) {
			p.b.lobbyBytes.Add(int64(len(data)))
			continue
		}
		var m benchMsg
		if err := json.Unmarshal(data, &m); err != nil {
			continue
		}
		if m.T == "reply" {
			p.mu.Lock()
			ch := p.waiting[m.ID]
			delete(p.waiting, m.ID)
			p.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
}

// send sends a request; the reply arrives on the returned channel.
func (p *player) send(t string, fields string) (chan benchMsg, error) {
	ch := make(chan benchMsg, 1)
	p.mu.Lock()
	p.nextID++
	id := p.nextID
	p.waiting[id] = ch
	p.mu.Unlock()
	msg := `{"t":"` + t + `","id":` + strconv.FormatInt(id, 10)
	if fields != "" {
		msg += "," + fields
	}
	msg += "}"
	return ch, p.ws.Load().WriteText([]byte(msg))
}

func (p *player) call(t, fields string) (benchMsg, error) {
	ch, err := p.send(t, fields)
	if err != nil {
		return benchMsg{}, err
	}
	select {
	case m := <-ch:
		if m.lost {
			return m, errConnLost
		}
		if !m.OK {
			return m, &benchRefusal{t: t, code: m.Code, msg: m.Error}
		}
		return m, nil
	case <-p.closed:
		return benchMsg{}, fmt.Errorf("%s: connection closed", t)
	case <-time.After(60 * time.Second):
		return benchMsg{}, fmt.Errorf("%s: no reply", t)
	}
}

func tableIDOf(m benchMsg) string {
	id, _ := tableAndMatch(m)
	return id
}

// tableAndMatch reads a reply's table id and its match's id.
func tableAndMatch(m benchMsg) (table, match string) {
	var t struct {
		ID    string `json:"id"`
		Match string `json:"match"`
	}
	_ = json.Unmarshal(m.Table, &t)
	return t.ID, t.Match
}

// setUp opens a table for the pair and starts its match. It returns the
// table's id and the match's.
func (b *bench) setUp(a, c *player) (string, string, error) {
	create, err := json.Marshal(client.CreateTable{Game: "dots", Options: map[string]int{"rows": b.f.size, "cols": b.f.size},
		Seats: []client.SeatRequest{{Kind: client.ChooseMe}, {Kind: client.ChooseOpen}}})
	if err != nil {
		return "", "", err
	}
	// call takes the request's fields without the braces.
	r, err := a.call("table.create", string(create[1:len(create)-1]))
	if err != nil {
		return "", "", err
	}
	id := tableIDOf(r)
	if _, err := c.call("table.sit", `"table":"`+id+`","seat":1`); err != nil {
		return "", "", err
	}
	r, err = a.call("table.start", `"table":"`+id+`"`)
	if err != nil {
		return "", "", err
	}
	_, match := tableAndMatch(r)
	return id, match, nil
}

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
	if g.b.f.verify {
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
			sp.lats = append(sp.lats, time.Since(sp.sent))
			if m := sp.g.b.f.moves; sp.g.b.moves.Add(1) >= m && m > 0 {
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
	if think := sp.g.b.f.think; think > 0 && !sp.thought {
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

// playOne plays one whole match between a and c.
func (b *bench) playOne(a, c *player, seed uint64, stop *atomic.Bool) error {
	id, match, err := b.setUp(a, c)
	if err != nil {
		return err
	}
	g := &pairGame{b: b, table: id, match: match, bd: b.board, stop: stop, done: make(chan struct{})}
	ps := [2]*player{a, c}
	for i, p := range ps {
		g.seats[i] = newSeatPlay(g, p, i, seed)
	}
	for i, p := range ps {
		// Set before the watch, so that a player who reconnects while
		// the watch is on its way watches again by itself.
		p.play.Store(g.seats[i])
		if err := p.watch(g.seats[i]); err != nil {
			return err
		}
	}
	for _, sp := range g.seats {
		sp.mu.Lock()
		sp.next()
		sp.mu.Unlock()
	}
	// A watchdog: a match whose seats take no push for this long is stuck
	// (a node that lost its lease and nobody took over would be one).
	const stuck = 20 * time.Second
	tick := time.NewTicker(stuck)
	defer tick.Stop()
	last := int64(-1)
wait:
	for {
		select {
		case <-g.done:
			break wait
		case <-a.closed:
			return errors.New("connection closed")
		case <-c.closed:
			return errors.New("connection closed")
		case <-tick.C:
			n := g.progress.Load()
			if n == last {
				return fmt.Errorf("match %s took no move for %v: %s; %s", match, stuck, g.seats[0].state(), g.seats[1].state())
			}
			last = n
		}
	}
	// Wait for outstanding acknowledgements before leaving the table.
	for {
		busy := false
		for _, sp := range g.seats {
			sp.mu.Lock()
			busy = busy || sp.busy
			sp.mu.Unlock()
		}
		if !busy {
			break
		}
		time.Sleep(time.Millisecond)
	}
	b.games.Add(1)
	b.mu.Lock()
	for _, sp := range g.seats {
		b.lats = append(b.lats, sp.lats...)
	}
	if f, over := g.record(); b.f.verify && over {
		b.finished = append(b.finished, f)
	}
	b.mu.Unlock()
	for _, p := range ps {
		p.play.Store(nil)
		if _, err := p.call("table.unwatch", `"table":"`+id+`"`); err != nil && !b.resume {
			return err
		} // with several nodes, a connection lost here is no matter: the match is over
	}
	return nil
}

// connectAll signs up and connects n players, a few at a time.
func (b *bench) connectAll(n int) ([]*player, error) {
	ps := make([]*player, n)
	var wg sync.WaitGroup
	var first error
	var fmu sync.Mutex
	sem := make(chan struct{}, 32)
	for i := range ps {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			p, err := b.newPlayer(ctx)
			if err != nil {
				fmu.Lock()
				if first == nil {
					first = err
				}
				fmu.Unlock()
				return
			}
			ps[i] = p
		}()
	}
	wg.Wait()
	return ps, first
}

func (b *bench) runPlay() error {
	f := b.f
	fmt.Fprintf(b.out, "connecting %d clients for %d matches of Dots and Boxes %dx%d (views %v)\n", 2*f.matches, f.matches, f.size, f.size, f.views)
	ps, err := b.connectAll(2 * f.matches)
	if err != nil {
		return err
	}
	var stop atomic.Bool
	cpu0, cpuOK := procCPU(b.pid)
	r0, w0, ioOK := procSyscalls(b.pid)
	self0 := selfCPU()
	hist0 := b.moveHistogram()
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, f.matches)
	for i := range f.matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := uint64(0); !stop.Load() && (f.games <= 0 || n < uint64(f.games)); n++ {
				err := b.playOne(ps[2*i], ps[2*i+1], uint64(i)<<32|n, &stop)
				if err != nil && b.resume && setUpLost(err) {
					// A node failed while the table was being set up: that
					// table is left, and the pair sets up another.
					b.nodeLoss.setUps.Add(1)
					n--
					time.Sleep(100 * time.Millisecond)
					continue
				}
				if err != nil {
					errs <- err
					stop.Store(true)
					return
				}
			}
		}()
	}
	if f.moves <= 0 && f.games <= 0 {
		go func() {
			time.Sleep(f.duration)
			stop.Store(true)
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu1, _ := procCPU(b.pid)
	r1, w1, _ := procSyscalls(b.pid)
	self1 := selfCPU()
	hist1 := b.moveHistogram()
	_, hwm, memOK := procMem(b.pid)
	select {
	case err := <-errs:
		return err
	default:
	}
	for _, p := range ps {
		p.quit.Store(true)
		p.ws.Load().Close()
	}
	moves := b.moves.Load()
	b.mu.Lock()
	lats := b.lats
	b.mu.Unlock()
	sort.Slice(lats, func(i, j int) bool { return lats[i] < lats[j] })
	pct := func(p float64) time.Duration {
		if len(lats) == 0 {
			return 0
		}
		return lats[min(len(lats)-1, int(p*float64(len(lats))))]
	}
	fmt.Fprintf(b.out, "matches %d, views %v, elapsed %.1fs, games finished %d\n", f.matches, f.views, elapsed.Seconds(), b.games.Load())
	fmt.Fprintf(b.out, "accepted moves %d (refused %d): %.0f moves/s\n", moves, b.refused.Load(), float64(moves)/elapsed.Seconds())
	if r, ok := b.lastRefusal.Load().(string); ok {
		fmt.Fprintf(b.out, "the last refusal: %s\n", r)
	}
	fmt.Fprintf(b.out, "latency send->ack p50 %v p95 %v p99 %v max %v\n", pct(.50).Round(time.Microsecond), pct(.95).Round(time.Microsecond), pct(.99).Round(time.Microsecond), pct(1).Round(time.Microsecond))
	if cpuOK && moves > 0 {
		cpu := cpu1 - cpu0
		fmt.Fprintf(b.out, "server CPU %.2fs: %.1f µs per accepted move (setup excluded; durability on)\n", cpu.Seconds(), float64(cpu.Microseconds())/float64(moves))
	} else {
		fmt.Fprintln(b.out, "server CPU: unknown (pass -pid with -addr)")
	}
	if d := hist1.minus(hist0); d.count > 0 {
		fmt.Fprintf(b.out, "server-side match.play, receipt to durable ack: mean %v, p50 <= %v, p99 <= %v (histogram bounds); the rest of send->ack is transport and scheduling\n",
			(time.Duration(d.sum * float64(time.Second) / float64(d.count))).Round(time.Microsecond), d.quantile(.50), d.quantile(.99))
	}
	if moves > 0 {
		fmt.Fprintf(b.out, "bench clients' CPU %.2fs: %.1f µs per accepted move (they share the machine with the server)\n", (self1 - self0).Seconds(), float64((self1-self0).Microseconds())/float64(moves))
	}
	if ioOK && moves > 0 {
		fmt.Fprintf(b.out, "server system calls per accepted move: %.2f reads, %.2f writes (sockets and files)\n", float64(r1-r0)/float64(moves), float64(w1-w0)/float64(moves))
	}
	if memOK {
		fmt.Fprintf(b.out, "server peak memory (VmHWM) %.1f MiB\n", float64(hwm)/(1<<20))
	}
	if b.resume {
		b.nodeLoss.report(b.out)
	}
	if f.verify {
		return b.verify()
	}
	return nil
}

// runIdle holds idle live matches and reports the server's memory.
func (b *bench) runIdle() error {
	n := b.f.idle
	fmt.Fprintf(b.out, "opening %d idle matches (%d connections)\n", n, 2*n)
	_, rss0, _ := procMem(b.pid)
	ps, err := b.connectAll(2 * n)
	if err != nil {
		return fmt.Errorf("after %d players: %w", b.nextUser.Load(), err)
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 32)
	var first error
	var fmu sync.Mutex
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			a, c := ps[2*i], ps[2*i+1]
			id, _, err := b.setUp(a, c)
			if err == nil {
				for _, p := range []*player{a, c} {
					if _, err = p.call("table.watch", `"table":"`+id+`","views":false`); err != nil {
						break
					}
				}
			}
			if err != nil {
				fmu.Lock()
				if first == nil {
					first = err
				}
				fmu.Unlock()
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	time.Sleep(b.f.hold)
	if os.Getenv("PARLOR_BENCH_SERVER_PROFILE") != "" {
		if res, err := http.Get(b.base + "/debug/pprof/heap"); err == nil {
			if f, err := os.Create(os.Getenv("PARLOR_BENCH_SERVER_PROFILE") + ".heap"); err == nil {
				io.Copy(f, res.Body)
				f.Close()
			}
			res.Body.Close()
		}
	}
	rss, hwm, ok := procMem(b.pid)
	if !ok {
		fmt.Fprintln(b.out, "server memory: unknown (pass -pid with -addr)")
	} else {
		fmt.Fprintf(b.out, "idle live matches %d, connections %d: server RSS %.1f MiB (peak %.1f MiB; %.1f MiB before the clients), %.1f KiB per match\n",
			n, 2*n, float64(rss)/(1<<20), float64(hwm)/(1<<20), float64(rss0)/(1<<20), float64(rss-rss0)/1024/float64(n))
	}
	for _, p := range ps {
		p.quit.Store(true)
		p.ws.Load().CloseNow()
	}
	return nil
}
