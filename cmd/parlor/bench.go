package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"
	"github.com/parlor-games/parlor/game"
	"github.com/parlor-games/parlor/games"
)

// runBench dispatches parlor bench's measurements: "server", the load
// test, and "floor", what the least possible server costs per move on the
// same machine ("floor-serve" is the floor's child process).
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "server":
			return benchServer(args[1:], stdout, stderr)
		case "floor":
			return benchFloor(args[1:], stdout, stderr)
		case "floor-serve":
			return floorServe(stdout)
		}
	}
	fmt.Fprintln(stderr, "usage: parlor bench server|floor [flags]  (parlor bench server -h for the flags)")
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
}

func benchServer(args []string, stdout, stderr io.Writer) error {
	var f benchFlags
	fs := flag.NewFlagSet("bench server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&f.matches, "matches", 200, "concurrent Dots and Boxes matches (two WebSocket clients each)")
	fs.DurationVar(&f.duration, "duration", 10*time.Second, "how long to play (ignored with -moves)")
	fs.Int64Var(&f.moves, "moves", 0, "stop after this many accepted moves instead of after -duration")
	fs.BoolVar(&f.views, "views", false, "watch with views: the server sends each seat's full view with every move")
	fs.StringVar(&f.addr, "addr", "", "host:port of a running server (default: start 'parlor serve' as a child on a temporary data directory)")
	fs.IntVar(&f.pid, "pid", 0, "with -addr: the server's process id, to read its CPU time and memory")
	fs.IntVar(&f.idle, "idle", 0, "instead of playing, hold this many idle live matches (2 connections each) and report the server's memory")
	fs.IntVar(&f.size, "size", 8, "board size in dots (8 is 8x8 dots, 49 boxes)")
	fs.DurationVar(&f.hold, "hold", 3*time.Second, "with -idle: how long to hold the matches before measuring")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if f.matches <= 0 && f.idle <= 0 {
		return errors.New("-matches must be positive")
	}
	raiseFileLimit(stderr)

	addr, pid := f.addr, f.pid
	if addr == "" {
		child, a, err := startChildServer(stderr)
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
	b := &bench{f: f, base: "http://" + addr, pid: pid, out: stdout}
	if f.idle > 0 {
		return b.runIdle()
	}
	return b.runPlay()
}

// raiseFileLimit lifts the open-files limit as far as allowed: 10,000
// idle matches need 20,000 sockets in the bench and as many in the server
// (which inherits the limit).
func raiseFileLimit(stderr io.Writer) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return
	}
	want := lim
	if want.Max < 1<<17 {
		want.Max = 1 << 17
	}
	want.Cur = want.Max
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
		lim.Cur = lim.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
	_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim)
	fmt.Fprintf(stderr, "open files limit: %d\n", lim.Cur)
}

type childServer struct {
	cmd *exec.Cmd
	dir string
}

// startChildServer runs 'parlor serve' from this binary on a temporary
// data directory, so that its CPU time and memory are its own.
func startChildServer(stderr io.Writer) (*childServer, string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	dir, err := os.MkdirTemp("", "parlor-bench-")
	if err != nil {
		return nil, "", err
	}
	args := []string{"serve", "-addr", "127.0.0.1:0", "-data", dir, "-no-web", "-ws-rate", "0"}
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

// selfCPU is the bench process's own user+system CPU time.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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
	f    benchFlags
	base string
	pid  int
	out  io.Writer

	nextUser atomic.Int64
	moves    atomic.Int64
	refused  atomic.Int64
	games    atomic.Int64

	mu   sync.Mutex
	lats []time.Duration
}

// player is one bench client: a guest with its own cookie and source
// address (loopback has many; spreading clients over them keeps the
// server's per-address sign-up limit and the port range out of the way).
type player struct {
	b    *bench
	name string
	hc   *http.Client
	ws   *websocket.Conn
	jar  *cookiejar.Jar
	src  net.IP

	mu      sync.Mutex
	nextID  int64
	waiting map[int64]chan benchMsg
	onPush  func(benchMsg)
	closed  chan struct{}
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
	Table   json.RawMessage `json:"table"`
	Snap    *struct {
		Seq int64 `json:"seq"`
	} `json:"snapshot"`
}

