package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime/pprof"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// ServerConfig is one run of the load test against Parlor itself: pairs
// of guests playing Dots and Boxes over WebSocket, or holding idle
// matches, against a child server or running nodes.
type ServerConfig struct {
	// Matches is how many matches are played at once (two clients each).
	Matches int
	// Duration is how long to play, unless Moves or Games stop it first.
	Duration time.Duration
	// Moves, when positive, stops the run after that many accepted moves.
	Moves int64
	// Views watches with views: the server sends each seat's full view
	// with every move.
	Views bool
	// Nodes are the host:port of running servers; players are spread
	// over them, and with more than one, a player whose node fails
	// reconnects to another and resumes its match by sequence number.
	// Empty: a child server is started on a temporary data directory.
	Nodes []string
	// PID is a running server's process id (with Nodes), to read its CPU
	// time and memory.
	PID int
	// Idle, when positive, holds this many idle live matches instead of
	// playing, and reports the server's memory after Hold. Then, if
	// Probe is positive, that many pairs of the crowd play for Duration,
	// at Think's pace, and the latency of their moves is reported: what
	// a move through an idle crowd costs.
	Idle  int
	Hold  time.Duration
	Probe int
	// Transport is the child server's -transport (goroutine or epoll);
	// "" is its default. Unused with Nodes.
	Transport string
	// Size is the board's size in dots (8 is 8x8 dots, 49 boxes).
	Size int
	// Think is the mean pause before each move (uniform from 0 to twice
	// this): 0 plays flat out; with a pause the clients offer a load the
	// machine can carry, and the latency is the server's, not a queue's.
	Think time.Duration
	// Games, when positive, is how many whole games each pair plays
	// before the run stops (instead of Duration or Moves).
	Games int
	// Verify checks every finished match against its stored replay.
	Verify bool
	// CommitDelay is the child server's commit delay (parlor serve
	// -commit-delay); unused with Nodes.
	CommitDelay time.Duration
}

