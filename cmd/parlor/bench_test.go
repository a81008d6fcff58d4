package main

import (
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestBenchServerReportsFigures runs the load tool the issue names against
// a real child server and checks that it reports what an operator reads
// off it: moves per second, latency percentiles, server CPU per move and
// peak memory, with a positive number of accepted moves.
func TestBenchServerReportsFigures(t *testing.T) {
	out, err := exec.Command(parlorBin, "bench", "server", "-matches", "3", "-duration", "1500ms").CombinedOutput()
	if err != nil {
		t.Fatalf("bench server: %v\n%s", err, out)
	}
	s := string(out)
	m := regexp.MustCompile(`accepted moves (\d+) \(refused (\d+)\)`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no accepted moves line:\n%s", s)
	}
	if n, _ := strconv.Atoi(m[1]); n == 0 {
		t.Fatalf("no move was accepted:\n%s", s)
	}
	if m[2] != "0" {
		t.Errorf("clients making legal moves were refused %s times:\n%s", m[2], s)
	}
	for _, want := range []string{"moves/s", "latency send->ack p50", "p95", "p99", "µs per accepted move", "server peak memory"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

// The bench tells what finished matches leave in the server's memory:
// the heap in use after a forced GC, before and after play, per game
// finished.
func TestBenchServerReportsHeapPerFinishedMatch(t *testing.T) {
	out, err := exec.Command(parlorBin, "bench", "server", "-matches", "2", "-games", "1").CombinedOutput()
	if err != nil {
		t.Fatalf("bench server: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`games finished (\d+)`).FindStringSubmatch(string(out))
	if m == nil || m[1] != "2" {
		t.Fatalf("two pairs playing one game each did not finish two:\n%s", out)
	}
	if !regexp.MustCompile(`server heap in use after a forced GC [\d.]+ -> [\d.]+ MiB: -?[\d.]+ KiB per finished match`).Match(out) {
		t.Fatalf("no heap per finished match:\n%s", out)
	}
}

// TestBenchFloorBothLoops checks that both floor servers relay moves and
// report CPU per move, and that the epoll loop makes exactly one read and
// two writes per move, the claim its figure rests on.
func TestBenchFloorBothLoops(t *testing.T) {
	loops := []string{"netpoll", "epoll"}
	if runtime.GOOS != "linux" {
		loops = loops[:1] // the epoll loop is Linux's
	}
	for _, loop := range loops {
		out, err := exec.Command(parlorBin, "bench", "floor", "-loop", loop, "-matches", "4", "-duration", "500ms").CombinedOutput()
		if err != nil {
			t.Fatalf("bench floor -loop %s: %v\n%s", loop, err, out)
		}
		s := string(out)
		if !strings.Contains(s, "floor ("+loop+")") || !strings.Contains(s, "µs per move") {
			t.Errorf("-loop %s output lacks its figures:\n%s", loop, s)
		}
		if loop != "epoll" {
			continue
		}
		m := regexp.MustCompile(`system calls per move: ([0-9.]+) reads, ([0-9.]+) writes`).FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("the epoll floor printed no system calls per move:\n%s", s)
		}
		r, _ := strconv.ParseFloat(m[1], 64)
		w, _ := strconv.ParseFloat(m[2], 64)
		if r < 0.98 || r > 1.02 || w < 1.98 || w > 2.02 {
			t.Errorf("the epoll floor should make one read and two writes per move, made %v and %v:\n%s", r, w, s)
		}
	}
	out, err := exec.Command(parlorBin, "bench", "floor", "-loop", "io_uring").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "-loop must be netpoll or epoll") {
		t.Errorf("an unknown loop should be refused with the choices; got err %v:\n%s", err, out)
	}
	out, err = exec.Command(parlorBin, "bench", "floor", "-think", "-1s").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "-think must not be negative") {
		t.Errorf("a negative pause should be refused; got err %v:\n%s", err, out)
	}
}

// TestBenchFloorPaced: with -think each pair pauses before each move, so
// 4 pairs pausing 20 ms on average make about 200 moves a second, not the
// thousands of a flat-out run, and the output says at which pace it ran.
func TestBenchFloorPaced(t *testing.T) {
	out, err := exec.Command(parlorBin, "bench", "floor", "-matches", "4", "-duration", "1s", "-think", "20ms").CombinedOutput()
	if err != nil {
		t.Fatalf("bench floor -think: %v\n%s", err, out)
	}
	s := string(out)
	if !strings.Contains(s, "pausing 20ms on average before each move") {
		t.Errorf("the output does not name the pace:\n%s", s)
	}
	m := regexp.MustCompile(`([0-9.]+) moves/s`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no moves/s in the output:\n%s", s)
	}
	if rate, _ := strconv.ParseFloat(m[1], 64); rate <= 0 || rate > 300 {
		t.Errorf("4 pairs pausing 20 ms made %v moves/s, want about 200", rate)
	}
}

// TestBenchLobbyReportsFigures runs the lobby bench in both modes and
// checks what it is for: a member that joined with changes receives, per
// arrival, a small part of what a member sent the whole lists receives.
func TestBenchLobbyReportsFigures(t *testing.T) {
	out, err := exec.Command(parlorBin, "bench", "lobby", "-members", "30", "-arrivals", "4").CombinedOutput()
	if err != nil {
		t.Fatalf("bench lobby: %v\n%s", err, out)
	}
	s := string(out)
	perMember := func(label string) float64 {
		t.Helper()
		m := regexp.MustCompile(regexp.QuoteMeta(label) + `:\s+(\d+) bytes of lobby pushes per member per arrival`).FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("no line for %s:\n%s", label, s)
		}
		n, _ := strconv.ParseFloat(m[1], 64)
		return n
	}
	changes, whole := perMember("changes (v5)"), perMember("whole lists (v4)")
	if changes == 0 {
		t.Fatalf("members that joined with changes were told nothing of the arrivals:\n%s", s)
	}
	// 30 to 34 players online: the whole list is some 30 entries, a
	// change names the one who came.
	if changes*5 > whole {
		t.Fatalf("a change costs a member %v bytes, the whole list %v: want a small part of it:\n%s", changes, whole, s)
	}
	if !strings.Contains(s, "server CPU") {
		t.Errorf("no server CPU figure:\n%s", s)
	}
}

// TestBenchLobbyFirstPage runs the lobby bench in a lobby of more tables
// than a page holds: a member who joins with a first page (v6) is sent
// a part of the tables a member with changes is sent on joining, and,
// since each arrival's table is made past the page, hears less per
// arrival too (the arrival's name, not its table).
func TestBenchLobbyFirstPage(t *testing.T) {
	out, err := exec.Command(parlorBin, "bench", "lobby", "-members", "30", "-arrivals", "4", "-tables", "60", "-mode", "all", "-page", "10").CombinedOutput()
	if err != nil {
		t.Fatalf("bench lobby: %v\n%s", err, out)
	}
	s := string(out)
	figure := func(label, what string) float64 {
		t.Helper()
		m := regexp.MustCompile(regexp.QuoteMeta(label) + `:\s+(\d+) bytes of lobby ` + what).FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("no %q line for %s:\n%s", what, label, s)
		}
		n, _ := strconv.ParseFloat(m[1], 64)
		return n
	}
	pageJoin, changesJoin := figure("page of 10 (v6)", "lists per member on joining"), figure("changes (v5)", "lists per member on joining")
	if pageJoin == 0 || pageJoin*2 > changesJoin {
		t.Errorf("joining with a page of 10 of 60 tables cost %v bytes, with every table %v: want well under half:\n%s", pageJoin, changesJoin, s)
	}
	pageArrival, changesArrival := figure("page of 10 (v6)", "pushes per member per arrival"), figure("changes (v5)", "pushes per member per arrival")
	if pageArrival == 0 || pageArrival >= changesArrival {
		t.Errorf("an arrival who makes a table past the page cost a member on a page %v bytes, with changes %v: want less, but not nothing (the arrival is online):\n%s", pageArrival, changesArrival, s)
	}
	if !strings.Contains(s, "whole lists (v4):") {
		t.Errorf("-mode all did not run the whole lists:\n%s", s)
	}
}

