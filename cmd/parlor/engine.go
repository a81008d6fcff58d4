package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/parlor-games/parlor/engine"
	"github.com/parlor-games/parlor/games"
)

// runEngine speaks the engine protocol (docs/engine-protocol.md) on stdin
// and stdout until stdin ends or a quit request arrives. Diagnostics never
// go to stdout, which belongs to the protocol.
func runEngine(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: parlor engine\n\nReads one JSON request per line on stdin and writes one JSON answer per")
		fmt.Fprintln(stderr, `line on stdout. Send {"cmd":"help"} for the requests; docs/engine-protocol.md`)
		fmt.Fprintln(stderr, "is the full protocol.")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (the engine takes its requests on stdin)", fs.Arg(0))
	}
	// No signal handling: a blocked read of stdin cannot be interrupted,
	// so an interrupt simply ends the process, as it should.
	return engine.Serve(context.Background(), games.Registry(), stdin, stdout)
}
