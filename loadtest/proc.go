package loadtest

import (
	"bufio"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

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

// procSample is what a benchmark reads of a server process, and of its
// own CPU time, at one moment: two samples bracket a run, and their
// differences are the run's costs.
type procSample struct {
	cpu           time.Duration
	cpuOK         bool
	reads, writes int64
	ioOK          bool
	self          time.Duration
}

// sampleProc reads pid's CPU time and system calls and this process's CPU
// time, in that order.
func sampleProc(pid int) procSample {
	var s procSample
	s.cpu, s.cpuOK = procCPU(pid)
	s.reads, s.writes, s.ioOK = procSyscalls(pid)
	s.self = selfCPU()
	return s
}