// TestBenchSlowReportsFigures runs the slow-reader bench, small, and
// checks that it reports what the issue asks of it: the other matches'
// latency quiet and with the readers stuck, the server's memory growth,
// and how the readers ended, with the server's own count of them.
func TestBenchSlowReportsFigures(t *testing.T) {
	out, err := exec.Command(parlorBin, "bench", "slow", "-readers", "20", "-busy", "1", "-matches", "2",
		"-quiet", "1s", "-duration", "2s").CombinedOutput()
	if err != nil {
		t.Fatalf("bench slow: %v\n%s", err, out)
	}
	s := string(out)
	for _, re := range []string{
		`quiet (\d+) moves p50 \S+ p99 \S+ max \S+; with the readers stuck (\d+) moves p50`,
		`server RSS [\d.]+ MiB before the readers, peak [\d.]+ MiB \(\+[\d.]+ MiB\)`,
		`readers closed by the server: \d+ of 20 read status 1008, .* \(its count: \d+\)`,
	} {
		m := regexp.MustCompile(re).FindStringSubmatch(s)
		if m == nil {
			t.Errorf("output lacks %q:\n%s", re, s)
			continue
		}
		for _, n := range m[1:] {
			if n == "0" {
				t.Errorf("no moves measured in a phase:\n%s", s)
			}
		}
	}
}
