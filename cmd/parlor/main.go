// Command parlor is the one Parlor binary: the game server, the engine
// protocol, the arena and the solver.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand. Each lives in its own file.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands = map[string]command{
	"serve":  {"run the game server (web client, lobby, live play)", runServe},
	"engine": {"speak the engine protocol (JSON lines) on stdin/stdout", runEngine},
	"arena":  {"play bots against each other and print results", runArena},
	"solve":  {"solve a position exactly and print its value and a best move", runSolve},
	"bench":  {"measure Parlor (bench server: load test over WebSocket)", runBench},
	"play":   {"the terminal client: lobby, tables, chat and every game in a terminal", runPlay},
	"backup": {"copy a server's SQLite database to a new file, while it serves", runBackup},
	"admin":  {"moderate the servers sharing a database: reports, bans, mutes, renames, deletions, closed tables", runAdmin},
	"review": {"print what a replay teaches of a saved match: each move's cost, the expert's shots", runReview},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "parlor: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	if err := cmd.run(args[1:], stdin, stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "parlor %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: parlor <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'parlor <command> -h' for a command's flags.")
}
