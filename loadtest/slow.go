package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parlor-games/parlor/client"
)

// SlowConfig is one run of the slow-reader bench: pairs play Dots and
// Boxes at a person's pace while, after a quiet phase, many sockets join
// the lobby, watch the busiest tables and stop reading. It measures what
// they cost everyone else: the server's memory, and the latency of the
// matches they do not watch.
type SlowConfig struct {
	// Readers is how many sockets stop reading.
	Readers int
	// Busy is how many of the matches the readers watch.
	Busy int
	// Matches is how many other matches are played, whose latency is
	// reported.
	Matches int
	// Size is the board's size in dots.
	Size int
	// Think is the mean pause before each move.
	Think time.Duration
	// Quiet is how long the matches play before the readers come, and
	// Duration how long they play once the readers have stopped reading.
	Quiet, Duration time.Duration
	// Transport is the child server's -transport; "" is its default.
	Transport string
	// CommitDelay is the child server's commit delay.
	CommitDelay time.Duration
}

// RunSlow runs the slow-reader bench against a child server and writes
// its report to stdout.
func RunSlow(f SlowConfig, stdout, stderr io.Writer) error {
	if f.Readers <= 0 || f.Busy <= 0 || f.Matches <= 0 {
		return errors.New("loadtest: readers, busy and matches must be positive")
	}
	raiseFileLimit(stderr)
	child, addr, err := startChildServer(stderr, f.CommitDelay, f.serverArgs()...)
	if err != nil {
		return err
	}
	defer child.stop()
	pid := child.cmd.Process.Pid
	b := &bench{f: ServerConfig{Matches: f.Busy + f.Matches, Size: f.Size, Think: f.Think}, pid: pid, out: stdout, board: newBoard(f.Size, f.Size)}
	b.bases = []string{"http://" + addr}
	b.base = b.bases[0]
	w := &slowWatch{busy: make([]atomic.Value, f.Busy)}
	b.onSetUp, b.onLat = w.setUp, w.lat

	fmt.Fprintf(stdout, "transport %s: %d matches of Dots and Boxes %dx%d at a %v pace, %d of them watched by %d readers that stop reading\n",
		orDefault(f.Transport), f.Busy+f.Matches, f.Size, f.Size, f.Think, f.Busy, f.Readers)
	ps, err := b.connectAll(2 * (f.Busy + f.Matches))
	if err != nil {
		return err
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	errs := b.playOn(ps, &stop, &wg)
	defer func() {
		stop.Store(true)
		wg.Wait()
		for _, p := range ps {
			p.quit.Store(true)
			p.ws.Load().Close()
		}
	}()

	run, err := b.slowPhases(f, w)
	if err != nil {
		return err
	}
	serverClosed := b.metric(`parlor_slow_closed_total`)
	select {
	case err := <-errs:
		return err
	default:
	}
	q, s := w.latencies()
	fmt.Fprintf(stdout, "other matches' moves, send->ack: quiet %d moves p50 %v p99 %v max %v; with the readers stuck %d moves p50 %v p99 %v max %v\n",
		len(q), quantile(q, .50), quantile(q, .99), quantile(q, 1), len(s), quantile(s, .50), quantile(s, .99), quantile(s, 1))
	fmt.Fprintf(stdout, "server RSS %.1f MiB before the readers, peak %.1f MiB (+%.1f MiB) and %.1f MiB at the end of %v with them\n",
		mib(run.rss0), mib(run.peak), mib(run.peak-run.rss0), mib(run.rss1), f.Duration)
	m := run.marks
	fmt.Fprintf(stdout, "server CPU per second: quiet %s; the readers arriving %s (%v); with the readers stuck %s\n",
		m[0].to(m[1]), m[1].to(m[2]), m[2].at.Sub(m[1].at).Round(time.Millisecond), m[2].to(m[3]))
	ends := readersEnd(run.readers)
	fmt.Fprintf(stdout, "readers closed by the server: %s (its count: %s)\n", ends, serverClosed)
	return nil
}

// serverArgs are the child server's flags: no cap on sockets per account,
// since every reader is a socket of one guest account.
func (f SlowConfig) serverArgs() []string {
	extra := []string{"-ws-per-account", "0"}
	if f.Transport != "" {
		extra = append(extra, "-transport", f.Transport)
	}
	return extra
}

// Phases of the slow-reader bench, as slowWatch files the latencies.
const (
	slowQuiet    int32 = iota // before the readers
	slowArriving              // readers joining and watching
	slowStuck                 // readers no longer reading
	slowOver                  // measuring done
)

// slowWatch follows the bench's pairs: the readers watch the tables of
// the first len(busy) pairs, game after game; the latency is that of the
// other pairs, filed by phase.
type slowWatch struct {
	busy  []atomic.Value // pair -> its current table id
	phase atomic.Int32

	mu           sync.Mutex
	quiet, stuck []time.Duration
}

// setUp keeps a busy pair's new table, for the readers to watch.
func (w *slowWatch) setUp(pair int, table string) {
	if pair < len(w.busy) {
		w.busy[pair].Store(table)
	}
}

// lat files an unwatched pair's move latency under the current phase;
// moves while the readers arrive belong to neither measure.
func (w *slowWatch) lat(pair int, d time.Duration) {
	if pair < len(w.busy) {
		return
	}
	w.mu.Lock()
	switch w.phase.Load() {
	case slowQuiet:
		w.quiet = append(w.quiet, d)
	case slowStuck:
		w.stuck = append(w.stuck, d)
	}
	w.mu.Unlock()
}

// latencies returns sorted copies of the quiet and the stuck latencies.
func (w *slowWatch) latencies() (quiet, stuck []time.Duration) {
	w.mu.Lock()
	quiet, stuck = slices.Clone(w.quiet), slices.Clone(w.stuck)
	w.mu.Unlock()
	slices.Sort(quiet)
	slices.Sort(stuck)
	return quiet, stuck
}

// slowRun is what slowPhases measured of the server.
type slowRun struct {
	// marks open and close each phase: quiet, arriving, stuck.
	marks            [4]phaseMark
	rss0, peak, rss1 int64
	readers          []*client.Lean
}

// slowPhases plays the quiet phase for f.Quiet, brings f.Readers readers
// that stop reading, and plays on for f.Duration with them stuck,
// sampling the server's memory as it grows. The server's CPU time and
// write calls in each phase are figures the machine's other work does not
// blur as it blurs the latency.
func (b *bench) slowPhases(f SlowConfig, w *slowWatch) (slowRun, error) {
	var run slowRun
	pid := b.pid
	run.marks[0] = markPhase(pid)
	time.Sleep(f.Quiet)
	run.rss0, _, _ = procMem(pid)
	run.marks[1] = markPhase(pid)
	w.phase.Store(slowArriving)
	readers, err := b.stopReading(f.Readers, w.busy)
	if err != nil {
		return run, err
	}
	run.readers = readers
	run.marks[2] = markPhase(pid)
	w.phase.Store(slowStuck)
	run.peak = run.rss0
	end := time.Now().Add(f.Duration)
	for time.Now().Before(end) {
		if rss, _, ok := procMem(pid); ok {
			run.peak = max(run.peak, rss)
		}
		time.Sleep(100 * time.Millisecond)
	}
	run.rss1, _, _ = procMem(pid)
	run.marks[3] = markPhase(pid)
	w.phase.Store(slowOver)
	return run, nil
}

// stopReading connects n sockets of one guest; each joins the lobby,
// reads until its reply, watches the busy tables with views and reads
// nothing more. While they do not read, each watches every new table of
// the busy pairs as its game begins.
func (b *bench) stopReading(n int, busy []atomic.Value) ([]*client.Lean, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cl, err := client.New(b.base)
	if err != nil {
		return nil, err
	}
	if _, err := cl.Guest(ctx, fmt.Sprintf("stuck-%d", os.Getpid()%10000)); err != nil {
		return nil, err
	}
	u, _ := url.Parse(b.base)
	readers := make([]*client.Lean, n)
	err = inParallel(n, 16, func(i int) error {
		var d net.Dialer
		nc, err := d.DialContext(ctx, "tcp", u.Host)
		if err != nil {
			return err
		}
		ws, err := cl.DialLean(ctx, nc)
		if err != nil {
			nc.Close()
			return err
		}
		readers[i] = ws
		if err := ws.WriteText([]byte(`{"t":"lobby.join","id":1}`)); err != nil {
			return err
		}
		for {
			m, err := ws.Read()
			if err != nil {
				return fmt.Errorf("a reader's lobby.join: %w", err)
			}
			if len(m) > 20 && string(m[:20]) == `{"t":"reply","id":1,` {
				return nil
			}
		}
	})
	if err != nil {
		return readers, err
	}
	// Watch the busy tables, now and as each begins another game.
	go func() {
		seen := map[string]bool{}
		id := 2
		for range time.Tick(100 * time.Millisecond) {
			for k := range busy {
				t, _ := busy[k].Load().(string)
				if t == "" || seen[t] {
					continue
				}
				seen[t] = true
				msg := []byte(`{"t":"table.watch","id":` + strconv.Itoa(id) + `,"table":"` + t + `","views":true}`)
				id++
				for _, r := range readers {
					_ = r.WriteText(msg) // a reader closed already is no matter
				}
			}
		}
	}()
	return readers, nil
}

// readersEnd reads each reader to its end, for a few seconds at most,
// and says how they ended: closed with 1008 (falling behind), with
// another status, cut before a close frame was read (the server cuts a
// reader closed for falling behind once it has read nothing for 10 s),
// or still open.
func readersEnd(readers []*client.Lean) string {
	var behind, other, cut, open atomic.Int64
	var wg sync.WaitGroup
	deadline := time.Now().Add(10 * time.Second)
	for _, r := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.SetReadDeadline(deadline)
			for {
				_, err := r.Read()
				if err == nil {
					continue
				}
				var closed *client.LeanClosed
				var ne net.Error
				switch {
				case errors.As(err, &closed) && closed.Status == 1008:
					behind.Add(1)
				case errors.As(err, &closed):
					other.Add(1)
				case errors.As(err, &ne) && ne.Timeout():
					open.Add(1)
				default:
					cut.Add(1)
				}
				r.CloseNow()
				return
			}
		}()
	}
	wg.Wait()
	return fmt.Sprintf("%d of %d read status 1008, %d another status, %d were cut before they read a close frame, %d still open",
		behind.Load(), len(readers), other.Load(), cut.Load(), open.Load())
}

// metric reads one counter of the server's /metrics, "none" if absent (a
// build without it).
func (b *bench) metric(name string) string {
	res, err := http.Get(b.base + "/metrics")
	if err != nil {
		return "none"
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + ` (\S+)$`).FindSubmatch(body)
	if m == nil {
		return "none"
	}
	return string(m[1])
}

func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))].Round(100 * time.Microsecond)
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }

func orDefault(t string) string {
	if t == "" {
		return "default"
	}
	return t
}

// phaseMark is the server's CPU time and write calls at one moment.
type phaseMark struct {
	at     time.Time
	cpu    time.Duration
	writes int64
}

func markPhase(pid int) phaseMark {
	cpu, _ := procCPU(pid)
	_, w, _ := procSyscalls(pid)
	return phaseMark{at: time.Now(), cpu: cpu, writes: w}
}

// to says the CPU time and the write calls per second from m to n.
func (m phaseMark) to(n phaseMark) string {
	secs := n.at.Sub(m.at).Seconds()
	if secs <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f ms, %.0f writes", float64(n.cpu-m.cpu)/float64(time.Millisecond)/secs, float64(n.writes-m.writes)/secs)
}