// RunServer runs the load test and writes its report to stdout; the
// child server's address and the open-files limit go to stderr.
func RunServer(f ServerConfig, stdout, stderr io.Writer) error {
	if f.Matches <= 0 && f.Idle <= 0 {
		return errors.New("loadtest: no matches to play or hold")
	}
	raiseFileLimit(stderr)

	nodes, pid := f.Nodes, f.PID
	if len(nodes) == 0 {
		var extra []string
		if f.Transport != "" {
			extra = []string{"-transport", f.Transport}
		}
		child, a, err := startChildServer(stderr, f.CommitDelay, extra...)
		if err != nil {
			return err
		}
		defer child.stop()
		nodes, pid = []string{a}, child.cmd.Process.Pid
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
	b := &bench{f: f, pid: pid, out: stdout, board: newBoard(f.Size, f.Size)}
	for _, a := range nodes {
		b.bases = append(b.bases, "http://"+a)
	}
	b.base = b.bases[0]
	b.resume = len(b.bases) > 1
	if f.Idle > 0 {
		return b.runIdle()
	}
	return b.runPlay()
}

type bench struct {
	f     ServerConfig
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
	lateNames   atomic.Bool  // players from now on sort after those before (the lobby bench's arrivals)
	lastRefusal atomic.Value // the last refusal of a move, as the server wrote it
	moves       atomic.Int64
	refused     atomic.Int64
	games       atomic.Int64
	lobbyBytes  atomic.Int64 // bytes of lobby list pushes received (bench lobby)

	mu       sync.Mutex
	lats     []time.Duration
	finished []finishedMatch // with -verify: what the seats saw of each match played to its end

	// onSetUp and onLat, when set, are told of each table a pair sets
	// up and of each acknowledged move's latency, with the pair's number
	// (the high half of playOne's seed): the slow-reader bench (slow.go)
	// follows some pairs' tables and measures the others.
	onSetUp func(pair int, table string)
	onLat   func(pair int, d time.Duration)
}

// playOne plays one whole match between a and c; seed's high half is the
// pair's number.
func (b *bench) playOne(a, c *player, seed uint64, stop *atomic.Bool) error {
	id, match, err := b.setUp(a, c)
	if err != nil {
		return err
	}
	g := &pairGame{b: b, table: id, match: match, bd: b.board, stop: stop, done: make(chan struct{}), pair: int(seed >> 32)}
	if b.onSetUp != nil {
		b.onSetUp(g.pair, id)
	}
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
	if f, over := g.record(); b.f.Verify && over {
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
	err := inParallel(n, 32, func(i int) error {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		p, err := b.newPlayer(ctx)
		ps[i] = p
		return err
	})
	return ps, err
}

// runPlay plays f.Matches pairs at once until their moves, games or time
// run out, and reports what the server spent on them: its costs are read
// just before the first move and just after the last, so that signing up
// and connecting are left out.
func (b *bench) runPlay() error {
	f := b.f
	fmt.Fprintf(b.out, "connecting %d clients for %d matches of Dots and Boxes %dx%d (views %v)\n", 2*f.Matches, f.Matches, f.Size, f.Size, f.Views)
	ps, err := b.connectAll(2 * f.Matches)
	if err != nil {
		return err
	}
	heap0, heapOK := serverHeapInUse(b.base)
	before := sampleProc(b.pid)
	hist0 := b.moveHistogram()
	start := time.Now()
	errs := b.playPairs(ps)
	elapsed := time.Since(start)
	after := sampleProc(b.pid)
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
	b.reportPlay(elapsed, before, after, hist1.minus(hist0))
	if memOK {
		fmt.Fprintf(b.out, "server peak memory (VmHWM) %.1f MiB\n", float64(hwm)/(1<<20))
	}
	if heap1, ok := serverHeapInUse(b.base); heapOK && ok && b.games.Load() > 0 {
		// What the server still holds of the matches it finished, which
		// the lobby lists a while.
		fmt.Fprintf(b.out, "server heap in use after a forced GC %.1f -> %.1f MiB: %.2f KiB per finished match\n",
			float64(heap0)/(1<<20), float64(heap1)/(1<<20), float64(heap1-heap0)/1024/float64(b.games.Load()))
	}
	if b.resume {
		b.nodeLoss.report(b.out)
	}
	if f.Verify {
		return b.verify()
	}
	return nil
}

// playPairs plays the pairs ps[2i], ps[2i+1] match after match, until
// f.Games each, or f.Duration when neither moves nor games bound the run
// (playOne stops at f.Moves), or the first error. It returns when every
// pair has stopped; the channel holds the errors.
func (b *bench) playPairs(ps []*player) <-chan error {
	f := b.f
	var stop atomic.Bool
	var wg sync.WaitGroup
	errs := make(chan error, f.Matches)
	for i := range f.Matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := uint64(0); !stop.Load() && (f.Games <= 0 || n < uint64(f.Games)); n++ {
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
	if f.Moves <= 0 && f.Games <= 0 {
		go func() {
			time.Sleep(f.Duration)
			stop.Store(true)
		}()
	}
	wg.Wait()
	return errs
}

// reportPlay writes the play run's throughput and latency, and the
// server's and clients' costs per accepted move between before and after;
// hist is the server's own timing of the moves over the run.
func (b *bench) reportPlay(elapsed time.Duration, before, after procSample, hist histogram) {
	f := b.f
	moves := b.moves.Load()
	b.mu.Lock()
	lats := b.lats
	b.mu.Unlock()
	sort.Slice(lats, func(i, j int) bool { return lats[i] < lats[j] })
	pct := func(p float64) time.Duration {
		if len(lats) == 0 {
			return 0
		}
		return lats[min(len(lats)-1, int(p*float64(len(lats))))].Round(time.Microsecond)
	}
	fmt.Fprintf(b.out, "matches %d, views %v, elapsed %.1fs, games finished %d\n", f.Matches, f.Views, elapsed.Seconds(), b.games.Load())
	fmt.Fprintf(b.out, "accepted moves %d (refused %d): %.0f moves/s\n", moves, b.refused.Load(), float64(moves)/elapsed.Seconds())
	if r, ok := b.lastRefusal.Load().(string); ok {
		fmt.Fprintf(b.out, "the last refusal: %s\n", r)
	}
	fmt.Fprintf(b.out, "latency send->ack p50 %v p95 %v p99 %v max %v\n", pct(.50), pct(.95), pct(.99), pct(1))
	if before.cpuOK && moves > 0 {
		cpu := after.cpu - before.cpu
		fmt.Fprintf(b.out, "server CPU %.2fs: %.1f µs per accepted move (setup excluded; durability on)\n", cpu.Seconds(), float64(cpu.Microseconds())/float64(moves))
	} else {
		fmt.Fprintln(b.out, "server CPU: unknown (pass -pid with -addr)")
	}
	if hist.count > 0 {
		fmt.Fprintf(b.out, "server-side match.play, receipt to durable ack: mean %v, p50 <= %v, p99 <= %v (histogram bounds); the rest of send->ack is transport and scheduling\n",
			(time.Duration(hist.sum * float64(time.Second) / float64(hist.count))).Round(time.Microsecond), hist.quantile(.50), hist.quantile(.99))
	}
	if moves > 0 {
		self := after.self - before.self
		fmt.Fprintf(b.out, "bench clients' CPU %.2fs: %.1f µs per accepted move (they share the machine with the server)\n", self.Seconds(), float64(self.Microseconds())/float64(moves))
	}
	if before.ioOK && moves > 0 {
		fmt.Fprintf(b.out, "server system calls per accepted move: %.2f reads, %.2f writes (sockets and files)\n", float64(after.reads-before.reads)/float64(moves), float64(after.writes-before.writes)/float64(moves))
	}
}

// runIdle holds idle live matches and reports the server's memory.
func (b *bench) runIdle() error {
	n := b.f.Idle
	fmt.Fprintf(b.out, "opening %d idle matches (%d connections)\n", n, 2*n)
	_, rss0, _ := procMem(b.pid)
	ps, err := b.connectAll(2 * n)
	if err != nil {
		return fmt.Errorf("after %d players: %w", b.nextUser.Load(), err)
	}
	err = inParallel(n, 32, func(i int) error {
		a, c := ps[2*i], ps[2*i+1]
		id, _, err := b.setUp(a, c)
		if err != nil {
			return err
		}
		for _, p := range []*player{a, c} {
			if _, err := p.call("table.watch", `"table":"`+id+`","views":false`); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	time.Sleep(b.f.Hold)
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
	if b.f.Probe > 0 {
		if err := b.probe(ps[:2*min(b.f.Probe, n)]); err != nil {
			return err
		}
	}
	for _, p := range ps {
		p.quit.Store(true)
		p.ws.Load().CloseNow()
	}
	return nil
}

// playOn has each pair of ps play one match after another until stop,
// each pair in a goroutine of wg; the first error stops them all and is
// sent on the channel returned.
func (b *bench) playOn(ps []*player, stop *atomic.Bool, wg *sync.WaitGroup) <-chan error {
	pairs := len(ps) / 2
	errs := make(chan error, pairs)
	for i := range pairs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := uint64(0); !stop.Load(); n++ {
				if err := b.playOne(ps[2*i], ps[2*i+1], uint64(i)<<32|n, stop); err != nil {
					errs <- err
					stop.Store(true)
					return
				}
			}
		}()
	}
	return errs
}

// probe has pairs of ps play, one match after another, for the run's
// Duration and reports their moves' latency, send to acknowledgement.
func (b *bench) probe(ps []*player) error {
	pairs := len(ps) / 2
	var stop atomic.Bool
	var wg sync.WaitGroup
	errs := b.playOn(ps, &stop, &wg)
	time.Sleep(b.f.Duration)
	stop.Store(true)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	b.mu.Lock()
	lats := slices.Clone(b.lats)
	b.mu.Unlock()
	slices.Sort(lats)
	pct := func(p float64) time.Duration {
		if len(lats) == 0 {
			return 0
		}
		return lats[min(len(lats)-1, int(p*float64(len(lats))))].Round(time.Microsecond)
	}
	fmt.Fprintf(b.out, "through the crowd: %d pairs, think %v, %d moves: latency send->ack p50 %v p99 %v max %v\n",
		pairs, b.f.Think, len(lats), pct(.50), pct(.99), pct(1))
	return nil
}
