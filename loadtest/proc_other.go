//go:build !unix

package loadtest

import (
	"io"
	"time"
)

// raiseFileLimit has nothing to raise where there are no rlimits.
func raiseFileLimit(stderr io.Writer) {}

// selfCPU is unknown here: the bench prints 0 for the clients' CPU.
func selfCPU() time.Duration { return 0 }
