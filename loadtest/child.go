package loadtest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

type childServer struct {
	cmd *exec.Cmd
	dir string
}

// startChildServer runs 'parlor serve' from this binary on a temporary
// data directory, so that its CPU time and memory are its own; extra are
// more flags of serve. $PARLOR_BENCH_SERVER_BIN names another parlor
// binary to run instead, to measure an older build with this bench.
// The server's -transport, among extra, is the server's default unless
// named.
func startChildServer(stderr io.Writer, commitDelay time.Duration, extra ...string) (*childServer, string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	if bin := os.Getenv("PARLOR_BENCH_SERVER_BIN"); bin != "" {
		exe = bin
	}
	dir, err := os.MkdirTemp("", "parlor-bench-")
	if err != nil {
		return nil, "", err
	}
	args := []string{"serve", "-addr", "127.0.0.1:0", "-data", dir, "-no-web", "-ws-rate", "0", "-ws-per-address", "0", "-commit-delay", commitDelay.String()}
	// Go's profiler, on the child's loopback address only: the bench reads
	// the server's heap through it (heap.go).
	args = append(args, "-pprof")
	args = append(args, extra...)
	if p := os.Getenv("PARLOR_BENCH_SERVER_PROFILE"); p != "" {
		args = append(args, "-cpuprofile", p)
	}
	cmd := exec.Command(exe, args...)
	logf, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return nil, "", err
	}
	cmd.Stderr = logf
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	c := &childServer{cmd: cmd, dir: dir}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		c.stop()
		return nil, "", fmt.Errorf("server did not start (log in %s): %v", dir, err)
	}
	addr := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "parlor serving on http://"))
	go io.Copy(io.Discard, out)
	fmt.Fprintf(stderr, "server pid %d on %s, data in %s\n", cmd.Process.Pid, addr, dir)
	return c, addr, nil
}

func (c *childServer) stop() {
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { c.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
	if os.Getenv("PARLOR_BENCH_KEEP") == "" {
		os.RemoveAll(c.dir)
	}
}
