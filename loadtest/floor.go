package loadtest

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The floor benchmark answers one question: what does the least a server
// can do per move over loopback TCP cost, with Go's netpoller and one
// connection per player? Per move its server reads the mover's message
// once and writes one message to each of the two players: no WebSocket,
// no JSON, no game, no store. Whatever `bench server` measures above this
// floor is Parlor's own; a CPU target below it cannot be met with one TCP
// connection per player on this machine.
//
// Like `bench server`, the server side runs as a child process (this
// binary, `parlor bench floor-serve`), so that its CPU time and system
// calls are read from /proc apart from the clients'.

// Sizes of the floor's messages, about those of a Dots and Boxes move
// (a match.play request) and of its acknowledgement plus update.
const (
	floorMoveSize   = 96
	floorUpdateSize = 224
)

// FloorLoop is the floor server's loop.
type FloorLoop string

const (
	// FloorNetpoll is Go's netpoller: a goroutine per connection.
	FloorNetpoll FloorLoop = "netpoll"
	// FloorEpoll is one locked thread on a level-triggered epoll set, no
	// runtime scheduling (Linux only).
	FloorEpoll FloorLoop = "epoll"
)

// FloorConfig is one run of the floor benchmark.
type FloorConfig struct {
	// Matches is how many pairs of connections play at once, for Duration.
	Matches  int
	Duration time.Duration
	// Think is the mean pause before each move (uniform from 0 to twice
	// this), as ServerConfig.Think: 0 plays flat out; a pause shows what a
	// move costs the kernel when few are in flight.
	Think time.Duration
	Loop  FloorLoop
}

// RunFloor runs the floor benchmark, its server a child process (this
// binary as "bench floor-serve", which calls ServeFloor), and writes its
// report to stdout.
func RunFloor(cfg FloorConfig, stdout, stderr io.Writer) error {
	if err := cfg.check(); err != nil {
		return err
	}
	raiseFileLimit(stderr)
	cmd, addr, err := startFloorServer(cfg.Loop, stderr)
	if err != nil {
		return err
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	pid := cmd.Process.Pid

	fc := &floorClients{think: cfg.Think, start: make(chan struct{})}
	defer fc.close()
	for i := range cfg.Matches {
		if err := fc.dialPair(addr, i); err != nil {
			return err
		}
	}
	fc.ready.Wait()
	before := sampleProc(pid)
	t0 := time.Now()
	close(fc.start)
	time.Sleep(cfg.Duration)
	fc.stop.Store(true)
	n := fc.moves.Load()
	elapsed := time.Since(t0)
	after := sampleProc(pid)
	// Unblock the clients waiting for an acknowledgement that will not come.
	cmd.Process.Signal(syscall.SIGTERM)
	fc.done.Wait()
	if fc.first != nil {
		return fc.first
	}
	if n == 0 {
		return errors.New("no moves")
	}
	cfg.report(stdout, n, elapsed, fc.lats, before, after)
	return nil
}

// check refuses a configuration the floor cannot run, before a server
// is started for it.
func (cfg FloorConfig) check() error {
	if cfg.Matches <= 0 {
		return errors.New("loadtest: the floor needs at least one pair")
	}
	if cfg.Think < 0 {
		return errors.New("loadtest: a negative pause")
	}
	if cfg.Loop != FloorNetpoll && cfg.Loop != FloorEpoll {
		return fmt.Errorf("loadtest: unknown floor loop %q", cfg.Loop)
	}
	return nil
}

// startFloorServer starts this binary as the floor's server and waits for
// the address it listens on, its first line of output. The caller ends it.
func startFloorServer(loop FloorLoop, stderr io.Writer) (*exec.Cmd, string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	cmd := exec.Command(exe, "bench", "floor-serve", string(loop))
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		return nil, "", fmt.Errorf("floor server did not start: %v", err)
	}
	return cmd, strings.TrimSpace(line), nil
}

// floorClients is the clients' side of one floor run: every player is a
// goroutine that waits for start, then plays until stop, and adds its
// latencies to lats when it ends.
type floorClients struct {
	think time.Duration
	start chan struct{}
	stop  atomic.Bool
	moves atomic.Int64
	// ready counts the players not yet waiting for start; done those not
	// yet ended.
	ready, done sync.WaitGroup
	conns       []net.Conn

	mu   sync.Mutex
	lats []time.Duration

	fmu   sync.Mutex
	first error
}

// fail keeps the run's first error and stops every player.
func (fc *floorClients) fail(err error) {
	fc.fmu.Lock()
	if fc.first == nil {
		fc.first = err
	}
	fc.fmu.Unlock()
	fc.stop.Store(true)
}

// close closes every connection dialled, once the run is over.
func (fc *floorClients) close() {
	for _, c := range fc.conns {
		c.Close()
	}
}

// dialPair connects pair i's two players, each announcing its pair and
// seat in five bytes so the server can pair them, and starts them.
func (fc *floorClients) dialPair(addr string, i int) error {
	var cs [2]net.Conn
	for s := range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return err
		}
		fc.conns = append(fc.conns, c)
		var hello [5]byte
		binary.LittleEndian.PutUint32(hello[:], uint32(i))
		hello[4] = byte(s)
		if _, err := c.Write(hello[:]); err != nil {
			return err
		}
		cs[s] = c
	}
	for s := range 2 {
		fc.ready.Add(1)
		fc.done.Add(1)
		go fc.play(cs[s], i, s)
	}
	return nil
}

