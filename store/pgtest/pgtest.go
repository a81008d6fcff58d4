// Package pgtest runs a PostgreSQL server of a test's own, in a temporary
// folder on a free port, which the test may stop and start again: what a
// test of a database outage needs, and what the shared server of the
// other tests (storetest) must never be put through.
//
// The PostgreSQL programs (initdb, pg_ctl, postgres) are taken from PATH,
// or else from where Debian's packages put them. A machine without them
// fails the test, never skips it.
package pgtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// Server is a PostgreSQL server of the test's own.
type Server struct {
	t    testing.TB
	bin  string // folder of the PostgreSQL programs
	dir  string // the data folder, its log and its socket
	port int
	// cred runs the programs as an ordinary user when the test runs as
	// root, which PostgreSQL refuses to run as.
	cred *syscall.Credential
}

// Start makes and starts a PostgreSQL server for the test, which stops
// it and removes its files when it ends. Its only role is postgres, and
// it trusts every local connection.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, bin: binaries(t)}
	dir, err := os.MkdirTemp("", "pgtest")
	if err != nil {
		t.Fatal(err)
	}
	s.dir = dir
	t.Cleanup(func() {
		s.pgCtl("-m", "immediate", "stop")
		os.RemoveAll(dir)
	})
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("pgtest: PostgreSQL will not run as root, and there is no user postgres to run it as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		s.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	s.port = freePort(t)
	if out, err := s.cmd("initdb", "-D", s.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync").CombinedOutput(); err != nil {
		t.Fatalf("pgtest: initdb: %v\n%s", err, out)
	}
	s.Start()
	return s
}

// URL is the server's database postgres, for store.OpenPostgres.
func (s *Server) URL() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", s.port)
}

// Start starts the server (again) on its port, and returns once it
// accepts connections.
func (s *Server) Start() {
	s.t.Helper()
	opts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -k %s", s.port, s.dir)
	if out, err := s.pgCtl("-w", "-t", "60", "-l", filepath.Join(s.dir, "log"), "-o", opts, "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "log"))
		s.t.Fatalf("pgtest: starting PostgreSQL: %v\n%s\n%s", err, out, log)
	}
}

// Stop stops the server at once, as a crash or a pulled cable would:
// every connection is cut, nothing is flushed or said goodbye to
// (pg_ctl -m immediate). Start recovers from its write-ahead log.
func (s *Server) Stop() {
	s.t.Helper()
	if out, err := s.pgCtl("-m", "immediate", "-w", "stop"); err != nil {
		s.t.Fatalf("pgtest: stopping PostgreSQL: %v\n%s", err, out)
	}
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

func (s *Server) pgCtl(args ...string) ([]byte, error) {
	return s.cmd("pg_ctl", append([]string{"-D", s.data()}, args...)...).CombinedOutput()
}

func (s *Server) cmd(name string, args ...string) *exec.Cmd {
	c := exec.Command(filepath.Join(s.bin, name), args...)
	c.Dir = s.dir
	if s.cred != nil {
		c.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
	}
	return c
}

// binaries finds the folder of initdb, pg_ctl and postgres.
func binaries(t testing.TB) string {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		return filepath.Dir(p)
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) == 0 {
		t.Fatal("pgtest: this test runs a PostgreSQL server of its own, and its programs (initdb, pg_ctl, postgres) are neither on PATH nor where Debian's postgresql package puts them")
	}
	sort.Slice(found, func(i, j int) bool { return version(found[i]) < version(found[j]) })
	return filepath.Dir(found[len(found)-1])
}

// version is the major version in a Debian path to a PostgreSQL program.
func version(path string) int {
	for _, part := range strings.Split(path, string(filepath.Separator)) {
		if n, err := strconv.Atoi(part); err == nil {
			return n
		}
	}
	return 0
}

// freePort is a TCP port nothing listens on at the moment.
func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
