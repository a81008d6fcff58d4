package server_test

import (
	"regexp"
	"strconv"
	"testing"
)

// TestMetricsCountTheStoresCommits: an operator reads the mean group
// commit from /metrics, writes over commits, so both counters must be
// there and move with the moves played.
func TestMetricsCountTheStoresCommits(t *testing.T) {
	e := newEnv(t)
	u := e.guest("Ops")
	c := u.dial()
	counter := func(name string) float64 {
		t.Helper()
		code, body := u.do("GET", "/metrics", nil)
		m := regexp.MustCompile(`(?m)^` + name + ` (\S+)$`).FindSubmatch(body)
		if code != 200 || m == nil {
			t.Fatalf("/metrics (%d) has no %s", code, name)
		}
		v, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	commits, writes := counter("parlor_store_commits_total"), counter("parlor_store_writes_total")
	_, seq := playDotsVsBot(t, c, 3)
	dc, dw := counter("parlor_store_commits_total")-commits, counter("parlor_store_writes_total")-writes
	if dw < float64(seq) {
		t.Errorf("after %d moves the store's writes rose by %v", seq, dw)
	}
	if dc < 1 || dc > dw {
		t.Errorf("after %d moves the commits rose by %v and the writes by %v: a commit holds at least one write", seq, dc, dw)
	}
}