func (b *bench) newPlayer(ctx context.Context) (*player, error) {
	n := b.nextUser.Add(1)
	// 127.x.y.z: 20 sign-ups per address stay within the server's limit.
	k := n / 20
	src := net.IPv4(127, byte(1+k/60000), byte(k/250%240+1), byte(k%250+1))
	p := &player{b: b, name: fmt.Sprintf("bench-%d-%d", os.Getpid()%10000, n), src: src, waiting: map[int64]chan benchMsg{}, closed: make(chan struct{})}
	if b.f.addr != "" {
		p.src = nil // a remote server: use the default route
	}
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	if p.src != nil {
		dialer.LocalAddr = &net.TCPAddr{IP: p.src}
	}
	p.jar, _ = cookiejar.New(nil)
	p.hc = &http.Client{Jar: p.jar, Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 1}}
	body := strings.NewReader(`{"name":"` + p.name + `"}`)
	res, err := p.hc.Post(b.base+"/api/guest", "application/json", body)
	if err != nil {
		return nil, err
	}
	msg, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		return nil, fmt.Errorf("guest sign-up: %s: %s", res.Status, msg)
	}
	u, _ := url.Parse(b.base)
	h := http.Header{}
	for _, ck := range p.jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(b.base, "http")+"/api/ws", &websocket.DialOptions{HTTPHeader: h, HTTPClient: p.hc})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 22)
	p.ws = ws
	p.hc.CloseIdleConnections()
	go p.readLoop()
	return p, nil
}

