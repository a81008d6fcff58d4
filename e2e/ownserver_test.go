package e2e

import (
	"os/exec"
	"strings"
	"testing"
)

// startOwnServer runs a parlor server of the test's own, with the flags
// args after its address and data folder, until the test ends, and
// returns its address and a function that stops it at once; "{base}" in
// args stands for that address (a site's own, for mailed links). A test takes
// one when it needs a flag the suite's server lacks, or a lobby that
// other tests' tables do not crowd. why says which, for a run against a
// server the suite did not start (PARLOR_E2E_URL), where it cannot.
func startOwnServer(t *testing.T, why string, args ...string) (base string, stop func()) {
	t.Helper()
	if parlorBin == "" {
		t.Fatalf("this test starts a server of its own (%s), which it cannot do with PARLOR_E2E_URL", why)
	}
	addr, err := freeAddr()
	if err != nil {
		t.Fatal(err)
	}
	base = "http://" + addr
	flags := []string{"serve", "-addr", addr, "-data", t.TempDir()}
	for _, a := range args {
		flags = append(flags, strings.ReplaceAll(a, "{base}", base))
	}
	cmd := exec.Command(parlorBin, flags...)
	done := make(chan struct{})
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = cmd.Wait(); close(done) }()
	stop = func() {
		_ = cmd.Process.Kill()
		<-done
	}
	t.Cleanup(stop)
	if err := waitHealthy(base, done); err != nil {
		t.Fatal(err)
	}
	return base, stop
}
