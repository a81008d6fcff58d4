package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/parlor-games/parlor/loadtest"
)

// runBench dispatches parlor bench's measurements: "server", the load
// test, "floor", what the least possible server costs per move on the
// same machine ("floor-serve" is the floor's child process), and
// "lobby", what the lobby's pushes cost while people come, and "slow",
// what sockets that stop reading cost everyone else. The tools
// live in package loadtest; this only reads their flags.
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "server":
			return benchServer(args[1:], stdout, stderr)
		case "floor":
			return benchFloor(args[1:], stdout, stderr)
		case "lobby":
			return benchLobby(args[1:], stdout, stderr)
		case "slow":
			return benchSlow(args[1:], stdout, stderr)
		case "floor-serve":
			loop := loadtest.FloorNetpoll
			if len(args) > 1 {
				loop = loadtest.FloorLoop(args[1])
			}
			return loadtest.ServeFloor(loop, stdout)
		}
	}
	fmt.Fprintln(stderr, "usage: parlor bench server|floor|lobby|slow [flags]  (parlor bench server -h for the flags)")
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		return flag.ErrHelp
	}
	return errors.New("unknown or missing benchmark")
}

func benchServer(args []string, stdout, stderr io.Writer) error {
	var c loadtest.ServerConfig
	var addr string
	fs := flag.NewFlagSet("bench server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.Matches, "matches", 200, "concurrent matches of the load test's game, lines drawn between points to close boxes (two WebSocket clients each)")
	fs.DurationVar(&c.Duration, "duration", 10*time.Second, "how long to play (ignored with -moves)")
	fs.Int64Var(&c.Moves, "moves", 0, "stop after this many accepted moves instead of after -duration")
	fs.BoolVar(&c.Views, "views", false, "watch with views: the server sends each seat's full view with every move")
	fs.StringVar(&addr, "addr", "", "host:port of a running server, or several nodes' host:port separated by commas: players are spread over them, and one whose node fails reconnects to another and resumes its match by sequence number (default: start 'parlor serve' as a child on a temporary data directory)")
	fs.IntVar(&c.PID, "pid", 0, "with -addr: the server's process id, to read its CPU time and memory")
	fs.IntVar(&c.Idle, "idle", 0, "instead of playing, hold this many idle live matches (2 connections each) and report the server's memory")
	fs.IntVar(&c.Size, "size", 8, "board size in points (8 is 8x8 points, 49 boxes)")
	fs.DurationVar(&c.Hold, "hold", 3*time.Second, "with -idle: how long to hold the matches before measuring")
	fs.IntVar(&c.Probe, "probe", 0, "with -idle: after measuring, this many pairs of the idle crowd play for -duration at -think's pace, and their moves' latency is reported")
	fs.StringVar(&c.Transport, "transport", "", "the child server's WebSocket transport, goroutine or epoll (parlor serve -transport); ignored with -addr")
	fs.IntVar(&c.Games, "games", 0, "play this many whole games per pair, then stop (instead of -duration)")
	fs.BoolVar(&c.Verify, "verify", false, "at the end, check each finished match against its stored replay: every acknowledged move stored at its sequence number, none stored twice, no push missed")
	fs.DurationVar(&c.Think, "think", 0, "mean pause before each move (uniform from 0 to twice this): 0 plays flat out; with a pause the clients offer a load the machine can carry, and the latency is the server's rather than a queue's")
	fs.DurationVar(&c.CommitDelay, "commit-delay", defaultCommitDelay, "the child server's commit delay (parlor serve -commit-delay), to compare paced figures with and without one; ignored with -addr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if c.Matches <= 0 && c.Idle <= 0 {
		return errors.New("-matches must be positive")
	}
	if addr != "" {
		for _, a := range strings.Split(addr, ",") {
			if a = strings.TrimSpace(a); a != "" {
				c.Nodes = append(c.Nodes, a)
			}
		}
		if len(c.Nodes) == 0 {
			return errors.New("-addr names no server")
		}
	}
	return loadtest.RunServer(c, stdout, stderr)
}

func benchFloor(args []string, stdout, stderr io.Writer) error {
	c := loadtest.FloorConfig{}
	var loop string
	fs := flag.NewFlagSet("bench floor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.Matches, "matches", 200, "concurrent pairs of connections")
	fs.DurationVar(&c.Duration, "duration", 10*time.Second, "how long to play")
	fs.DurationVar(&c.Think, "think", 0, "mean pause before each move (uniform from 0 to twice this), as bench server -think: 0 plays flat out; a pause shows what a move costs the kernel when few are in flight")
	fs.StringVar(&loop, "loop", string(loadtest.FloorNetpoll), "the server's loop: netpoll (a goroutine per connection) or epoll (one thread, level-triggered epoll, no runtime scheduling)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	c.Loop = loadtest.FloorLoop(loop)
	if c.Matches <= 0 {
		return errors.New("-matches must be positive")
	}
	if c.Think < 0 {
		return errors.New("-think must not be negative")
	}
	if c.Loop != loadtest.FloorNetpoll && c.Loop != loadtest.FloorEpoll {
		return fmt.Errorf("-loop must be netpoll or epoll, not %q", loop)
	}
	return loadtest.RunFloor(c, stdout, stderr)
}

func benchLobby(args []string, stdout, stderr io.Writer) error {
	c := loadtest.LobbyConfig{CommitDelay: defaultCommitDelay}
	var mode string
	fs := flag.NewFlagSet("bench lobby", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.Members, "members", 300, "players sitting in the lobby")
	fs.IntVar(&c.Arrivals, "arrivals", 40, "players who arrive while they sit there, one at a time")
	fs.StringVar(&mode, "mode", string(loadtest.LobbyBoth), "how the members join: changes (v5), whole (v4), both (changes then whole), page (changes and a first page of -page tables, v6) or all (page, changes, whole), one after the other")
	fs.IntVar(&c.Tables, "tables", 0, "open tables the members make before they join (each arrival then makes one more)")
	fs.IntVar(&c.Page, "page", 50, "with -mode page or all: how many tables the first page holds")
	fs.IntVar(&c.Online, "online", 0, "with -mode page or all: how many people the first page of the online list holds (0: the whole list)")
	fs.BoolVar(&c.ArrivalsLast, "arrivals-last", false, "name the arrivals so that they sort after every member, past a first page of the online list (by default each sorts onto it)")
	fs.StringVar(&c.DB, "db", "", "with -nats: run the server as two nodes over this PostgreSQL database, which must hold no tables yet, and report what one tells the other of its lobby; one -mode only")
	fs.StringVar(&c.Bus, "nats", "", "with -db: the NATS server of the two nodes")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if c.Members <= 0 || c.Arrivals <= 0 {
		return errors.New("-members and -arrivals must be positive")
	}
	if c.Tables < 0 {
		return errors.New("-tables must not be negative")
	}
	if (c.DB == "") != (c.Bus == "") {
		return errors.New("-db and -nats go together")
	}
	if c.Online < 0 || c.Online > 500 {
		return errors.New("-online must be 0 to 500")
	}
	c.Mode = loadtest.LobbyMode(mode)
	switch c.Mode {
	case loadtest.LobbyChanges, loadtest.LobbyWhole, loadtest.LobbyBoth:
	case loadtest.LobbyPage, loadtest.LobbyAll:
		if c.Page <= 0 || c.Page > 500 {
			return errors.New("-page must be 1 to 500")
		}
	default:
		return fmt.Errorf("-mode %q: want changes, whole, both, page or all", mode)
	}
	return loadtest.RunLobby(c, stdout, stderr)
}

func benchSlow(args []string, stdout, stderr io.Writer) error {
	c := loadtest.SlowConfig{CommitDelay: defaultCommitDelay}
	fs := flag.NewFlagSet("bench slow", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.Readers, "readers", 500, "sockets that join the lobby, watch the busy tables with views and stop reading")
	fs.IntVar(&c.Busy, "busy", 4, "matches the readers watch")
	fs.IntVar(&c.Matches, "matches", 16, "other matches, whose moves' latency is reported")
	fs.IntVar(&c.Size, "size", 8, "board size in points")
	fs.DurationVar(&c.Think, "think", 30*time.Millisecond, "mean pause before each move (uniform from 0 to twice this)")
	fs.DurationVar(&c.Quiet, "quiet", 10*time.Second, "how long the matches play before the readers come")
	fs.DurationVar(&c.Duration, "duration", 20*time.Second, "how long the matches play once the readers have stopped reading")
	fs.StringVar(&c.Transport, "transport", "", "the child server's WebSocket transport, goroutine or epoll (parlor serve -transport)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if c.Readers <= 0 || c.Busy <= 0 || c.Matches <= 0 {
		return errors.New("-readers, -busy and -matches must be positive")
	}
	if c.Think < 0 || c.Quiet < 0 || c.Duration <= 0 {
		return errors.New("-think and -quiet must not be negative, -duration must be positive")
	}
	return loadtest.RunSlow(c, stdout, stderr)
}
