package server

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a log's output, read while the log writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Split(strings.TrimSpace(s.b.String()), "\n")
}

// TestRefusalLogSummarizes: a burst of refusals of the server's own
// makes one line at once, with the cause, and one summary with the count
// of the rest and the last cause; a refusal after a quiet period is
// logged at once again.
func TestRefusalLogSummarizes(t *testing.T) {
	var out syncBuffer
	log := slog.New(slog.NewTextHandler(&out, nil))
	l := &refusalLog{every: 50 * time.Millisecond}
	for i := range 5 {
		l.note(log, "match.play", codeUnavailable, unavailable(errors.New("disk full "+string(rune('a'+i))), "nothing was changed"))
	}
	if got := out.lines(); len(got) != 1 || !strings.Contains(got[0], `cause="disk full a"`) {
		t.Fatalf("after a burst, the log holds %q, want the first refusal alone, with its cause", got)
	}
	waitLines := func(n int) []string {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			if got := out.lines(); len(got) >= n {
				return got
			}
			if time.Now().After(deadline) {
				t.Fatalf("no line %d in %q", n, out.lines())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	got := waitLines(2)
	if !strings.Contains(got[1], "count=4") || !strings.Contains(got[1], `"last cause"="disk full e"`) {
		t.Fatalf("summary %q, want the count of the 4 left out and the last cause", got[1])
	}
	// Let a period pass with nothing refused: the next one is logged at
	// once.
	for {
		l.mu.Lock()
		waiting := l.waiting
		l.mu.Unlock()
		if !waiting {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	l.note(log, "table.create", codeInternal, refuse(codeInternal, "internal error"))
	if got := out.lines(); len(got) != 3 || !strings.Contains(got[2], "t=table.create") {
		t.Fatalf("after a quiet period, the log holds %q, want the new refusal at once", got)
	}
}
