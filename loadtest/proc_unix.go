//go:build unix

package loadtest

import (
	"fmt"
	"io"
	"syscall"
	"time"
)

// raiseFileLimit lifts the open-files limit as far as allowed: 10,000
// idle matches need 20,000 sockets in the bench and as many in the server
// (which inherits the limit).
func raiseFileLimit(stderr io.Writer) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return
	}
	want := lim
	if want.Max < 1<<17 {
		want.Max = 1 << 17
	}
	want.Cur = want.Max
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
		lim.Cur = lim.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
	_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim)
	fmt.Fprintf(stderr, "open files limit: %d\n", lim.Cur)
}

// selfCPU is the bench process's own user+system CPU time.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
