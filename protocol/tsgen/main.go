// Command tsgen writes the TypeScript types of package protocol, for the
// web client (go generate ./protocol). It reads the package's Go source,
// not its compiled types, so that the constants of an enumeration become
// a union of their values and the doc comments come along.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	dir := flag.String("dir", ".", "the directory of package protocol")
	out := flag.String("o", "", "the file to write (standard output if none)")
	flag.Parse()
	src, err := generate(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tsgen:", err)
		os.Exit(1)
	}
	if *out == "" {
		os.Stdout.Write(src)
		return
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "tsgen:", err)
		os.Exit(1)
	}
}