func (p *player) readLoop() {
	defer close(p.closed)
	for {
		_, data, err := p.ws.Read(context.Background())
		if err != nil {
			return
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
			continue
		}
		p.mu.Lock()
		fn := p.onPush
		p.mu.Unlock()
		if fn != nil {
			fn(m)
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
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return ch, p.ws.Write(ctx, websocket.MessageText, []byte(msg))
}

func (p *player) call(t, fields string) (benchMsg, error) {
	ch, err := p.send(t, fields)
	if err != nil {
		return benchMsg{}, err
	}
	select {
	case m := <-ch:
		if !m.OK {
			return m, fmt.Errorf("%s: %s", t, m.Error)
		}
		return m, nil
	case <-p.closed:
		return benchMsg{}, fmt.Errorf("%s: connection closed", t)
	case <-time.After(60 * time.Second):
		return benchMsg{}, fmt.Errorf("%s: no reply", t)
	}
}

func tableIDOf(m benchMsg) string {
	var t struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(m.Table, &t)
	return t.ID
}

// setUp opens a table for the pair and starts its match; both players
// watch it. It returns the table id.
func (b *bench) setUp(a, c *player, views bool) (string, error) {
	opts := fmt.Sprintf(`"game":"dots","options":{"rows":%d,"cols":%d},"seats":[{"kind":"me"},{"kind":"open"}]`, b.f.size, b.f.size)
	r, err := a.call("table.create", opts)
	if err != nil {
		return "", err
	}
	id := tableIDOf(r)
	if _, err := c.call("table.sit", `"table":"`+id+`","seat":1`); err != nil {
		return "", err
	}
	if _, err := a.call("table.start", `"table":"`+id+`"`); err != nil {
		return "", err
	}
	return id, nil
}

// pairGame is one match between two bench players, each following it from
// pushes with its own copy of the rules and choosing random legal moves.
type pairGame struct {
	b     *bench
	table string
	rng   *rand.Rand
	mu    sync.Mutex
	st    [2]game.State
	busy  [2]bool
	done  chan struct{}
	ended bool
	stop  *atomic.Bool
	ps    [2]*player
}

func (g *pairGame) onPush(seat int) func(benchMsg) {
	return func(m benchMsg) {
		if m.T != "match" {
			return
		}
		g.mu.Lock()
		if err := game.Play(g.st[seat], m.Seat, m.Move); err != nil {
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		g.maybePlay(seat)
	}
}

func (g *pairGame) maybePlay(seat int) {
	g.mu.Lock()
	st := g.st[seat]
	if st.Outcome() != nil || g.stop.Load() {
		if !g.ended {
			g.ended = true
			close(g.done)
		}
		g.mu.Unlock()
		return
	}
	turn := st.Turn()
	if g.busy[seat] || len(turn) == 0 || int(turn[0]) != seat {
		g.mu.Unlock()
		return
	}
	legal := st.Legal(game.Seat(seat))
	mv := game.Canonical(legal[g.rng.IntN(len(legal))])
	g.busy[seat] = true
	g.mu.Unlock()
	p := g.ps[seat]
	start := time.Now()
	ch, err := p.send("match.play", `"table":"`+g.table+`","seat":`+strconv.Itoa(seat)+`,"move":`+string(mv))
	if err != nil {
		return
	}
	go func() {
		var r benchMsg
		select {
		case r = <-ch:
		case <-p.closed:
			return
		}
		lat := time.Since(start)
		if r.OK {
			g.b.moves.Add(1)
			g.b.mu.Lock()
			g.b.lats = append(g.b.lats, lat)
			g.b.mu.Unlock()
			if m := g.b.f.moves; m > 0 && g.b.moves.Load() >= m {
				g.stop.Store(true)
			}
		} else {
			g.b.refused.Add(1)
		}
		g.mu.Lock()
		g.busy[seat] = false
		g.mu.Unlock()
		g.maybePlay(seat)
	}()
}

// playOne plays one whole match between a and c.
func (b *bench) playOne(a, c *player, seed uint64, stop *atomic.Bool) error {
	id, err := b.setUp(a, c, b.f.views)
	if err != nil {
		return err
	}
	g := &pairGame{b: b, table: id, rng: rand.New(rand.NewPCG(seed, 7)), done: make(chan struct{}), stop: stop, ps: [2]*player{a, c}}
	reg := games.Registry()
	for i := range 2 {
		_, st, err := reg.Start(game.Log{Game: "dots", Options: json.RawMessage(fmt.Sprintf(`{"rows":%d,"cols":%d}`, b.f.size, b.f.size))})
		if err != nil {
			return err
		}
		g.st[i] = st
	}
	a.mu.Lock()
	a.onPush = g.onPush(0)
	a.mu.Unlock()
	c.mu.Lock()
	c.onPush = g.onPush(1)
	c.mu.Unlock()
	views := `,"views":` + strconv.FormatBool(b.f.views)
	for _, p := range []*player{a, c} {
		if _, err := p.call("table.watch", `"table":"`+id+`"`+views); err != nil {
			return err
		}
	}
	g.maybePlay(0)
	g.maybePlay(1)
	select {
	case <-g.done:
	case <-a.closed:
		return errors.New("connection closed")
	case <-c.closed:
		return errors.New("connection closed")
	}
	// Wait for outstanding acknowledgements before leaving the table.
	for {
		g.mu.Lock()
		busy := g.busy[0] || g.busy[1]
		g.mu.Unlock()
		if !busy {
			break
		}
		time.Sleep(time.Millisecond)
	}
	b.games.Add(1)
	for _, p := range []*player{a, c} {
		p.mu.Lock()
		p.onPush = nil
		p.mu.Unlock()
		if _, err := p.call("table.unwatch", `"table":"`+id+`"`); err != nil {
			return err
		}
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
			for n := uint64(0); !stop.Load(); n++ {
				if err := b.playOne(ps[2*i], ps[2*i+1], uint64(i)<<32|n, &stop); err != nil {
					errs <- err
					stop.Store(true)
					return
				}
			}
		}()
	}
	if f.moves <= 0 {
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
		p.ws.Close(websocket.StatusNormalClosure, "")
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
			id, err := b.setUp(a, c, false)
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
		p.ws.CloseNow()
	}
	return nil
}