// play is one player of pair i in seat s: seat 0 moves first, and each
// then moves on its opponent's move, timing every move to its
// acknowledgement.
func (fc *floorClients) play(c net.Conn, i, s int) {
	defer fc.done.Done()
	move := make([]byte, floorMoveSize)
	msg := make([]byte, floorUpdateSize)
	var sent time.Time
	var mine []time.Duration
	rng := rand.New(rand.NewPCG(uint64(i), uint64(s)))
	send := func() bool {
		if fc.think > 0 {
			time.Sleep(time.Duration(rng.Int64N(int64(2 * fc.think))))
		}
		if fc.stop.Load() {
			return false
		}
		sent = time.Now()
		if _, err := c.Write(move); err != nil {
			fc.fail(err)
			return false
		}
		return true
	}
	fc.ready.Done()
	<-fc.start
	if s == 0 && !send() {
		return
	}
	for {
		if _, err := io.ReadFull(c, msg); err != nil {
			if !fc.stop.Load() {
				fc.fail(err)
			}
			break
		}
		// msg[0]: 1 acknowledges this client's move; 2 is the
		// opponent's move, and this client moves next.
		if msg[0] == 1 {
			mine = append(mine, time.Since(sent))
			fc.moves.Add(1)
			if fc.stop.Load() {
				break
			}
			continue
		}
		if !send() {
			break
		}
	}
	fc.mu.Lock()
	fc.lats = append(fc.lats, mine...)
	fc.mu.Unlock()
}

// report writes the run's figures: n moves in elapsed, their latencies,
// and the server's and clients' costs per move between before and after.
func (cfg FloorConfig) report(stdout io.Writer, n int64, elapsed time.Duration, lats []time.Duration, before, after procSample) {
	sort.Slice(lats, func(i, j int) bool { return lats[i] < lats[j] })
	pct := func(p float64) time.Duration {
		return lats[min(len(lats)-1, int(p*float64(len(lats))))].Round(time.Microsecond)
	}
	pace := "flat out"
	if cfg.Think > 0 {
		pace = fmt.Sprintf("pausing %v on average before each move", cfg.Think)
	}
	fmt.Fprintf(stdout, "floor (%s): %d pairs over loopback TCP, one read and two writes per move in the server, %s\n", cfg.Loop, cfg.Matches, pace)
	fmt.Fprintf(stdout, "moves %d in %.1fs: %.0f moves/s\n", n, elapsed.Seconds(), float64(n)/elapsed.Seconds())
	fmt.Fprintf(stdout, "latency send->ack p50 %v p95 %v p99 %v\n", pct(.5), pct(.95), pct(.99))
	if before.cpuOK {
		cpu := after.cpu - before.cpu
		fmt.Fprintf(stdout, "server CPU %.2fs: %.1f µs per move\n", cpu.Seconds(), float64(cpu.Microseconds())/float64(n))
	}
	self := after.self - before.self
	fmt.Fprintf(stdout, "clients' CPU %.2fs: %.1f µs per move\n", self.Seconds(), float64(self.Microseconds())/float64(n))
	if before.ioOK {
		fmt.Fprintf(stdout, "server system calls per move: %.2f reads, %.2f writes\n", float64(after.reads-before.reads)/float64(n), float64(after.writes-before.writes)/float64(n))
	}
}

// ServeFloor is the floor's server: it writes its address to stdout,
// pairs connections by the id in their first five bytes and then, for
// every message from one of a pair, writes one message to each. It serves
// until the process ends.
func ServeFloor(loop FloorLoop, stdout io.Writer) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, ln.Addr().String())
	var ep *epollRelay
	if loop == FloorEpoll {
		if ep, err = newEpollRelay(); err != nil {
			return err
		}
		go ep.run()
	}
	var mu sync.Mutex
	pairs := map[uint32]*[2]net.Conn{}
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		go func() {
			var hello [5]byte
			if _, err := io.ReadFull(c, hello[:]); err != nil || hello[4] > 1 {
				c.Close()
				return
			}
			id, seat := binary.LittleEndian.Uint32(hello[:]), hello[4]
			mu.Lock()
			p := pairs[id]
			if p == nil {
				p = new([2]net.Conn)
				pairs[id] = p
			}
			p[seat] = c
			both := p[0] != nil && p[1] != nil
			mu.Unlock()
			if both && ep != nil {
				if err := ep.add(p); err != nil {
					fmt.Fprintln(os.Stderr, "floor:", err)
				}
			} else if both {
				go floorRelay(p, 0)
				go floorRelay(p, 1)
			}
		}()
	}
}

// floorRelay reads seat's moves and answers each with one write to each
// connection of the pair.
func floorRelay(p *[2]net.Conn, seat int) {
	in := make([]byte, floorMoveSize)
	ack := make([]byte, floorUpdateSize)
	upd := make([]byte, floorUpdateSize)
	ack[0], upd[0] = 1, 2
	for {
		if _, err := io.ReadFull(p[seat], in); err != nil {
			return
		}
		if _, err := p[seat].Write(ack); err != nil {
			return
		}
		if _, err := p[1-seat].Write(upd); err != nil {
			return
		}
	}
}
